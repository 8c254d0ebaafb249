// The one lockout under parallel bursts (decision 015): every try is counted before the password
// is checked, so a burst of N counts N, exactly LOGIN_MAX_FAILURES are ever checked, the account
// ends locked, and the right password is refused afterwards.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES } from '@bazaar/shared/constants/limits';
import { authAttempts, merchantAccounts } from '../db/schema.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { SHARED_INFRASTRUCTURE, createTestInstance } from '../test/instances.ts';
import type { TestApp } from '../test/test-app.ts';
import { cipherOf, json, loginWithPassword, registerUser } from '../test/account-test-kit.ts';
import { adminLogin, createTestAdmin } from '../test/admin-test-kit.ts';
import { clearLockout } from '../modules/auth/service.ts';
import { MERCHANT_PASSWORD, openShopIds } from '../test/merchant-test-kit.ts';

const BURST = 60;
const WRONG = 'Incorrect account or password';
const LOCKED = /^Too many wrong passwords/;

let t: TestApp;
beforeAll(async () => {
  t = await ensureSeeded();
});

async function attemptsOf(audience: string, account: string) {
  const [row] = await t.ctx.db.select().from(authAttempts).where(and(eq(authAttempts.audience, audience), eq(authAttempts.account, account)));
  return row;
}

describe('password lockout under parallel tries', () => {
  it(`counts ${BURST} parallel wrong shopper passwords: exactly ${LOGIN_MAX_FAILURES} are checked, the account locks, the right password is refused after`, async () => {
    const u = await registerUser(t);
    const answers = await Promise.all(Array.from({ length: BURST }, () => loginWithPassword(t, u.userName, 'wrong123', 'en')));
    expect(answers.every((a) => a.statusCode === 400)).toBe(true);
    // The tries below the limit answer 'wrong'; the one that reaches it and every later one answer 'locked'.
    expect(answers.filter((a) => a.body === WRONG)).toHaveLength(LOGIN_MAX_FAILURES - 1);
    expect(answers.filter((a) => LOCKED.test(a.body))).toHaveLength(BURST - LOGIN_MAX_FAILURES + 1);
    const userId = (await t.app.inject({ method: 'GET', url: '/p/user/userInfo', headers: { authorization: u.token } })).json().userId as string;
    // The try past the limit set the lock in the same statement that counted it; later tries were not counted.
    expect(await attemptsOf('shopper', `id:${userId}`)).toMatchObject({ attempts: LOGIN_MAX_FAILURES + 1 });
    for (const name of [u.userName, u.mobile]) expect((await loginWithPassword(t, name, u.password, 'en')).body).toMatch(LOCKED);
    // More failures never clear or shorten the lock.
    const before = (await attemptsOf('shopper', `id:${userId}`))!.lockedUntil;
    await Promise.all(Array.from({ length: 5 }, () => loginWithPassword(t, u.userName, 'wrong123')));
    expect((await attemptsOf('shopper', `id:${userId}`))!.lockedUntil).toEqual(before);
    expect((await loginWithPassword(t, u.userName, u.password, 'en')).body).toMatch(LOCKED);
  });

  it('locks a merchant account even when the right password is inside the burst (a success resets nothing)', async () => {
    const shopId = (await openShopIds(t)).at(-1)!;
    const [account] = await t.ctx.db.select().from(merchantAccounts).where(eq(merchantAccounts.shopId, shopId));
    const key = `id:${account!.id}`;
    const send = (password: string) =>
      t.app.inject({ method: 'POST', url: '/merchant/login', ...json({ username: account!.username, password: cipherOf(t, password) }, { headers: { 'accept-language': 'en' } }) });
    try {
      const passwords = Array.from({ length: BURST }, (_, i) => (i === 3 ? MERCHANT_PASSWORD : 'wrong-pass'));
      const answers = await Promise.all(passwords.map(send));
      const checked = answers.filter((a) => a.statusCode === 200 || a.body === 'Wrong merchant account or password');
      // At most LOGIN_MAX_FAILURES were checked (the 10th failure answers 'locked'), and the burst locked the account.
      expect(checked.length).toBeGreaterThanOrEqual(LOGIN_MAX_FAILURES - 1);
      expect(checked.length).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
      // Every try up to the one that locked was counted; a success gave back only its own try.
      const row = await attemptsOf('merchant', key);
      const successes = answers.filter((a) => a.statusCode === 200).length;
      expect(successes).toBeLessThanOrEqual(1);
      expect(row!.attempts + successes).toBe(LOGIN_MAX_FAILURES + 1);
      expect(row!.lockedUntil).not.toBeNull();
      expect((await send(MERCHANT_PASSWORD)).body).toMatch(LOCKED);
    } finally {
      await clearLockout(t.ctx, 'merchant', key);
    }
  });

  it(`counts ${BURST} parallel wrong staff passwords the same way`, async () => {
    const admin = await createTestAdmin(t);
    const answers = await Promise.all(Array.from({ length: BURST }, () => adminLogin(t, admin.username, 'wrong-pass', { 'accept-language': 'en' })));
    expect(answers.filter((a) => a.body === 'Wrong staff account or password')).toHaveLength(LOGIN_MAX_FAILURES - 1);
    expect(await attemptsOf('admin', `id:${admin.id}`)).toMatchObject({ attempts: LOGIN_MAX_FAILURES + 1 });
    expect((await adminLogin(t, admin.username, undefined, { 'accept-language': 'en' })).body).toMatch(LOCKED);
  });
});

describe.skipIf(!SHARED_INFRASTRUCTURE)('two instances on one PostgreSQL + Redis', () => {
  const instances: Array<Awaited<ReturnType<typeof createTestInstance>>> = [];
  afterAll(async () => {
    await Promise.all(instances.map((i) => i.close()));
  });

  it('a lockout set through one instance holds on the other', async () => {
    instances.push(await createTestInstance(), await createTestInstance());
    const [one, two] = instances as [Awaited<ReturnType<typeof createTestInstance>>, Awaited<ReturnType<typeof createTestInstance>>];
    const u = await registerUser(t);
    // Half the burst through each instance.
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) => loginWithPasswordOn(i % 2 === 0 ? one.app : two.app, u.userName, 'wrong123')),
    );
    expect(answers.filter((a) => a.body === WRONG)).toHaveLength(LOGIN_MAX_FAILURES - 1);
    for (const app of [one.app, two.app, t.app]) expect((await loginWithPasswordOn(app, u.userName, u.password)).body).toMatch(LOCKED);
  });
});

function loginWithPasswordOn(app: TestApp['app'], userName: string, password: string) {
  return loginWithPassword({ ...t, app }, userName, password, 'en');
}
