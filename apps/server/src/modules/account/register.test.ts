import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verify } from '@node-rs/argon2';
import { users } from '../../db/schema.ts';
import { getTestApp, uniquePhone, type TestApp } from '../../test/test-app.ts';
import { cipherOf, json, latestCode, loginWithPassword, registerUser, uniqueUserName } from '../../test/account-test-kit.ts';

const en = { headers: { 'accept-language': 'en' } };

/** Steps 1 and 2: a verified phone and its one-time flag. */
async function verifiedPhone(t: TestApp, mobile = uniquePhone()) {
  expect((await t.app.inject({ method: 'PUT', url: '/user/sendRegisterSms', ...json({ mobile }) })).statusCode).toBe(200);
  const check = await t.app.inject({ method: 'PUT', url: '/user/checkRegisterSms', ...json({ mobile, validCode: await latestCode(t, mobile) }) });
  expect(check.statusCode, check.body).toBe(200);
  return { mobile, flag: check.json() as string };
}

function registerBody(t: TestApp, input: { mobile: string; flag: string; userName?: string; password?: string; nickName?: string }) {
  return {
    appType: 3,
    registerOrBind: 1,
    validateType: 1,
    mobile: input.mobile,
    checkRegisterSmsFlag: input.flag,
    userName: input.userName ?? uniqueUserName(),
    password: cipherOf(t, input.password ?? 'abc123!'),
    nickName: input.nickName ?? 'Reg',
  };
}

