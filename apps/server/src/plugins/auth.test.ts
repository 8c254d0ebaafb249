import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { userTokens, users } from '../db/schema.ts';
import { getTestApp, type TestApp } from '../test/test-app.ts';
import { registerUser } from '../modules/account/account-test-kit.ts';
import { hashToken } from './auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

const prodCount = (token: string) => t.app.inject({ method: 'GET', url: '/p/shopCart/prodCount', headers: { authorization: `bearer ${token}` } });

describe('the token check on /p/ paths', () => {
  it('accepts a live token and refuses it once expired, revoked or when the user is disabled', async () => {
    for (const spoil of [
      (hash: string) => t.ctx.db.update(userTokens).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(userTokens.tokenHash, hash)),
      (hash: string) => t.ctx.db.update(userTokens).set({ revokedAt: new Date() }).where(eq(userTokens.tokenHash, hash)),
      async (hash: string) => {
        const [row] = await t.ctx.db.select({ userId: userTokens.userId }).from(userTokens).where(eq(userTokens.tokenHash, hash));
        await t.ctx.db.update(users).set({ status: 0 }).where(eq(users.id, row!.userId));
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
});
