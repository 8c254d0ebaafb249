// The points mall for shoppers (issue 29; reference §2.4 score confirm/submit, §2.5 payType 0, §5.7;
// decision 066): the items on shelf and their detail with my points, confirm (cached under the
// page's uuid, reference §5.2) and submit. Submit is one statement: the item's allotment and the
// exchange's record, the per-user limit's counter, the SKU's stock, the points (source 10, out;
// never below 0), the order of type 3 with its checkout token and auto-cancel job. With no cash part
// the order is paid by points in the same transaction (a payType 0 payment settled by
// settleOrderPayment, as every payment is); with one it waits on /payment for the cash. Cancel and
// timeout give back through returnPointsOrderUnits (flows/cancel-order.ts calls it).
import type { Language } from '@bazaar/shared/constants/limits';
import { DELIVERY_TYPE, ORDER_MOLD, PAY_ENTRY } from '@bazaar/shared/constants/order-status';
import { POINTS_ITEM_MAX_NUM_MAX, POINTS_ITEM_MAX_NUM_UNLIMITED, POINTS_ITEM_STATUS, POINTS_ORDER_TYPE, POINTS_PAY_TYPE } from '@bazaar/shared/constants/points-mall';
import { SHOP_STATUS, SHOP_TYPE } from '@bazaar/shared/constants/shop-status';
import type { Address } from '@bazaar/shared/schemas/address';
import type {
  PointsConfirm,
  PointsConfirmResult,
  PointsItemCard,
  PointsItemDetail,
  PointsMallPage,
  PointsMallQuery,
  PointsSubmit,
  PointsSubmitResult,
} from '@bazaar/shared/schemas/points-mall';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { failedCheck, retryOnConflict, uniqueViolation } from '../db/errors.ts';
import { executeTogether } from '../db/one-statement.ts';
import { invalid, unauthorized } from '../lib/app-error.ts';
import { scheduleJobsStatement } from '../lib/jobs.ts';
import { localized } from '../lib/localized.ts';
import { nextSerialNumber } from '../lib/serial-number.ts';
import { localizeSku, propertyValues } from '../lib/sku-text.ts';
import { createAddressService } from '../modules/address/service.ts';
import { AUTO_CANCEL_JOB } from '../modules/order/lifecycle.ts';
import { buildOrderRows } from '../modules/order/order-rows.ts';
import * as orders from '../modules/order/repository.ts';
import { insertPayment, newPayment } from '../modules/payment/repository.ts';
import * as mall from '../modules/pointsmall/repository.ts';
import { onShelfProductIds, pointsProductCards, skuSupplyOf } from '../modules/product/points-mall-reads.ts';
import { findSaleableProduct, type SaleableProductRow } from '../modules/product/repository.ts';
import { productIdsByName } from '../modules/product/seckill-console-reads.ts';
import { invalidateProductDetail } from '../modules/product/service.ts';
import { STOCK_SHORT, takeStockPart } from '../modules/product/stock.ts';
import { listSelfRunShops } from '../modules/shop/points-mall-reads.ts';
import { openShopCard } from '../modules/shop/repository.ts';
import { exchangeSpendPart, isPointsShort, scoreOf } from '../modules/wallet/points-service.ts';
import { settleOrderPayment } from './pay-order.ts';

/** The confirmed exchange lives this long (reference §5.2, as the general checkout's). */
const CONFIRM_TTL_MS = 30 * 60_000;
/** A submit holds its uuid this long at most (a crashed request frees it by itself). */
const SUBMIT_LOCK_MS = 30_000;
/** A name search looks at this many matching products at most. */
const NAME_SEARCH_LIMIT = 500;
/** The most points or fen an exchange's integer columns hold (orders.use_score, points_orders.score and cash, the ledger). */
const INT_MAX = 2_147_483_647;

const confirmKey = (userId: string, uuid: string) => `points:confirm:${userId}:${uuid}`;
const submitLockKey = (userId: string, uuid: string) => `points:submit:${userId}:${uuid}`;

const errors = {
  notFound: () => invalid('pointsmall.errors.notFound'),
  offShelf: () => invalid('pointsmall.errors.offShelf'),
  changed: () => invalid('pointsmall.errors.changed'),
  sku: () => invalid('pointsmall.errors.sku'),
  insufficient: () => invalid('pointsmall.errors.insufficient'),
  limit: (max: number, left: number) => invalid('pointsmall.errors.limit', { max, left: Math.max(0, left) }),
  notEnoughScore: (need: number, have: number) => invalid('pointsmall.errors.notEnoughScore', { need, have }),
  tooLarge: () => invalid('pointsmall.errors.tooLarge'),
  addAddress: () => invalid('checkout.errors.addAddress'),
  selectAddress: () => invalid('checkout.errors.selectAddress'),
  duplicate: () => invalid('checkout.errors.duplicate'),
  expired: () => invalid('checkout.errors.expired'),
};

