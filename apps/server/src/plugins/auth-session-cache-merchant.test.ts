// The merchant session cache (decision 068's merchant amendment): on the after-sales merchant routes
// a cached session costs no PostgreSQL statement (its account, role and shop were read with it), and
// everything that changes what the account may do marks it: a logout, its own new password, the
// owner resetting its password, disabling it or changing its role, a login beyond the live-session
// limit, the platform taking its shop offline. Each is seen at once, on this instance and, with
// Redis, on another one; a shop reopened or an account given its role back acts again at once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffRoleKey } from '@bazaar/shared/schemas/merchant-staff';
import { StaffMemberSchema } from '@bazaar/shared/schemas/merchant-staff';
import { MerchantTokenSchema } from '@bazaar/shared/schemas/merchant';
import type { BazaarApp } from '../app.ts';
import { countQueries } from '../db/query-count.ts';
import { authTokens, merchantAccounts } from '../db/schema.ts';
import { hashToken, issueToken, LIVE_SESSIONS_MAX, markSessionsChanged } from '../modules/auth/service.ts';
import { cipherOf, json } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { createTestInstance, SHARED_INFRASTRUCTURE, type TestInstance } from '../test/instances.ts';
import { merchantLogin } from '../test/merchant-test-kit.ts';
import { describeRevocations, subjectOf, TOKEN_META, type Instance, type Revocation } from '../test/session-cache-test-kit.ts';
import { createTestShop } from '../test/staff-test-kit.ts';
import { getTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let b: TestInstance | undefined;
/** A staff session of another shop, never ended: what every revocation must leave alone. */
let bystander: string;
beforeAll(async () => {
  t = await getTestApp();
  if (SHARED_INFRASTRUCTURE) b = await createTestInstance();
  bystander = (await staffOfNewShop()).token;
});
afterAll(async () => {
  await b?.close();
});

const STAFF_PASSWORD = 'staff1234';
let counter = 0;

const call = (app: BazaarApp, token: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  body === undefined ? app.inject({ method, url, headers: { authorization: token } }) : app.inject({ method, url, ...json(body, { headers: { authorization: token } }) });

/** A route that takes the merchant's session from the cache (the after-sales queue's counts: refunds.handle or refunds.receive). */
const status = async (app: BazaarApp, token: string) => (await call(app, token, 'GET', '/merchant/refunds/counts')).statusCode;

interface StaffSession {
  token: string;
  ownerToken: string;
  shopId: number;
  accountId: number;
}
/** The staff sessions this file made, by token: what a revocation needs to act on one. */
const made = new Map<string, StaffSession>();

/** A new open shop, its owner signed in, and a staff account of it (a warehouse role: it may read the after-sales queue) signed in. */
async function staffOfNewShop(role: StaffRoleKey = 'warehouse'): Promise<StaffSession> {
  const shop = await createTestShop(t);
  const ownerToken = await merchantLogin(t, shop.shopId);
  const username = `cache${Date.now().toString(36)}${process.pid % 1000}${(counter += 1)}`;
  const added = await call(t.app, ownerToken, 'POST', '/merchant/staff', { username, displayName: 'Cached staff', role, password: cipherOf(t, STAFF_PASSWORD) });
  expect(added.statusCode, added.body).toBe(200);
  const login = await t.app.inject({ method: 'POST', url: '/merchant/login', ...json({ username, password: cipherOf(t, STAFF_PASSWORD) }) });
  expect(login.statusCode, login.body).toBe(200);
  const session = { token: MerchantTokenSchema.parse(login.json()).accessToken, ownerToken, shopId: shop.shopId, accountId: StaffMemberSchema.parse(added.json()).id };
  made.set(session.token, session);
  return session;
}

/** A call through `by` that must answer 200. */
async function ok(by: Instance, token: string, method: 'POST' | 'PUT', url: string, body?: unknown) {
  const res = await call(by.app, token, method, url, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
}

const REVOCATIONS: Revocation[] = [
  { name: 'logout', revoke: (by, token) => ok(by, token, 'POST', '/merchant/logout') },
  { name: 'its own new password', revoke: (by, token) => ok(by, token, 'POST', '/merchant/password', { password: cipherOf(t, STAFF_PASSWORD), newPassword: cipherOf(t, 'mine9876') }) },
  {
    name: 'the owner resets its password',
    revoke: (by, token) => ok(by, made.get(token)!.ownerToken, 'PUT', `/merchant/staff/${made.get(token)!.accountId}/password`, { password: cipherOf(t, 'reset9876') }),
  },
  { name: 'the owner disables it', revoke: (by, token) => ok(by, made.get(token)!.ownerToken, 'PUT', `/merchant/staff/${made.get(token)!.accountId}/status`, { status: 0 }) },
  {
    name: 'the owner gives it a role without the route (refused with 403 at once)',
    revoke: (by, token) => ok(by, made.get(token)!.ownerToken, 'PUT', `/merchant/staff/${made.get(token)!.accountId}/role`, { role: 'operations' }),
    after: 403,
  },
  {
    name: 'a login beyond the live-session limit (the oldest ends)',
    revoke: async (by, token) => {
      for (let i = 0; i < LIVE_SESSIONS_MAX.merchant; i++) await issueToken(by.ctx, 'merchant', String(made.get(token)!.accountId), TOKEN_META);
    },
  },
  {
    name: 'the platform takes the shop offline',
    revoke: async (by, token) => ok(by, `bearer ${await adminToken(t)}`, 'POST', `/admin/shops/${made.get(token)!.shopId}/offline`, { reason: 'test' }),
  },
];

describeRevocations('merchant', {
  instances: () => ({ t, b }),
  sessions: async () => ({ token: (await staffOfNewShop()).token, other: bystander }),
  status,
  revocations: REVOCATIONS,
});

describe('the merchant session cache, what it keeps (one instance, or two on PostgreSQL + Redis)', () => {
  it('answers a cached session without PostgreSQL, its role as read with it: a change by hand is not seen until a mark, a route that does not opt in reads it', async () => {
    const { token, accountId } = await staffOfNewShop();
    expect(await status(t.app, token)).toBe(200);
    const { result, queries } = await countQueries(() => status(t.app, token));
    expect(result).toBe(200);
    expect(queries.filter((q) => q.includes('"auth_tokens"') || q.includes('"merchant_accounts"'))).toEqual([]);
    // Decision 068's rule: whatever changes what a session may do goes through the mark.
    await t.ctx.db.update(merchantAccounts).set({ role: 'operations' }).where(eq(merchantAccounts.id, accountId));
    expect(await status(t.app, token)).toBe(200);
    expect((await call(t.app, token, 'GET', '/merchant/order/page')).statusCode, 'a route that does not opt in reads the role').toBe(403);
    await markSessionsChanged(t.ctx, 'merchant', String(accountId));
    expect(await status(t.app, token)).toBe(403);
  });

  it('a role given back, and a shop reopened, apply at once on every instance (a refused session is never cached)', async () => {
    const { token, ownerToken, accountId, shopId } = await staffOfNewShop();
    const apps = b ? [t.app, b.app] : [t.app];
    for (const app of apps) expect(await status(app, token)).toBe(200);
    await ok(t, ownerToken, 'PUT', `/merchant/staff/${accountId}/role`, { role: 'operations' });
    for (const app of apps) expect(await status(app, token)).toBe(403);
    await ok(b ?? t, ownerToken, 'PUT', `/merchant/staff/${accountId}/role`, { role: 'service' });
    for (const app of apps) expect(await status(app, token)).toBe(200);
    const staff = `bearer ${await adminToken(t)}`;
    await ok(t, staff, 'POST', `/admin/shops/${shopId}/offline`, { reason: 'test' });
    for (const app of apps) expect(await status(app, token)).toBe(401);
    await ok(b ?? t, staff, 'POST', `/admin/shops/${shopId}/reopen`);
    for (const app of apps) expect(await status(app, token)).toBe(200);
  });

  it('a shop taken offline whose marks failed (a 500) is marked by the retry, which the move refuses as done', async () => {
    const { token, shopId } = await staffOfNewShop();
    expect(await status(t.app, token)).toBe(200);
    const staff = `bearer ${await adminToken(t)}`;
    const set = vi.spyOn(t.ctx.kv, 'set').mockRejectedValue(new Error('redis down'));
    try {
      const failed = await call(t.app, staff, 'POST', `/admin/shops/${shopId}/offline`, { reason: 'test' });
      expect(failed.statusCode).toBe(500);
    } finally {
      set.mockRestore();
    }
    expect(await status(t.app, token), 'the shop is offline, but the cached session was not marked').toBe(200);
    const retried = await call(t.app, staff, 'POST', `/admin/shops/${shopId}/offline`, { reason: 'test' });
    expect(retried.statusCode).toBe(400);
    expect(await status(t.app, token)).toBe(401);
  });

  it('a token revoked by hand is still accepted from the cache until the account is marked, and at once by a route that does not opt in', async () => {
    const { token } = await staffOfNewShop();
    expect(await status(t.app, token)).toBe(200);
    await t.ctx.db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.tokenHash, hashToken(token)));
    expect(await status(t.app, token)).toBe(200);
    expect((await call(t.app, token, 'GET', '/merchant/me')).statusCode).toBe(401);
    await markSessionsChanged(t.ctx, 'merchant', await subjectOf(t, token));
    expect(await status(t.app, token)).toBe(401);
  });
});
