import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authTokens, users } from '../db/schema.ts';
import { getTestApp, type TestApp } from '../test/test-app.ts';
import { registerUser, uniqueIp } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { merchantLogin, openShopIds } from '../test/merchant-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { hashToken } from '../modules/auth/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

const prodCount = (token: string) => t.app.inject({ method: 'GET', url: '/p/shopCart/prodCount', headers: { authorization: `bearer ${token}` } });

describe('the token check on /p/ paths', () => {
  it('accepts a live token and refuses it once expired, revoked or when the user is disabled', async () => {
    for (const spoil of [
      (hash: string) => t.ctx.db.update(authTokens).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(authTokens.tokenHash, hash)),
      (hash: string) => t.ctx.db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.tokenHash, hash)),
      async (hash: string) => {
        const [row] = await t.ctx.db.select({ subject: authTokens.subject }).from(authTokens).where(eq(authTokens.tokenHash, hash));
        await t.ctx.db.update(users).set({ status: 0 }).where(eq(users.id, row!.subject));
      },
    ]) {
      const { token } = await registerUser(t);
      expect((await prodCount(token)).statusCode).toBe(200);
      await spoil(hashToken(token));
      expect((await prodCount(token)).statusCode).toBe(401);
    }
  });

  it('refuses a missing, short or unknown token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/p/shopCart/prodCount' })).statusCode).toBe(401);
    expect((await prodCount('short')).statusCode).toBe(401);
    expect((await prodCount('x'.repeat(40))).statusCode).toBe(401);
  });

  it('judges a path no route matches by its prefix, as the routes there are judged (the hooks are per route)', async () => {
    const { token } = await registerUser(t);
    const get = (url: string, authorization?: string) => t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
    expect((await get('/p/no/such/route')).statusCode).toBe(401);
    expect((await get('/p/no/such/route', token)).statusCode).toBe(404);
    expect((await get('/admin/no/such/route', token)).statusCode).toBe(401);
    expect((await get('/no/such/route')).statusCode).toBe(404);
    // A HEAD of a shopper GET route is checked once, like its GET.
    expect((await t.app.inject({ method: 'HEAD', url: '/p/shopCart/prodCount' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'HEAD', url: '/p/shopCart/prodCount', headers: { authorization: token } })).statusCode).toBe(200);
  });
});

describe('audiences', () => {
  const AUDIENCE_OF: Array<[prefix: string, audience: 'shopper' | 'merchant' | 'admin', refusal: string]> = [
    ['/p/', 'shopper', 'Please log in first'],
    ['/merchant/', 'merchant', 'Please log in with the merchant account'],
    ['/admin/', 'admin', 'Please log in with a platform staff account'],
  ];

  it('refuses a token of one audience on every route of another (all pairs, every documented route)', async () => {
    const seeded = await ensureSeeded();
    const [shopId] = await openShopIds(seeded);
    const tokens = {
      shopper: (await registerUser(seeded)).token,
      merchant: await merchantLogin(seeded, shopId!),
      admin: await adminToken(seeded),
    };
    const doc = seeded.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const checked: Record<string, number> = {};
    for (const [path, operations] of Object.entries(doc.paths)) {
      const owner = AUDIENCE_OF.find(([prefix]) => path.startsWith(prefix));
      if (!owner || path.endsWith('/login')) continue;
      const [, audience, refusal] = owner;
      const url = path.replace(/\{[^}]+\}/g, '1');
      for (const method of Object.keys(operations)) {
        for (const [holder, token] of Object.entries(tokens)) {
          if (holder === audience) continue;
          // Each from its own address: the per-address limits of some routes run before the token check.
          const res = await seeded.app.inject({ method: method.toUpperCase() as 'GET', url, remoteAddress: uniqueIp(), headers: { authorization: `bearer ${token}`, 'accept-language': 'en' } });
          expect([method, url, holder, res.statusCode, res.body]).toEqual([method, url, holder, 401, refusal]);
          checked[`${holder}->${audience}`] = (checked[`${holder}->${audience}`] ?? 0) + 1;
        }
      }
    }
    // Every ordered pair of different audiences was tried on at least one route.
    expect(Object.keys(checked).sort()).toEqual(['admin->merchant', 'admin->shopper', 'merchant->admin', 'merchant->shopper', 'shopper->admin', 'shopper->merchant']);
    // ...and each token works where it belongs.
    expect((await prodCount(tokens.shopper)).statusCode).toBe(200);
    expect((await seeded.app.inject({ method: 'GET', url: '/merchant/order/page', headers: { authorization: tokens.merchant } })).statusCode).toBe(200);
    expect((await seeded.app.inject({ method: 'GET', url: '/admin/me', headers: { authorization: tokens.admin } })).statusCode).toBe(200);
  }, 90_000); // every documented route times two foreign tokens: well over a hundred requests

  it('does not let a merchant or admin token count as a shopper session on public routes', async () => {
    const seeded = await ensureSeeded();
    const [shopId] = await openShopIds(seeded);
    for (const token of [await merchantLogin(seeded, shopId!), await adminToken(seeded)]) {
      // The password reset pins the phone to a shopper session; a foreign token is no session, so the phone is required.
      const res = await seeded.app.inject({
        method: 'PUT',
        url: '/user/checkUpdatePwdSms',
        payload: { validCode: '123456' },
        remoteAddress: uniqueIp(),
        headers: { authorization: token, 'accept-language': 'en' },
      });
      expect([res.statusCode, res.body]).toEqual([400, 'Please enter a valid phone number']);
    }
  });
});
