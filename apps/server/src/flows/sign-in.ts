// Logins of the three audiences: each account module checks its own password and status, the
// auth module counts the try (before the check) and issues the token (decision 015). A store
// account's shop state and names come from the shop module's shop card, joined in its read.
import type { Language } from '@bazaar/shared/constants/limits';
import type { AdminLoginInput } from '@bazaar/shared/schemas/admin';
import type { LoginInput, RegisterInput, SmsLoginInput, Token, UpdatePasswordInput } from '@bazaar/shared/schemas/account';
import type { MerchantLoginInput, MerchantToken } from '@bazaar/shared/schemas/merchant';
import type { AppContext } from '../context.ts';
import { invalid } from '../lib/app-error.ts';
import * as account from '../modules/account/service.ts';
import { openPasswordCipher } from '../modules/account/password-cipher.ts';
import * as admin from '../modules/admin/service.ts';
import * as auth from '../modules/auth/service.ts';
import * as merchant from '../modules/merchant/service.ts';
import { anyShopCard } from '../modules/shop/repository.ts';
import { grantRegisterPoints } from '../modules/wallet/points-service.ts';

export type { ClientMeta } from '../modules/auth/service.ts';

/** Known accounts are counted by id (any name or phone of it), unknown ones by the name typed. */
const lockAccount = (id: string | number | undefined, typed: string) => (id === undefined ? `name:${typed}` : `id:${id}`);

function refused(result: { lockedUntil: Date | null }, now: Date, keys: { locked: string; wrong: string }) {
  return result.lockedUntil ? invalid(keys.locked, { minutes: auth.lockMinutes(result.lockedUntil, now) }) : invalid(keys.wrong);
}

// ---- Shoppers ----

export async function signInShopper(ctx: AppContext, input: LoginInput, meta: auth.ClientMeta): Promise<Token> {
  const login = await account.openPasswordLogin(ctx, input);
  const result = await auth.attemptLogin(ctx, 'shopper', lockAccount(login.user?.id, input.userName), () => account.checkPassword(login));
  if (!result.ok) throw refused(result, ctx.now(), { locked: 'errors.account.locked', wrong: 'errors.account.wrongCredentials' });
  return auth.issueToken(ctx, 'shopper', account.admitUser(result.value), meta);
}

export async function signInShopperBySms(ctx: AppContext, input: SmsLoginInput, meta: auth.ClientMeta): Promise<Token> {
  return auth.issueToken(ctx, 'shopper', await account.smsLogin(ctx, input), meta);
}

/** A new account gets the registration points (issue 12) before its first token. */
export async function registerShopper(ctx: AppContext, input: RegisterInput, meta: auth.ClientMeta): Promise<Token> {
  const userId = await account.register(ctx, input);
  await grantRegisterPoints(ctx, userId);
  return auth.issueToken(ctx, 'shopper', userId, meta);
}

/** A new password ends every session of the account and lifts its lock. */
export async function resetShopperPassword(ctx: AppContext, input: UpdatePasswordInput, sessionUserId: string | null): Promise<void> {
  const userId = await account.updatePassword(ctx, input, sessionUserId);
  await auth.revokeSessions(ctx, 'shopper', userId);
  await auth.clearLockout(ctx, 'shopper', lockAccount(userId, ''));
}

// ---- Merchants ----

export async function signInMerchant(ctx: AppContext, input: MerchantLoginInput, lang: Language, meta: auth.ClientMeta): Promise<MerchantToken> {
  const found = await merchant.findLoginAccount(ctx, input.username, anyShopCard);
  const password = await openPasswordCipher(ctx.kv, input.password, ctx.now(), `merchant:${found?.id ?? input.username}`);
  const result = await auth.attemptLogin(ctx, 'merchant', lockAccount(found?.id, input.username), () => merchant.checkPassword(found, password));
  if (!result.ok) throw refused(result, ctx.now(), { locked: 'merchant.errors.locked', wrong: 'merchant.errors.wrongCredentials' });
  const shop = await merchant.admitMerchant(ctx, result.value, lang);
  const token = await auth.issueToken(ctx, 'merchant', String(result.value.id), meta);
  return { ...token, ...shop };
}

// ---- Platform staff ----

export async function signInAdmin(ctx: AppContext, input: AdminLoginInput, meta: auth.ClientMeta): Promise<Token> {
  const found = await admin.findAdmin(ctx, input.userName);
  const password = await openPasswordCipher(ctx.kv, input.passWord, ctx.now(), `admin:${found?.id ?? input.userName}`);
  const result = await auth.attemptLogin(ctx, 'admin', lockAccount(found?.id, input.userName), () => admin.checkPassword(found, password));
  if (!result.ok) throw refused(result, ctx.now(), { locked: 'admin.errors.locked', wrong: 'admin.errors.wrongCredentials' });
  await admin.admitAdmin(ctx, result.value);
  return auth.issueToken(ctx, 'admin', String(result.value.id), meta);
}
