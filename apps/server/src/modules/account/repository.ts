// The account module's queries. Nothing here knows HTTP.
import { desc, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { preparedPer } from '../../db/prepared.ts';
import { smsMessages, users } from '../../db/schema/account.ts';

export type UserRow = typeof users.$inferSelect;
type Queryable = Db | Tx;

/** By phone or by account name (case-insensitive); a phone match wins over a name that looks like one. */
export async function findUserByLoginName(db: Queryable, loginName: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(users.mobile, loginName), sql`lower(${users.userName}) = lower(${loginName})`))
    .orderBy(sql`(${users.mobile} = ${loginName}) desc`)
    .limit(1);
  return row;
}

export async function findUserByMobile(db: Queryable, mobile: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
  return row;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

const userByIdStatement = preparedPer((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('account_user_by_id'),
);

/** findUserById outside a transaction, as a prepared statement: every logged-in page asks for its shopper. */
export async function readUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await userByIdStatement(db).execute({ id });
  return row;
}

export async function isUserNameTaken(db: Queryable, userName: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.userName}) = lower(${userName})`)
    .limit(1);
  return !!row;
}

export async function isMobileRegistered(db: Queryable, mobile: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile)).limit(1);
  return !!row;
}

export async function insertUser(
  db: Queryable,
  values: { id: string; mobile: string; nickName: string; userName?: string | null; passwordHash?: string | null },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

/** Inserts unless the phone is taken; either way answers the phone's user. */
export async function insertUserOrGetByMobile(
  db: Queryable,
  values: { id: string; mobile: string; nickName: string },
): Promise<UserRow> {
  await db.insert(users).values(values).onConflictDoNothing();
  const row = await findUserByMobile(db, values.mobile);
  if (!row) throw new Error('user vanished after insert');
  return row;
}

export async function setPassword(db: Queryable, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: now })
    .where(eq(users.id, userId));
}

export async function updateProfile(
  db: Queryable,
  userId: string,
  values: { nickName: string; pic?: string; sex?: string; birthDate?: string; updatedAt: Date },
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
  return row;
}

/** One sent SMS; a sandbox's code is kept for its inbox page, a real provider's never. */
export async function recordSmsMessage(
  db: Queryable,
  values: { mobile: string; purpose: string; provider: string; sandboxCode: string | null; sandboxText?: string | null; ip: string | null },
): Promise<void> {
  await db.insert(smsMessages).values(values);
}

export async function listRecentSmsMessages(db: Queryable, limit: number) {
  return db.select().from(smsMessages).orderBy(desc(smsMessages.id)).limit(limit);
}

/**
 * Named statement parts for another domain's rows that show their author (reviews): the user's
 * nickname and avatar by a user-id column of the caller's table, composed by a flow.
 */
export const userNickName = (id: AnyColumn): SQL<string> => sql<string>`coalesce((select ${users.nickName} from ${users} where ${users.id} = ${id}), '')`;
export const userAvatar = (id: AnyColumn): SQL<string | null> => sql<string | null>`(select ${users.pic} from ${users} where ${users.id} = ${id})`;

/** Named query for the session lookup (decision 015): the user of this id exists and is enabled. */
export const userIsActive = (id: AnyColumn): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${id} and ${users.status} = 1)`;