/** The shop module's named query the product's statement joins (one constant object: prepared once). */
const productParts = { openShopCard };

/** What confirm caches and submit places. */
interface PointsCheckout {
  itemId: number;
  prodId: number;
  skuId: number;
  shopId: number;
  prodNameZh: string;
  prodNameEn: string | null;
  skuNameZh: string;
  skuNameEn: string | null;
  pic: string;
  count: number;
  scorePrice: number;
  cashPrice: number;
  mold: number;
  /** Null for a virtual item, or while the shopper has no address (submit then asks for one). */
  address: Address | null;
}

/** The ids of the open self-run shops: only their items show. */
async function openSelfRunShopIds(ctx: AppContext): Promise<number[]> {
  return (await listSelfRunShops(ctx.db)).filter((s) => s.status === SHOP_STATUS.open).map((s) => s.id);
}

/** The item of a product as a shopper may exchange it: on shelf, its product on shelf in an open self-run shop. */
async function shownItem(ctx: AppContext, prodId: number): Promise<{ item: mall.PointsItem; product: SaleableProductRow }> {
  const [item, product] = await Promise.all([mall.findItemByProduct(ctx.db, prodId), findSaleableProduct(ctx.db, prodId, productParts)]);
  if (!item || !product || product.shopType !== SHOP_TYPE.selfRun || product.shopId !== item.shopId) throw errors.notFound();
  if (item.status !== POINTS_ITEM_STATUS.on) throw errors.offShelf();
  return { item, product };
}

/**
 * The stock a shopper is shown: the item's own, but never more than its product's SKUs can supply
 * (an exchange takes both; QA2 item 4). `supply` is the SKUs' summed stock, -1 unlimited.
 */
const shownStock = (itemStocks: number, supply: number | undefined) => (supply === undefined ? 0 : supply === -1 ? itemStocks : Math.max(0, Math.min(itemStocks, supply)));

/** Units the per-user limit still allows (Infinity without a limit). */
const limitLeft = (item: mall.PointsItem, bought: number) => (item.maxNum === POINTS_ITEM_MAX_NUM_UNLIMITED ? Infinity : item.maxNum - bought);

/** The most one order may take now: the stock, the limit, my points, and 999. */
function canBuy(item: mall.PointsItem, bought: number, myScore: number): number {
  return Math.max(0, Math.min(item.stocks, limitLeft(item, bought), Math.floor(myScore / item.scorePrice), POINTS_ITEM_MAX_NUM_MAX));
}

// ---- The list and the detail ----

/** GET /score/prods: the items on shelf; with a token, my points and the "what I can afford" filter. */
export async function pagePointsItems(ctx: AppContext, userId: string | null, query: PointsMallQuery, lang: Language): Promise<PointsMallPage> {
  if (query.affordable && !userId) throw unauthorized();
  const [myScore, shopIds, productIds] = await Promise.all([
    userId ? scoreOf(ctx.db, userId) : Promise.resolve(null),
    openSelfRunShopIds(ctx),
    query.prodName ? productIdsByName(ctx.db, null, query.prodName, NAME_SEARCH_LIMIT) : Promise.resolve(null),
  ]);
  const { rows, total } = await mall.pageShownItems(
    ctx.db,
    { shopIds, onShelfProducts: onShelfProductIds(), productIds, maxScore: query.affordable ? myScore : null, sort: query.sort },
    query.size,
    (query.current - 1) * query.size,
  );
  const [cards, supply] = await Promise.all([
    pointsProductCards(
      ctx.db,
      rows.map((r) => r.productId),
    ),
    skuSupplyOf(
      ctx.db,
      rows.map((r) => r.productId),
    ),
  ]);
  const records: PointsItemCard[] = rows.flatMap((item) => {
    const p = cards.get(item.productId);
    if (!p) return [];
    return [
      {
        itemId: item.id,
        prodId: item.productId,
        prodName: localized(lang, p.nameZh, p.nameEn),
        brief: localized(lang, p.briefZh ?? '', p.briefEn) ?? '',
        pic: p.pic,
        scorePrice: item.scorePrice,
        cashPrice: item.cashPrice,
        price: p.price,
        stocks: shownStock(item.stocks, supply.get(item.productId)),
        soldNum: item.soldNum,
        maxNum: item.maxNum,
        mold: p.mold,
        affordable: myScore === null ? null : myScore >= item.scorePrice,
      },
    ];
  });
  return { records, total, size: query.size, current: query.current, pages: Math.ceil(total / query.size), myScore };
}

