// The catalog as the storefront reads it: categories, carousels and the home page. The catalog
// module's reads join the product module's on-shelf product cards and the shop module's open-shop
// card and guard in place of their tables, and the home page's activity blocks are the promotion
// and seckill modules' lists over the same parts, all in the statements they had.
import type { AppContext } from '../context.ts';
import { createCatalogService, type CatalogParts } from '../modules/catalog/service.ts';
import { onShelfProductCard } from '../modules/product/repository.ts';
import { listActivities } from '../modules/promotion/repository.ts';
import { listHomeSeckills } from '../modules/seckill/home.ts';
import { openShopCard, shopIsOpen } from '../modules/shop/repository.ts';

const parts: CatalogParts = {
  onShelfProductCard,
  openShopCard,
  shopIsOpen,
  activities: async (db, now, limit) => {
    const [activities, seckills] = await Promise.all([listActivities(db, now, limit, { onShelfProductCard, openShopCard }), listHomeSeckills(db, now, limit, { onShelfProductCard, openShopCard })]);
    return { ...activities, seckills };
  },
};

export const createStorefrontCatalog = (ctx: AppContext) => createCatalogService(ctx, parts);
