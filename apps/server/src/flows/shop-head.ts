// A store's header: the shop module's row, with the collection module's follower count and the
// product module's on-shelf count in the same statement.
import type { Language } from '@bazaar/shared/constants/limits';
import type { ShopHead } from '@bazaar/shared/schemas/catalog';
import type { AppContext } from '../context.ts';
import { shopFollowerCount } from '../modules/collection/repository.ts';
import { shopOnShelfCount } from '../modules/product/repository.ts';
import { createShopService } from '../modules/shop/service.ts';

export function shopHead(ctx: AppContext, shopId: number, lang: Language): Promise<ShopHead> {
  return createShopService(ctx).head(shopId, lang, { followers: shopFollowerCount, onShelf: shopOnShelfCount });
}
