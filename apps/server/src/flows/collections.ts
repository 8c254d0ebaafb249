// Collections and the footprint: the collection module's lists and guards, with the product and
// shop modules' named parts (listed and on-shelf products, open shops, their card subqueries)
// composed into the same statements.
import type { AppContext } from '../context.ts';
import type { Language } from '@bazaar/shared/constants/limits';
import * as collection from '../modules/collection/service.ts';
import { listedProductCard, productIsListed, productIsOnShelf } from '../modules/product/repository.ts';
import { anyShopCard, shopIsOpen } from '../modules/shop/repository.ts';

const parts: collection.CatalogParts = { productIsListed, productIsOnShelf, shopIsOpen, listedProductCard, anyShopCard };

export const toggleProductCollection = (ctx: AppContext, userId: string, prodId: number) => collection.toggleProductCollection(ctx, userId, prodId, parts);

export const collectedProductPage = (ctx: AppContext, userId: string, current: number, size: number, lang: Language) =>
  collection.collectedProductPage(ctx, userId, current, size, lang, parts);

export const toggleShopCollection = (ctx: AppContext, userId: string, shopId: number) => collection.toggleShopCollection(ctx, userId, shopId, parts);

export const collectedShopPage = (ctx: AppContext, userId: string, current: number, size: number, lang: Language) =>
  collection.collectedShopPage(ctx, userId, current, size, lang, parts);

export const recordBrowse = (ctx: AppContext, userId: string, prodId: number) => collection.recordBrowse(ctx, userId, prodId, parts);

export const footprintPage = (ctx: AppContext, userId: string, current: number, size: number, lang: Language) =>
  collection.footprintPage(ctx, userId, current, size, lang, parts);
