// The account module's queries. Nothing here knows HTTP.
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '@bazaar/shared/constants/limits';
import type { Db, Tx } from '../../db/client.ts';
import { smsMessages, userTokens, users } from '../../db/schema.ts';

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

/**
 * Counts one wrong password in one statement. The failure that reaches LOGIN_MAX_FAILURES
 * locks the account for LOGIN_LOCK_MS and starts the count again. Answers the lock, if any.
 */
export async function recordLoginFailure(db: Queryable, userId: string, now: Date): Promise<Date | null> {
  const lockUntil = new Date(now.getTime() + LOGIN_LOCK_MS).toISOString();
  const reaches = sql`${users.failedLoginCount} + 1 >= ${LOGIN_MAX_FAILURES}`;
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: sql`case when ${reaches} then 0 else ${users.failedLoginCount} + 1 end`,
      lockedUntil: sql`case when ${reaches} then ${lockUntil}::timestamptz else null end`,
    })
    .where(eq(users.id, userId))
    .returning({ lockedUntil: users.lockedUntil });
  return row?.lockedUntil ?? null;
}

export async function clearLoginFailures(db: Queryable, userId: string): Promise<void> {
  await db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, userId));
}

export async function insertToken(
  db: Queryable,
  values: { tokenHash: string; userId: string; createdAt: Date; expiresAt: Date; userAgent: string | null; ip: string | null },
): Promise<void> {
  await db.insert(userTokens).values(values);
}

export async function revokeToken(db: Queryable, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(userTokens)
    .set({ revokedAt: now })
    .where(and(eq(userTokens.tokenHash, tokenHash), isNull(userTokens.revokedAt)));
}

export async function revokeAllTokens(db: Queryable, userId: string, now: Date): Promise<void> {
  await db
    .update(userTokens)
    .set({ revokedAt: now })
    .where(and(eq(userTokens.userId, userId), isNull(userTokens.revokedAt)));
}

/** A new password also lifts any lock. */
export async function setPassword(db: Queryable, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, failedLoginCount: 0, lockedUntil: null, updatedAt: now })
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

export async function listRecentSmsMessages(db: Queryable, limit: number) {
  return db.select().from(smsMessages).orderBy(desc(smsMessages.id)).limit(limit);
}
