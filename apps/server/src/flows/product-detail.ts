// A product's detail: the product module's cached answer, with the shop module's open-shop card
// joined into the product's statement as a named part and the collection module's (cached)
// follower count of the shop.
import type { Language } from '@bazaar/shared/constants/limits';
import type { AppContext } from '../context.ts';
import { shopFollowers } from '../modules/collection/service.ts';
import { productDetailCacheFor, type DetailParts } from '../modules/product/service.ts';
import { openShopCard } from '../modules/shop/repository.ts';

/** One constant object: the product module prepares its statement once per set of parts. */
const parts: DetailParts = { openShopCard, followers: shopFollowers };

/** The detail as ready UTF-8 JSON in the reader's language (the localized 400 when not saleable). */
export function productDetailJson(ctx: AppContext, prodId: number, lang: Language): Promise<Buffer> {
  return productDetailCacheFor(ctx).detailJson(prodId, lang, parts);
}
