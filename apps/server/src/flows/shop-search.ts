// The store search: the shop module's page of open shops, with the product module's on-shelf
// count in the page's statement and its best sellers joined laterally into the thumbnails' one.
import type { Language } from '@bazaar/shared/constants/limits';
import type { ShopSearchPage, ShopSearchQuery } from '@bazaar/shared/schemas/shop';
import type { AppContext } from '../context.ts';
import { shopOnShelfCount, shopTopSellers } from '../modules/product/repository.ts';
import { createShopService } from '../modules/shop/service.ts';

export function searchShops(ctx: AppContext, query: ShopSearchQuery, lang: Language): Promise<ShopSearchPage> {
  return createShopService(ctx).search(query, lang, { onShelf: shopOnShelfCount, topSellers: shopTopSellers });
}
