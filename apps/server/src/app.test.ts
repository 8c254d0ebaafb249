import { describe, expect, it } from 'vitest';
import { getTestApp } from './test/test-app.ts';

describe('app', () => {
  it('answers /healthz', async () => {
    const { app } = await getTestApp();
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('serves OpenAPI docs at /docs', async () => {
    const { app } = await getTestApp();
    const res = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });

  it('answers an unknown path with a localized 404 text', async () => {
    const { app } = await getTestApp();
    const zh = await app.inject({ method: 'GET', url: '/no-such-thing' });
    expect(zh.statusCode).toBe(404);
    expect(zh.body).toBe('请求的内容不存在');
    const en = await app.inject({ method: 'GET', url: '/no-such-thing', headers: { 'accept-language': 'en' } });
    expect(en.body).toBe('The requested content does not exist');
  });

  it('answers /p/ paths without a token with 401', async () => {
    const { app } = await getTestApp();
    const res = await app.inject({ method: 'GET', url: '/p/user/userInfo' });
    expect(res.statusCode).toBe(401);
    const bad = await app.inject({ method: 'GET', url: '/p/user/userInfo', headers: { authorization: 'bearer 0123456789abcdef0123' } });
    expect(bad.statusCode).toBe(401);
  });
});
