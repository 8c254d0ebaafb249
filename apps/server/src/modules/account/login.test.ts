import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOGIN_CIPHER_MAX_AGE_MS, LOGIN_LOCK_MS, LOGIN_MAX_FAILURES, TOKEN_TTL_SECONDS } from '@bazaar/shared/constants/limits';
import { authTokens, users } from '../../db/schema.ts';
import { hashToken } from '../../test/auth-test-kit.ts';
import { getTestApp, uniquePhone } from '../../test/test-app.ts';
import { cipherOf, json, loginWithPassword, registerUser, uniqueIp, uniqueUserName } from '../../test/account-test-kit.ts';

describe('POST /login', () => {
  it('logs in by account name (any case) or by phone and stores only the token hash', async () => {
    const t = await getTestApp();
    const u = await registerUser(t);
    for (const name of [u.userName, u.userName.toUpperCase(), u.mobile]) {
      const res = await loginWithPassword(t, name, u.password);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.expiresIn).toBe(TOKEN_TTL_SECONDS);
      expect(body.accessToken).toMatch(/^[0-9a-f]{64}$/);
      const [row] = await t.ctx.db.select().from(authTokens).where(eq(authTokens.tokenHash, hashToken(body.accessToken)));
      expect(row).toMatchObject({ audience: 'shopper' });
      expect(row?.tokenHash).not.toBe(body.accessToken);
      const info = await t.app.inject({ method: 'GET', url: '/p/user/userInfo', headers: { authorization: body.accessToken } });
      expect(info.json().userName).toBe(u.userName);
    }
  });

  it('answers the same text for an unknown account and a wrong password, in both languages', async () => {
    const t = await getTestApp();
    const u = await registerUser(t);
    const unknown = await loginWithPassword(t, uniqueUserName('nobody'), u.password);
    const wrong = await loginWithPassword(t, u.userName, 'wrong123');
    expect(unknown.statusCode).toBe(400);
    expect(wrong.statusCode).toBe(400);
    expect(unknown.body).toBe('账号或密码不正确');
    expect(wrong.body).toBe(unknown.body);
    expect(unknown.headers['content-type']).toMatch(/^text\/plain/);
    const en = await loginWithPassword(t, u.userName, 'wrong123', 'en');
    expect(en.body).toBe('Incorrect account or password');
  });

  it('refuses a user registered by SMS (no password) with the same text', async () => {
    const t = await getTestApp();
    const u = await registerUser(t);
    await t.ctx.db.update(users).set({ passwordHash: null }).where(eq(users.mobile, u.mobile));
    const res = await loginWithPassword(t, u.mobile, u.password, 'en');
    expect([res.statusCode, res.body]).toEqual([400, 'Incorrect account or password']);
  });

  it('refuses stale, future, replayed and undecryptable ciphertexts', async () => {
    const t = await getTestApp();
    const u = await registerUser(t);
    const send = (passWord: string) =>
      t.app.inject({ method: 'POST', url: '/login', ...json({ userName: u.userName, passWord }, { headers: { 'accept-language': 'en' } }) });
    const stale = await send(cipherOf(t, u.password, -LOGIN_CIPHER_MAX_AGE_MS - 1000));
    expect([stale.statusCode, stale.body]).toEqual([400, 'The login request has expired, please log in again']);
    const future = await send(cipherOf(t, u.password, LOGIN_CIPHER_MAX_AGE_MS + 1000));
    expect([future.statusCode, future.body]).toEqual([400, 'The login request has expired, please log in again']);
    const garbage = await send('bm90IGEgY2lwaGVy');
    expect([garbage.statusCode, garbage.body]).toEqual([400, 'The login request is invalid, please refresh the page and try again']);
    const once = cipherOf(t, u.password);
    expect((await send(once)).statusCode).toBe(200);
    const replay = await send(once);
    expect([replay.statusCode, replay.body]).toEqual([400, 'The login request has expired, please log in again']);
    // ...also when the replay names the account by its phone or in another case.
    const byName = cipherOf(t, u.password);
    expect((await send(byName)).statusCode).toBe(200);
    const viaPhone = await t.app.inject({ method: 'POST', url: '/login', ...json({ userName: u.mobile, passWord: byName }) });
    expect([viaPhone.statusCode, viaPhone.body]).toEqual([400, '登录请求已过期，请重新登录']);
    const viaCase = await t.app.inject({ method: 'POST', url: '/login', ...json({ userName: u.userName.toUpperCase(), passWord: byName }) });
    expect(viaCase.statusCode).toBe(400);
    // A replay is refused even after a wrong attempt with it.
    const wrongOnce = cipherOf(t, 'wrong123');
    expect((await send(wrongOnce)).body).toBe('Incorrect account or password');
    expect((await send(wrongOnce)).body).toBe('The login request has expired, please log in again');
  });

  it(`locks the account after ${LOGIN_MAX_FAILURES} wrong passwords for 30 minutes; a success does not forget earlier failures`, async () => {
    const t = await getTestApp();
    const u = await registerUser(t);
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) expect((await loginWithPassword(t, u.userName, 'wrong123')).body).toBe('账号或密码不正确');
    // A success in between gives back only its own try: one more failure locks.
    expect((await loginWithPassword(t, u.userName, u.password)).statusCode).toBe(200);
    const tenth = await loginWithPassword(t, u.userName, 'wrong123', 'en');
    expect([tenth.statusCode, tenth.body]).toEqual([400, 'Too many wrong passwords. The account is locked; try again in 30 minutes']);
    // The right password does not get in while locked, by name or by phone.
    const locked = await loginWithPassword(t, u.mobile, u.password);
    expect([locked.statusCode, locked.body]).toEqual([400, '密码错误次数过多，账号已锁定，请30分钟后再试']);
    t.advanceClock(10 * 60_000);
    expect((await loginWithPassword(t, u.userName, u.password, 'en')).body).toBe(
      'Too many wrong passwords. The account is locked; try again in 20 minutes',
    );
    t.advanceClock(LOGIN_LOCK_MS - 10 * 60_000 + 1000);
    const unlocked = await loginWithPassword(t, u.userName, u.password);
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    // The count starts again after the lock.
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) expect((await loginWithPassword(t, u.userName, 'wrong123')).body).toBe('账号或密码不正确');
    t.resetClock();
  });

  it('refuses a disabled account once the password is right', async () => {
    const t = await getTestApp();
    const u = await registerUser(t);
    await t.ctx.db.update(users).set({ status: 0 }).where(eq(users.mobile, u.mobile));
    const res = await loginWithPassword(t, u.userName, u.password, 'en');
    expect([res.statusCode, res.body]).toEqual([400, 'This account has been disabled']);
  });

  it('answers malformed JSON, an oversized body and an empty body with text', async () => {
    const t = await getTestApp();
    const bad = await t.app.inject({ method: 'POST', url: '/login', payload: '{"userName":', headers: { 'content-type': 'application/json', 'accept-language': 'en' }, remoteAddress: uniqueIp() });
    expect([bad.statusCode, bad.body]).toEqual([400, 'The request body is not valid JSON']);
    const big = await t.app.inject({
      method: 'POST',
      url: '/login',
      payload: JSON.stringify({ userName: 'x'.repeat(1024 * 1024 + 10), passWord: 'y' }),
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      remoteAddress: uniqueIp(),
    });
    expect([big.statusCode, big.body]).toEqual([413, 'The request is too large']);
    const empty = await t.app.inject({ method: 'POST', url: '/login', headers: { 'content-type': 'application/json', 'accept-language': 'en' }, remoteAddress: uniqueIp() });
    expect([empty.statusCode, empty.body]).toEqual([400, 'The request is invalid']);
  });

  it.each([
    [{ passWord: 'x' }, 'The account must be 4-16 letters, digits or underscores'],
    [{ userName: 123, passWord: 'x' }, 'The account must be 4-16 letters, digits or underscores'],
    [{ userName: '   ', passWord: 'x' }, 'The account must be 4-16 letters, digits or underscores'],
    [{ userName: 'a'.repeat(65), passWord: 'x' }, 'The account must be 4-16 letters, digits or underscores'],
    [{ userName: 'buyer01' }, 'Please enter the password'],
    [{ userName: 'buyer01', passWord: '' }, 'Please enter the password'],
    [{ userName: 'buyer01', passWord: 42 }, 'Please enter the password'],
    [{ userName: 'buyer01', passWord: 'x'.repeat(513) }, 'Please enter the password'],
  ])('refuses %j', async (body, text) => {
    const t = await getTestApp();
    const res = await t.app.inject({ method: 'POST', url: '/login', ...json(body, { headers: { 'accept-language': 'en' } }) });
    expect([res.statusCode, res.body]).toEqual([400, text]);
  });
});

