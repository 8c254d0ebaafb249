// The auth module's queries: the token store and the login-attempt counters. Nothing here knows HTTP.
import { createHash } from 'node:crypto';
import { and, desc, eq, gt, isNull, notInArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { authAttempts, authTokens } from '../../db/schema/auth.ts';

type Queryable = Db | Tx;

export async function insertToken(db: Queryable, values: typeof authTokens.$inferInsert): Promise<void> {
  await db.insert(authTokens).values(values);
}

/** Whether a token's subject may still act, as SQL over its subject column; one per audience. */
export type SubjectCheck = (subject: AnyColumn) => SQL<boolean>;

/**
 * A lookup for every authenticated request, so it is a prepared statement (parsed once per
 * connection). The owners' subject checks and grants (named queries they export: whether the
 * account may act, and its role's permissions) ride along in the same statement, so a request pays
 * one round trip for its session and its permissions.
 */
/** What a token's subject may do, as SQL over its subject column (any JSON value; null for none); one per audience. */
export type SubjectGrants = (subject: AnyColumn) => SQL<unknown>;

export function prepareFindLiveToken(db: Db, checks: Array<[audience: string, check: SubjectCheck]>, grantsOf: Array<[audience: string, grants: SubjectGrants]> = []) {
  const active = checks.length
    ? sql<boolean>`case ${sql.join(
        checks.map(([audience, check]) => sql`when ${authTokens.audience} = ${audience} then ${check(authTokens.subject)}`),
        sql` `,
      )} else true end`
    : sql<boolean>`true`;
  const grants = grantsOf.length
    ? sql<unknown>`case ${sql.join(
        grantsOf.map(([audience, read]) => sql`when ${authTokens.audience} = ${audience} then ${read(authTokens.subject)}`),
        sql` `,
      )} else null end`
    : sql<unknown>`null`;
  const query = db
    .select({ audience: authTokens.audience, subject: authTokens.subject, expiresAt: authTokens.expiresAt, active, grants })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1);
  // A statement's name stands for one text on a connection (node-postgres refuses another text
  // under it), and callers prepare this lookup with different checks and grants (the auth plugin,
  // the chat socket): the name is drawn from the text.
  return query.prepare(`auth_find_live_token_${createHash('sha1').update(query.toSQL().sql).digest('hex').slice(0, 16)}`);
}

/** Answers the subject whose token it revoked, if any. */
export async function revokeToken(db: Queryable, audience: string, tokenHash: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.audience, audience), isNull(authTokens.revokedAt)))
    .returning({ subject: authTokens.subject });
  return row?.subject ?? null;
}

export async function revokeSubjectTokens(db: Queryable, audience: string, subject: string, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.audience, audience), eq(authTokens.subject, subject), isNull(authTokens.revokedAt)));
}

/** Revokes the subject's live tokens beyond its `keep` newest; answers how many it revoked. */
export async function revokeOlderTokens(db: Queryable, audience: string, subject: string, keep: number, now: Date): Promise<number> {
  const mine = and(eq(authTokens.audience, audience), eq(authTokens.subject, subject), isNull(authTokens.revokedAt));
  const newest = db.select({ tokenHash: authTokens.tokenHash }).from(authTokens).where(mine).orderBy(desc(authTokens.createdAt)).limit(keep);
  const revoked = await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(mine, notInArray(authTokens.tokenHash, newest)))
    .returning({ tokenHash: authTokens.tokenHash });
  return revoked.length;
}

/**
 * Counts one try in one statement and answers the count and any lock. A live lock is left as it
 * is and the try is not counted; a window that ended starts again at 1; the try that goes over
 * `max` sets the lock (and stretches the window to it).
 */
export async function countAttempt(
  db: Queryable,
  key: { audience: string; account: string },
  now: Date,
  rule: { max: number; windowMs: number; lockMs: number },
): Promise<{ attempts: number; lockedUntil: Date | null }> {
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const windowEnd = sql`${new Date(now.getTime() + rule.windowMs).toISOString()}::timestamptz`;
  const lockEnd = sql`${new Date(now.getTime() + rule.lockMs).toISOString()}::timestamptz`;
  const locked = sql`${authAttempts.lockedUntil} > ${nowAt}`;
  const over = sql`${authAttempts.windowEnds} <= ${nowAt}`;
  const goesOver = sql`${authAttempts.attempts} + 1 > ${rule.max}`;
  const [row] = await db
    .insert(authAttempts)
    .values({ audience: key.audience, account: key.account, attempts: 1, windowEnds: sql`${windowEnd}`, lockedUntil: null })
    .onConflictDoUpdate({
      target: [authAttempts.audience, authAttempts.account],
      set: {
        attempts: sql`case when ${locked} then ${authAttempts.attempts} when ${over} then 1 else ${authAttempts.attempts} + 1 end`,
        windowEnds: sql`case when ${locked} then ${authAttempts.windowEnds} when ${over} then ${windowEnd} when ${goesOver} then greatest(${authAttempts.windowEnds}, ${lockEnd}) else ${authAttempts.windowEnds} end`,
        lockedUntil: sql`case when ${locked} then ${authAttempts.lockedUntil} when ${over} then null when ${goesOver} then ${lockEnd} else ${authAttempts.lockedUntil} end`,
      },
    })
    .returning({ attempts: authAttempts.attempts, lockedUntil: authAttempts.lockedUntil });
  if (!row) throw new Error('attempt upsert returned nothing');
  return { attempts: row.attempts, lockedUntil: row.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null };
}

/** Gives back one counted try (a right password is not a failure). */
export async function returnAttempt(db: Queryable, key: { audience: string; account: string }): Promise<void> {
  await db
    .update(authAttempts)
    .set({ attempts: sql`greatest(${authAttempts.attempts} - 1, 0)` })
    .where(and(eq(authAttempts.audience, key.audience), eq(authAttempts.account, key.account)));
}

/** Sets the lock unless a later one is already set; a failure never shortens or clears a lock. */
export async function lockAccount(db: Queryable, key: { audience: string; account: string }, until: Date): Promise<Date> {
  const at = sql`${until.toISOString()}::timestamptz`;
  const [row] = await db
    .update(authAttempts)
    .set({ lockedUntil: sql`greatest(coalesce(${authAttempts.lockedUntil}, ${at}), ${at})`, windowEnds: sql`greatest(${authAttempts.windowEnds}, ${at})` })
    .where(and(eq(authAttempts.audience, key.audience), eq(authAttempts.account, key.account)))
    .returning({ lockedUntil: authAttempts.lockedUntil });
  return row?.lockedUntil ?? until;
}

/** A new password lifts the lock and forgets the tries. */
export async function clearAttempts(db: Queryable, key: { audience: string; account: string }): Promise<void> {
  await db.delete(authAttempts).where(and(eq(authAttempts.audience, key.audience), eq(authAttempts.account, key.account)));
}
