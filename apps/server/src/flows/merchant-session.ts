// A merchant's session and profile: the merchant module's store accounts, with the shop module's
// shop card joined for the shop's state (a closed shop's token is refused) and names; its role's
// permissions are read with it (decision 057), in the token's own statement: on every request, or
// once per instance for a session the cache keeps (decision 068's merchant amendment), which a mark
// ends when the shop's state changes (markShopSessions) or the account's role or status does.
import type { Language } from '@bazaar/shared/constants/limits';
import type { AppContext } from '../context.ts';
import { markSessionsChanged } from '../modules/auth/service.ts';
import { activeAccountGrants } from '../modules/merchant/repository.ts';
import { activeSession, listStaff, profile, recordRefusal, sessionOfGrants, type MerchantSession } from '../modules/merchant/service.ts';
import { anyShopCard, shopIsOpen } from '../modules/shop/repository.ts';

export const activeMerchantSession = (ctx: AppContext, accountId: number) => activeSession(ctx, accountId, anyShopCard);

/** The session lookup's part for merchant tokens (the account and its open shop, in the token's statement), and the session it answers. */
export const merchantTokenGrants = activeAccountGrants(shopIsOpen);
export const merchantSessionOfGrants = sessionOfGrants;

export const merchantProfile = (ctx: AppContext, session: MerchantSession, lang: Language) => profile(ctx, session, lang, anyShopCard);

/** A merchant account's refused call (a route its role does not permit), in its shop's log for the owner. */
export const recordMerchantRefusal = (ctx: AppContext, session: MerchantSession, route: string) => recordRefusal(ctx, session, route);

/**
 * The shop's state changed (taken offline, reopened; after the change is stored): every account of
 * the shop, the owner's and the staff's, has its cached sessions verified again at their next
 * request on every instance (decision 068's merchant amendment). The accounts are listed after the
 * change committed, so every account a cached session could belong to is among them.
 */
export async function markShopSessions(ctx: AppContext, shopId: number): Promise<void> {
  const accounts = await listStaff(ctx, shopId);
  await Promise.all(accounts.map((account) => markSessionsChanged(ctx, 'merchant', String(account.id))));
}
