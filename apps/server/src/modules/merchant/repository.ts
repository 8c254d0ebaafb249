// Merchant data: store accounts (a shop's orders are the order module's, shop-orders.ts).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import type { Db, Tx } from '../../db/client.ts';
import { merchantAccounts } from '../../db/schema/merchant.ts';

type Queryable = Db | Tx;

/** Enabled store accounts; 0 is disabled. */
export const ACCOUNT_ENABLED = 1;

/**
 * The shop module's named query an account's reads join for its shop's state and names
 * (shop/repository.ts anyShopCard; flows/sign-in.ts and flows/merchant-session.ts hand it in).
 */
export type ShopCard = (db: Db) => SubqueryWithSelection<
  { shopId: SQL.Aliased<number>; nameZh: SQL.Aliased<string>; nameEn: SQL.Aliased<string | null>; status: SQL.Aliased<number>; offlineReason: SQL.Aliased<string | null> },
  'any_shop'
>;

/** The account of a login name (any case), with its shop's state and names. */
export async function findAccountByUsername(db: Db, username: string, shopCard: ShopCard) {
  const shop = shopCard(db);
  const [row] = await db
    .select({
      id: merchantAccounts.id,
      shopId: merchantAccounts.shopId,
      passwordHash: merchantAccounts.passwordHash,
      status: merchantAccounts.status,
      shopStatus: shop.status,
      shopOfflineReason: shop.offlineReason,
      shopNameZh: shop.nameZh,
      shopNameEn: shop.nameEn,
    })
    .from(merchantAccounts)
    .innerJoin(shop, eq(shop.shopId, merchantAccounts.shopId))
    .where(eq(sql`lower(${merchantAccounts.username})`, username.toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function touchLogin(db: Queryable, accountId: number, now: Date) {
  await db.update(merchantAccounts).set({ lastLoginAt: now }).where(eq(merchantAccounts.id, accountId));
}

/** The account behind a token, only while it is enabled and its shop is open. */
export async function findActiveAccount(db: Db, accountId: number, shopCard: ShopCard) {
  const shop = shopCard(db);
  const [row] = await db
    .select({ id: merchantAccounts.id, shopId: merchantAccounts.shopId })
    .from(merchantAccounts)
    .innerJoin(shop, eq(shop.shopId, merchantAccounts.shopId))
    .where(and(eq(merchantAccounts.id, accountId), eq(merchantAccounts.status, ACCOUNT_ENABLED), eq(shop.status, SHOP_STATUS.open)))
    .limit(1);
  return row ?? null;
}

/** The signed-in account with its shop's names (GET /merchant/me). */
export async function findAccountProfile(db: Db, accountId: number, shopCard: ShopCard) {
  const shop = shopCard(db);
  const [row] = await db
    .select({ shopId: merchantAccounts.shopId, username: merchantAccounts.username, shopNameZh: shop.nameZh, shopNameEn: shop.nameEn })
    .from(merchantAccounts)
    .innerJoin(shop, eq(shop.shopId, merchantAccounts.shopId))
    .where(eq(merchantAccounts.id, accountId))
    .limit(1);
  return row ?? null;
}

/** A shop's store account, if one was set. */
export async function findAccountOfShop(db: Queryable, shopId: number) {
  const [row] = await db
    .select({ id: merchantAccounts.id, username: merchantAccounts.username, passwordHash: merchantAccounts.passwordHash })
    .from(merchantAccounts)
    .where(eq(merchantAccounts.shopId, shopId))
    .limit(1);
  return row ?? null;
}

export async function isUsernameTaken(db: Queryable, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: merchantAccounts.id })
    .from(merchantAccounts)
    .where(eq(sql`lower(${merchantAccounts.username})`, username.toLowerCase()))
    .limit(1);
  return Boolean(row);
}

export async function insertAccount(db: Queryable, values: { shopId: number; username: string; passwordHash: string }): Promise<number> {
  const [row] = await db.insert(merchantAccounts).values(values).returning({ id: merchantAccounts.id });
  if (!row) throw new Error('merchant account insert returned nothing');
  return row.id;
}

/** Replaces the hash only while it is still the one checked, so two changes never both win. */
export async function replacePasswordHash(db: Queryable, accountId: number, oldHash: string, newHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(merchantAccounts)
    .set({ passwordHash: newHash, updatedAt: now })
    .where(and(eq(merchantAccounts.id, accountId), eq(merchantAccounts.passwordHash, oldHash)))
    .returning({ id: merchantAccounts.id });
  return rows.length === 1;
}
