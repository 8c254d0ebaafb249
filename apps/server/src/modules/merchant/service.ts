// The merchant API's store accounts: login checks and sessions (tokens and the lockout are the
// auth module's). A shop's orders and shipping them are the ship-order flow's (flows/ship-order.ts).
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Language } from '@bazaar/shared/constants/limits';
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import type { AppContext } from '../../context.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { invalid } from '../../lib/app-error.ts';
import * as repo from './repository.ts';
import { localized } from '../../lib/localized.ts';


export interface MerchantSession {
  accountId: number;
  shopId: number;
}

export type MerchantAccount = NonNullable<Awaited<ReturnType<typeof repo.findAccountByUsername>>>;
export type ShopCard = repo.ShopCard;

// Unknown accounts still cost one argon2 verification, so timing does not reveal them.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hash(randomBytes(16).toString('hex')));

// ---- Login (the sign-in flow joins these with the auth module's lockout and tokens) ----

/** `shopCard` is the shop module's named query for the shop's state and names (the sign-in flow hands it in). */
export async function findLoginAccount(ctx: AppContext, username: string, shopCard: repo.ShopCard): Promise<MerchantAccount | null> {
  return repo.findAccountByUsername(ctx.db, username, shopCard);
}

/** The account when the password is right; null otherwise. */
export async function checkPassword(account: MerchantAccount | null, password: string): Promise<MerchantAccount | null> {
  const matches = await verify(account?.passwordHash ?? (await getDummyHash()), password);
  return account && matches ? account : null;
}

/** The last step of a login: the account must be enabled and its shop open. Answers the shop. */
export async function admitMerchant(ctx: AppContext, account: MerchantAccount, lang: Language): Promise<{ shopId: number; shopName: string }> {
  if (account.status !== repo.ACCOUNT_ENABLED) throw invalid('merchant.errors.disabled');
  // An offline shop's owner is told why (staff's reason) and to consult the platform (decision 030).
  if (account.shopStatus === SHOP_STATUS.offline) throw invalid('staff.errors.shopOffline', { reason: account.shopOfflineReason ?? '-' });
  if (account.shopStatus !== SHOP_STATUS.open) throw invalid('merchant.errors.shopClosed');
  await repo.touchLogin(ctx.db, account.id, ctx.now());
  return { shopId: account.shopId, shopName: localized(lang, account.shopNameZh, account.shopNameEn) };
}

/** The session of a merchant account, while it is enabled and its shop open (flows/merchant-session.ts hands in the shop card). */
export async function activeSession(ctx: AppContext, accountId: number, shopCard: repo.ShopCard): Promise<MerchantSession | null> {
  if (!Number.isSafeInteger(accountId)) return null;
  const active = await repo.findActiveAccount(ctx.db, accountId, shopCard);
  return active ? { accountId: active.id, shopId: active.shopId } : null;
}

/** GET /merchant/me: the account's name and its shop's name in the asked language. */
export async function profile(
  ctx: AppContext,
  session: MerchantSession,
  lang: Language,
  shopCard: repo.ShopCard,
): Promise<{ shopId: number; shopName: string; username: string }> {
  const row = await repo.findAccountProfile(ctx.db, session.accountId, shopCard);
  if (!row) throw invalid('merchant.errors.unauthorized');
  return { shopId: row.shopId, shopName: localized(lang, row.shopNameZh, row.shopNameEn), username: row.username };
}

// ---- The store account, set once by the shop owner after approval (flows/shop-account.ts) ----

export async function findShopAccount(ctx: Pick<AppContext, 'db'>, shopId: number): Promise<{ id: number; username: string } | null> {
  const row = await repo.findAccountOfShop(ctx.db, shopId);
  return row ? { id: row.id, username: row.username } : null;
}

export function isUsernameTaken(ctx: Pick<AppContext, 'db'>, username: string): Promise<boolean> {
  return repo.isUsernameTaken(ctx.db, username);
}

/** Creates the shop's one store account; a second one, or a name another shop uses, is refused. */
export async function createShopAccount(ctx: Pick<AppContext, 'db'>, input: { shopId: number; username: string; password: string }): Promise<number> {
  const passwordHash = await hash(input.password);
  try {
    return await repo.insertAccount(ctx.db, { shopId: input.shopId, username: input.username, passwordHash });
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === 'merchant_accounts_shop_uq') throw invalid('shopAccount.errors.alreadySet');
    if (constraint === 'merchant_accounts_username_uq') throw invalid('shopAccount.errors.mobileTaken');
    throw err;
  }
}

/** Changes the store password after checking the current one; answers the account id. */
export async function changeShopPassword(
  ctx: Pick<AppContext, 'db' | 'now'>,
  input: { shopId: number; password: string; newPassword: string },
): Promise<number> {
  const account = await repo.findAccountOfShop(ctx.db, input.shopId);
  if (!account) throw invalid('shopAccount.errors.notSet');
  if (!(await verify(account.passwordHash, input.password))) throw invalid('shopAccount.errors.wrongPassword');
  if (input.password === input.newPassword) throw invalid('shopAccount.errors.samePassword');
  const changed = await repo.replacePasswordHash(ctx.db, account.id, account.passwordHash, await hash(input.newPassword), ctx.now());
  if (!changed) throw invalid('shopAccount.errors.wrongPassword');
  return account.id;
}
