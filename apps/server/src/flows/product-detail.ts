// A product's detail: the product module's cached answer, with the shop module's open-shop card
// and the collection module's follower count joined into the product's statement as named parts.
import type { Language } from '@bazaar/shared/constants/limits';
import type { AppContext } from '../context.ts';
import { shopFollowerCount } from '../modules/collection/repository.ts';
import { productDetailCacheFor } from '../modules/product/service.ts';
import { openShopCard } from '../modules/shop/repository.ts';

/** The detail as ready JSON text in the reader's language (the localized 400 when not saleable). */
export function productDetailJson(ctx: AppContext, prodId: number, lang: Language): Promise<string> {
  return productDetailCacheFor(ctx).detailJson(prodId, lang, { openShopCard, followers: shopFollowerCount });
}
