// One auth for shoppers, merchants and platform staff (decision 015): opaque tokens stored hashed
// in one table, and one lockout that counts every password try before the password is checked.
import { hash, randomBytes } from 'node:crypto';
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
  // The one-shot hash (Node 20.12+): no Hash object per request (every authenticated request hashes its token).
  return hash('sha256', token, 'hex');
}

/** Accepts a raw token and tolerates a leading `bearer` (reference section 1). */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.replace(/^bearer\s+/i, '').trim();
  return token.length >= 16 && token.length <= 128 ? token : null;
}

const isAudience = (value: string): value is Audience => (AUDIENCES as readonly string[]).includes(value);

// ---- Revocation marks (decision 068) ----

/** How long an instance trusts a cached session without asking PostgreSQL again (the revocation mark ends it at once). */
export const SESSION_CACHE_MS = 10 * 60_000;
/** Sessions cached per lookup; the oldest goes first beyond it. */
const SESSION_CACHE_MAX = 100_000;
/** A mark outlives every cache entry that was verified before it was written. */
const REVOKED_MARK_TTL_MS = 2 * SESSION_CACHE_MS;

const revokedKey = (audience: Audience, subject: string) => `auth:revoked:${audience}:${subject}`;

/**
 * Marks that a session of the subject ended (after the revocation is stored in PostgreSQL): every
 * instance's cached sessions of the subject stop being trusted at their next request. The value is
 * unique per revocation, so a cache compares it for equality and relies on no clock.
 */
async function markRevoked(ctx: Pick<AppContext, 'kv'>, audience: Audience, subject: string): Promise<void> {
  await ctx.kv.set(revokedKey(audience, subject), `${Date.now()}.${randomBytes(6).toString('hex')}`, REVOKED_MARK_TTL_MS);
}

/**
 * What a subject's sessions may do changed without ending them (decision 068's merchant amendment:
 * a staff member's role, the shop taken offline or reopened): after the change is stored in
 * PostgreSQL, every instance's cached sessions of the subject are verified again at their next
 * request, which reads the new grants. The same mark as a revocation.
 */
export async function markSessionsChanged(ctx: Pick<AppContext, 'kv'>, audience: Audience, subject: string): Promise<void> {
  await markRevoked(ctx, audience, subject);
}

/** A new 256-bit token for the subject; only its sha256 is stored. */
export async function issueToken(ctx: Pick<AppContext, 'db' | 'now' | 'kv'>, audience: Audience, subject: string, meta: ClientMeta): Promise<Token> {
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
  if (await repo.revokeOlderTokens(ctx.db, audience, subject, LIVE_SESSIONS_MAX[audience], now)) await markRevoked(ctx, audience, subject);
  return { accessToken, expiresIn: ttl };
}

export type { SubjectCheck, SubjectGrants } from './repository.ts';

interface CachedSession {
  session: Session;
  /** The subject's revocation mark as read before the session was verified (null: none). */
  mark: string | null;
  verifiedAt: number;
  expiresAt: number;
  /** The SessionMark handed to a route (`deferred`), made at its first use and kept with the entry. */
  handed?: SessionMark;
}

/**
 * A cached session whose revocation mark the route checks itself, in the same atomic step as its
 * own work (the flash sale's submit, in the gate's script): no kv read of its own. If the mark
 * differs, nothing was done, and `renew` verifies the session again (decision 068).
 */
export interface SessionMark {
  /** The subject's mark key in the kv (without the kv's prefix). */
  key: string;
  /** The mark the session was verified under (null: none). */
  mark: string | null;
  /** The mark changed: forgets the cached session and verifies it again; null when it has ended. */
  renew(): Promise<SessionMark | null>;
}

export interface SessionLookup {
  /** The live session of a raw token; with `useCache`, a cached one costs one kv read of its mark. */
  (token: string, useCache?: boolean): Promise<Session | null>;
  /**
   * The cached session without reading its mark: the caller checks `mark` before it acts (or
   * `requireMark`). A token not cached is verified as `(token, true)` does, and its mark is null:
   * verified in this request, nothing left to check.
   */
  deferred(token: string): Promise<{ session: Session; mark: SessionMark | null } | null>;
  /** What `deferred` answers for a cached session, at once; null when the token would need the statement. */
  cached(token: string): { session: Session; mark: SessionMark } | null;
}

/**
 * Builds the per-request lookup: the live session of a raw token, whatever its audience, while
 * its subject passes the audience's check (given by the module that owns the accounts), with what
 * the owner's grants query reads for it (a staff member's role permissions), in one statement.
 *
 * Sessions of the `cached` audiences are kept in process for up to SESSION_CACHE_MS when the caller
 * asks (`useCache`: the routes that opt in, decision 068):
 * a cached one costs one kv read (the subject's revocation mark, unchanged since it was verified)
 * instead of the statement, or none when the route checks the mark itself (`deferred`). The mark is
 * always read before the statement that verifies what is cached (for a token not seen before, after
 * a first statement that names its subject), so a revocation stored before the read is seen by the
 * statement and one stored after it changes the mark.
 */