describe('registration (PUT /user/sendRegisterSms, /user/checkRegisterSms, /user/registerOrBindUser)', () => {
  it('registers in three steps; the password is stored as argon2id and works for login', async () => {
    const t = await getTestApp();
    const { mobile, flag } = await verifiedPhone(t);
    expect(flag).toMatch(/^[0-9a-f]{48}$/);
    const userName = uniqueUserName('Reg');
    const res = await t.app.inject({ method: 'PUT', url: '/user/registerOrBindUser', ...json(registerBody(t, { mobile, flag, userName, nickName: ' 小明 ' })) });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.mobile, mobile));
    expect(row).toMatchObject({ userName, nickName: '小明' });
    expect(row?.id).toMatch(/^[0-9a-f]{32}$/);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verify(row!.passwordHash!, 'abc123!')).toBe(true);
    const center = (await t.app.inject({ method: 'GET', url: '/p/user/centerInfo', headers: { authorization: res.json().accessToken } })).json();
    expect(center.isSetPassword).toBe(true);
    expect((await loginWithPassword(t, userName.toLowerCase(), 'abc123!')).statusCode).toBe(200);
  });

  it('refuses to send a code to a registered phone', async () => {
    const t = await getTestApp();
    const u = await registerUser(t);
    const res = await t.app.inject({ method: 'PUT', url: '/user/sendRegisterSms', ...json({ mobile: u.mobile }, en) });
    expect([res.statusCode, res.body]).toEqual([400, 'This phone number is already registered']);
    const zh = await t.app.inject({ method: 'PUT', url: '/user/sendRegisterSms', ...json({ mobile: u.mobile }) });
    expect(zh.body).toBe('该手机号已注册');
  });

  it('refuses a wrong code at the check step, and a login code for registration', async () => {
    const t = await getTestApp();
    const mobile = uniquePhone();
    await t.app.inject({ method: 'POST', url: '/sms/sendLoginCode', ...json({ mobile }) });
    const loginCode = await latestCode(t, mobile);
    const res = await t.app.inject({ method: 'PUT', url: '/user/checkRegisterSms', ...json({ mobile, validCode: loginCode }, en) });
    expect([res.statusCode, res.body]).toEqual([400, 'The verification code is wrong or has expired']);
  });

  it('uses a flag once, only for its own phone', async () => {
    const t = await getTestApp();
    const a = await verifiedPhone(t);
    const b = await verifiedPhone(t);
    const crossed = await t.app.inject({ method: 'PUT', url: '/user/registerOrBindUser', ...json(registerBody(t, { mobile: b.mobile, flag: a.flag }), en) });
    expect([crossed.statusCode, crossed.body]).toEqual([400, 'The phone verification has expired, please verify again']);
    expect((await t.app.inject({ method: 'PUT', url: '/user/registerOrBindUser', ...json(registerBody(t, a)) })).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'PUT', url: '/user/registerOrBindUser', ...json(registerBody(t, a), en) });
    expect([again.statusCode, again.body]).toEqual([400, 'The phone verification has expired, please verify again']);
    const made = 'f'.repeat(48);
    const forged = await t.app.inject({ method: 'PUT', url: '/user/registerOrBindUser', ...json(registerBody(t, { mobile: b.mobile, flag: made }), en) });
    expect(forged.body).toBe('The phone verification has expired, please verify again');
  });

  it('refuses a taken account name in any case, and phone-shaped names; keeps the flag for a retry', async () => {
    const t = await getTestApp();
    const u = await registerUser(t);
    const v = await verifiedPhone(t);
    const taken = await t.app.inject({ method: 'PUT', url: '/user/registerOrBindUser', ...json(registerBody(t, { ...v, userName: u.userName.toUpperCase() }), en) });
    expect([taken.statusCode, taken.body]).toEqual([400, 'This account name is already taken']);
    const phoneLike = await t.app.inject({ method: 'PUT', url: '/user/registerOrBindUser', ...json(registerBody(t, { ...v, userName: uniquePhone() })) });
    expect([phoneLike.statusCode, phoneLike.body]).toEqual([400, '该账号已被使用']);
    expect((await t.app.inject({ method: 'PUT', url: '/user/registerOrBindUser', ...json(registerBody(t, v)) })).statusCode).toBe(200);
  });

  it('is safe under concurrency: one name, two phones -> one account, one "taken"', async () => {
    const t = await getTestApp();
    const a = await verifiedPhone(t);
    const b = await verifiedPhone(t);
    const userName = uniqueUserName('race');
    const results = await Promise.all([
      t.app.inject({ method: 'PUT', url: '/user/registerOrBindUser', ...json(registerBody(t, { ...a, userName }), en) }),
      t.app.inject({ method: 'PUT', url: '/user/registerOrBindUser', ...json(registerBody(t, { ...b, userName }), en) }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)?.body).toBe('This account name is already taken');
  });

  it('is safe under concurrency: one flag sent twice -> one account', async () => {
    const t = await getTestApp();
    const v = await verifiedPhone(t);
    const results = await Promise.all([
      t.app.inject({ method: 'PUT', url: '/user/registerOrBindUser', ...json(registerBody(t, v), en) }),
      t.app.inject({ method: 'PUT', url: '/user/registerOrBindUser', ...json(registerBody(t, v), en) }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await t.ctx.db.select().from(users).where(eq(users.mobile, v.mobile))).toHaveLength(1);
  });

  it.each([
    ['abc12', 'The password must be 6-20 half-width characters with at least two of letters, digits and symbols'],
    ['abcdefgh', 'The password must be 6-20 half-width characters with at least two of letters, digits and symbols'],
    ['12345678', 'The password must be 6-20 half-width characters with at least two of letters, digits and symbols'],
    ['Aa1!Aa1!Aa1!Aa1!Aa1!x', 'The password must be 6-20 half-width characters with at least two of letters, digits and symbols'],
    ['abc 123', 'The password must be 6-20 half-width characters with at least two of letters, digits and symbols'],
    ['ａｂｃ１２３', 'The password must be 6-20 half-width characters with at least two of letters, digits and symbols'],
    ['', 'Please enter the password'],
  ])('re-checks the decrypted password %j on the server', async (password, text) => {
    const t = await getTestApp();
    const v = await verifiedPhone(t);
    const res = await t.app.inject({ method: 'PUT', url: '/user/registerOrBindUser', ...json(registerBody(t, { ...v, password }), en) });
    expect([res.statusCode, res.body]).toEqual([400, text]);
  });

  it('refuses stale and replayed password ciphers; a request refused by validation does not use one up', async () => {
    const t = await getTestApp();
    const v = await verifiedPhone(t);
    const body = registerBody(t, v);
    const stale = await t.app.inject({ method: 'PUT', url: '/user/registerOrBindUser', ...json({ ...body, password: cipherOf(t, 'abc123!', -3_600_000) }, en) });
    expect([stale.statusCode, stale.body]).toEqual([400, 'The login request has expired, please log in again']);
    const taken = await t.app.inject({ method: 'PUT', url: '/user/registerOrBindUser', ...json({ ...body, userName: 'ab' }, en) });
    expect(taken.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: '/user/registerOrBindUser', ...json(body) })).statusCode).toBe(200);
    // A ciphertext opened by a request that then failed cannot be sent again for that phone.
    const w = await verifiedPhone(t);
    const first = registerBody(t, { ...w, userName: body.userName });
    expect((await t.app.inject({ method: 'PUT', url: '/user/registerOrBindUser', ...json(first, en) })).body).toBe('This account name is already taken');
    const replay = await t.app.inject({ method: 'PUT', url: '/user/registerOrBindUser', ...json({ ...first, userName: uniqueUserName() }, en) });
    expect([replay.statusCode, replay.body]).toEqual([400, 'The login request has expired, please log in again']);
  });

  const valid = { appType: 3, registerOrBind: 1, validateType: 1, mobile: '13800138000', checkRegisterSmsFlag: 'a'.repeat(48), userName: 'buyer01', password: 'x', nickName: 'n' };
  it.each([
    [{ ...valid, mobile: undefined }, 'Please enter a valid phone number'],
    [{ ...valid, mobile: '1380013800' }, 'Malformed phone number'],
    [{ ...valid, checkRegisterSmsFlag: undefined }, 'The phone verification has expired, please verify again'],
    [{ ...valid, checkRegisterSmsFlag: 'short' }, 'The phone verification has expired, please verify again'],
    [{ ...valid, userName: 'abc' }, 'The account must be 4-16 letters, digits or underscores'],
    [{ ...valid, userName: 'user-name' }, 'The account must be 4-16 letters, digits or underscores'],
    [{ ...valid, userName: 'a'.repeat(17) }, 'The account must be 4-16 letters, digits or underscores'],
    [{ ...valid, userName: 1234 }, 'The account must be 4-16 letters, digits or underscores'],
    [{ ...valid, password: '' }, 'Please enter the password'],
    [{ ...valid, password: undefined }, 'Please enter the password'],
    [{ ...valid, nickName: '  ' }, 'The nickname cannot be empty'],
    [{ ...valid, nickName: 'a'.repeat(16) }, 'The nickname cannot exceed 15 characters'],
    [{ ...valid, nickName: undefined }, 'The nickname cannot be empty'],
    [{ ...valid, appType: 1 }, 'The request is invalid'],
    [{ ...valid, registerOrBind: 2 }, 'The request is invalid'],
  ])('refuses the field in %j', async (body, text) => {
    const t = await getTestApp();
    const res = await t.app.inject({ method: 'PUT', url: '/user/registerOrBindUser', ...json(body, en) });
    expect([res.statusCode, res.body]).toEqual([400, text]);
  });

  it.each([
    ['/user/sendRegisterSms', { mobile: '2380013800' }, 'Malformed phone number'],
    ['/user/checkRegisterSms', { mobile: '13800138000' }, 'Please enter the verification code'],
    ['/user/checkRegisterSms', { validCode: '123456' }, 'Please enter a valid phone number'],
    ['/user/checkRegisterSms', { mobile: '13800138000', validCode: 'abcdef' }, 'The verification code is malformed'],
  ])('%s refuses %j', async (url, body, text) => {
    const t = await getTestApp();
    const res = await t.app.inject({ method: 'PUT', url, ...json(body, en) });
    expect([res.statusCode, res.body]).toEqual([400, text]);
  });
});
