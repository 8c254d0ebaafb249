// Platform staff accounts. Nothing here knows HTTP.
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { adminUsers } from '../../db/schema/admin.ts';

type Queryable = Db | Tx;

export async function findAdminByUsername(db: Queryable, username: string) {
  const [row] = await db
    .select()
    .from(adminUsers)
    .where(eq(sql`lower(${adminUsers.username})`, username.toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function findActiveAdmin(db: Queryable, id: number) {
  const [row] = await db
    .select({ id: adminUsers.id, username: adminUsers.username })
    .from(adminUsers)
    .where(and(eq(adminUsers.id, id), eq(adminUsers.status, 1)))
    .limit(1);
  return row ?? null;
}

export async function insertAdmin(db: Queryable, values: { username: string; passwordHash: string }) {
  const [row] = await db.insert(adminUsers).values(values).returning({ id: adminUsers.id });
  if (!row) throw new Error('admin insert returned nothing');
  return row.id;
}

export async function touchLogin(db: Queryable, id: number, now: Date) {
  await db.update(adminUsers).set({ lastLoginAt: now }).where(eq(adminUsers.id, id));
}

/** Named query for the session lookup (decision 015): the staff account of this id is enabled. */
export const adminIsActive = (id: AnyColumn): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${adminUsers} where ${adminUsers.id}::text = ${id} and ${adminUsers.status} = 1)`;
