import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES } from '@bazaar/shared/constants/limits';
import { adminUsers, authTokens } from '../db/schema.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../db/seed/site-data.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { cipherOf, json } from '../test/account-test-kit.ts';
import { adminLogin, createTestAdmin } from '../test/admin-test-kit.ts';
import { hashToken } from '../modules/auth/service.ts';

let t: TestApp;
const en = { 'accept-language': 'en' };
const me = (token: string) => t.app.inject({ method: 'GET', url: '/admin/me', headers: { authorization: `Bearer ${token}`, ...en } });

beforeAll(async () => {
  t = await ensureSeeded();
});
afterEach(() => t.resetClock());

describe('platform staff login', () => {
  it('logs the seeded demo admin in; the token is stored hashed as an admin session', async () => {
    const res = await adminLogin(t, ADMIN_USERNAME, ADMIN_PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    const { accessToken, expiresIn } = res.json();
    expect(expiresIn).toBe(12 * 3600);
    const [row] = await t.ctx.db.select().from(authTokens).where(eq(authTokens.tokenHash, hashToken(accessToken)));
    expect(row).toMatchObject({ audience: 'admin' });
    const profile = await me(accessToken);
    expect([profile.statusCode, profile.json().username]).toEqual([200, ADMIN_USERNAME]);
    const [stored] = await t.ctx.db.select({ hash: adminUsers.passwordHash }).from(adminUsers).where(eq(adminUsers.username, ADMIN_USERNAME));
    expect(stored?.hash).toMatch(/^\$argon2id\$/);
  });

  it('gives one message for an unknown account and a wrong password, and refuses a replayed cipher', async () => {
    const admin = await createTestAdmin(t);
    const wrong = await adminLogin(t, admin.username, 'nope-nope', en);
    const unknown = await adminLogin(t, `${admin.username}x`, 'nope-nope', en);
    expect([wrong.statusCode, wrong.body]).toEqual([400, 'Wrong staff account or password']);
    expect(unknown.body).toBe(wrong.body);
    const cipher = cipherOf(t, 'staff-pass-1');
    const send = () => t.app.inject({ method: 'POST', url: '/admin/login', ...json({ userName: admin.username.toUpperCase(), passWord: cipher }, { headers: en }) });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).body).toBe('The login request has expired, please log in again');
    const plain = await t.app.inject({ method: 'POST', url: '/admin/login', ...json({ userName: admin.username, passWord: 'staff-pass-1' }, { headers: en }) });
    expect(plain.statusCode).toBe(400);
  });

  it(`locks after ${LOGIN_MAX_FAILURES} wrong passwords, and refuses a disabled account`, async () => {
    const admin = await createTestAdmin(t);
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) expect((await adminLogin(t, admin.username, 'nope-nope', en)).body).toBe('Wrong staff account or password');
    expect((await adminLogin(t, admin.username, 'nope-nope', en)).body).toBe('Too many wrong passwords. The account is locked; try again in 30 minutes');
    expect((await adminLogin(t, admin.username, undefined, en)).body).toMatch(/locked/);

    const other = await createTestAdmin(t);
    const token = (await adminLogin(t, other.username)).json().accessToken as string;
    await t.ctx.db.update(adminUsers).set({ status: 0 }).where(eq(adminUsers.id, other.id));
    expect((await me(token)).statusCode).toBe(401);
    expect((await adminLogin(t, other.username, undefined, en)).body).toBe('This staff account is disabled');
  });

  it('keeps one session per staff member: a new login ends the older one; logout ends the current one', async () => {
    const admin = await createTestAdmin(t);
    const first = (await adminLogin(t, admin.username)).json().accessToken as string;
    const second = (await adminLogin(t, admin.username)).json().accessToken as string;
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/admin/logout', headers: { authorization: second } });
    expect(out.statusCode).toBe(200);
    const after = await me(second);
    expect([after.statusCode, after.body]).toEqual([401, 'Please log in with a platform staff account']);
  });
});
