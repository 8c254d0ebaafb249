import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueIp } from './test/account-test-kit.ts';
import { getTestApp } from './test/test-app.ts';

describe('app', () => {
  // The first file to run starts the shared app; that takes longer than a test may (PGlite, migrations).
  beforeAll(() => getTestApp());

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
    // The same error in any language carries one machine-readable code.
    expect([zh.headers['x-error-code'], en.headers['x-error-code']]).toEqual(['errors.notFound', 'errors.notFound']);
  });

  it('answers /p/ paths without a token with 401', async () => {
    const { app } = await getTestApp();
    const res = await app.inject({ method: 'GET', url: '/p/user/userInfo' });
    expect(res.statusCode).toBe(401);
    const bad = await app.inject({ method: 'GET', url: '/p/user/userInfo', headers: { authorization: 'bearer 0123456789abcdef0123' } });
    expect(bad.statusCode).toBe(401);
  });

  it('names each 4xx by its message key in X-Error-Code beside the localized text', async () => {
    const { app } = await getTestApp();
    const badJson = await app.inject({ method: 'POST', url: '/login', remoteAddress: uniqueIp(), headers: { 'content-type': 'application/json', 'accept-language': 'en' }, payload: '{' });
    expect([badJson.statusCode, badJson.headers['x-error-code'], badJson.body]).toEqual([400, 'errors.badJson', 'The request body is not valid JSON']);
    const cipher = await app.inject({ method: 'POST', url: '/login', remoteAddress: uniqueIp(), payload: { userName: 'nobody_here', passWord: 'not-a-cipher' } });
    expect([cipher.statusCode, cipher.headers['x-error-code']]).toEqual([400, 'errors.account.cipherInvalid']);
    const preflight = await app.inject({ method: 'GET', url: '/healthz', headers: { origin: `http://localhost:${app.ctx.env.WEB_PORT}` } });
    expect(String(preflight.headers['access-control-expose-headers'])).toMatch(/x-error-code/i);
  });
});
