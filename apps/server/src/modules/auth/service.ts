// One auth for shoppers, merchants and platform staff (decision 015): opaque tokens stored hashed
// in one table, and one lockout that counts every password try before the password is checked.
import { createHash, randomBytes } from 'node:crypto';
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES, TOKEN_TTL_SECONDS } from '@bazaar/shared/constants/limits';
import type { Token } from '@bazaar/shared/schemas/account';
import type { AppContext } from '../../context.ts';
import * as repo from './repository.ts';

export const AUDIENCES = ['shopper', 'merchant', 'admin'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** How long a token lives, per audience: shoppers stay logged in, staff log in each working day. */
export const TOKEN_TTL_SECONDS_BY_AUDIENCE: Record<Audience, number> = {
  shopper: TOKEN_TTL_SECONDS,
  merchant: 12 * 3600,
  admin: 12 * 3600,
};

/** Live sessions one account may hold; a login beyond this revokes the oldest (decision 015). */
export const LIVE_SESSIONS_MAX: Record<Audience, number> = { shopper: 10, merchant: 10, admin: 1 };

export interface ClientMeta {
  ip: string;
  userAgent: string | undefined;
}

export interface Session {
  audience: Audience;
  /** The audience's own account id, as text. */
  subject: string;
  tokenHash: string;
  /** What the audience's owner read with the token (sessionLookup's grants), e.g. a role's permissions. */
  grants: unknown;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Accepts a raw token and tolerates a leading `bearer` (reference section 1). */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.replace(/^bearer\s+/i, '').trim();
  return token.length >= 16 && token.length <= 128 ? token : null;
}

const isAudience = (value: string): value is Audience => (AUDIENCES as readonly string[]).includes(value);

/** A new 256-bit token for the subject; only its sha256 is stored. */
export async function issueToken(ctx: Pick<AppContext, 'db' | 'now'>, audience: Audience, subject: string, meta: ClientMeta): Promise<Token> {
  const accessToken = randomBytes(32).toString('hex');
  const now = ctx.now();
  const ttl = TOKEN_TTL_SECONDS_BY_AUDIENCE[audience];
  await repo.insertToken(ctx.db, {
    tokenHash: hashToken(accessToken),
    audience,
    subject,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttl * 1000),
    userAgent: meta.userAgent?.slice(0, 255) ?? null,
    ip: meta.ip.slice(0, 64),
  });
  await repo.revokeOlderTokens(ctx.db, audience, subject, LIVE_SESSIONS_MAX[audience], now);
  return { accessToken, expiresIn: ttl };
}

export type { SubjectCheck, SubjectGrants } from './repository.ts';

/**
 * Builds the per-request lookup: the live session of a raw token, whatever its audience, while
 * its subject passes the audience's check (given by the module that owns the accounts), with what
 * the owner's grants query reads for it (a staff member's role permissions), in one statement.
 */
export function sessionLookup(
  ctx: Pick<AppContext, 'db' | 'now'>,
  checks: Partial<Record<Audience, repo.SubjectCheck>>,
  grants: Partial<Record<Audience, repo.SubjectGrants>> = {},
): (token: string) => Promise<Session | null> {
  const find = repo.prepareFindLiveToken(ctx.db, Object.entries(checks) as Array<[Audience, repo.SubjectCheck]>, Object.entries(grants) as Array<[Audience, repo.SubjectGrants]>);
  return async (token) => {
    const tokenHash = hashToken(token);
    const [row] = await find.execute({ tokenHash, now: ctx.now() });
    if (!row || !row.active || !isAudience(row.audience)) return null;
    return { audience: row.audience, subject: row.subject, tokenHash, grants: row.grants ?? null };
  };
}

/** Revokes a raw token of the audience, whatever its state; a no-op for anything else. */
export async function revokeToken(ctx: Pick<AppContext, 'db' | 'now'>, audience: Audience, authorization: string | undefined): Promise<void> {
  const token = tokenFromHeader(authorization);
  if (token) await repo.revokeToken(ctx.db, audience, hashToken(token), ctx.now());
}

/** Ends every session of one account (a new password, a disabled account). */
export async function revokeSessions(ctx: Pick<AppContext, 'db' | 'now'>, audience: Audience, subject: string): Promise<void> {
  await repo.revokeSubjectTokens(ctx.db, audience, subject, ctx.now());
}

// ---- Lockout ----

export type AttemptResult<T> = { ok: true; value: T } | { ok: false; lockedUntil: Date | null };

const attemptKey = (audience: Audience, account: string) => ({ audience, account: account.toLowerCase().slice(0, 80) });

/**
 * Runs one password check under the audience's lockout. The try is counted in one statement
 * BEFORE `check` runs, so N parallel tries count N and at most LOGIN_MAX_FAILURES are ever checked
 * in a window; the try past the limit locks the account for LOGIN_LOCK_MS. `check` answers a value
 * for a right password and null for a wrong one. A right password gives back only its own try, so
 * it never resets failures counted around it, and a failure never clears a lock.
 */
export async function attemptLogin<T>(
  ctx: Pick<AppContext, 'db' | 'now'>,
  audience: Audience,
  account: string,
  check: () => Promise<T | null>,
): Promise<AttemptResult<T>> {
  const key = attemptKey(audience, account);
  const now = ctx.now();
  const rule = { max: LOGIN_MAX_FAILURES, windowMs: LOGIN_LOCK_MS, lockMs: LOGIN_LOCK_MS };
  const counted = await repo.countAttempt(ctx.db, key, now, rule);
  if (counted.lockedUntil) return { ok: false, lockedUntil: counted.lockedUntil };
  const value = await check();
  if (value !== null) {
    await repo.returnAttempt(ctx.db, key);
    return { ok: true, value };
  }
  if (counted.attempts < LOGIN_MAX_FAILURES) return { ok: false, lockedUntil: null };
  return { ok: false, lockedUntil: await repo.lockAccount(ctx.db, key, new Date(ctx.now().getTime() + LOGIN_LOCK_MS)) };
}

/** A new password lifts the lock of the account. */
export async function clearLockout(ctx: Pick<AppContext, 'db'>, audience: Audience, account: string): Promise<void> {
  await repo.clearAttempts(ctx.db, attemptKey(audience, account));
}

/** Whole minutes left of a lock, at least 1, for the message. */
export function lockMinutes(lockedUntil: Date, now: Date): number {
  return Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
}
