import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { SMS_CODE_TTL_MS, SMS_PER_IP_PER_HOUR, SMS_RESEND_LOCK_MS } from '@bazaar/shared/constants/limits';
import { smsMessages, users } from '../../db/schema.ts';
import { getTestApp, uniquePhone } from '../../test/test-app.ts';
import { json, latestCode, registerUser, releaseSmsLock, uniqueIp } from '../../test/account-test-kit.ts';
import { buildApp } from '../../app.ts';
import { invalid } from '../../lib/app-error.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';
import { SMS_CODE_MAX_WRONG_TRIES } from './sms-codes.ts';

// The expired-code and resend tests move the app's clock; the next test starts from the real time.
afterEach(async () => (await getTestApp()).resetClock());

const en = { headers: { 'accept-language': 'en' } };

describe('POST /sms/sendLoginCode', () => {
  it('sends a 6-digit code through the provider and locks resending for 60 s', async (ctx) => {
    const t = await getTestApp();
    const mobile = uniquePhone();
    const ip = uniqueIp();
    const first = await t.app.inject({ method: 'POST', url: '/sms/sendLoginCode', ...json({ mobile }, { ip }) });
    expect([first.statusCode, first.body]).toEqual([200, '']);
    const rows = await t.ctx.db.select().from(smsMessages).where(eq(smsMessages.mobile, mobile));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'login', provider: 'sandbox', ip });
    expect(rows[0]?.sandboxCode).toMatch(/^\d{6}$/);

    const again = await t.app.inject({ method: 'POST', url: '/sms/sendLoginCode', ...json({ mobile }, { ip: uniqueIp(), ...en }) });
    expect(again.statusCode).toBe(400);
    expect(again.body).toMatch(/^Codes are being sent too often, please try again in (59|60) seconds$/);
    const zh = await t.app.inject({ method: 'POST', url: '/sms/sendLoginCode', ...json({ mobile }) });
    expect(zh.body).toMatch(/^验证码发送太频繁，请(59|60)秒后再试$/);

    // The lock lives in Redis with a real TTL when REDIS_URL is set; the app clock cannot move it.
    if (t.ctx.env.REDIS_URL) ctx.skip();
    t.advanceClock(SMS_RESEND_LOCK_MS - 20_000);
    expect((await t.app.inject({ method: 'POST', url: '/sms/sendLoginCode', ...json({ mobile }, en) })).body).toBe(
      'Codes are being sent too often, please try again in 20 seconds',
    );
    t.advanceClock(20_001);
    expect((await t.app.inject({ method: 'POST', url: '/sms/sendLoginCode', ...json({ mobile }) })).statusCode).toBe(200);
  });

  it(`allows ${SMS_PER_IP_PER_HOUR} sends per IP per hour, then answers 429`, async () => {
    const t = await getTestApp();
    const ip = uniqueIp();
    for (let i = 0; i < SMS_PER_IP_PER_HOUR; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/sms/sendLoginCode', ...json({ mobile: uniquePhone() }, { ip }) });
      expect(res.statusCode, res.body).toBe(200);
    }
    const over = await t.app.inject({ method: 'POST', url: '/sms/sendLoginCode', ...json({ mobile: uniquePhone() }, { ip, ...en }) });
    expect([over.statusCode, over.body]).toEqual([429, 'Too many requests, please try again later']);
    const zh = await t.app.inject({ method: 'POST', url: '/sms/sendLoginCode', ...json({ mobile: uniquePhone() }, { ip }) });
    expect([zh.statusCode, zh.body]).toEqual([429, '操作太频繁，请稍后再试']);
    expect(Number(zh.headers['retry-after'])).toBeGreaterThan(3_500);
    // Another address is not affected.
    expect((await t.app.inject({ method: 'POST', url: '/sms/sendLoginCode', ...json({ mobile: uniquePhone() }) })).statusCode).toBe(200);
  });

  it('records each send itself: a real provider only sends, its code is never stored, and a refused send leaves no row', async () => {
    const t = await getTestApp();
    const sent: { mobile: string; code: string }[] = [];
    const fake: SmsProvider = {
      name: 'fake',
      isSandbox: false,
      async sendCode({ mobile, code }) {
        if (mobile.endsWith('0')) throw invalid('validation.phoneInvalid');
        sent.push({ mobile, code });
      },
      noticeKinds: new Set(),
      async sendNotice() {
        throw new Error('no notices here');
      },
    };
    // Providers come from the app context, so a fake goes in there.
    const app = await buildApp({ ctx: { ...t.ctx, providers: { ...t.ctx.providers, sms: fake } } });
    try {
      const mobile = `${uniquePhone().slice(0, 10)}1`;
      const ip = uniqueIp();
      const ok = await app.inject({ method: 'POST', url: '/sms/sendLoginCode', ...json({ mobile }, { ip }) });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(sent).toEqual([{ mobile, code: expect.stringMatching(/^\d{6}$/) }]);
      const rows = await t.ctx.db.select().from(smsMessages).where(eq(smsMessages.mobile, mobile));
      expect(rows).toEqual([expect.objectContaining({ purpose: 'login', provider: 'fake', sandboxCode: null, ip })]);

      const refused = `${uniquePhone().slice(0, 10)}0`;
      const bad = await app.inject({ method: 'POST', url: '/sms/sendLoginCode', ...json({ mobile: refused }, en) });
      expect([bad.statusCode, bad.body]).toEqual([400, 'Malformed phone number']);
      expect(await t.ctx.db.select().from(smsMessages).where(eq(smsMessages.mobile, refused))).toHaveLength(0);
      // Nothing reached that phone, so it may ask again at once.
      expect((await app.inject({ method: 'POST', url: '/sms/sendLoginCode', ...json({ mobile: refused }, en) })).body).toBe('Malformed phone number');
    } finally {
      await app.close();
    }
  });

  it.each([
    [{}, 'Please enter a valid phone number'],
    [{ mobile: 13800138000 }, 'Please enter a valid phone number'],
    [{ mobile: '' }, 'Please enter a valid phone number'],
    [{ mobile: '23800138000' }, 'Malformed phone number'],
    [{ mobile: '1380013800' }, 'Malformed phone number'],
    [{ mobile: '138001380001' }, 'Malformed phone number'],
  ])('refuses %j', async (body, text) => {
    const t = await getTestApp();
    const res = await t.app.inject({ method: 'POST', url: '/sms/sendLoginCode', ...json(body, en) });
    expect([res.statusCode, res.body]).toEqual([400, text]);
  });
});