export function sessionLookup(
  ctx: Pick<AppContext, 'db' | 'now' | 'kv'>,
  checks: Partial<Record<Audience, repo.SubjectCheck>>,
  grants: Partial<Record<Audience, repo.SubjectGrants>> = {},
  cached: readonly Audience[] = [],
): SessionLookup {
  const find = repo.prepareFindLiveToken(ctx.db, Object.entries(checks) as Array<[Audience, repo.SubjectCheck]>, Object.entries(grants) as Array<[Audience, repo.SubjectGrants]>);
  // An audience whose grants read null may not act (a merchant account disabled, its shop offline):
  // such a session is answered but never cached, so whatever lets it act again is read at once.
  const mayCache = (session: Session) => cached.includes(session.audience) && (grants[session.audience] === undefined || session.grants !== null);
  const cache = new Map<string, CachedSession>();
  const verify = async (tokenHash: string) => {
    const [row] = await find.execute({ tokenHash, now: ctx.now() });
    if (!row || !row.active || !isAudience(row.audience)) return null;
    return { session: { audience: row.audience, subject: row.subject, tokenHash, grants: row.grants ?? null }, expiresAt: row.expiresAt.getTime() };
  };
  const lookup = async (token: string, useCache = false) => {
    const tokenHash = hashToken(token);
    const hit = useCache ? cache.get(tokenHash) : undefined;
    // The subject's mark, read before the statement that verifies the session (undefined: not read yet).
    let mark: string | null | undefined;
    if (hit) {
      if (hit.expiresAt > ctx.now().getTime()) {
        mark = await ctx.kv.get(revokedKey(hit.session.audience, hit.session.subject));
        if (mark === hit.mark && Date.now() - hit.verifiedAt < SESSION_CACHE_MS) return hit.session;
      }
      cache.delete(tokenHash);
    }
    const verifiedAt = Date.now();
    let found = await verify(tokenHash);
    if (!found || !useCache || !mayCache(found.session)) return found?.session ?? null;
    if (mark === undefined) {
      // A token not seen before: its subject is known only now, so the mark is read and the statement run again.
      mark = await ctx.kv.get(revokedKey(found.session.audience, found.session.subject));
      found = await verify(tokenHash);
      if (!found) return null;
      if (!mayCache(found.session)) return found.session;
    }
    if (cache.size >= SESSION_CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(tokenHash, { ...found, mark, verifiedAt });
    return found.session;
  };
  /** The mark of a cached session, to be checked by the caller. */
  const markOf = (token: string, hit: CachedSession): SessionMark => ({
    key: revokedKey(hit.session.audience, hit.session.subject),
    mark: hit.mark,
    renew: async () => {
      const tokenHash = hashToken(token);
      if (cache.get(tokenHash) === hit) cache.delete(tokenHash);
      if (!(await lookup(token, true))) return null;
      const renewed = cache.get(tokenHash);
      return renewed ? markOf(token, renewed) : null;
    },
  });
  const cachedNow = (token: string) => {
    const hit = cache.get(hashToken(token));
    // Past a bound (expiry, SESSION_CACHE_MS): verified again by the lookup, which also forgets it.
    return hit && hit.expiresAt > ctx.now().getTime() && Date.now() - hit.verifiedAt < SESSION_CACHE_MS ? { session: hit.session, mark: (hit.handed ??= markOf(token, hit)) } : null;
  };
  const deferred = async (token: string) => {
    const hit = cachedNow(token);
    if (hit) return hit;
    // Not cached: verified by its statement now (the mark read first), so there is nothing left to check.
    const session = await lookup(token, true);
    return session ? { session, mark: null } : null;
  };
  return Object.assign(lookup, { deferred, cached: cachedNow });
}

/** Times a session is verified again for one step before the step gives up (the marks keep changing). */
const MARK_RENEWALS_MAX = 3;

/**
 * Runs a step that checks the session's mark itself (the flash sale's gate script): while it answers
 * `stale` (the mark was not the one given; nothing was done), the session is verified again and the
 * step repeated under the new mark, at most MARK_RENEWALS_MAX times. Answers the step's answer with
 * the mark it passed under, or null when the session has ended (or kept changing).
 */
export async function stepUnderMark<T>(mark: SessionMark, step: (mark: SessionMark) => Promise<T>, stale: (answer: T) => boolean): Promise<{ answer: T; mark: SessionMark } | null> {
  let current = mark;
  for (let renewals = 0; ; renewals += 1) {
    const answer = await step(current);
    if (!stale(answer)) return { answer, mark: current };
    const renewed = renewals < MARK_RENEWALS_MAX ? await current.renew() : null;
    if (!renewed) return null;
    current = renewed;
  }
}

/**
 * Checks a deferred session's mark with a kv read (for a caller whose own step cannot check it):
 * answers the mark to go on with, or null when the session has ended.
 */
export async function requireMark(ctx: Pick<AppContext, 'kv'>, mark: SessionMark): Promise<SessionMark | null> {
  const passed = await stepUnderMark(mark, async (current) => (await ctx.kv.get(current.key)) === current.mark, (same) => !same);
  return passed?.mark ?? null;
}

/** Revokes a raw token of the audience, whatever its state; a no-op for anything else. */
export async function revokeToken(ctx: Pick<AppContext, 'db' | 'now' | 'kv'>, audience: Audience, authorization: string | undefined): Promise<void> {
  const token = tokenFromHeader(authorization);
  const subject = token ? await repo.revokeToken(ctx.db, audience, hashToken(token), ctx.now()) : null;
  if (subject !== null) await markRevoked(ctx, audience, subject);
}

/**
 * Ends every session of one account (a new password, a disabled account): in PostgreSQL, then for
 * every instance's session cache. Whatever else makes an account's sessions invalid (a status a
 * subject check reads) must call this too, or a cached session outlives it (decision 068).
 */
export async function revokeSessions(ctx: Pick<AppContext, 'db' | 'now' | 'kv'>, audience: Audience, subject: string): Promise<void> {
  await repo.revokeSubjectTokens(ctx.db, audience, subject, ctx.now());
  await markRevoked(ctx, audience, subject);
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
