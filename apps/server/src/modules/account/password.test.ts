import { describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES } from '@bazaar/shared/constants/limits';
import { getTestApp, uniquePhone, type TestApp } from '../../test/test-app.ts';
import { cipherOf, json, latestCode, loginWithPassword, registerUser, releaseSmsLock, uniqueIp, type RegisteredUser } from '../../test/account-test-kit.ts';

const en = { headers: { 'accept-language': 'en' } };
const auth = (token: string, extra: Record<string, string> = {}) => ({ headers: { authorization: token, ...extra } });

/** Forgot-password steps 1 and 2 for a phone: answers the flag. */
async function resetFlag(t: TestApp, mobile: string): Promise<string> {
  await releaseSmsLock(t, mobile);
  const send = await t.app.inject({ method: 'POST', url: '/sms/sendUpdatePwdCode', ...json({ mobile }) });
  expect(send.statusCode, send.body).toBe(200);
  const check = await t.app.inject({ method: 'PUT', url: '/user/checkUpdatePwdSms', ...json({ mobile, validCode: await latestCode(t, mobile) }) });
  expect(check.statusCode, check.body).toBe(200);
  return check.json();
}

async function userInfoStatus(t: TestApp, token: string) {
  return (await t.app.inject({ method: 'GET', url: '/p/user/userInfo', headers: { authorization: token } })).statusCode;
}

