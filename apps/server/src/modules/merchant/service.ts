// The merchant API's store accounts: login, sessions and logout. A shop's orders and shipping
// them are the ship-order flow's (flows/ship-order.ts).
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES, type Language } from '@bazaar/shared/constants/limits';
import type { MerchantLoginInput, MerchantToken } from '@bazaar/shared/schemas/merchant';
import type { AppContext } from '../../context.ts';
import { invalid } from '../../lib/app-error.ts';
import * as repo from './repository.ts';

export const MERCHANT_TOKEN_TTL_MS = 12 * 3_600_000;

const pick = (lang: Language, zh: string | null, en: string | null) => (lang === 'en' && en ? en : (zh ?? ''));
const tokenKey = (token: string) => `merchant:token:${createHash('sha256').update(token).digest('hex')}`;
const failKey = (username: string) => `merchant:login:fail:${username.toLowerCase()}`;

export interface MerchantSession {
  accountId: number;
  shopId: number;
}

// Unknown accounts still cost one argon2 verification, so timing does not reveal them.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hash(randomBytes(16).toString('hex')));

async function lockedError(ctx: AppContext, username: string) {
  const ms = await ctx.kv.ttl(failKey(username));
  return invalid('merchant.errors.locked', { minutes: Math.max(1, Math.ceil((ms > 0 ? ms : LOGIN_LOCK_MS) / 60_000)) });
}

export async function login(ctx: AppContext, input: MerchantLoginInput, lang: Language): Promise<MerchantToken> {
  const failures = Number((await ctx.kv.get(failKey(input.username))) ?? 0);
  if (failures >= LOGIN_MAX_FAILURES) throw await lockedError(ctx, input.username);
  const account = await repo.findAccountByUsername(ctx.db, input.username);
  const matches = await verify(account?.passwordHash ?? (await getDummyHash()), input.password);
  if (!account || !matches) {
    // Unknown accounts count too, so probing names also ends in the lock.
    const n = await ctx.kv.incr(failKey(input.username), LOGIN_LOCK_MS);
    if (n >= LOGIN_MAX_FAILURES) throw await lockedError(ctx, input.username);
    throw invalid('merchant.errors.wrongCredentials');
  }
  if (account.status !== 1) throw invalid('merchant.errors.disabled');
  if (account.shopStatus !== 1) throw invalid('merchant.errors.shopClosed');
  await ctx.kv.del(failKey(input.username));
  const accessToken = randomBytes(32).toString('hex');
  const session: MerchantSession = { accountId: account.id, shopId: account.shopId };
  await ctx.kv.set(tokenKey(accessToken), JSON.stringify(session), MERCHANT_TOKEN_TTL_MS);
  await repo.touchLogin(ctx.db, account.id, ctx.now());
  return { accessToken, expiresIn: MERCHANT_TOKEN_TTL_MS / 1000, shopId: account.shopId, shopName: pick(lang, account.shopNameZh, account.shopNameEn) };
}

/** The session of a merchant token, while its account is enabled and its shop open. */
export async function sessionOf(ctx: AppContext, token: string): Promise<MerchantSession | null> {
  const stored = await ctx.kv.get(tokenKey(token));
  if (!stored) return null;
  const session = JSON.parse(stored) as MerchantSession;
  const active = await repo.findActiveAccount(ctx.db, session.accountId);
  return active && active.shopId === session.shopId ? session : null;
}

export async function logout(ctx: AppContext, token: string): Promise<void> {
  await ctx.kv.del(tokenKey(token));
}