/** GET /score/prod?prodId=: the item with its pictures, SKUs and, with a token, my points and what I exchanged. */
export async function pointsItemDetail(ctx: AppContext, userId: string | null, prodId: number, lang: Language): Promise<PointsItemDetail> {
  const shown = await shownItem(ctx, prodId);
  const { product } = shown;
  const supply = product.skus.some((s) => s.stocks === -1) ? -1 : product.skus.reduce((n, s) => n + Math.max(0, s.stocks), 0);
  const item = { ...shown.item, stocks: product.skus.length === 0 ? 0 : shownStock(shown.item.stocks, supply) };
  const [myScore, bought] = userId ? await Promise.all([scoreOf(ctx.db, userId), mall.boughtNumOf(ctx.db, item.id, userId)]) : [null, null];
  return {
    itemId: item.id,
    prodId: product.id,
    prodName: localized(lang, product.nameZh, product.nameEn),
    brief: localized(lang, product.briefZh ?? '', product.briefEn) ?? '',
    pic: product.pic,
    scorePrice: item.scorePrice,
    cashPrice: item.cashPrice,
    price: product.price,
    stocks: item.stocks,
    soldNum: item.soldNum,
    maxNum: item.maxNum,
    mold: product.mold,
    shopId: product.shopId,
    shopName: localized(lang, product.shopNameZh, product.shopNameEn),
    imgs: product.imgs.length ? product.imgs : [product.pic],
    content: (lang === 'en' && product.contentEn ? product.contentEn : product.contentZh) ?? '',
    skuList: product.skus.map((s) => {
      const text = localizeSku({ properties: s.properties, nameZh: s.nameZh, nameEn: s.nameEn }, lang);
      return { skuId: s.id, properties: text.properties, skuName: text.skuName, pic: s.pic ?? product.pic };
    }),
    myScore,
    boughtNum: bought,
    canBuyNum: myScore === null || bought === null ? null : canBuy(item, bought, myScore),
  };
}

// ---- Confirm and submit ----

/** POST /p/score/confirm: checks the exchange, caches it under the uuid for submit, and shows the totals. */
export async function confirmPointsOrder(ctx: AppContext, userId: string, input: PointsConfirm, lang: Language): Promise<PointsConfirmResult> {
  const { prodId, skuId, prodCount } = input.orderItem;
  const { item, product } = await shownItem(ctx, prodId);
  const sku = product.skus.find((s) => s.id === skuId);
  if (!sku) throw errors.sku();
  const virtual = product.mold === ORDER_MOLD.virtual;
  const addressService = createAddressService(ctx);
  let address: Address | null = null;
  if (!virtual) {
    const addresses = await addressService.list(userId);
    const chosen = input.addrId === 0 ? (addresses[0] ?? null) : addresses.find((a) => a.addrId === input.addrId);
    if (chosen === undefined) throw errors.selectAddress();
    address = chosen;
  }
  if (item.stocks < prodCount || (sku.stocks !== -1 && sku.stocks < prodCount)) throw errors.insufficient();
  const [bought, myScore] = await Promise.all([mall.boughtNumOf(ctx.db, item.id, userId), scoreOf(ctx.db, userId)]);
  if (prodCount > limitLeft(item, bought)) throw errors.limit(item.maxNum, item.maxNum - bought);
  if (item.cashPrice * prodCount > INT_MAX) throw errors.tooLarge();
  const checkout: PointsCheckout = {
    itemId: item.id,
    prodId: product.id,
    skuId: sku.id,
    shopId: product.shopId,
    prodNameZh: product.nameZh,
    prodNameEn: product.nameEn,
    skuNameZh: sku.nameZh ?? propertyValues(sku.properties),
    skuNameEn: sku.nameEn,
    pic: sku.pic ?? product.pic,
    count: prodCount,
    scorePrice: item.scorePrice,
    cashPrice: item.cashPrice,
    mold: product.mold,
    address,
  };
  await ctx.kv.set(confirmKey(userId, input.uuid), JSON.stringify(checkout), CONFIRM_TTL_MS);
  const totalScore = item.scorePrice * prodCount;
  const skuText = localizeSku({ properties: sku.properties, nameZh: sku.nameZh, nameEn: sku.nameEn }, lang);
  return {
    productItemDto: {
      itemId: item.id,
      prodId: product.id,
      skuId: sku.id,
      shopId: product.shopId,
      shopName: localized(lang, product.shopNameZh, product.shopNameEn),
      prodName: localized(lang, product.nameZh, product.nameEn),
      skuName: skuText.skuName,
      pic: checkout.pic,
      prodCount,
      scorePrice: item.scorePrice,
      cashPrice: item.cashPrice,
      mold: product.mold,
    },
    actualTotal: item.cashPrice * prodCount,
    totalScore,
    transfee: 0,
    userAddr: address ? (await addressService.localize([address], lang))[0]! : null,
    myScore,
    enoughScore: myScore >= totalScore,
    maxNum: item.maxNum,
    boughtNum: bought,
    canBuyNum: canBuy(item, bought, myScore),
    stocks: item.stocks,
  };
}

