// The store account (issue 10; reference 2.11): once the store is open, its owner sets the
// merchant platform's login, the mobile number verified by an SMS code and a 6-12 character
// password, once; later only the password changes. Joins the shop (ownership and status), the
// account module (SMS codes, the password cipher), the merchant module (the account) and auth
// (a new password ends the account's sessions and lifts its lock).
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import { SHOP_PASSWORD_PATTERN, type ShopAccount, type ShopAccountSetInput, type ShopPasswordChangeInput } from '@bazaar/shared/schemas/shop-application';
import type { AppContext } from '../context.ts';
import { invalid } from '../lib/app-error.ts';
import { openPasswordCipher } from '../modules/account/password-cipher.ts';
import { consumeSmsCode, sendSmsCode } from '../modules/account/sms-codes.ts';
import { clearLockout, revokeSessions } from '../modules/auth/service.ts';
import * as merchant from '../modules/merchant/service.ts';
import { findUserShop } from '../modules/shop/repository.ts';

/** The shopper's open shop, or the message why there is none to set an account for. */
async function openShopOf(ctx: AppContext, userId: string): Promise<number> {
  const shop = await findUserShop(ctx.db, userId);
  if (!shop || shop.status !== SHOP_STATUS.open) throw invalid('shopAccount.errors.notOpen');
  return shop.id;
}

async function openShopPassword(ctx: AppContext, cipherText: string, scope: string): Promise<string> {
  const password = await openPasswordCipher(ctx.kv, cipherText, ctx.now(), scope);
  if (!SHOP_PASSWORD_PATTERN.test(password)) throw invalid('shopAccount.errors.passwordRule');
  return password;
}

/** GET /p/shop/shopAccount. */
export async function shopAccountOf(ctx: AppContext, userId: string): Promise<ShopAccount> {
  const shop = await findUserShop(ctx.db, userId);
  if (!shop) return { shopId: null, shopStatus: SHOP_STATUS.none, username: null };
  const account = await merchant.findShopAccount(ctx, shop.id);
  return { shopId: shop.id, shopStatus: shop.status, username: account?.username ?? null };
}

/** POST /p/shop/sendCode: only for an open shop without an account, to a mobile no store uses. */
export async function sendShopAccountCode(ctx: AppContext, userId: string, mobile: string, ip: string): Promise<void> {
  const shopId = await openShopOf(ctx, userId);
  if (await merchant.findShopAccount(ctx, shopId)) throw invalid('shopAccount.errors.alreadySet');
  if (await merchant.isUsernameTaken(ctx, mobile)) throw invalid('shopAccount.errors.mobileTaken');
  await sendSmsCode(ctx, { mobile, purpose: 'shopAccount', ip });
}

/** POST /p/shop/saveUsernameAndPassword: once. */
export async function setShopAccount(ctx: AppContext, userId: string, input: ShopAccountSetInput): Promise<ShopAccount> {
  const shopId = await openShopOf(ctx, userId);
  if (await merchant.findShopAccount(ctx, shopId)) throw invalid('shopAccount.errors.alreadySet');
  const password = await openShopPassword(ctx, input.password, `shop-account:${userId}`);
  await consumeSmsCode(ctx, { mobile: input.username, purpose: 'shopAccount', code: input.code });
  await merchant.createShopAccount(ctx, { shopId, username: input.username, password });
  return { shopId, shopStatus: SHOP_STATUS.open, username: input.username };
}

/** POST /p/shop/updatePassword: ends every merchant session of the account and lifts its lock. */
export async function changeShopPassword(ctx: AppContext, userId: string, input: ShopPasswordChangeInput): Promise<void> {
  const shop = await findUserShop(ctx.db, userId);
  if (!shop) throw invalid('shopAccount.errors.notSet');
  const scope = `shop-account:${userId}`;
  const password = await openPasswordCipher(ctx.kv, input.password, ctx.now(), scope);
  const newPassword = await openShopPassword(ctx, input.newPassword, scope);
  const accountId = await merchant.changeShopPassword(ctx, { shopId: shop.id, password, newPassword });
  await revokeSessions(ctx, 'merchant', String(accountId));
  await clearLockout(ctx, 'merchant', `id:${accountId}`);
}

/**
 * POST /merchant/password: the signed-in store account (the owner's or a staff member's) changes
 * its own password in the merchant center (both encrypted). Every session of the account ends, this one too, and its lock lifts.
 */
export async function changeMerchantPassword(ctx: AppContext, session: merchant.MerchantSession, input: ShopPasswordChangeInput): Promise<void> {
  const scope = `merchant:${session.accountId}`;
  const password = await openPasswordCipher(ctx.kv, input.password, ctx.now(), scope);
  const newPassword = await openShopPassword(ctx, input.newPassword, scope);
  const accountId = await merchant.changeShopPassword(ctx, { accountId: session.accountId, password, newPassword });
  await revokeSessions(ctx, 'merchant', String(accountId));
  await clearLockout(ctx, 'merchant', `id:${accountId}`);
}
