import { beforeAll, describe, expect, it } from 'vitest';
import { corsOrigins, loadEnv } from '../env.ts';
import { getTestApp } from '../test/test-app.ts';

// The app starts in a hook, which may take longer than a test (PGlite and migrations).
beforeAll(() => getTestApp());

describe('security headers', () => {
  it('every answer carries nosniff and a policy that loads nothing and forbids framing', async () => {
    const { app } = await getTestApp();
    for (const url of ['/healthz', '/no-such-thing', '/category/categoryInfo']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    }
  });

  it('the older framing header agrees with the policy: no frame at all, not even of the same origin', async () => {
    const { app } = await getTestApp();
    for (const url of ['/healthz', '/sandbox/sms', '/docs', '/no-such-thing']) {
      const res = await app.inject({ method: 'GET', url });
      expect(String(res.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  // Decision 070: the API's five on every answer (computed once at start, decision 049); the headers
  // only a document reads on its HTML pages alone.
  const API_SET = {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-site',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  const DOCUMENT_ONLY = {
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  // A page's policy is its own (checked below); the API set's other four hold on pages too.
  const { 'content-security-policy': _apiPolicy, ...API_SET_BUT_POLICY } = API_SET;

  it('every JSON or text answer carries exactly the API set, refusals and unknown paths too', async () => {
    const { app } = await getTestApp();
    for (const [method, url] of [['GET', '/healthz'], ['GET', '/prod/prodInfo?prodId=x'], ['GET', '/no-such-thing'], ['POST', '/p/user/userInfo'], ['POST', '/p/seckill/x/submit']] as const) {
      const res = await app.inject({ method, url });
      expect(res.headers, url).toMatchObject(API_SET);
      for (const name of Object.keys(DOCUMENT_ONLY)) expect(res.headers[name], `${url} ${name}`).toBeUndefined();
    }
  });

  it('every HTML page carries the document set as well, error pages and swagger-ui\'s files included', async () => {
    const { app } = await getTestApp();
    const pages = [
      ['/sandbox/sms', 200],
      ['/sandbox/alipay/gateway.do', 400],
      ['/sandbox/wechat/native/no-such-code', 404],
      ['/docs', 200],
      ['/docs/static/oauth2-redirect.html', 200],
    ] as const;
    for (const [url, status] of pages) {
      const res = await app.inject({ method: 'GET', url });
      expect([res.statusCode, String(res.headers['content-type'])], url).toEqual([status, expect.stringContaining('text/html')]);
      expect(res.headers, url).toMatchObject({ ...DOCUMENT_ONLY, ...API_SET_BUT_POLICY });
      expect(String(res.headers['content-security-policy']), url).toContain("script-src 'self'");
      expect(String(res.headers['content-security-policy']), url).toContain("base-uri 'self'");
    }
    // swagger-ui's own policy (inline styles allowed) is the one its pages end with, not the static one.
    expect(String((await app.inject({ method: 'GET', url: '/docs' })).headers['content-security-policy'])).toContain("style-src 'self' 'unsafe-inline'");
  });

  it('a sandbox page styles itself with the nonce of its own policy, drawn for that page', async () => {
    const { app } = await getTestApp();
    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ method: 'GET', url: '/sandbox/sms' });
      const policy = String(res.headers['content-security-policy']);
      const nonce = /style-src 'self' 'nonce-([0-9a-f]{32})'/.exec(policy)?.[1];
      expect(nonce, policy).toBeTruthy();
      expect(policy).toMatch(/script-src 'self' 'nonce-[0-9a-f]{32}'/);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(res.body).toContain(`<style nonce="${nonce}">`);
      expect(res.body).not.toContain('<style>');
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('/docs keeps scripts to its own files and cannot be framed', async () => {
    const { app } = await getTestApp();
    const res = await app.inject({ method: 'GET', url: '/docs' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe('CORS', () => {
  it('answers the storefront origin and no other', async () => {
    const { app, ctx } = await getTestApp();
    const preflight = (origin: string) =>
      app.inject({ method: 'OPTIONS', url: '/p/user/userInfo', headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    const own = await preflight(`http://localhost:${ctx.env.WEB_PORT}`);
    expect(own.headers['access-control-allow-origin']).toBe(`http://localhost:${ctx.env.WEB_PORT}`);
    expect(String(own.headers['access-control-allow-headers'])).toContain('Authorization');
    // A refusal carries the origin too, so the console reads the 401 rather than a CORS failure: a
    // route's own token check, and the one of a path no route matches.
    for (const [method, url] of [['GET', '/p/user/userInfo'], ['GET', '/p/no-such-thing'], ['POST', '/merchant/no-such-thing']] as const) {
      const refused = await app.inject({ method, url, headers: { origin: `http://localhost:${ctx.env.WEB_PORT}` } });
      expect([refused.statusCode, refused.headers['access-control-allow-origin']], url).toEqual([401, `http://localhost:${ctx.env.WEB_PORT}`]);
    }
    for (const origin of ['https://evil.example', `http://localhost:${ctx.env.WEB_PORT}.evil.example`, 'null']) {
      expect((await preflight(origin)).headers['access-control-allow-origin']).toBeUndefined();
      const get = await app.inject({ method: 'GET', url: '/healthz', headers: { origin } });
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('CORS_ORIGINS replaces the defaults', () => {
    const env = loadEnv({ CORS_ORIGINS: 'https://shop.example.com/, https://merchant.example.com' });
    expect(corsOrigins(env)).toEqual(['https://shop.example.com', 'https://merchant.example.com']);
    expect(corsOrigins(loadEnv({ PUBLIC_WEB_URL: 'https://mall.example.com/zh' }))).toContain('https://mall.example.com');
    expect(corsOrigins(loadEnv({}))).toEqual(expect.arrayContaining(['http://localhost:3000', 'http://127.0.0.1:3001', 'http://localhost:3002']));
  });
});
