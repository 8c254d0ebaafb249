// The points mall in the platform console (issue 29, decision 066): every points item, the self-run
// shops' products to make one of, create, edit (prices, limit, and the stock by a difference so
// units exchanged meanwhile stay taken) and on/off shelf. Each write and its audit entry are one
// transaction.
import type { Language } from '@bazaar/shared/constants/limits';
import { PRODUCT_STATUS } from '@bazaar/shared/constants/product-status';
import { POINTS_ITEM_STATUS } from '@bazaar/shared/constants/points-mall';
import type { Page } from '@bazaar/shared/schemas/common';
import type {
  AdminPointsItemCreate,
  AdminPointsItemQuery,
  AdminPointsItemRow,
  AdminPointsItemUpdate,
  AdminPointsProduct,
  AdminPointsProductQuery,
} from '@bazaar/shared/schemas/points-mall';
import type { AppContext } from '../context.ts';
import { uniqueViolation } from '../db/errors.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { invalid } from '../lib/app-error.ts';
import { localized } from '../lib/localized.ts';
import { getProfile } from '../modules/admin/service.ts';
import { recordChange } from '../modules/audit/service.ts';
import * as mall from '../modules/pointsmall/repository.ts';
import { findProductOwner, pageShopProducts, pointsProductCards, skuSupplyOf } from '../modules/product/points-mall-reads.ts';
import { productIdsByName } from '../modules/product/seckill-console-reads.ts';
import { listSelfRunShops } from '../modules/shop/points-mall-reads.ts';

const NAME_SEARCH_LIMIT = 500;

const errors = {
  itemNotFound: () => invalid('pointsmall.errors.itemNotFound'),
  product: () => invalid('pointsmall.errors.product'),
  productDeleted: () => invalid('pointsmall.errors.productDeleted'),
  productOffShelf: () => invalid('pointsmall.errors.productOffShelf'),
  notSelfRun: () => invalid('pointsmall.errors.notSelfRun'),
  itemExists: () => invalid('pointsmall.errors.itemExists'),
  stocksChanged: () => invalid('pointsmall.errors.stocksChanged'),
  noSkuStock: () => invalid('pointsmall.errors.noSkuStock'),
};

/** What the audit log keeps of an item. */
const audited = (item: mall.PointsItem) => ({
  prodId: item.productId,
  scorePrice: item.scorePrice,
  cashPrice: item.cashPrice,
  stocks: item.stocks,
  maxNum: item.maxNum,
  status: item.status,
});

async function toRows(ctx: AppContext, items: mall.PointsItem[], lang: Language): Promise<AdminPointsItemRow[]> {
  const [cards, shops] = await Promise.all([
    pointsProductCards(
      ctx.db,
      items.map((i) => i.productId),
    ),
    listSelfRunShops(ctx.db),
  ]);
  const shopNames = new Map(shops.map((s) => [s.id, localized(lang, s.nameZh, s.nameEn)]));
  return items.map((item) => {
    const p = cards.get(item.productId);
    return {
      itemId: item.id,
      prodId: item.productId,
      shopId: item.shopId,
      shopName: shopNames.get(item.shopId) ?? '',
      prodName: p ? localized(lang, p.nameZh, p.nameEn) : '',
      pic: p?.pic ?? '',
      price: p?.price ?? 0,
      prodStatus: p?.status ?? PRODUCT_STATUS.deleted,
      mold: p?.mold ?? 0,
      scorePrice: item.scorePrice,
      cashPrice: item.cashPrice,
      stocks: item.stocks,
      maxNum: item.maxNum,
      soldNum: item.soldNum,
      status: item.status,
      createdAt: formatApiTime(item.createdAt),
      updatedAt: formatApiTime(item.updatedAt),
    };
  });
}

