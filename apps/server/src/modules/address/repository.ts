import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Language } from '@bazaar/shared/constants/limits';
import type { Db, Tx } from '../../db/client.ts';
import { preparedPer } from '../../db/prepared.ts';
import { areas, userAddresses } from '../../db/schema/address.ts';

export type AddressRow = typeof userAddresses.$inferSelect;
export type AddressValues = Omit<typeof userAddresses.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt' | 'commonAddr'>;

/** One level of divisions; English pages get the English name (the Chinese where none was made). */
export function listAreas(db: Db, parentId: number, lang: Language) {
  const areaName = lang === 'en' ? sql<string>`coalesce(${areas.nameEn}, ${areas.name})` : areas.name;
  return db
    .select({ areaId: areas.id, areaName, parentId: areas.parentId, level: areas.level })
    .from(areas)
    .where(eq(areas.parentId, parentId))
    .orderBy(asc(areas.id));
}

/** The English names of these divisions (those that have one). */
export function findAreaNamesEn(db: Db, ids: number[]) {
  return db
    .select({ id: areas.id, nameEn: areas.nameEn })
    .from(areas)
    .where(and(inArray(areas.id, ids), isNotNull(areas.nameEn)));
}

/** The areas with these ids and, per id, whether it has children: one query for a whole region. */
export function findAreas(db: Db, ids: number[]) {
  return db
    .select({
      id: areas.id,
      name: areas.name,
      parentId: areas.parentId,
      level: areas.level,
      // Spelled out: drizzle renders a bare column name inside a select list, which the subquery would capture.
      hasChildren: sql<boolean>`exists (select 1 from areas c where c.parent_id = "areas"."id")`,
    })
    .from(areas)
    .where(inArray(areas.id, ids));
}

const listStatement = preparedPer((db) =>
  db
    .select()
    .from(userAddresses)
    .where(eq(userAddresses.userId, sql.placeholder('userId')))
    .orderBy(desc(userAddresses.commonAddr), desc(userAddresses.id))
    .prepare('address_list'),
);

/** The default first, then the newest (prepared: checkout asks it on every confirm). */
export function listAddresses(db: Db, userId: string) {
  return listStatement(db).execute({ userId });
}

export async function findAddress(db: Db | Tx, userId: string, addrId: number): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(userAddresses)
    .where(and(eq(userAddresses.id, addrId), eq(userAddresses.userId, userId)));
  return row;
}

/**
 * Serializes one user's address writes (limit check, default switch) across instances: a lock on
 * the user's address book held until the transaction ends, taken without touching the account's
 * users table (a rare hash clash only makes two users' writes wait for each other).
 */
export async function lockAddressBook(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`address-book:${userId}`}, 0))`);
}

export async function countAddresses(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(userAddresses).where(eq(userAddresses.userId, userId));
  return row?.n ?? 0;
}

export async function clearDefault(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(userAddresses)
    .set({ commonAddr: false })
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.commonAddr, true)));
}

export async function insertAddress(tx: Tx, userId: string, values: AddressValues, commonAddr: boolean): Promise<AddressRow> {
  const [row] = await tx
    .insert(userAddresses)
    .values({ ...values, userId, commonAddr })
    .returning();
  return row!;
}

export async function updateAddress(tx: Tx, userId: string, addrId: number, values: Partial<AddressValues> & { commonAddr?: boolean }) {
  const [row] = await tx
    .update(userAddresses)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(userAddresses.id, addrId), eq(userAddresses.userId, userId)))
    .returning();
  return row;
}

export async function deleteAddress(tx: Tx, userId: string, addrId: number): Promise<AddressRow | undefined> {
  const [row] = await tx
    .delete(userAddresses)
    .where(and(eq(userAddresses.id, addrId), eq(userAddresses.userId, userId)))
    .returning();
  return row;
}

/** After the default was deleted, the newest remaining address becomes the default. */
export async function promoteNewest(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`
    update ${userAddresses} set common_addr = true
    where id = (select id from ${userAddresses} where user_id = ${userId} order by id desc limit 1)`);
}
