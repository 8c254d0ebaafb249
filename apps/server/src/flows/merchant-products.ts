// The merchant center's products and stock (issue 10, decision 027): the product module writes
// the rows, the catalog module answers the platform tree, the shop module the shop's own
// categories, the upload module which pictures the shop uploaded. A save refreshes the product's
// search document in the same transaction and, once committed, drops the storefront's caches
// that show it (detail, search pages, home floors, the shop's on-shelf count).
import type { Language } from '@bazaar/shared/constants/limits';
import { PRODUCT_STATUS } from '@bazaar/shared/constants/product-status';
import type { Page } from '@bazaar/shared/schemas/common';
import type {
  MerchantProductDetail,
  MerchantProductInput,
  MerchantProductQuery,
  MerchantProductRow,
  ShelfInput,
  ShelfResult,
  StockAdjustInput,
  StockLog,
} from '@bazaar/shared/schemas/merchant-product';
import { STOCK_MAX } from '@bazaar/shared/schemas/merchant-product';
import type { AppContext } from '../context.ts';
import { conflict, invalid } from '../lib/app-error.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { sanitizeRichText } from '../lib/rich-text.ts';
import { parseProperties } from '../lib/sku-text.ts';
import { SPEC_NAMES_EN } from '../lib/spec-names.ts';
import { buildTree, dropHomeCache } from '../modules/catalog/service.ts';
import { listPlatformCategories } from '../modules/catalog/repository.ts';
import type { CategoryNode } from '@bazaar/shared/schemas/catalog';
import type { MerchantSession } from '../modules/merchant/service.ts';
import { merchantProfile } from './merchant-session.ts';
import * as products from '../modules/product/merchant-products.ts';
import { adjustSkuStock, findShopSku, pageStockLogs } from '../modules/product/stock-adjust.ts';
import { dropShopProductCounts, invalidateProductDetail } from '../modules/product/service.ts';
import type { ProductSpec } from '../db/schema/product.ts';
import { listOwnCategories } from '../modules/shop/product-reads.ts';
import { fileLink, shopOwnedPaths } from '../modules/upload/service.ts';
import { refreshProductSearch } from './product-search.ts';
import { dropSearchCaches } from './search-products.ts';
import { localized } from '../lib/localized.ts';

const orNull = (text: string | undefined) => (text ? text : null);

/** Drops what the storefront shows of these products, here and in every other instance. */
export async function dropStorefrontCaches(ctx: AppContext, prodIds: number[], shopIds: number[]): Promise<void> {
  invalidateProductDetail(ctx, ...prodIds);
  await Promise.all([dropSearchCaches(ctx), dropHomeCache(ctx), dropShopProductCounts(ctx, shopIds)]);
}

// ---- The platform tree ----

interface TreeIndex {
  /** Every shown leaf (grade 3 under shown parents) with its path from the top. */
  leafPaths: Map<number, number[]>;
  /** Every shown category with the leaves under it (a leaf: itself). */
  leavesUnder: Map<number, number[]>;
}

async function treeIndex(ctx: AppContext): Promise<TreeIndex> {
  const tree = buildTree(await listPlatformCategories(ctx.db), 'zh');
  const leafPaths = new Map<number, number[]>();
  const leavesUnder = new Map<number, number[]>();
  const walk = (node: CategoryNode, path: number[]): number[] => {
    const here = [...path, node.categoryId];
    const leaves = node.grade === 3 ? [node.categoryId] : node.children.flatMap((child) => walk(child, here));
    if (node.grade === 3) leafPaths.set(node.categoryId, here);
    leavesUnder.set(node.categoryId, leaves);
    return leaves;
  };
  for (const root of tree) walk(root, []);
  return { leafPaths, leavesUnder };
}

// ---- The list ----

function toRow(row: products.ProductListRow): MerchantProductRow {
  return {
    prodId: row.id,
    nameZh: row.nameZh,
    nameEn: row.nameEn,
    pic: row.pic,
    price: row.price,
    oriPrice: row.oriPrice,
    totalStocks: row.totalStocks,
    soldNum: row.soldNum,
    status: row.status,
    mold: row.mold,
    categoryId: row.categoryId,
    shopCategoryId: row.shopCategoryId,
    skuCount: row.skuCount,
    lowStockSkus: row.lowStockSkus,
    offence: row.offenceReason ? { reason: row.offenceReason, time: row.offenceAt ? formatApiTime(row.offenceAt) : '' } : null,
    updateTime: formatApiTime(row.updatedAt),
  };
}

