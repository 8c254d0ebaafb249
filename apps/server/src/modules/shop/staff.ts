// Platform staff's hold on shops (issue 10): the console's list and search, taking a shop offline
// with a reason (1 -> 2), reopening it (2 -> 1) and its type (self-run or ordinary). Each move is
// a conditional UPDATE that answers the row before and after it, so two staff members acting at
// once never both win and the audit log gets the true change.
import { and, asc, count, desc, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import type { Db, Tx } from '../../db/client.ts';
import { shops } from '../../db/schema/shop.ts';

type Queryable = Db | Tx;
export type StaffShopRow = typeof shops.$inferSelect;

export interface StaffShopFilter {
  keyword?: string;
  status?: number;
  type?: number;
}

/** `%` and `_` typed into a search box are literal. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(filter: StaffShopFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.keyword) {
    const like = containing(filter.keyword);
    const byName = or(ilike(shops.nameZh, like), ilike(shops.nameEn, like)) as SQL;
    parts.push(/^\d{1,9}$/.test(filter.keyword) ? (or(byName, eq(shops.id, Number(filter.keyword))) as SQL) : byName);
  }
  if (filter.status !== undefined) parts.push(eq(shops.status, filter.status));
  if (filter.type !== undefined) parts.push(eq(shops.type, filter.type));
  return parts.length ? and(...parts) : undefined;
}

/** Newest first. */
export async function pageShops(db: Db, filter: StaffShopFilter, limit: number, offset: number) {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db.select().from(shops).where(where).orderBy(desc(shops.createdAt), asc(shops.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(shops).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findShop(db: Queryable, shopId: number): Promise<StaffShopRow | undefined> {
  const [row] = await db.select().from(shops).where(eq(shops.id, shopId)).limit(1);
  return row;
}

export interface ShopMove {
  before: StaffShopRow;
  after: StaffShopRow;
}

/**
 * One conditional move of a shop row, locked for the transaction so `before` is the row the
 * update changed. Null when the shop is missing or the condition does not hold.
 */
async function moveShop(tx: Tx, shopId: number, holds: (row: StaffShopRow) => boolean, condition: SQL, values: Partial<StaffShopRow>): Promise<ShopMove | null> {
  const [before] = await tx.select().from(shops).where(eq(shops.id, shopId)).for('update');
  if (!before || !holds(before)) return null;
  const [after] = await tx
    .update(shops)
    .set(values)
    .where(and(eq(shops.id, shopId), condition))
    .returning();
  return after ? { before, after } : null;
}

/** Open -> offline, with the reason its owner is shown. */
export function takeOffline(tx: Tx, shopId: number, reason: string, now: Date): Promise<ShopMove | null> {
  return moveShop(tx, shopId, (row) => row.status === SHOP_STATUS.open, eq(shops.status, SHOP_STATUS.open), {
    status: SHOP_STATUS.offline,
    offlineReason: reason,
    updatedAt: now,
  });
}

/** Offline -> open; the reason goes. */
export function reopen(tx: Tx, shopId: number, now: Date): Promise<ShopMove | null> {
  return moveShop(tx, shopId, (row) => row.status === SHOP_STATUS.offline, eq(shops.status, SHOP_STATUS.offline), {
    status: SHOP_STATUS.open,
    offlineReason: null,
    updatedAt: now,
  });
}

/** A new type; null when the shop is missing or already of that type. */
export function setType(tx: Tx, shopId: number, type: number, now: Date): Promise<ShopMove | null> {
  return moveShop(tx, shopId, (row) => row.type !== type, ne(shops.type, type), { type, updatedAt: now });
}

