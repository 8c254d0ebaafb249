import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { ShopHeadSchema } from '@bazaar/shared/schemas/catalog';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureSeeded } from '../../test/seeded.ts';
import type { TestApp } from '../../test/test-app.ts';
import { shopCollections, shops, users } from '../schema.ts';
import { FOLLOWER_ACCOUNTS, FOLLOW_SHARE, followerAccount, seedFollowers } from './followers.ts';
import { SHOPS } from './site-data.ts';

let t: TestApp;
beforeAll(async () => {
  t = await ensureSeeded();
});

const followerIds = () => Array.from({ length: FOLLOWER_ACCOUNTS }, (_, i) => followerAccount(i).id);

/** Followers of each seeded shop from the follower accounts (other tests follow shops with accounts of their own). */
async function seededFollows(): Promise<Map<string, number>> {
  const rows = await t.ctx.db
    .select({ nameZh: shops.nameZh, n: count() })
    .from(shopCollections)
    .innerJoin(shops, eq(shops.id, shopCollections.shopId))
    .where(inArray(shopCollections.userId, followerIds()))
    .groupBy(shops.nameZh);
  return new Map(rows.map((r) => [SHOPS.find((s) => s.nameZh === r.nameZh)?.key ?? r.nameZh, r.n]));
}

describe('the demo followers', () => {
  it('are real accounts with distinct phones and names, and no password', async () => {
    const accounts = Array.from({ length: FOLLOWER_ACCOUNTS }, (_, i) => followerAccount(i));
    expect(new Set(accounts.map((a) => a.mobile)).size).toBe(FOLLOWER_ACCOUNTS);
    expect(new Set(accounts.map((a) => a.userName)).size).toBe(FOLLOWER_ACCOUNTS);
    expect(accounts.every((a) => /^158\d{8}$/.test(a.mobile) && a.nickName.length > 0 && a.nickName.length <= 15)).toBe(true);
    const [stored] = await t.ctx.db
      .select({ n: count(), withPassword: sql<number>`count(${users.passwordHash})::int` })
      .from(users)
      .where(inArray(users.id, accounts.map((a) => a.id)));
    expect(stored).toEqual({ n: FOLLOWER_ACCOUNTS, withPassword: 0 });
  });

  it('give every open store a believable following, the official store the largest, and none to stores never opened', async () => {
    const follows = await seededFollows();
    const open = SHOPS.filter((s) => s.status === 1);
    for (const s of open) {
      const n = follows.get(s.key) ?? 0;
      // Each store's share of the accounts, give or take the dice.
      const expected = (FOLLOW_SHARE[s.key] ?? 0) * FOLLOWER_ACCOUNTS;
      expect(n, s.key).toBeGreaterThan(expected * 0.75);
      expect(n, s.key).toBeLessThan(expected * 1.25);
    }
    expect(Math.max(...follows.values())).toBe(follows.get('self'));
    for (const s of SHOPS.filter((d) => d.status === 0 || d.status === -1)) expect(follows.get(s.key) ?? 0, s.key).toBe(0);
  });

  it('followed each store after it opened and never in the future', async () => {
    const [late] = await t.ctx.db
      .select({ n: count() })
      .from(shopCollections)
      .innerJoin(shops, eq(shops.id, shopCollections.shopId))
      .where(and(inArray(shopCollections.userId, followerIds()), sql`(${shopCollections.createdAt} < ${shops.createdAt} or ${shopCollections.createdAt} > now())`));
    expect(late?.n).toBe(0);
  });

  it('is what the store header counts', async () => {
    const [tea] = await t.ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.nameZh, '瓷韵茶社'));
    const res = await t.app.inject({ method: 'GET', url: `/shop/headInfo?shopId=${tea?.id}` });
    const head = ShopHeadSchema.parse(res.json());
    expect(head.collectionNum).toBeGreaterThanOrEqual((await seededFollows()).get('tea') ?? Infinity);
  });

  it('is written once', async () => {
    const before = await seededFollows();
    await seedFollowers(t.ctx.db, new Date());
    expect(await seededFollows()).toEqual(before);
  });
});