/** GET /admin/pointsMall/items */
export async function pageAdminPointsItems(ctx: AppContext, query: AdminPointsItemQuery, lang: Language): Promise<Page<AdminPointsItemRow>> {
  const productIds = query.prodName ? await productIdsByName(ctx.db, null, query.prodName, NAME_SEARCH_LIMIT) : null;
  const { rows, total } = await mall.pageItems(ctx.db, { status: query.status, productIds }, query.size, (query.current - 1) * query.size);
  return { records: await toRows(ctx, rows, lang), total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
}

/** GET /admin/pointsMall/items/:id */
export async function adminPointsItem(ctx: AppContext, id: number, lang: Language): Promise<AdminPointsItemRow> {
  const item = await mall.findItem(ctx.db, id);
  if (!item) throw errors.itemNotFound();
  return (await toRows(ctx, [item], lang))[0]!;
}

/** GET /admin/pointsMall/products: the self-run shops' products (not deleted) without an item yet. */
export async function pagePointsCandidates(ctx: AppContext, query: AdminPointsProductQuery, lang: Language): Promise<Page<AdminPointsProduct>> {
  const shops = await listSelfRunShops(ctx.db);
  const { rows, total } = await pageShopProducts(ctx.db, {
    shopIds: shops.map((s) => s.id),
    keyword: query.prodName,
    exclude: mall.pointsItemProductIds(),
    limit: query.size,
    offset: (query.current - 1) * query.size,
  });
  const shopNames = new Map(shops.map((s) => [s.id, localized(lang, s.nameZh, s.nameEn)]));
  return {
    records: rows.map((p) => ({
      prodId: p.prodId,
      shopId: p.shopId,
      shopName: shopNames.get(p.shopId) ?? '',
      prodName: localized(lang, p.nameZh, p.nameEn),
      pic: p.pic,
      price: p.price,
      mold: p.mold,
      status: p.status,
      totalStocks: p.totalStocks,
    })),
    total,
    size: query.size,
    current: query.current,
    pages: Math.ceil(total / query.size),
  };
}

/** An item on shelf must be suppliable: its product's enabled SKUs hold some stock (QA2 item 4). */
async function requireSkuStock(ctx: AppContext, prodId: number): Promise<void> {
  const supply = (await skuSupplyOf(ctx.db, [prodId])).get(prodId) ?? 0;
  if (supply === 0) throw errors.noSkuStock();
}

/** POST /admin/pointsMall/items: a points item on a self-run shop's product (one per product). Audited. */
export async function createPointsItem(ctx: AppContext, adminId: number, input: AdminPointsItemCreate): Promise<{ itemId: number }> {
  const [product, shops, admin] = await Promise.all([findProductOwner(ctx.db, input.prodId), listSelfRunShops(ctx.db), getProfile(ctx, adminId)]);
  if (!product) throw errors.product();
  if (product.status === PRODUCT_STATUS.deleted) throw errors.productDeleted();
  if (!shops.some((s) => s.id === product.shopId)) throw errors.notSelfRun();
  if (input.status === POINTS_ITEM_STATUS.on && product.status !== PRODUCT_STATUS.onShelf) throw errors.productOffShelf();
  if (input.status === POINTS_ITEM_STATUS.on) await requireSkuStock(ctx, input.prodId);
  const now = ctx.now();
  try {
    const item = await ctx.db.transaction(async (tx) => {
      const item = await mall.insertItem(tx, { productId: input.prodId, shopId: product.shopId, scorePrice: input.scorePrice, cashPrice: input.cashPrice, stocks: input.stocks, maxNum: input.maxNum, status: input.status, createdBy: adminId, now });
      await recordChange(tx, { admin: { id: admin.adminId, username: admin.username }, action: 'pointsmall.create', targetType: 'points_item', targetId: item.id, before: null, after: audited(item) }, now);
      return item;
    });
    return { itemId: item.id };
  } catch (err) {
    if (uniqueViolation(err) === mall.POINTS_ITEM_PRODUCT_KEY) throw errors.itemExists();
    throw err;
  }
}

/** PUT /admin/pointsMall/items/:id: prices, limit, and the stock by `stocks - baseStocks`. Audited. */
export async function updatePointsItem(ctx: AppContext, adminId: number, id: number, input: AdminPointsItemUpdate, lang: Language): Promise<AdminPointsItemRow> {
  const admin = await getProfile(ctx, adminId);
  const now = ctx.now();
  const item = await ctx.db.transaction(async (tx) => {
    const before = await mall.findItem(tx, id);
    if (!before) throw errors.itemNotFound();
    const after = await mall.updateItem(tx, id, { ...input, now });
    if (!after) throw errors.stocksChanged();
    await recordChange(tx, { admin: { id: admin.adminId, username: admin.username }, action: 'pointsmall.update', targetType: 'points_item', targetId: id, before: audited(before), after: audited(after) }, now);
    return after;
  });
  return (await toRows(ctx, [item], lang))[0]!;
}

/** POST /admin/pointsMall/items/:id/status: on shelf (its product must be on shelf) or off. Audited. */
export async function setPointsItemStatus(ctx: AppContext, adminId: number, id: number, status: number, lang: Language): Promise<AdminPointsItemRow> {
  const admin = await getProfile(ctx, adminId);
  const found = await mall.findItem(ctx.db, id);
  if (!found) throw errors.itemNotFound();
  if (status === POINTS_ITEM_STATUS.on) {
    const product = await findProductOwner(ctx.db, found.productId);
    if (!product || product.status === PRODUCT_STATUS.deleted) throw errors.productDeleted();
    if (product.status !== PRODUCT_STATUS.onShelf) throw errors.productOffShelf();
    await requireSkuStock(ctx, found.productId);
  }
  const now = ctx.now();
  const item = await ctx.db.transaction(async (tx) => {
    const after = await mall.setItemStatus(tx, id, status, now);
    if (!after) throw errors.itemNotFound();
    await recordChange(tx, { admin: { id: admin.adminId, username: admin.username }, action: 'pointsmall.status', targetType: 'points_item', targetId: id, before: { status: found.status }, after: { status } }, now);
    return after;
  });
  return (await toRows(ctx, [item], lang))[0]!;
}
