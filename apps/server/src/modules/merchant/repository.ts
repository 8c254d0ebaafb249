// Merchant data: store accounts, the owner's and the staff's (a shop's orders are the order
// module's, shop-orders.ts), and the shop's log of staff changes.
import { and, asc, count, desc, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import type { Db, Tx } from '../../db/client.ts';
import { preparedPerParts } from '../../db/prepared.ts';
import { merchantAccounts, merchantAuditLogs } from '../../db/schema/merchant.ts';

type Queryable = Db | Tx;

/** Enabled store accounts; 0 is disabled. */
export const ACCOUNT_ENABLED = 1;
export const ACCOUNT_DISABLED = 0;
/** The shop's own account (one per shop); every other role is staff the owner added. */
export const OWNER_ROLE = 'owner';

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
      role: merchantAccounts.role,
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

/** Read on every merchant request: prepared (decision 013), with the login name the shop's log copies. */
const activeAccountStatement = preparedPerParts((db, shopCard: ShopCard) => {
  const shop = shopCard(db);
  return db
    .select({ id: merchantAccounts.id, shopId: merchantAccounts.shopId, role: merchantAccounts.role, username: merchantAccounts.username })
    .from(merchantAccounts)
    .innerJoin(shop, eq(shop.shopId, merchantAccounts.shopId))
    .where(and(eq(merchantAccounts.id, sql.placeholder('accountId')), eq(merchantAccounts.status, ACCOUNT_ENABLED), eq(shop.status, SHOP_STATUS.open)))
    .limit(1)
    .prepare('merchant_active_account');
});

/**
 * Named query for the session lookup (decision 057, as the staff's adminGrants): the account behind
 * a merchant token as one JSON value (its id, shop, role and login name), only while it is enabled
 * and its shop open (`shopOpen`, the shop module's part the session flow hands in), read in the
 * same statement as the token: a merchant request pays one round trip for its session, not two.
 */
export const activeAccountGrants =
  (shopOpen: (shopId: SQL) => SQL<boolean>) =>
  (subject: AnyColumn): SQL<unknown> =>
    sql`(select json_build_object('id', a.id, 'shopId', a.shop_id, 'role', a.role, 'username', a.username)
        from ${merchantAccounts} a
       where a.id = (case when ${subject} ~ '^[0-9]{1,9}$' then ${subject}::int end) and a.status = ${ACCOUNT_ENABLED} and ${shopOpen(sql`a.shop_id`)})`;

/** The account behind a token, only while it is enabled and its shop is open. */
export async function findActiveAccount(db: Db, accountId: number, shopCard: ShopCard) {
  const [row] = await activeAccountStatement(db, shopCard).execute({ accountId });
  return row ?? null;
}

/** The signed-in account with its shop's names (GET /merchant/me). */
export async function findAccountProfile(db: Db, accountId: number, shopCard: ShopCard) {
  const shop = shopCard(db);
  const [row] = await db
    .select({
      shopId: merchantAccounts.shopId,
      username: merchantAccounts.username,
      displayName: merchantAccounts.displayName,
      shopNameZh: shop.nameZh,
      shopNameEn: shop.nameEn,
    })
    .from(merchantAccounts)
    .innerJoin(shop, eq(shop.shopId, merchantAccounts.shopId))
    .where(eq(merchantAccounts.id, accountId))
    .limit(1);
  return row ?? null;
}

/** A shop's store account (its owner's), if one was set. */
export async function findAccountOfShop(db: Queryable, shopId: number) {
  const [row] = await db
    .select({ id: merchantAccounts.id, username: merchantAccounts.username, passwordHash: merchantAccounts.passwordHash })
    .from(merchantAccounts)
    .where(and(eq(merchantAccounts.shopId, shopId), eq(merchantAccounts.role, OWNER_ROLE)))
    .limit(1);
  return row ?? null;
}

/** One account by id, for its own password change. */
export async function findAccountById(db: Queryable, accountId: number) {
  const [row] = await db
    .select({ id: merchantAccounts.id, username: merchantAccounts.username, passwordHash: merchantAccounts.passwordHash })
    .from(merchantAccounts)
    .where(eq(merchantAccounts.id, accountId))
    .limit(1);
  return row ?? null;
}

const staffColumns = {
  id: merchantAccounts.id,
  username: merchantAccounts.username,
  displayName: merchantAccounts.displayName,
  role: merchantAccounts.role,
  status: merchantAccounts.status,
  lastLoginAt: merchantAccounts.lastLoginAt,
  createdAt: merchantAccounts.createdAt,
};

/** Every account of a shop: the owner first, then staff in the order they were added. */
export async function listShopAccounts(db: Queryable, shopId: number) {
  return db
    .select(staffColumns)
    .from(merchantAccounts)
    .where(eq(merchantAccounts.shopId, shopId))
    .orderBy(sql`${merchantAccounts.role} <> ${OWNER_ROLE}`, asc(merchantAccounts.id));
}

/**
 * A staff account of the shop (never the owner), locked for the change that follows; null for
 * an unknown id, another shop's account and the owner alike.
 */
export async function lockShopStaff(tx: Tx, shopId: number, accountId: number) {
  const [row] = await tx
    .select(staffColumns)
    .from(merchantAccounts)
    .where(and(eq(merchantAccounts.id, accountId), eq(merchantAccounts.shopId, shopId), ne(merchantAccounts.role, OWNER_ROLE)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function updateStaff(tx: Tx, accountId: number, values: { role?: string; status?: number; passwordHash?: string }, now: Date): Promise<void> {
  await tx
    .update(merchantAccounts)
    .set({ ...values, updatedAt: now })
    .where(and(eq(merchantAccounts.id, accountId), ne(merchantAccounts.role, OWNER_ROLE)));
}

/** The name the shop's log copies for an account. */
export async function accountName(db: Queryable, accountId: number): Promise<string> {
  const [row] = await db.select({ username: merchantAccounts.username }).from(merchantAccounts).where(eq(merchantAccounts.id, accountId)).limit(1);
  return row?.username ?? String(accountId);
}

// ---- The shop's log ----

export async function insertAuditLog(
  db: Queryable,
  entry: { shopId: number; accountId: number; accountName: string; action: string; targetType: string; targetId: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null; createdAt: Date },
): Promise<void> {
  await db.insert(merchantAuditLogs).values(entry);
}

/**
 * insertAuditLog as a statement part, for a caller that runs it inside a statement of its own (a
 * CTE): written only while `when` holds (the caller's condition, e.g. that its own update moved a row).
 */
export function auditLogPart(
  entry: { shopId: number; accountId: number; accountName: string; action: string; targetType: string; targetId: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null; createdAt: Date },
  when: SQL,
): SQL {
  const json = (value: Record<string, unknown> | null) => (value === null ? sql`null` : sql`${JSON.stringify(value)}::jsonb`);
  return sql`insert into ${merchantAuditLogs} (shop_id, account_id, account_name, action, target_type, target_id, before, after, created_at)
    select ${entry.shopId}::int, ${entry.accountId}::int, ${entry.accountName}::varchar, ${entry.action}::varchar, ${entry.targetType}::varchar, ${entry.targetId}::varchar, ${json(entry.before)}, ${json(entry.after)}, ${entry.createdAt.toISOString()}::timestamptz
    where ${when}`;
}

/** A page of a shop's log, newest first. */
export async function pageAuditLogs(db: Queryable, shopId: number, page: { current: number; size: number }) {
  const where = eq(merchantAuditLogs.shopId, shopId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(merchantAuditLogs)
      .where(where)
      .orderBy(desc(merchantAuditLogs.createdAt), desc(merchantAuditLogs.id))
      .limit(page.size)
      .offset((page.current - 1) * page.size),
    db.select({ n: count() }).from(merchantAuditLogs).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function isUsernameTaken(db: Queryable, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: merchantAccounts.id })
    .from(merchantAccounts)
    .where(eq(sql`lower(${merchantAccounts.username})`, username.toLowerCase()))
    .limit(1);
  return Boolean(row);
}

export async function insertAccount(
  db: Queryable,
  values: { shopId: number; username: string; passwordHash: string; role?: string; displayName?: string | null },
): Promise<number> {
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
