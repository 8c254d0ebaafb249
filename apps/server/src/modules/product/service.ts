import type { Language } from '@bazaar/shared/constants/limits';
import { provinceOf } from '@bazaar/shared/constants/delivery';
import { productFreight } from '@bazaar/shared/schemas/freight';
import type { ProductDelivery, ProductDetail, ProductShop } from '@bazaar/shared/schemas/product';
import type { AppContext } from '../../context.ts';
import { invalid } from '../../lib/app-error.ts';
import { localizeSku, specGroupsOf } from '../../lib/sku-text.ts';
import * as repo from './repository.ts';
import { localized } from '../../lib/localized.ts';

/** How long an assembled detail is served from memory; shown stock may lag by this much. */
export const PRODUCT_DETAIL_TTL_MS = 30_000;
/** Most details kept (an answer is 1-3 kB of UTF-8, so the byte bound below binds first). */
const MAX_ENTRIES = 20_000;
/**
 * The details' cache holds at most this many bytes (UTF-8 bodies, with keys and bookkeeping): at
 * 100,000 products an entry bound alone let it grow to over 100 MiB of two-byte strings.
 */
export const PRODUCT_DETAIL_CACHE_BYTES = 16 * 2 ** 20;
/** Most shops whose on-shelf count is kept. */
const MAX_SHOPS = 20_000;
/** The product details' cache (a JSON body per product and language); the shop card in it is the shop's. */
export const PRODUCT_DETAIL_CACHE = 'product-detail';
const SHOP_COUNT_CACHE = 'shop-product-count';

/** Forgets the on-shelf counts of these shops (a product moved on or off the shelf). */
export async function dropShopProductCounts(ctx: Pick<AppContext, 'caches'>, shopIds: number[]): Promise<void> {
  await ctx.caches.invalidate(SHOP_COUNT_CACHE, shopIds.map(String));
}


/** Where the product ships from (the shop's province, by code or by name) and on what terms. */
function deliveryOf(product: repo.SaleableProductRow, lang: Language): ProductDelivery {
  const province = provinceOf(product.shopProvinceId ?? product.shopProvince);
  return {
    fromProvinceId: province?.id ?? null,
    fromProvince: province ? (lang === 'en' ? province.en : province.zh) : (product.shopProvince ?? ''),
    ...productFreight(product.shopFreightRule),
    returnable: product.isRefund === 1 && product.mold === 0,
  };
}

/**
 * What other modules lend the detail (flows/product-detail.ts): the shop module's open-shop card
 * for the statement and the collection module's (cached) follower count of a shop. The flow hands
 * in one constant object, so the statement is prepared once.
 */
export interface DetailParts extends repo.SaleableProductParts {
  followers: (ctx: AppContext, shopId: number) => Promise<number>;
}

export interface ProductDetailCache {
  /**
   * The detail as UTF-8 JSON in the reader's language; throws the localized 400 when not saleable.
   * `parts` are the shop module's named query for the shop columns and the collection module's
   * follower count (flows/product-detail.ts).
   */
  detailJson(prodId: number, lang: Language, parts: DetailParts): Promise<Buffer>;
  /** Drops every cached language of these products (stock, price or shelf changes call it). */
  invalidate(...prodIds: number[]): void;
}

const caches = new WeakMap<AppContext, ProductDetailCache>();
const utf8 = new TextEncoder();

/** The one detail cache of an app; modules that change products call its invalidate(). */
export function productDetailCacheFor(ctx: AppContext): ProductDetailCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = createProductDetailCache(ctx);
    caches.set(ctx, cache);
  }
  return cache;
}

/** Convenience for other modules: forget the cached details of these products. */
export function invalidateProductDetail(ctx: AppContext, ...prodIds: number[]): void {
  productDetailCacheFor(ctx).invalidate(...prodIds);
}

/**
 * Forgets every cached detail, here and on every instance: a shop going offline or reopening
 * changes whether all its products can be shown (the details embed the open shop).
 */