/** Why an exchange's statement failed, in the shopper's words. */
async function refusalOf(ctx: AppContext, userId: string, checkout: PointsCheckout, err: unknown): Promise<Error | null> {
  const reason = failedCheck(err);
  if (reason === mall.POINTS_ITEM_SHORT) {
    const item = await mall.findItem(ctx.db, checkout.itemId);
    if (!item || item.status !== POINTS_ITEM_STATUS.on) return errors.offShelf();
    if (item.scorePrice !== checkout.scorePrice || item.cashPrice !== checkout.cashPrice) return errors.changed();
    return errors.insufficient();
  }
  if (reason === mall.POINTS_ITEM_LIMIT) {
    const item = await mall.findItem(ctx.db, checkout.itemId);
    const bought = await mall.boughtNumOf(ctx.db, checkout.itemId, userId);
    return errors.limit(item?.maxNum ?? 0, (item?.maxNum ?? 0) - bought);
  }
  if (reason === STOCK_SHORT) return errors.insufficient();
  if (isPointsShort(err)) return errors.notEnoughScore(checkout.scorePrice * checkout.count, await scoreOf(ctx.db, userId));
  const key = uniqueViolation(err);
  if (key === orders.CHECKOUT_TOKEN_KEY || key === '') return errors.duplicate();
  return null;
}

/**
 * POST /p/score/submit: places the confirmed exchange. A per-uuid lock turns parallel submits of one
 * checkout away at once; the checkout token's primary key is the final guard.
 */