describe('POST /smsLogin', () => {
  async function sendCode(mobile: string) {
    const t = await getTestApp();
    const res = await t.app.inject({ method: 'POST', url: '/sms/sendLoginCode', ...json({ mobile }) });
    expect(res.statusCode, res.body).toBe(200);
    return latestCode(t, mobile);
  }

  it('registers an unknown phone: masked nickname, no account name, no password; the code works once', async () => {
    const t = await getTestApp();
    const mobile = uniquePhone();
    const code = await sendCode(mobile);
    const res = await t.app.inject({ method: 'POST', url: '/smsLogin', ...json({ userName: mobile, passWord: code }) });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().accessToken as string;
    const info = (await t.app.inject({ method: 'GET', url: '/p/user/userInfo', headers: { authorization: token } })).json();
    const masked = `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
    expect(info).toMatchObject({ userName: null, nickName: masked, mobile: masked, pic: null });
    expect(info.userId).toMatch(/^[0-9a-f]{32}$/);
    const center = (await t.app.inject({ method: 'GET', url: '/p/user/centerInfo', headers: { authorization: token } })).json();
    expect(center.isSetPassword).toBe(false);

    const reuse = await t.app.inject({ method: 'POST', url: '/smsLogin', ...json({ userName: mobile, passWord: code }, en) });
    expect([reuse.statusCode, reuse.body]).toEqual([400, 'The verification code is wrong or has expired']);
  });

  it('logs an existing user in with a new token each time', async () => {
    const t = await getTestApp();
    const u = await registerUser(t);
    await releaseSmsLock(t, u.mobile);
    const res = await t.app.inject({ method: 'POST', url: '/smsLogin', ...json({ userName: u.mobile, passWord: await sendCode(u.mobile) }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().accessToken).not.toBe(u.token);
    const info = (await t.app.inject({ method: 'GET', url: '/p/user/userInfo', headers: { authorization: res.json().accessToken } })).json();
    expect(info.userName).toBe(u.userName);
    const count = await t.ctx.db.select().from(users).where(eq(users.mobile, u.mobile));
    expect(count).toHaveLength(1);
  });

  it(`throws the code away after ${SMS_CODE_MAX_WRONG_TRIES} wrong tries`, async () => {
    const t = await getTestApp();
    const mobile = uniquePhone();
    const code = await sendCode(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SMS_CODE_MAX_WRONG_TRIES; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/smsLogin', ...json({ userName: mobile, passWord: wrong }) });
      expect([res.statusCode, res.body]).toEqual([400, '验证码不正确或已过期']);
    }
    const right = await t.app.inject({ method: 'POST', url: '/smsLogin', ...json({ userName: mobile, passWord: code }) });
    expect([right.statusCode, right.body]).toEqual([400, '验证码不正确或已过期']);
  });

  it('accepts the right code after fewer wrong tries, refuses a code for another phone', async () => {
    const t = await getTestApp();
    const mobile = uniquePhone();
    const code = await sendCode(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SMS_CODE_MAX_WRONG_TRIES - 1; i++) {
      await t.app.inject({ method: 'POST', url: '/smsLogin', ...json({ userName: mobile, passWord: wrong }) });
    }
    const other = await t.app.inject({ method: 'POST', url: '/smsLogin', ...json({ userName: uniquePhone(), passWord: code }) });
    expect(other.statusCode).toBe(400);
    const right = await t.app.inject({ method: 'POST', url: '/smsLogin', ...json({ userName: mobile, passWord: code }) });
    expect(right.statusCode, right.body).toBe(200);
  });

  it('refuses an expired code', async (ctx) => {
    const t = await getTestApp();
    if (t.ctx.env.REDIS_URL) ctx.skip();
    const mobile = uniquePhone();
    const code = await sendCode(mobile);
    t.advanceClock(SMS_CODE_TTL_MS + 1);
    const res = await t.app.inject({ method: 'POST', url: '/smsLogin', ...json({ userName: mobile, passWord: code }, en) });
    expect([res.statusCode, res.body]).toEqual([400, 'The verification code is wrong or has expired']);
  });

  it.each([
    [{ passWord: '123456' }, 'Please enter a valid phone number'],
    [{ userName: 'buyer01', passWord: '123456' }, 'Malformed phone number'],
    [{ userName: '13800138000' }, 'Please enter the verification code'],
    [{ userName: '13800138000', passWord: ' ' }, 'Please enter the verification code'],
    [{ userName: '13800138000', passWord: 123456 }, 'Please enter the verification code'],
    [{ userName: '13800138000', passWord: '12ab56' }, 'The verification code is malformed'],
  ])('refuses %j', async (body, text) => {
    const t = await getTestApp();
    const res = await t.app.inject({ method: 'POST', url: '/smsLogin', ...json(body, en) });
    expect([res.statusCode, res.body]).toEqual([400, text]);
  });
});

describe('SMS code tries under parallel guesses', () => {
  const BURST = 50;
  async function freshCode(mobile: string) {
    const t = await getTestApp();
    const res = await t.app.inject({ method: 'POST', url: '/sms/sendLoginCode', ...json({ mobile }) });
    expect(res.statusCode, res.body).toBe(200);
    return latestCode(t, mobile);
  }
  const guess = async (mobile: string, code: string) =>
    (await getTestApp()).app.inject({ method: 'POST', url: '/smsLogin', ...json({ userName: mobile, passWord: code }) });

  it(`refuses a right code inside a burst of ${BURST} once ${SMS_CODE_MAX_WRONG_TRIES} tries are used`, async () => {
    const mobile = uniquePhone();
    const code = await freshCode(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SMS_CODE_MAX_WRONG_TRIES; i++) expect((await guess(mobile, wrong)).statusCode).toBe(400);
    const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => guess(mobile, i % 10 === 0 ? code : wrong)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(0);
  });

  it(`uses one try per guess in a burst of ${BURST}: the right code is refused after the burst`, async () => {
    const t = await getTestApp();
    const mobile = uniquePhone();
    const code = await freshCode(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: BURST }, () => guess(mobile, wrong)));
    expect(answers.every((a) => a.statusCode === 400)).toBe(true);
    // Every guess was counted before any comparison, so only the first tries were compared.
    expect(await t.ctx.kv.get(`account:sms:tries:login:${mobile}`)).toBe(String(BURST));
    expect((await guess(mobile, code)).statusCode).toBe(400);
  });

  it(`lets exactly one of ${BURST} parallel right guesses in, and only within the ${SMS_CODE_MAX_WRONG_TRIES} tries`, async () => {
    const mobile = uniquePhone();
    const code = await freshCode(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SMS_CODE_MAX_WRONG_TRIES - 1; i++) await guess(mobile, wrong);
    const answers = await Promise.all(Array.from({ length: BURST }, () => guess(mobile, code)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
  });
});
