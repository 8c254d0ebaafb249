import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { AppContext } from '../context.ts';
import { loadEnv } from '../env.ts';
import { sandboxStartRefusal } from '../providers/sandboxes.ts';
import { getTestApp } from '../test/test-app.ts';

const en = { 'accept-language': 'en' };

beforeAll(() => getTestApp());

/** A second app on the test database with other settings and a route that shows request.ip. */
async function appWith(ctx: AppContext, settings: Record<string, string>) {
  const env = { ...ctx.env, ...loadEnv({ NODE_ENV: 'test', ...settings }), dataDir: ctx.env.dataDir };
  const app = await buildApp({ ctx: { ...ctx, env } });
  app.get('/test/ip', async (request) => ({ ip: request.ip, protocol: request.protocol }));
  await app.ready();
  return app;
}

describe('client address (trusted proxies)', () => {
  it('believes X-Forwarded-For only from loopback by default', async () => {
    const t = await getTestApp();
    const app = await appWith(t.ctx, {});
    try {
      const ipOf = async (remoteAddress: string, headers: Record<string, string> = {}) =>
        (await app.inject({ method: 'GET', url: '/test/ip', remoteAddress, headers })).json<{ ip: string; protocol: string }>();
      // A forged header from an outside address changes nothing.
      expect(await ipOf('203.0.113.9', { 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'https' })).toEqual({ ip: '203.0.113.9', protocol: 'http' });
      expect(await ipOf('203.0.113.9', { 'x-forwarded-for': '198.51.100.1, 127.0.0.1' })).toEqual({ ip: '203.0.113.9', protocol: 'http' });
      // The storefront's proxy (loopback) tells who its client is.
      expect(await ipOf('127.0.0.1', { 'x-forwarded-for': '198.51.100.1', 'x-forwarded-proto': 'https' })).toEqual({ ip: '198.51.100.1', protocol: 'https' });
      // Only the last hop is the proxy's word; what the client put before it is not believed.
      expect((await ipOf('127.0.0.1', { 'x-forwarded-for': '10.9.9.9, 198.51.100.1' })).ip).toBe('198.51.100.1');
    } finally {
      await app.close();
    }
  });

  it('TRUSTED_PROXIES names other proxies instead', async () => {
    const t = await getTestApp();
    const app = await appWith(t.ctx, { TRUSTED_PROXIES: '10.0.0.0/8, loopback' });
    try {
      const ip = async (remoteAddress: string, xff: string) => (await app.inject({ method: 'GET', url: '/test/ip', remoteAddress, headers: { 'x-forwarded-for': xff } })).json<{ ip: string }>().ip;
      expect(await ip('10.1.2.3', '198.51.100.7')).toBe('198.51.100.7');
      expect(await ip('127.0.0.1', '10.1.2.3, 198.51.100.7')).toBe('198.51.100.7');
      expect(await ip('192.168.1.1', '198.51.100.7')).toBe('192.168.1.1');
    } finally {
      await app.close();
    }
  });
});

describe('sandbox pages', () => {
  it('serve loopback clients only', async () => {
    const t = await getTestApp();
    const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/sandbox/sms/messages', remoteAddress, headers: { ...en, ...headers } });
    expect((await get('127.0.0.1')).statusCode).toBe(200);
    expect((await get('::1')).statusCode).toBe(200);
    const remote = await get('203.0.113.9');
    expect([remote.statusCode, remote.body]).toEqual([403, 'Sandbox pages are only served to this machine']);
    // A forged header does not make a remote client local...
    expect((await get('203.0.113.9', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(403);
    // ...and a remote visitor coming through the storefront's proxy is still remote.
    expect((await get('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
    for (const url of ['/sandbox/sms', '/sandbox/alipay/gateway.do', '/sandbox/wechat/native/x', '/sandbox']) {
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' })).statusCode).toBe(403);
    }
    // The router matches the decoded path: another spelling of a sandbox route is the same route.
    for (const url of ['/%73andbox/sms/messages', '/%73andbox/sms', '/sandbox%2Fsms']) {
      const spelled = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9', headers: en });
      expect(spelled.statusCode, url).not.toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/%73andbox/sms/messages', remoteAddress: '203.0.113.9', headers: en })).body).toBe('Sandbox pages are only served to this machine');
    expect((await t.app.inject({ method: 'GET', url: '/%73andbox/sms/messages', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
  });

  it('serve everyone with SANDBOX_PROVIDERS=true', async () => {
    const t = await getTestApp();
    const app = await appWith(t.ctx, { SANDBOX_PROVIDERS: 'true' });
    try {
      expect((await app.inject({ method: 'GET', url: '/sandbox/sms/messages', remoteAddress: '203.0.113.9' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('sandboxStartRefusal', () => {
  const real = {
    ALIYUN_SMS_ACCESS_KEY_ID: 'id',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
    ALIYUN_SMS_SIGN_NAME: 'Bazaar',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
    ALIPAY_APP_ID: '2021',
    ALIPAY_PRIVATE_KEY: 'k',
    ALIPAY_PUBLIC_KEY: 'k',
    WECHAT_PAY_MCH_ID: '1',
    WECHAT_PAY_APP_ID: 'wx',
    WECHAT_PAY_APIV3_KEY: 'k',
    WECHAT_PAY_PRIVATE_KEY: 'k',
    WECHAT_PAY_SERIAL_NO: 's',
    WECHAT_PAY_PLATFORM_PUBLIC_KEY: 'k',
    KUAIDI100_CUSTOMER: 'c',
    KUAIDI100_KEY: 'k',
  };

  it('refuses a production start with sandboxes unless SANDBOX_PROVIDERS is set, and says which', () => {
    const refusal = sandboxStartRefusal(loadEnv({ NODE_ENV: 'production' }));
    expect(refusal).toMatch(/SMS \(ALIYUN_SMS_\*\)/);
    expect(refusal).toMatch(/SANDBOX_PROVIDERS=true/);
    const { KUAIDI100_KEY: _, ...noCourier } = real;
    expect(sandboxStartRefusal(loadEnv({ NODE_ENV: 'production', ...noCourier }))).toMatch(/^Refusing to start: .*courier \(KUAIDI100_\*\)\. /);
  });

  it('lets the rest start', () => {
    expect(sandboxStartRefusal(loadEnv({ NODE_ENV: 'production', SANDBOX_PROVIDERS: 'true' }))).toBeNull();
    expect(sandboxStartRefusal(loadEnv({ NODE_ENV: 'production', SANDBOX_PROVIDERS: 'loopback' }))).toBeNull();
    expect(sandboxStartRefusal(loadEnv({ NODE_ENV: 'production', ...real }))).toBeNull();
    expect(sandboxStartRefusal(loadEnv({ NODE_ENV: 'development' }))).toBeNull();
  });
});