export async function dropProductDetails(ctx: Pick<AppContext, 'caches'>): Promise<void> {
  await ctx.caches.invalidate(PRODUCT_DETAIL_CACHE);
}

function createProductDetailCache(ctx: AppContext): ProductDetailCache {
  // A ready-to-send UTF-8 JSON body per product and language (outside the V8 heap, and half the
  // bytes of a two-byte string for the mostly-ASCII markup), or null for a product that cannot be shown.
  const entries = ctx.caches.named<Buffer | null>(PRODUCT_DETAIL_CACHE, {
    ttlMs: PRODUCT_DETAIL_TTL_MS,
    max: MAX_ENTRIES,
    maxBytes: PRODUCT_DETAIL_CACHE_BYTES,
    sizeOf: (body) => body?.byteLength ?? 0,
  });
  const shopCounts = ctx.caches.named<number>(SHOP_COUNT_CACHE, { ttlMs: PRODUCT_DETAIL_TTL_MS, max: MAX_SHOPS });

  const shopProductCount = (shopId: number) => shopCounts.get(String(shopId), () => repo.countShopProducts(ctx.db, shopId));

  async function assemble(prodId: number, lang: Language, parts: DetailParts): Promise<Buffer | null> {
    const product = await repo.findSaleableProduct(ctx.db, prodId, parts);
    if (!product) return null;
    const skuRows = product.skus;
    if (skuRows.length === 0) return null;
    const [prodCount, followers] = await Promise.all([shopProductCount(product.shopId), parts.followers(ctx, product.shopId)]);
    const skus = skuRows.map((sku) => ({ sku, ...localizeSku(sku, lang) }));
    const shopName = localized(lang, product.shopNameZh, product.shopNameEn);
    const shop: ProductShop = {
      shopId: product.shopId,
      shopName,
      shopLogo: product.shopLogo,
      intro: localized(lang, product.shopIntroZh, product.shopIntroEn),
      type: product.shopType,
      shopScore: product.shopScore,
      prodCount,
      followers,
    };
    const detail: ProductDetail = {
      prodId: product.id,
      prodName: localized(lang, product.nameZh, product.nameEn),
      brief: localized(lang, product.briefZh, product.briefEn),
      // Sanitized when the merchant saved it (flows/merchant-products.ts); the seed writes its own.
      content: (lang === 'en' && product.contentEn ? product.contentEn : product.contentZh) ?? '',
      pic: product.pic,
      imgs: product.imgs.length ? product.imgs : [product.pic],
      price: product.price,
      oriPrice: product.oriPrice,
      totalStocks: product.totalStocks,
      soldNum: product.soldNum,
      prodType: product.prodType,
      mold: product.mold,
      shopId: product.shopId,
      shopName,
      shop,
      skuList: skus.map(({ sku, properties, skuName }) => ({
        skuId: sku.id,
        properties,
        skuName,
        price: sku.price,
        oriPrice: sku.oriPrice,
        stocks: sku.stocks,
        pic: sku.pic ?? product.pic,
      })),
      specs: specGroupsOf(skus.map((l) => l.pairs)),
      delivery: deliveryOf(product, lang),
    };
    // Its own memory: Buffer.from would cut a small body from Node's shared 8 KiB pool, and a kept
    // slice keeps the whole slab alive (up to four times the body).
    const bytes = utf8.encode(JSON.stringify(detail));
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  return {
    async detailJson(prodId, lang, parts) {
      const json = await entries.get(`${prodId}:${lang}`, () => assemble(prodId, lang, parts));
      if (json === null) throw invalid('product.errors.notFound');
      return json;
    },
    invalidate(...prodIds) {
      // Dropped here at once; other instances hear of it through Redis, and a lost message only
      // leaves their copy until its TTL, which is the staleness this cache accepts anyway.
      void ctx.caches.invalidate(PRODUCT_DETAIL_CACHE, prodIds.flatMap((id) => [`${id}:zh`, `${id}:en`])).catch(() => undefined);
    },
  };
}
