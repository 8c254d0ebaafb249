// Flash-sale activities in the merchant center (issue 27, decision 062): the seckill module writes
// them; the product module says whether the product and its SKUs are the shop's and on sale, and
// gives up (and takes back) the SKUs' stock in the same transaction as the activity; the catalog's
// home cache is dropped when a shown activity ends. Every read and change is bound to the session's
// shop: another shop's activity answers "does not exist".
import type { Language } from '@bazaar/shared/constants/limits';
import type { Page } from '@bazaar/shared/schemas/common';
import { PROD_TYPE, PRODUCT_STATUS, SKU_STATUS, UNLIMITED_STOCK } from '@bazaar/shared/constants/product-status';
import { SECKILL_AUDIT, SECKILL_DEFAULT_SESSIONS, SECKILL_MAX_DAYS } from '@bazaar/shared/constants/seckill';
import type { MerchantSeckillInput, MerchantSeckillQuery, SeckillCounts, SeckillRow, SeckillRowDetail, SeckillSessionTimes } from '@bazaar/shared/schemas/seckill';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { AppError, invalid } from '../lib/app-error.ts';
import { dropHomeCache } from '../modules/catalog/service.ts';
import { findShopProduct } from '../modules/product/merchant-products.ts';
import { invalidateProductDetail } from '../modules/product/service.ts';
import { releaseStock, takeStock } from '../modules/product/stock.ts';
import { lockProductActivities as lockGroupProduct, productBusy as groupBusy } from '../modules/group/admin.ts';
import * as seckills from '../modules/seckill/admin.ts';
import { countsOf, detailOf, pageOfRows, productFilter } from './seckill-console-rows.ts';

const DAY_MS = 86_400_000;
/** Products a flash sale may sell: normal ones, and ones already kept for flash sales. */
const SECKILL_PROD_TYPES: ReadonlySet<number> = new Set([PROD_TYPE.normal, PROD_TYPE.seckill]);

/** GET /merchant/seckills: the shop's activities by shown state and product name, newest first, with their live counts. */
export async function pageShopSeckills(ctx: AppContext, shopId: number, query: MerchantSeckillQuery, lang: Language): Promise<Page<SeckillRow>> {
  const productIds = await productFilter(ctx, shopId, query.prodName);
  const result = await seckills.pageSeckills(ctx.db, { shopId, state: query.state, productIds }, ctx.now(), query.current, query.size);
  return pageOfRows(ctx, result, query.current, query.size, lang);
}

async function ownSeckill(ctx: AppContext, shopId: number, id: number) {
  const found = await seckills.findSeckill(ctx.db, shopId, id);
  if (!found) throw invalid('seckill.errors.notFound');
  return found;
}

/** GET /merchant/seckills/:id */
export async function shopSeckill(ctx: AppContext, shopId: number, id: number, lang: Language): Promise<SeckillRowDetail> {
  return detailOf(ctx, await ownSeckill(ctx, shopId, id), lang);
}

/** GET /merchant/seckills/:id/counts: sold, paid and cancelled, polled while the page is open. */
export async function shopSeckillCounts(ctx: AppContext, shopId: number, id: number): Promise<SeckillCounts> {
  const found = await ownSeckill(ctx, shopId, id);
  return (await countsOf(ctx, [found])).get(id)!;
}

/** The platform's sessions, or the defaults until staff set them. */
export async function sessionTimes(ctx: AppContext): Promise<SeckillSessionTimes> {
  const list = await seckills.listSessionTimes(ctx.db);
  return { sessions: list.length ? list : SECKILL_DEFAULT_SESSIONS.map((s) => ({ ...s })) };
}