describe('POST /logOut', () => {
  it('revokes only the current token; the revoked token then gets 401', async () => {
    const t = await getTestApp();
    const u = await registerUser(t);
    const second = (await loginWithPassword(t, u.userName, u.password)).json().accessToken as string;
    const out = await t.app.inject({ method: 'POST', url: '/logOut', headers: { authorization: u.token } });
    expect([out.statusCode, out.body]).toEqual([200, '']);
    const revoked = await t.app.inject({ method: 'GET', url: '/p/user/userInfo', headers: { authorization: u.token } });
    expect(revoked.statusCode).toBe(401);
    const other = await t.app.inject({ method: 'GET', url: '/p/user/userInfo', headers: { authorization: `bearer ${second}` } });
    expect(other.statusCode).toBe(200);
  });

  it('accepts a bearer prefix, a JSON content type without body, a repeated call and no token at all', async () => {
    const t = await getTestApp();
    const u = await registerUser(t);
    const out = await t.app.inject({ method: 'POST', url: '/logOut', headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' } });
    expect([out.statusCode, out.body]).toEqual([200, '']);
    expect((await t.app.inject({ method: 'GET', url: '/p/user/userInfo', headers: { authorization: u.token } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/logOut', headers: { authorization: u.token } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/logOut' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/logOut', headers: { authorization: uniquePhone() } })).statusCode).toBe(200);
  });
});