/** The list's filter in the product module's terms (a category stands for its subtree). */
export async function listFilter(ctx: AppContext, shopId: number | null, query: Pick<MerchantProductQuery, 'keyword' | 'status' | 'stock' | 'categoryId' | 'shopCategoryId'>) {
  const filter: products.ProductListFilter = { shopId, keyword: query.keyword, status: query.status, stock: query.stock, shopCategoryId: query.shopCategoryId };
  if (query.categoryId !== undefined) filter.categoryIds = (await treeIndex(ctx)).leavesUnder.get(query.categoryId) ?? [query.categoryId];
  return filter;
}

/** GET /merchant/product/page: the shop's products, newest change first. */
export async function pageShopProducts(ctx: AppContext, session: MerchantSession, query: MerchantProductQuery): Promise<Page<MerchantProductRow>> {
  const { rows, total } = await products.pageProducts(ctx.db, await listFilter(ctx, session.shopId, query), query.current, query.size);
  return { records: rows.map(toRow), total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
}

export { toRow as toProductRow };

/** GET /merchant/product/shop-categories: the shop's own categories, hidden ones marked. */
export async function shopCategoryOptions(ctx: AppContext, session: MerchantSession, lang: Language) {
  const rows = await listOwnCategories(ctx.db, session.shopId);
  return rows.map((r) => ({ id: r.id, parentId: r.parentId, name: localized(lang, r.nameZh, r.nameEn), shown: r.status === 1 }));
}

// ---- One product ----

/** 'k:v;k:v' -> the values, in order. */
const valuesOf = (properties: string) =>
  properties
    .split(';')
    .filter(Boolean)
    .map((pair) => pair.slice(pair.indexOf(':') + 1));

/**
 * The dimensions of a product saved before the merchant center (no `specs`): read back from its
 * SKUs' properties, with English values from their English names and names from the vocabulary.
 */
function specsFromSkus(skuRows: products.ShopProduct['skus']): ProductSpec[] {
  const specs: ProductSpec[] = [];
  for (const sku of skuRows.filter((s) => s.status === 1)) {
    const pairs = parseProperties(sku.properties);
    const english = sku.nameEn?.split(' / ').map((v) => v.trim());
    pairs.forEach(([name, value], i) => {
      const spec = (specs[i] ??= { nameZh: name, nameEn: SPEC_NAMES_EN[name] ?? null, values: [] });
      if (!spec.values.some((v) => v.zh === value)) spec.values.push({ zh: value, en: english?.length === pairs.length ? (english[i] ?? null) : null });
    });
  }
  return specs.every((s) => s.nameZh) ? specs : [];
}

/** GET /merchant/product/info/:prodId: what the editor shows. */
export async function shopProductDetail(ctx: AppContext, session: MerchantSession, prodId: number): Promise<MerchantProductDetail> {
  const found = await products.findShopProduct(ctx.db, session.shopId, prodId);
  if (!found) throw invalid('merchantProducts.errors.notFound');
  const { product } = found;
  const index = await treeIndex(ctx);
  const specs = product.specs ?? specsFromSkus(found.skus);
  return {
    prodId: product.id,
    nameZh: product.nameZh,
    nameEn: product.nameEn ?? '',
    briefZh: product.briefZh ?? '',
    briefEn: product.briefEn ?? '',
    contentZh: product.contentZh ?? '',
    contentEn: product.contentEn ?? '',
    categoryId: product.categoryId,
    categoryPath: index.leafPaths.get(product.categoryId) ?? [product.categoryId],
    shopCategoryId: product.shopCategoryId,
    imgs: await Promise.all((product.imgs.length ? product.imgs : [product.pic]).map(async (path) => ({ path, url: await fileLink(ctx, path) }))),
    mold: product.mold,
    status: product.status,
    specs: specs.map((s) => ({ nameZh: s.nameZh, nameEn: s.nameEn ?? '', values: s.values.map((v) => ({ zh: v.zh, en: v.en ?? '' })) })),
    skus: found.skus.map((s) => ({
      skuId: s.id,
      values: specs.length ? valuesOf(s.properties) : [],
      properties: s.properties,
      nameZh: s.nameZh,
      nameEn: s.nameEn,
      price: s.price,
      oriPrice: s.oriPrice,
      stocks: s.stocks,
      code: s.code,
      weight: s.weight,
      status: s.status,
    })),
    offence: product.offenceReason ? { reason: product.offenceReason, time: product.offenceAt ? formatApiTime(product.offenceAt) : '' } : null,
  };
}

/** The specification texts end up in 'k:v;k:v': these characters would break it. */
const SPEC_SEPARATORS = /[:;]/;

/**
 * Checks a save's specifications and SKUs: names and values unique, and exactly one SKU for every
 * combination of the values. Answers the specs to store and the SKUs' rows.
 */
export function planSkus(input: Pick<MerchantProductInput, 'specs' | 'skus'>): { specs: ProductSpec[]; skus: products.SkuFields[] } {
  const specs: ProductSpec[] = input.specs.map((s) => ({ nameZh: s.nameZh, nameEn: orNull(s.nameEn), values: s.values.map((v) => ({ zh: v.zh, en: orNull(v.en) })) }));
  const texts = specs.flatMap((s) => [s.nameZh, s.nameEn ?? '', ...s.values.flatMap((v) => [v.zh, v.en ?? ''])]);
  if (texts.some((text) => SPEC_SEPARATORS.test(text))) throw invalid('merchantProducts.errors.specSeparator');
  if (new Set(specs.map((s) => s.nameZh)).size !== specs.length) throw invalid('merchantProducts.errors.specRepeated');
  if (specs.some((s) => new Set(s.values.map((v) => v.zh)).size !== s.values.length)) throw invalid('merchantProducts.errors.specValueRepeated');
  const combinations = specs.reduce((n, s) => n * s.values.length, 1);
  const seen = new Set<string>();
  const rows = input.skus.map((sku) => {
    if (sku.values.length !== specs.length) throw invalid('merchantProducts.errors.skuCombination');
    const values = sku.values.map((value, i) => {
      const found = specs[i]!.values.find((v) => v.zh === value);
      if (!found) throw invalid('merchantProducts.errors.skuCombination');
      return found;
    });
    const properties = values.map((v, i) => `${specs[i]!.nameZh}:${v.zh}`).join(';');
    if (seen.has(properties)) throw invalid('merchantProducts.errors.skuCombination');
    seen.add(properties);
    if (sku.oriPrice > 0 && sku.oriPrice < sku.price) throw invalid('merchantProducts.errors.oriPriceBelow');
    return {
      properties,
      nameZh: values.length ? values.map((v) => v.zh).join(' ') : null,
      nameEn: values.length ? values.map((v) => v.en ?? v.zh).join(' / ') : null,
      price: sku.price,
      oriPrice: sku.oriPrice,
      stocks: sku.stocks,
      code: sku.code ?? null,
      weight: sku.weight,
    };
  });
  if (rows.length !== combinations) throw invalid('merchantProducts.errors.skuCombination');
  const codes = rows.map((r) => r.code).filter((c): c is string => c !== null);
  if (new Set(codes).size !== codes.length) throw invalid('merchantProducts.errors.skuCodeRepeated');
  return { specs, skus: rows };
}

/** Checks the category, the shop category and the pictures; answers the product's fields. */
async function productFields(ctx: AppContext, shopId: number, input: MerchantProductInput, keptPictures: string[], specs: ProductSpec[]): Promise<products.ProductFields> {
  const index = await treeIndex(ctx);
  if (!index.leafPaths.has(input.categoryId)) throw invalid('merchantProducts.errors.category');
  if (input.shopCategoryId !== null) {
    const own = await listOwnCategories(ctx.db, shopId);
    if (!own.some((c) => c.id === input.shopCategoryId)) throw invalid('merchantProducts.errors.shopCategory');
  }
  if (new Set(input.imgs).size !== input.imgs.length) throw invalid('merchantProducts.errors.imageRepeated');
  const kept = new Set(keptPictures);
  const fresh = input.imgs.filter((path) => !kept.has(path));
  const owned = await shopOwnedPaths(ctx, shopId, fresh);
  if (fresh.some((path) => !owned.has(path))) throw invalid('merchantProducts.errors.image');
  return {
    nameZh: input.nameZh,
    nameEn: orNull(input.nameEn),
    briefZh: orNull(input.briefZh),
    briefEn: orNull(input.briefEn),
    contentZh: orNull(sanitizeRichText(input.contentZh)),
    contentEn: orNull(sanitizeRichText(input.contentEn)),
    categoryId: input.categoryId,
    shopCategoryId: input.shopCategoryId,
    imgs: input.imgs,
    mold: input.mold,
    specs,
  };
}

/** POST /merchant/product: a new product, on the shelf at once when asked; searchable as soon as it is. */
export async function createProduct(ctx: AppContext, session: MerchantSession, input: MerchantProductInput): Promise<MerchantProductDetail> {
  const plan = planSkus(input);
  const fields = await productFields(ctx, session.shopId, input, [], plan.specs);
  const now = ctx.now();
  const prodId = await ctx.db.transaction(async (tx) => {
    const id = await products.insertProduct(tx, session.shopId, fields, plan.skus, input.onShelf, now);
    await refreshProductSearch(tx, [id]);
    return id;
  });
  await dropStorefrontCaches(ctx, [prodId], [session.shopId]);
  return shopProductDetail(ctx, session, prodId);
}

/** PUT /merchant/product/:prodId: rewrites the product; existing SKUs keep their stock (decision 027). */
export async function updateProduct(ctx: AppContext, session: MerchantSession, prodId: number, input: MerchantProductInput): Promise<MerchantProductDetail> {
  const current = await products.findShopProduct(ctx.db, session.shopId, prodId);
  if (!current) throw invalid('merchantProducts.errors.notFound');
  const plan = planSkus(input);
  const fields = await productFields(ctx, session.shopId, input, [current.product.pic, ...current.product.imgs], plan.specs);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await products.updateProduct(tx, session.shopId, prodId, fields, plan.skus, now))) throw invalid('merchantProducts.errors.notFound');
    await refreshProductSearch(tx, [prodId]);
  });
  await dropStorefrontCaches(ctx, [prodId], [session.shopId]);
  return shopProductDetail(ctx, session, prodId);
}

