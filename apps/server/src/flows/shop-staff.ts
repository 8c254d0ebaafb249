// A shop's staff (issue 25, decision 057): the owner adds accounts for customer service, the
// warehouse and operations, changes their role, disables and enables them and resets their
// password. Each change is written to the shop's log in its transaction (the merchant module);
// disabling and a new password end the account's sessions at once (the auth module); the session
// lookup reads the account with the token, and a role change or an enabling marks the account's
// sessions (decision 068's merchant amendment), so a session cached by any instance applies it to
// its next request.
import { SHOP_PASSWORD_PATTERN } from '@bazaar/shared/schemas/shop-application';
import type { MerchantAuditQuery, StaffCreateInput, StaffMember, StaffRoleKey } from '@bazaar/shared/schemas/merchant-staff';
import type { AppContext } from '../context.ts';
import { invalid } from '../lib/app-error.ts';
import { openPasswordCipher } from '../modules/account/password-cipher.ts';
import { clearLockout, markSessionsChanged, revokeSessions } from '../modules/auth/service.ts';
import * as merchant from '../modules/merchant/service.ts';

/** The owner's ciphertexts are scoped to the owner's account, as its own password change is. */
async function openStaffPassword(ctx: AppContext, session: merchant.MerchantSession, cipherText: string): Promise<string> {
  const password = await openPasswordCipher(ctx.kv, cipherText, ctx.now(), `merchant:${session.accountId}`);
  if (!SHOP_PASSWORD_PATTERN.test(password)) throw invalid('merchantStaff.errors.passwordRule');
  return password;
}

export function listShopStaff(ctx: AppContext, session: merchant.MerchantSession): Promise<StaffMember[]> {
  return merchant.listStaff(ctx, session.shopId);
}

export async function addShopStaff(ctx: AppContext, session: merchant.MerchantSession, input: StaffCreateInput): Promise<StaffMember> {
  const password = await openStaffPassword(ctx, session, input.password);
  return merchant.createStaff(ctx, session, { username: input.username, displayName: input.displayName || null, role: input.role, password });
}

/** A new role applies to the account's next request: its cached sessions are marked once the change is stored. */
export async function setStaffRole(ctx: AppContext, session: merchant.MerchantSession, accountId: number, role: StaffRoleKey): Promise<StaffMember> {
  const member = await merchant.changeStaff(ctx, session, accountId, { role });
  await markSessionsChanged(ctx, 'merchant', String(member.id));
  return member;
}

/** Disabling ends every session of the account at once; enabling lets it log in again (and marks it, as every change of what it may do). */
export async function setStaffStatus(ctx: AppContext, session: merchant.MerchantSession, accountId: number, status: 0 | 1): Promise<StaffMember> {
  const member = await merchant.changeStaff(ctx, session, accountId, { status });
  if (status === 0) await revokeSessions(ctx, 'merchant', String(member.id));
  else await markSessionsChanged(ctx, 'merchant', String(member.id));
  return member;
}

/** A new password ends the account's sessions and lifts its lock. */
export async function resetStaffPassword(ctx: AppContext, session: merchant.MerchantSession, accountId: number, cipherText: string): Promise<StaffMember> {
  const password = await openStaffPassword(ctx, session, cipherText);
  const member = await merchant.changeStaff(ctx, session, accountId, { passwordHash: await merchant.hashPassword(password) });
  await revokeSessions(ctx, 'merchant', String(member.id));
  await clearLockout(ctx, 'merchant', `id:${member.id}`);
  return member;
}

export function shopStaffLog(ctx: AppContext, session: merchant.MerchantSession, query: MerchantAuditQuery) {
  return merchant.pageShopLog(ctx, session.shopId, query);
}
