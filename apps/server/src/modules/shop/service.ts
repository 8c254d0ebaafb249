import type { Language } from '@bazaar/shared/constants/limits';
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import type { Category, ShopHead } from '@bazaar/shared/schemas/catalog';
import { SHOP_SEARCH_THUMBS, type ShopSearchPage, type ShopSearchQuery } from '@bazaar/shared/schemas/shop';
import type { AppContext } from '../../context.ts';
import { invalid } from '../../lib/app-error.ts';
import * as repo from './repository.ts';
import { localized } from '../../lib/localized.ts';


/**
 * Unknown, under review and rejected stores answer the same (section 2: not shown as open); a store
 * staff took offline says so (section 2's offline message), under its own key the storefront reads.
 */
const notOpen = (status?: number) => invalid(status === SHOP_STATUS.offline ? 'store.errors.offline' : 'store.errors.notOpen');

export type ShopService = ReturnType<typeof createShopService>;

export function createShopService(ctx: AppContext) {
  return {
    async head(shopId: number, lang: Language, parts: Parameters<typeof repo.findShopHead>[2]): Promise<ShopHead> {
      const row = await repo.findShopHead(ctx.db, shopId, parts);
      if (!row || row.status !== SHOP_STATUS.open) throw notOpen(row?.status);
      return {
        shopId: row.id,
        shopName: localized(lang, row.nameZh, row.nameEn),
        shopLogo: row.logo,
        intro: localized(lang, row.introZh, row.introEn),
        type: row.type,
        shopScore: row.score,
        banner: row.banner,
        collectionNum: row.collectionNum,
        prodCount: row.prodCount,
      };
    },

    /** The store's own categories (shopCategroyList): top level first; a child has grade 2. */
    async categories(shopId: number, lang: Language): Promise<Category[]> {
      const rows = await repo.listShopCategories(ctx.db, shopId);
      if (rows.length === 0 || rows[0]?.status !== SHOP_STATUS.open) throw notOpen(rows[0]?.status);
      return rows.flatMap((row) =>
        row.id === null
          ? []
          : [{ categoryId: row.id, categoryName: localized(lang, row.nameZh, row.nameEn), parentId: row.parentId ?? 0, grade: row.parentId ? 2 : 1, pic: null }],
      );
    },

    /** The product module's parts (flows/shop-search.ts hands them in): on-shelf counts and best sellers. */
    async search(query: ShopSearchQuery, lang: Language, parts: { onShelf: repo.OnShelfCount; topSellers: repo.TopSellers }): Promise<ShopSearchPage> {
      const { shopName, current, size } = query;
      const [rows, total] = await Promise.all([
        repo.searchShops(ctx.db, shopName, size, (current - 1) * size, parts.onShelf),
        repo.countShops(ctx.db, shopName),
      ]);
      const thumbs = await repo.listTopProducts(
        ctx.db,
        rows.map((r) => r.id),
        SHOP_SEARCH_THUMBS,
        parts.topSellers,
      );
      return {
        records: rows.map((row) => ({
          shopId: row.id,
          shopName: localized(lang, row.nameZh, row.nameEn),
          shopLogo: row.logo,
          intro: localized(lang, row.introZh, row.introEn),
          type: row.type,
          shopScore: row.score,
          prodCount: row.prodCount,
          products: thumbs
            .filter((p) => p.shopId === row.id)
            .map((p) => ({ prodId: p.id, prodName: localized(lang, p.nameZh, p.nameEn), pic: p.pic, price: p.price })),
        })),
        total,
        size,
        current,
        pages: Math.ceil(total / size),
      };
    },
  };
}
