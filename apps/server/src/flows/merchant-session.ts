// A merchant's session and profile: the merchant module's store accounts, with the shop module's
// shop card joined for the shop's state (a closed shop's token is refused) and names; its role's
// permissions are read with it on every request (decision 057), in the token's own statement.
import type { Language } from '@bazaar/shared/constants/limits';
import type { AppContext } from '../context.ts';
import { activeAccountGrants } from '../modules/merchant/repository.ts';
import { activeSession, profile, recordRefusal, sessionOfGrants, type MerchantSession } from '../modules/merchant/service.ts';
import { anyShopCard, shopIsOpen } from '../modules/shop/repository.ts';

export const activeMerchantSession = (ctx: AppContext, accountId: number) => activeSession(ctx, accountId, anyShopCard);

/** The session lookup's part for merchant tokens (the account and its open shop, in the token's statement), and the session it answers. */
export const merchantTokenGrants = activeAccountGrants(shopIsOpen);
export const merchantSessionOfGrants = sessionOfGrants;

export const merchantProfile = (ctx: AppContext, session: MerchantSession, lang: Language) => profile(ctx, session, lang, anyShopCard);

/** A merchant account's refused call (a route its role does not permit), in its shop's log for the owner. */
export const recordMerchantRefusal = (ctx: AppContext, session: MerchantSession, route: string) => recordRefusal(ctx, session, route);
