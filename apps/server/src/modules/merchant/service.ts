// The merchant API's store accounts: login checks and sessions (tokens and the lockout are the
// auth module's). A shop's orders and shipping them are the ship-order flow's (flows/ship-order.ts).
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Language } from '@bazaar/shared/constants/limits';
import type { AppContext } from '../../context.ts';
import { invalid } from '../../lib/app-error.ts';
import * as repo from './repository.ts';

const pick = (lang: Language, zh: string | null, en: string | null) => (lang === 'en' && en ? en : (zh ?? ''));

export interface MerchantSession {
  accountId: number;
  shopId: number;
}

export type MerchantAccount = NonNullable<Awaited<ReturnType<typeof repo.findAccountByUsername>>>;

// Unknown accounts still cost one argon2 verification, so timing does not reveal them.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hash(randomBytes(16).toString('hex')));

// ---- Login (the sign-in flow joins these with the auth module's lockout and tokens) ----

export async function findLoginAccount(ctx: AppContext, username: string): Promise<MerchantAccount | null> {
  return repo.findAccountByUsername(ctx.db, username);
}

/** The account when the password is right; null otherwise. */
export async function checkPassword(account: MerchantAccount | null, password: string): Promise<MerchantAccount | null> {
  const matches = await verify(account?.passwordHash ?? (await getDummyHash()), password);
  return account && matches ? account : null;
}

/** The last step of a login: the account must be enabled and its shop open. Answers the shop. */
export async function admitMerchant(ctx: AppContext, account: MerchantAccount, lang: Language): Promise<{ shopId: number; shopName: string }> {
  if (account.status !== 1) throw invalid('merchant.errors.disabled');
  if (account.shopStatus !== 1) throw invalid('merchant.errors.shopClosed');
  await repo.touchLogin(ctx.db, account.id, ctx.now());
  return { shopId: account.shopId, shopName: pick(lang, account.shopNameZh, account.shopNameEn) };
}

/** The session of a merchant account, while it is enabled and its shop open. */
export async function activeSession(ctx: AppContext, accountId: number): Promise<MerchantSession | null> {
  if (!Number.isSafeInteger(accountId)) return null;
  const active = await repo.findActiveAccount(ctx.db, accountId);
  return active ? { accountId: active.id, shopId: active.shopId } : null;
}
