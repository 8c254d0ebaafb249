import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadEnv } from '../env.ts';
import { createSmsProvider } from '../providers/sms/create-sms-provider.ts';
import { getTestApp, uniquePhone } from '../test/test-app.ts';
import { json } from '../test/account-test-kit.ts';
import { renderInboxPage } from './sandbox-sms.ts';

describe('sandbox SMS inbox', () => {
  it('lists the newest 50 messages with their codes as JSON', async () => {
    const t = await getTestApp();
    const mobile = uniquePhone();
    await t.app.inject({ method: 'POST', url: '/sms/sendLoginCode', ...json({ mobile }) });
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/sms/messages' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; mobile: string; purpose: string; code: string; createdAt: string }[];
    expect(list.length).toBeLessThanOrEqual(50);
    expect(list[0]).toMatchObject({ mobile, purpose: 'login' });
    expect(list[0]?.code).toMatch(/^\d{6}$/);
    expect(list[0]?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const ids = list.map((m) => m.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it('serves a self-contained bilingual HTML page that refreshes every 3 s', async () => {
    const t = await getTestApp();
    const mobile = uniquePhone();
    await t.app.inject({ method: 'POST', url: '/sms/sendLoginCode', ...json({ mobile }) });
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/sms' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<meta http-equiv="refresh" content="3">');
    expect(res.body).toContain('短信沙箱');
    expect(res.body).toContain('SMS sandbox');
    expect(res.body).toContain(mobile);
    expect(res.body).not.toMatch(/<(script|link)[^>]+(src|href)="(?!data:)/);
  });

  it('escapes what it shows', () => {
    const html = renderInboxPage([{ id: 1, mobile: '<b>', purpose: '"x"', code: null, text: '<i>notice</i>', createdAt: '2026-01-01 00:00:00' }]);
    expect(html).toContain('&#60;b&#62;');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&#60;i&#62;notice&#60;/i&#62;');
    expect(html).not.toContain('<i>');
  });

  it('is gone (404) when the real SMS provider is configured', async () => {
    const t = await getTestApp();
    const env = {
      ...t.ctx.env,
      ...loadEnv({
        NODE_ENV: 'test',
        ALIYUN_SMS_ACCESS_KEY_ID: 'id',
        ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
        ALIYUN_SMS_SIGN_NAME: 'Bazaar',
        ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
      }),
      dataDir: t.ctx.env.dataDir,
    };
    const sms = createSmsProvider(env);
    expect(sms).toMatchObject({ name: 'aliyun', isSandbox: false });
    const app = await buildApp({ ctx: { ...t.ctx, env, providers: { ...t.ctx.providers, sms } } });
    try {
      for (const url of ['/sandbox/sms', '/sandbox/sms/messages']) {
        const res = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
        expect([res.statusCode, res.body]).toEqual([404, 'The requested content does not exist']);
      }
    } finally {
      await app.close();
    }
  });
});