/** Everything about the input that needs the product and the clock; answers the lines of stock to take. */
async function checkInput(ctx: AppContext, shopId: number, input: MerchantSeckillInput, now: Date) {
  if (input.startTime.getTime() <= now.getTime()) throw invalid('seckill.errors.startPassed');
  if (input.endTime.getTime() - input.startTime.getTime() > SECKILL_MAX_DAYS * DAY_MS) throw invalid('seckill.errors.tooLong');
  const found = await findShopProduct(ctx.db, shopId, input.prodId);
  if (!found) throw invalid('seckill.errors.productNotOwned');
  if (found.product.status !== PRODUCT_STATUS.onShelf || !SECKILL_PROD_TYPES.has(found.product.prodType)) throw invalid('seckill.errors.productNotOnSale');
  const skuBy = new Map(found.skus.map((s) => [s.id, s]));
  for (const line of input.skus) {
    const sku = skuBy.get(line.skuId);
    if (!sku || sku.status !== SKU_STATUS.enabled) throw invalid('seckill.errors.skuNotOfProduct');
    if (line.seckillPrice >= sku.price) throw invalid('seckill.errors.priceAbovePrice');
    if (sku.stocks !== UNLIMITED_STOCK && line.seckillStocks > sku.stocks) throw invalid('seckill.errors.stocksOverSku', { stocks: sku.stocks });
  }
  return { lines: input.skus.map((s) => ({ skuId: s.skuId, count: s.seckillStocks })), skuBy };
}

/**
 * POST /merchant/seckills: the activity waits for the platform's review; its flash stock leaves the
 * SKUs now (a conditional update: a SKU sold meanwhile below the asked count refuses the whole
 * activity), so the flash sale can never sell what the shop no longer has.
 */
export async function createShopSeckill(ctx: AppContext, shopId: number, input: MerchantSeckillInput): Promise<{ seckillId: number }> {
  const now = ctx.now();
  const { lines, skuBy } = await checkInput(ctx, shopId, input, now);
  const seckillId = await ctx.db.transaction(async (tx) => {
    // The group-buy create takes the same two locks in this order (flows/merchant-group.ts), so the
    // two creates of one product never both pass their overlap checks, nor wait on each other.
    await lockGroupProduct(tx, input.prodId);
    await seckills.lockProductActivities(tx, input.prodId);
    if (await seckills.productBusy(tx, input.prodId, input.startTime, input.endTime)) throw invalid('seckill.errors.productBusy');
    if (await groupBusy(tx, input.prodId, input.startTime, input.endTime)) throw invalid('seckill.errors.productInGroupBuy');
    const short = await takeStock(tx, lines);
    if (short !== null) throw invalid('seckill.errors.stocksOverSku', { stocks: skuBy.get(short)?.stocks ?? 0 });
    return seckills.insertSeckill(tx, shopId, input, now);
  });
  // The product page shows the SKUs' stock, which just dropped.
  invalidateProductDetail(ctx, input.prodId);
  return { seckillId };
}

/** Gives an activity's unsold flash stock back to its SKUs, once (settled_at is set conditionally). */
export async function giveBackStock(tx: Tx, seckillId: number, now: Date): Promise<void> {
  const left = await seckills.settleNow(tx, seckillId, now);
  if (left?.length) await releaseStock(tx, left);
}

/**
 * POST /merchant/seckills/:id/end: a pending, upcoming or running activity stops now. One still
 * waiting for review was never loaded into the stock gate, so its flash stock goes back at once;
 * an approved one is settled by the close job (reconciled against the gate, then given back).
 */
export async function endShopSeckill(ctx: AppContext, shopId: number, id: number): Promise<void> {
  const now = ctx.now();
  const before = await ctx.db.transaction(async (tx) => {
    const moved = await seckills.endSeckill(tx, shopId, id, now);
    if (moved?.auditStatus === SECKILL_AUDIT.pending) await giveBackStock(tx, id, now);
    return moved;
  });
  if (!before) {
    await ownSeckill(ctx, shopId, id);
    throw new AppError('invalid', 'seckill.errors.cannotEnd');
  }
  if (before.auditStatus === SECKILL_AUDIT.approved) await dropHomeCache(ctx);
  else invalidateProductDetail(ctx, before.productId);
}
