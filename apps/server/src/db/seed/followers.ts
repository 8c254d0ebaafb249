// The demo's followers: shoppers who joined over the last year or so and follow the stores they
// like, so every store's header shows a follower count that is real shop_collections rows (the
// same count a shopper's follow moves), not a number typed into the shop. The big official store
// and the popular categories draw more followers than a niche tea house; the offline store keeps
// the few it had. These accounts have no password (they would log in by SMS, as many shoppers do).
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { shopCollections, shops, users, userWallets } from '../schema.ts';
import { createPrng } from './prng.ts';
import { DAY_MS, SHOPS } from './site-data.ts';

export const FOLLOWER_ACCOUNTS = 1_200;

/** The share of the follower accounts that follow each store. */
export const FOLLOW_SHARE: Record<string, number> = {
  self: 0.62,
  digital: 0.38,
  beauty: 0.31,
  fashion: 0.27,
  food: 0.22,
  appliance: 0.19,
  books: 0.17,
  tea: 0.14,
  home: 0.12,
  shoes: 0.11,
  outdoor: 0.09,
  oldtimes: 0.03,
};

const ZH_FIRST = ['爱喝茶的', '周末去', '早睡早起的', '认真生活的', '不加糖的', '慢慢来的', '会做饭的', '喜欢晴天的', '爱跑步的', '在杭州的', '在成都的', '收纳控', '读书的', '追风的'];
const ZH_SECOND = ['小鱼', '阿杰', '猫', '老王', '小满', '橙子', '兔兔', '星星', '小鹿', '阿飞', '糖糖', '豆豆', '木木', '胖虎', '小周', '大白'];
const SHORT = ['小雨', '阿宁', '晓峰', '佳佳', '一一', '陈先生', '林小姐', '大熊', '默默', '安安', '乐乐', '老李', '晨曦', '子墨', '思思'];
const LATIN = ['Momo', 'Kevin', 'Annie', 'Leo', 'Coco', 'Jason Wu', 'Vivian', 'Eric Z', 'Mia', 'Tony', 'Grace L', 'Sunny', 'Oscar', 'Luna'];

/** A stable 32-hex user id for a follower account. */
const followerId = (userName: string) => createHash('md5').update(`bazaar-seed-follower:${userName}`).digest('hex');

export interface FollowerAccount {
  id: string;
  userName: string;
  mobile: string;
  nickName: string;
  daysAgo: number;
}

/** Follower account i (0-based): the same every run. Phones start with 158, which no test numbers use. */
export function followerAccount(i: number): FollowerAccount {
  const prng = createPrng(i * 6_151 + 29);
  const kind = prng.next();
  const nickName =
    kind < 0.45 ? `${prng.pick(ZH_FIRST)}${prng.pick(ZH_SECOND)}` : kind < 0.8 ? `${prng.pick(SHORT)}${prng.chance(0.4) ? prng.int(1, 99) : ''}` : prng.pick(LATIN);
  const userName = `m${String(100_000 + ((i * 7_919) % 900_000))}`;
  return {
    id: followerId(userName),
    userName,
    mobile: `158${String((i * 7_654_321 + 1_234_567) % 100_000_000).padStart(8, '0')}`,
    nickName: nickName.slice(0, 15),
    daysAgo: prng.int(3, 420),
  };
}

/**
 * Writes the follower accounts and their follows once (nothing when the first follower account
 * exists); seed.ts calls it on a fresh seed only, so no demo login appears in an existing database.
 */
export async function seedFollowers(db: Db, now: Date): Promise<void> {
  const first = followerAccount(0);
  const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, first.id));
  if (exists) return;
  const shopRows = await db.select({ id: shops.id, nameZh: shops.nameZh, createdAt: shops.createdAt, status: shops.status }).from(shops);
  const shopByKey = new Map(
    SHOPS.flatMap((s) => {
      const row = shopRows.find((r) => r.nameZh === s.nameZh);
      return row && (row.status === 1 || row.status === 2) ? [[s.key, row] as const] : [];
    }),
  );
  if (shopByKey.size === 0) return;
  const at = (days: number, seconds: number) => new Date(now.getTime() - days * DAY_MS - seconds * 1000);
  const accounts = Array.from({ length: FOLLOWER_ACCOUNTS }, (_, i) => followerAccount(i));
  const follows: { userId: string; shopId: number; createdAt: Date }[] = [];
  for (const [i, account] of accounts.entries()) {
    const prng = createPrng(i * 3_571 + 11);
    for (const [key, share] of Object.entries(FOLLOW_SHARE)) {
      const shop = shopByKey.get(key);
      if (!shop || !prng.chance(share)) continue;
      // Followed after both the account and the store existed.
      const shopDays = Math.floor((now.getTime() - shop.createdAt.getTime()) / DAY_MS);
      const latest = Math.max(0, Math.min(account.daysAgo, shopDays) - 1);
      follows.push({ userId: account.id, shopId: shop.id, createdAt: at(prng.int(0, latest), prng.int(0, 86_399)) });
    }
  }
  await db.transaction(async (tx) => {
    for (let i = 0; i < accounts.length; i += 500) {
      const slice = accounts.slice(i, i + 500);
      await tx
        .insert(users)
        .values(slice.map((a) => ({ id: a.id, userName: a.userName, mobile: a.mobile, nickName: a.nickName, passwordHash: null, createdAt: at(a.daysAgo, 0), updatedAt: at(a.daysAgo, 0) })))
        .onConflictDoNothing();
      await tx.insert(userWallets).values(slice.map((a) => ({ userId: a.id }))).onConflictDoNothing();
    }
    for (let i = 0; i < follows.length; i += 1_000) await tx.insert(shopCollections).values(follows.slice(i, i + 1_000)).onConflictDoNothing();
  });
}