describe('forgot password (POST /sms/sendUpdatePwdCode, PUT /user/checkUpdatePwdSms, PUT /user/updatePwd)', () => {
  it('sets a new password, revokes every token of the user and lifts a lock', async () => {
    const t = await getTestApp();
    const u = await registerUser(t);
    const second = (await loginWithPassword(t, u.mobile, u.password)).json().accessToken as string;
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await loginWithPassword(t, u.userName, 'wrong123');
    expect((await loginWithPassword(t, u.userName, u.password, 'en')).body).toMatch(/^Too many wrong passwords/);
    const other = await registerUser(t);

    const flag = await resetFlag(t, u.mobile);
    const res = await t.app.inject({ method: 'PUT', url: '/user/updatePwd', ...json({ mobile: u.mobile, checkRegisterSmsFlag: flag, password: cipherOf(t, 'newPass#1') }) });
    expect([res.statusCode, res.body]).toEqual([200, '']);
    expect(await userInfoStatus(t, u.token)).toBe(401);
    expect(await userInfoStatus(t, second)).toBe(401);
    expect(await userInfoStatus(t, other.token)).toBe(200);
    expect((await loginWithPassword(t, u.userName, u.password)).statusCode).toBe(400);
    // The new password gets in at once: the lock is lifted.
    expect((await loginWithPassword(t, u.userName, 'newPass#1')).statusCode).toBe(200);
  });

  it('refuses an unregistered phone, the old password, a used or foreign flag', async () => {
    const t = await getTestApp();
    const unknown = await t.app.inject({ method: 'POST', url: '/sms/sendUpdatePwdCode', ...json({ mobile: uniquePhone() }, en) });
    expect([unknown.statusCode, unknown.body]).toEqual([400, 'This phone number is not registered']);
    const zh = await t.app.inject({ method: 'POST', url: '/sms/sendUpdatePwdCode', ...json({ mobile: uniquePhone() }) });
    expect(zh.body).toBe('该手机号尚未注册');

    const u = await registerUser(t);
    const v = await registerUser(t);
    const flag = await resetFlag(t, u.mobile);
    const same = await t.app.inject({ method: 'PUT', url: '/user/updatePwd', ...json({ mobile: u.mobile, checkRegisterSmsFlag: flag, password: cipherOf(t, u.password) }, en) });
    expect([same.statusCode, same.body]).toEqual([400, 'The new password must differ from the old one']);
    const foreign = await t.app.inject({ method: 'PUT', url: '/user/updatePwd', ...json({ mobile: v.mobile, checkRegisterSmsFlag: flag, password: cipherOf(t, 'other#123') }, en) });
    expect([foreign.statusCode, foreign.body]).toEqual([400, 'The phone verification has expired, please verify again']);
    const weak = await t.app.inject({ method: 'PUT', url: '/user/updatePwd', ...json({ mobile: u.mobile, checkRegisterSmsFlag: flag, password: cipherOf(t, 'abcdefg') }, en) });
    expect(weak.body).toBe('The password must be 6-20 half-width characters with at least two of letters, digits and symbols');
    // The flag survives refused attempts, then works once; the mobile may be left out.
    const ok = await t.app.inject({ method: 'PUT', url: '/user/updatePwd', ...json({ checkRegisterSmsFlag: flag, password: cipherOf(t, 'fresh#123') }) });
    expect(ok.statusCode, ok.body).toBe(200);
    const used = await t.app.inject({ method: 'PUT', url: '/user/updatePwd', ...json({ checkRegisterSmsFlag: flag, password: cipherOf(t, 'again#123') }, en) });
    expect([used.statusCode, used.body]).toEqual([400, 'The phone verification has expired, please verify again']);
  });

  it('lets a user who registered by SMS set a first password', async () => {
    const t = await getTestApp();
    const mobile = uniquePhone();
    await t.app.inject({ method: 'POST', url: '/sms/sendLoginCode', ...json({ mobile }) });
    const login = await t.app.inject({ method: 'POST', url: '/smsLogin', ...json({ userName: mobile, passWord: await latestCode(t, mobile) }) });
    const token = login.json().accessToken as string;
    // The user center: the code goes to the session's own phone; no mobile in the bodies.
    await releaseSmsLock(t, mobile);
    const send = await t.app.inject({ method: 'POST', url: '/p/user/sendUpdatePwdCode', remoteAddress: '10.250.0.1', ...auth(token) });
    expect([send.statusCode, send.body]).toEqual([200, '']);
    const check = await t.app.inject({ method: 'PUT', url: '/user/checkUpdatePwdSms', ...json({ validCode: await latestCode(t, mobile) }, auth(token)) });
    expect(check.statusCode, check.body).toBe(200);
    const set = await t.app.inject({ method: 'PUT', url: '/user/updatePwd', ...json({ checkRegisterSmsFlag: check.json(), password: cipherOf(t, 'first#123') }, auth(token)) });
    expect(set.statusCode, set.body).toBe(200);
    expect(await userInfoStatus(t, token)).toBe(401);
    const relogin = await loginWithPassword(t, mobile, 'first#123');
    expect(relogin.statusCode).toBe(200);
    const center = (await t.app.inject({ method: 'GET', url: '/p/user/centerInfo', ...auth(relogin.json().accessToken) })).json();
    expect(center.isSetPassword).toBe(true);
  });

  it("never lets a logged-in user verify or change another user's password", async () => {
    const t = await getTestApp();
    const me: RegisteredUser = await registerUser(t);
    const victim = await registerUser(t);
    // Verifying someone else's phone while logged in is refused before any code is checked.
    await releaseSmsLock(t, victim.mobile);
    await t.app.inject({ method: 'POST', url: '/sms/sendUpdatePwdCode', ...json({ mobile: victim.mobile }) });
    const code = await latestCode(t, victim.mobile);
    const check = await t.app.inject({ method: 'PUT', url: '/user/checkUpdatePwdSms', ...json({ mobile: victim.mobile, validCode: code }, auth(me.token, en.headers)) });
    expect([check.statusCode, check.body]).toEqual([400, 'You can only change the password of the account you are logged in to']);
    // A victim's flag (obtained elsewhere) cannot be used with my session either.
    const flag = (await t.app.inject({ method: 'PUT', url: '/user/checkUpdatePwdSms', ...json({ mobile: victim.mobile, validCode: code }) })).json();
    const update = await t.app.inject({ method: 'PUT', url: '/user/updatePwd', ...json({ checkRegisterSmsFlag: flag, password: cipherOf(t, 'hijack#123') }, auth(me.token, en.headers)) });
    expect([update.statusCode, update.body]).toEqual([400, 'You can only change the password of the account you are logged in to']);
    expect((await loginWithPassword(t, victim.userName, victim.password)).statusCode).toBe(200);
  });

  it('needs a token for the user-center send and a phone for the anonymous check', async () => {
    const t = await getTestApp();
    expect((await t.app.inject({ method: 'POST', url: '/p/user/sendUpdatePwdCode', remoteAddress: uniqueIp() })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'PUT', url: '/user/checkUpdatePwdSms', ...json({ validCode: '123456' }, en) });
    expect([res.statusCode, res.body]).toEqual([400, 'Please enter a valid phone number']);
  });

  it.each([
    ['/user/checkUpdatePwdSms', { mobile: '13800138000', validCode: '000000' }, 'The verification code is wrong or has expired'],
    ['/user/checkUpdatePwdSms', { mobile: '1380013800', validCode: '123456' }, 'Malformed phone number'],
    ['/user/checkUpdatePwdSms', { mobile: '13800138000' }, 'Please enter the verification code'],
    ['/user/updatePwd', { checkRegisterSmsFlag: 'a'.repeat(48) }, 'Please enter the password'],
    ['/user/updatePwd', { password: 'x' }, 'The phone verification has expired, please verify again'],
    ['/user/updatePwd', { mobile: 'x', password: 'x', checkRegisterSmsFlag: 'a'.repeat(48) }, 'Malformed phone number'],
    ['/user/updatePwd', { password: 'x', checkRegisterSmsFlag: 'a'.repeat(48) }, 'The phone verification has expired, please verify again'],
  ])('%s refuses %j', async (url, body, text) => {
    const t = await getTestApp();
    const res = await t.app.inject({ method: 'PUT', url, ...json(body, en) });
    expect([res.statusCode, res.body]).toEqual([400, text]);
  });

  it('POST /sms/sendUpdatePwdCode refuses malformed JSON and a bad phone', async () => {
    const t = await getTestApp();
    const bad = await t.app.inject({ method: 'POST', url: '/sms/sendUpdatePwdCode', payload: '{mobile}', headers: { 'content-type': 'application/json' }, remoteAddress: uniqueIp() });
    expect([bad.statusCode, bad.body]).toEqual([400, '请求内容不是有效的 JSON']);
    const phone = await t.app.inject({ method: 'POST', url: '/sms/sendUpdatePwdCode', ...json({ mobile: '123' }) });
    expect([phone.statusCode, phone.body]).toEqual([400, '手机号格式不正确']);
  });
});