/** POST /merchant/product/shelf: on or off the shelf, one or many; says why any stayed. */
export async function moveShelf(ctx: AppContext, session: MerchantSession, input: ShelfInput, t: (key: string) => string): Promise<ShelfResult> {
  const ids = [...new Set(input.prodIds)];
  const changed = (await products.moveShelf(ctx.db, session.shopId, ids, input.onShelf, ctx.now())).sort((a, b) => a - b);
  if (changed.length) await dropStorefrontCaches(ctx, changed, [session.shopId]);
  const moved = new Set(changed);
  const states = new Map((await products.shelfStates(ctx.db, session.shopId, ids.filter((id) => !moved.has(id)))).map((s) => [s.id, s]));
  const refused = ids
    .filter((id) => !moved.has(id))
    .map((prodId) => {
      const state = states.get(prodId);
      const key = !state
        ? 'notFound'
        : state.offenceReason
          ? 'takenDown'
          : input.onShelf && state.status === PRODUCT_STATUS.offShelf && state.skuCount === 0
            ? 'noSku'
            : 'unchanged';
      return { prodId, reason: t(`merchantProducts.errors.${key}`) };
    });
  return { changed, refused };
}

// ---- Stock ----

/** POST /merchant/sku/stock: one conditional statement; a refusal says why. */
export async function adjustStock(ctx: AppContext, session: MerchantSession, input: StockAdjustInput, lang: Language) {
  if (input.mode === 'set' && input.amount < 0) throw invalid('merchantProducts.errors.stockAmount');
  if (input.mode === 'delta' && input.amount === 0) throw invalid('merchantProducts.errors.stockAmount');
  const account = await merchantProfile(ctx, session, lang);
  const moved = await adjustSkuStock(ctx.db, {
    shopId: session.shopId,
    skuId: input.skuId,
    mode: input.mode,
    amount: input.amount,
    reason: input.reason,
    actor: { accountId: session.accountId, name: account.username },
  });
  if (!moved) {
    const sku = await findShopSku(ctx.db, session.shopId, input.skuId);
    if (!sku) throw invalid('merchantProducts.errors.skuNotFound');
    if (sku.stocks === -1) throw invalid('merchantProducts.errors.unlimitedStock');
    const wanted = input.mode === 'set' ? input.amount : sku.stocks + input.amount;
    if (wanted > STOCK_MAX) throw invalid('merchantProducts.errors.stockTooHigh', { max: STOCK_MAX, stocks: sku.stocks });
    throw conflict('merchantProducts.errors.stockBelowZero', { stocks: sku.stocks });
  }
  const sku = await findShopSku(ctx.db, session.shopId, input.skuId);
  if (sku) invalidateProductDetail(ctx, sku.productId);
  return { skuId: input.skuId, ...moved };
}

/** GET /merchant/sku/stock-logs: one of the shop's SKUs' adjustments. */
export async function stockLogs(ctx: AppContext, session: MerchantSession, query: { skuId: number; current: number; size: number }): Promise<Page<StockLog>> {
  // A disabled SKU's history stays readable.
  if (!(await findShopSku(ctx.db, session.shopId, query.skuId, false))) throw invalid('merchantProducts.errors.skuNotFound');
  const { rows, total } = await pageStockLogs(ctx.db, session.shopId, query.skuId, query.current, query.size);
  return {
    records: rows.map((r) => ({ id: r.id, skuId: r.skuId, delta: r.delta, stocksAfter: r.stocksAfter, reason: r.reason, actorName: r.actorName, createTime: formatApiTime(r.createdAt) })),
    total,
    size: query.size,
    current: query.current,
    pages: Math.ceil(total / query.size),
  };
}
