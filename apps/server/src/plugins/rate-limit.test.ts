// Every rate-limit rule under a parallel burst from one address: exactly `max` pass, the rest get
// 429 with the localized text. Runs on memory counters, and on Redis when REDIS_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BazaarApp } from '../app.ts';
import { loadEnv } from '../env.ts';
import { getTestApp, uniquePhone, type TestApp } from '../test/test-app.ts';
import { cipherOf, json, uniqueIp, uniqueUserName } from '../test/account-test-kit.ts';

const BURST = 60;
const LIMITS = { LOGIN_PER_IP_PER_MINUTE: 25, SMS_PER_IP_PER_HOUR: 20, SEARCH_PER_IP_PER_MINUTE: 40, PAYMENT_NOTICE_PER_IP_PER_MINUTE: 30, UPLOAD_PER_IP_PER_MINUTE: 15 };

let t: TestApp;
let app: BazaarApp;

beforeAll(async () => {
  t = await getTestApp();
  const settings = Object.fromEntries(Object.entries(LIMITS).map(([k, v]) => [k, String(v)]));
  const env = { ...t.ctx.env, ...loadEnv({ NODE_ENV: 'test', ...settings }), dataDir: t.ctx.env.dataDir };
  app = await buildApp({ ctx: { ...t.ctx, env } });
  await app.ready();
});
afterAll(() => app.close());

/** Fires the requests at once and answers how many were let through (not 429). */
async function burst(requests: Array<() => Promise<{ statusCode: number; body: string }>>) {
  const answers = await Promise.all(requests.map((send) => send()));
  const refused = answers.filter((a) => a.statusCode === 429);
  return { passed: answers.length - refused.length, refused };
}

describe('rate limits', () => {
  it(`lets exactly ${LIMITS.LOGIN_PER_IP_PER_MINUTE} of ${BURST} parallel logins through per address, shopper, merchant and staff together`, async () => {
    const ip = uniqueIp();
    const headers = { 'accept-language': 'en' };
    const requests = Array.from({ length: BURST }, (_, i) => {
      const name = uniqueUserName('rl');
      if (i % 3 === 0) return () => app.inject({ method: 'POST', url: '/login', ...json({ userName: name, passWord: cipherOf(t, 'whatever1') }, { ip, headers }) });
      if (i % 3 === 1) return () => app.inject({ method: 'POST', url: '/merchant/login', ...json({ username: name, password: cipherOf(t, 'whatever1') }, { ip, headers }) });
      return () => app.inject({ method: 'POST', url: '/admin/login', ...json({ userName: name, passWord: cipherOf(t, 'whatever1') }, { ip, headers }) });
    });
    const { passed, refused } = await burst(requests);
    expect(passed).toBe(LIMITS.LOGIN_PER_IP_PER_MINUTE);
    expect(refused[0]?.body).toBe('Too many requests, please try again later');
    // The SMS-code logins and code checks count against the same rule.
    const smsLogin = await app.inject({ method: 'POST', url: '/smsLogin', ...json({ userName: uniquePhone(), passWord: '123456' }, { ip }) });
    expect([smsLogin.statusCode, smsLogin.body]).toEqual([429, '操作太频繁，请稍后再试']);
    const check = await app.inject({ method: 'PUT', url: '/user/checkRegisterSms', ...json({ mobile: uniquePhone(), validCode: '123456' }, { ip }) });
    expect(check.statusCode).toBe(429);
    // Another address is not affected.
    const other = await app.inject({ method: 'POST', url: '/login', ...json({ userName: uniqueUserName('rl'), passWord: cipherOf(t, 'whatever1') }) });
    expect(other.statusCode).toBe(400);
  });

  it(`lets exactly ${LIMITS.SMS_PER_IP_PER_HOUR} of ${BURST} parallel code requests through per address, including the register and reset calls that tell whether a phone is registered`, async () => {
    const ip = uniqueIp();
    const urls: Array<['POST' | 'PUT', string]> = [
      ['POST', '/sms/sendLoginCode'],
      ['PUT', '/user/sendRegisterSms'],
      ['POST', '/sms/sendUpdatePwdCode'],
    ];
    const requests = Array.from({ length: BURST }, (_, i) => {
      const [method, url] = urls[i % urls.length]!;
      return () => app.inject({ method, url, ...json({ mobile: uniquePhone() }, { ip }) });
    });
    const { passed, refused } = await burst(requests);
    expect(passed).toBe(LIMITS.SMS_PER_IP_PER_HOUR);
    expect(refused).toHaveLength(BURST - LIMITS.SMS_PER_IP_PER_HOUR);
    // Enumeration by phone is over for this address, whichever call it uses.
    for (const [method, url] of urls) {
      const res = await app.inject({ method, url, ...json({ mobile: '13800000001' }, { ip, headers: { 'accept-language': 'en' } }) });
      expect([res.statusCode, res.body]).toEqual([429, 'Too many requests, please try again later']);
    }
  });

  it(`lets exactly ${LIMITS.SEARCH_PER_IP_PER_MINUTE} of ${BURST} parallel searches through per address`, async () => {
    const ip = uniqueIp();
    const requests = Array.from({ length: BURST }, (_, i) =>
      i % 2 === 0
        ? () => app.inject({ method: 'GET', url: `/search/page?keyword=tea${i}`, remoteAddress: ip })
        : () => app.inject({ method: 'GET', url: `/shop/searchShops?shopName=tea${i}`, remoteAddress: ip }),
    );
    const { passed } = await burst(requests);
    expect(passed).toBe(LIMITS.SEARCH_PER_IP_PER_MINUTE);
  });

  it(`lets exactly ${LIMITS.PAYMENT_NOTICE_PER_IP_PER_MINUTE} of ${BURST} parallel payment notifications through per address`, async () => {
    const ip = uniqueIp();
    const requests = Array.from({ length: BURST }, (_, i) => () =>
      app.inject({ method: 'POST', url: `/notice/pay/1/${i % 2 === 0 ? 1 : 2}`, payload: `junk=${i}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: ip }),
    );
    const { passed } = await burst(requests);
    expect(passed).toBe(LIMITS.PAYMENT_NOTICE_PER_IP_PER_MINUTE);
  });

  it(`lets exactly ${LIMITS.UPLOAD_PER_IP_PER_MINUTE} of ${BURST} parallel image uploads through per address, avatars and store documents together`, async () => {
    const ip = uniqueIp();
    const urls = ['/p/file/upload/img', '/p/file/upload/public', '/p/file/upload/private'];
    // Counted before anything is read or stored, so requests without a token count too (and get 401 when let through).
    const requests = Array.from({ length: BURST }, (_, i) => () => app.inject({ method: 'POST', url: urls[i % urls.length]!, remoteAddress: ip }));
    const { passed, refused } = await burst(requests);
    expect(passed).toBe(LIMITS.UPLOAD_PER_IP_PER_MINUTE);
    expect(refused[0]?.body).toBe('操作太频繁，请稍后再试');
  });
});