export async function submitPointsOrder(ctx: AppContext, userId: string, input: PointsSubmit): Promise<PointsSubmitResult> {
  const lock = submitLockKey(userId, input.uuid);
  const [locked, cached] = await Promise.all([ctx.kv.setIfAbsent(lock, '1', SUBMIT_LOCK_MS), ctx.kv.get(confirmKey(userId, input.uuid))]);
  if (!locked) throw errors.duplicate();
  let released = false;
  try {
    if (!cached) throw (await orders.isCheckoutUsed(ctx.db, userId, input.uuid)) ? errors.duplicate() : errors.expired();
    const checkout = JSON.parse(cached) as PointsCheckout;
    const virtual = checkout.mold === ORDER_MOLD.virtual;
    if (!virtual && !checkout.address) throw errors.addAddress();
    // The shelf may have changed since confirm: the product must still be saleable with this SKU.
    const product = await findSaleableProduct(ctx.db, checkout.prodId, productParts);
    if (!product || product.shopType !== SHOP_TYPE.selfRun) throw errors.notFound();
    if (!product.skus.some((s) => s.id === checkout.skuId)) throw errors.sku();

    const now = ctx.now();
    const orderNumber = nextSerialNumber(now.getTime());
    const totalScore = checkout.scorePrice * checkout.count;
    // Beyond what the rows hold: more points than anyone can have, or a cash part too large for one order.
    if (checkout.cashPrice * checkout.count > INT_MAX) throw errors.tooLarge();
    if (totalScore > INT_MAX) throw errors.notEnoughScore(totalScore, await scoreOf(ctx.db, userId));
    const a = checkout.address;
    const built = buildOrderRows({
      orderNumber,
      userId,
      shopId: checkout.shopId,
      orderType: POINTS_ORDER_TYPE,
      orderMold: virtual ? ORDER_MOLD.virtual : ORDER_MOLD.physical,
      dvyType: virtual ? DELIVERY_TYPE.none : DELIVERY_TYPE.express,
      freight: 0,
      remarks: input.remarks || null,
      checkoutUuid: input.uuid,
      placedAt: now,
      address:
        !virtual && a
          ? { receiver: a.receiver, mobile: a.mobile, provinceId: a.provinceId, province: a.province, cityId: a.cityId, city: a.city, areaId: a.areaId, area: a.area, addr: a.addr }
          : null,
      lines: [
        {
          productId: checkout.prodId,
          skuId: checkout.skuId,
          prodNameZh: checkout.prodNameZh,
          prodNameEn: checkout.prodNameEn,
          skuNameZh: checkout.skuNameZh,
          skuNameEn: checkout.skuNameEn,
          pic: checkout.pic,
          // The line's money is the cash part; the points are its price in points (use_score).
          price: checkout.cashPrice,
          count: checkout.count,
          isRefund: 0,
          useScore: totalScore,
        },
      ],
    });
    const exchange = { orderNumber, itemId: checkout.itemId, userId, skuId: checkout.skuId, count: checkout.count, scorePrice: checkout.scorePrice, cashPrice: checkout.cashPrice, now };
    const stock = takeStockPart([{ skuId: checkout.skuId, count: checkout.count }]);
    if (!stock) throw errors.insufficient();
    // The points after the stock's products (`after`), as a checkout's: the mall's lock order.
    const parts = [mall.takeItemPart(exchange), mall.takeLimitPart(exchange), stock, exchangeSpendPart({ userId, orderNumber, score: totalScore, now, after: stock.written })];
    const statements = [
      ...orders.placedOrderStatements({ token: { userId, uuid: input.uuid, orderNumbers: orderNumber, createdAt: now }, orders: [built.order], items: built.items, addresses: built.address ? [built.address] : [] }),
      scheduleJobsStatement([{ kind: AUTO_CANCEL_JOB, ref: orderNumber, runAt: new Date(now.getTime() + ctx.env.ORDER_UNPAID_TIMEOUT_MINUTES * 60_000) }]),
    ];
    const paidByPoints = built.order.actualTotal === 0;
    try {
      await retryOnConflict(() =>
        ctx.db.transaction(async (tx) => {
          await executeTogether(tx, statements, parts);
          if (paidByPoints) await payWithPoints(ctx, tx, { userId, orderNumber, score: totalScore, now });
        }),
      );
    } catch (err) {
      throw (await refusalOf(ctx, userId, checkout, err)) ?? err;
    }
    released = true;
    await ctx.kv.del(confirmKey(userId, input.uuid), lock);
    invalidateProductDetail(ctx, checkout.prodId);
    return { orderNumbers: orderNumber, paid: paidByPoints };
  } finally {
    if (!released) await ctx.kv.del(lock);
  }
}

/**
 * An order with nothing to pay in money is paid by its points at once: a payment of payType 0
 * (amount 0, the points as pay_score), settled like every payment (the order moves to paid, sold
 * counters, the auto-cancel job ends, a virtual item's voucher codes).
 */
async function payWithPoints(ctx: AppContext, tx: Tx, input: { userId: string; orderNumber: string; score: number; now: Date }): Promise<void> {
  const payment = newPayment(
    {
      payNo: nextSerialNumber(input.now.getTime()),
      userId: input.userId,
      payEntry: PAY_ENTRY.order,
      payType: POINTS_PAY_TYPE,
      orderNumbers: input.orderNumber,
      amount: 0,
      payScore: input.score,
      expiresAt: new Date(input.now.getTime() + ctx.env.ORDER_UNPAID_TIMEOUT_MINUTES * 60_000),
    },
    input.now,
  );
  await insertPayment(tx, payment);
  const settled = await settleOrderPayment(ctx, tx, payment, { paidAt: input.now, providerTradeNo: null });
  // Just placed in this transaction, so it is unpaid: anything else is a bug, and the whole exchange rolls back.
  if (settled.paidOrders.length !== 1) throw new Error(`points order ${input.orderNumber} could not be settled`);
}

/**
 * The cancel path's hook (flows/cancel-order.ts, in its transaction): a points order's allotment,
 * sold units and per-user count go back, once. Its SKU stock and points go back there as any
 * order's do (releaseStock, returnCheckoutPoints). Nothing for other orders.
 */
export async function returnPointsOrderUnits(tx: Tx, orderNumber: string, now: Date): Promise<void> {
  await mall.returnOrderUnits(tx, orderNumber, now);
}
