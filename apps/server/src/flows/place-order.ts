// Checkout of general orders (reference 2.4, 5.1-5.3): confirm prices the ticked cart lines (or a
// buy-now line) with the one pricing flow (flows/price-cart.ts: promotions, coupons, freight), splits
// them per shop and caches the result under the page's one-time uuid; submit turns that cached
// checkout, with every line's share of each reduction, into one order per shop in a single statement.
import { DELIVERY_TYPE, ORDER_MOLD } from '@bazaar/shared/constants/order-status';
import { ORDER_TOTAL_MAX_FEN, type Language } from '@bazaar/shared/constants/limits';
import { notForSaleReason, unbuyableReason, UNLIMITED_STOCK } from '@bazaar/shared/constants/product-status';
import type { ConfirmOrder, ConfirmResult, ShopCartOrder, SubmitOrder } from '@bazaar/shared/schemas/order';
import type { Address } from '@bazaar/shared/schemas/address';
import type { AppContext } from '../context.ts';
import { checkoutInvoiceRows, insertInvoicesStatement } from '../modules/invoice/service.ts';
import { executeTogether } from '../db/one-statement.ts';
import { failedCheck, retryOnConflict, uniqueViolation } from '../db/errors.ts';
import { invalid } from '../lib/app-error.ts';
import { scheduleJobsStatement } from '../lib/jobs.ts';
import { nextSerialNumber } from '../lib/serial-number.ts';
import { propertyValues } from '../lib/sku-text.ts';
import { STOCK_SHORT, takeStockPart } from '../modules/product/stock.ts';
import { AUTO_CANCEL_JOB } from '../modules/order/lifecycle.ts';
import { buildOrderRows } from '../modules/order/order-rows.ts';
import * as repo from '../modules/order/repository.ts';
import { createAddressService } from '../modules/address/service.ts';
import { checkedCartLines, deleteCombosStatement, deleteLinesStatement, listCartCombos } from '../modules/cart/repository.ts';
import { skuCard } from '../modules/product/repository.ts';
import { anyShopCard } from '../modules/shop/repository.ts';
import { freeFreightFrom, freightFee } from '../modules/shop/freight.ts';
import { invalidateProductDetail } from '../modules/product/service.ts';
import { checkoutSpendPart, isPointsShort, readPointsSettings, scoreOf } from '../modules/wallet/points-service.ts';
import type { LineShares } from '../modules/order/order-rows.ts';
import type { PackageDeal, PricedCart, PricedLine } from '../modules/pricing/types.ts';
import { COUPON_TAKEN, freezeCouponsPart, type CouponUse } from '../modules/promotion/coupons.ts';
import { lineReduction, priceLines, toCheckoutCoupon, toChooseDiscountItemDto } from './price-cart.ts';
import { comboPricing, liveCombosById, refusal, type LiveCombo } from './combos.ts';
import { memberPricing } from './membership.ts';
import { localized } from '../lib/localized.ts';

/** The confirmed checkout lives this long (reference 5.2, proposed 30 min). */
export const CONFIRM_TTL_MS = 30 * 60_000;
/** A submit holds its uuid this long at most (a crashed request frees it by itself). */
const SUBMIT_LOCK_MS = 30_000;

const confirmKey = (userId: string, uuid: string) => `order:confirm:${userId}:${uuid}`;
const submitLockKey = (userId: string, uuid: string) => `order:submit:${userId}:${uuid}`;

const errors = {
  addAddress: () => invalid('checkout.errors.addAddress'),
  selectAddress: () => invalid('checkout.errors.selectAddress'),
  selectItem: () => invalid('checkout.errors.selectItem'),
  insufficient: () => invalid('checkout.errors.insufficient'),
  notInStock: () => invalid('checkout.errors.notInStock'),
  cannotBuy: () => invalid('checkout.errors.cannotBuy'),
  duplicate: () => invalid('checkout.errors.duplicate'),
  expired: () => invalid('checkout.errors.expired'),
  dvyType: () => invalid('checkout.errors.dvyType'),
  couponTaken: () => invalid('coupon.errors.taken'),
  pointsShort: () => invalid('points.errors.short'),
  totalTooLarge: () => invalid('checkout.errors.totalTooLarge', { max: (ORDER_TOTAL_MAX_FEN / 100).toLocaleString('en-US') }),
};

/** A line as priced at confirm, with both languages so submit and any reader can use it. */
interface CheckoutLine {
  basketId: number;
  prodId: number;
  skuId: number;
  shopId: number;
  prodNameZh: string;
  prodNameEn: string | null;
  skuNameZh: string;
  skuNameEn: string | null;
  pic: string;
  price: number;
  count: number;
  mold: number;
  isRefund: number;
  /** The pricing pipeline's key of the line. */
  key: string;
  /** The shopper's promotion for a cart line (null = the best). */
  discountId: number | null;
  /** Each reduction's share of the line, fen. */
  shares: LineShares;
  /** The promotion behind shares.promotion (absent in a checkout cached before it was kept). */
  appliedDiscountId?: number | null;
  /** The points its points share stands for. */
  usedPoints: number;
  /** The discount package the line is bought in (decision 046), null = none. */
  comboId: number | null;
}

interface CheckoutGroup {
  shopId: number;
  shopNameZh: string;
  shopNameEn: string | null;
  orderMold: number;
  dvyType: number;
  total: number;
  transFee: number;
  /** Freight the membership waived. */
  freeTransfee: number;
  freeFreightFrom: number | null;
  /** Fen off: packages, promotions, both kinds of coupon, member discount, points (sums of the lines' shares). */
  comboReduce: number;
  discountReduce: number;
  couponReduce: number;
  levelReduce: number;
  scoreReduce: number;
  /** Points the order uses (the sum of its lines'). */
  useScore: number;
  actualTotal: number;
  lines: CheckoutLine[];
}

/** A coupon the checkout applies: submit freezes it (the coupon module's statement part). */
interface AppliedCoupon {
  userCouponId: number;
  shopId: number;
  /** Fen it takes off. */
  amount: number;
}

/** What confirm caches and submit consumes. No address yet: priced all the same, refused at submit. */
interface Checkout {
  address: Address | null;
  groups: CheckoutGroup[];
  coupons: AppliedCoupon[];
  /** The discount packages bought (checked again at submit), and those to take out of the cart. */
  comboIds?: number[];
  cartComboIds?: number[];
}

/**
 * The other owners' named queries checkout joins in place of their tables: SKUs with their product,
 * shops, ticked cart lines. One constant set, so each read is prepared once per database handle.
 */
const parts: repo.CheckoutParts = { skuCard, anyShopCard, checkedCartLines };

const isSaleable = (line: repo.SkuLine) => notForSaleReason(line) === null;

/** '颜色:黑色;尺码:M' -> '黑色 M' when a SKU has no name of its own. */
const NO_SHARES: LineShares = { package: 0, promotion: 0, shopCoupon: 0, platformCoupon: 0, member: 0, points: 0 };

function toLine(row: repo.SkuLine, count: number, basketId: number, discountId: number | null, combo?: { key: string; comboId: number }): CheckoutLine {
  return {
    key: combo?.key ?? (basketId > 0 ? String(basketId) : `sku:${row.skuId}`),
    comboId: combo?.comboId ?? null,
    discountId,
    shares: NO_SHARES,
    usedPoints: 0,
    basketId,
    prodId: row.prodId,
    skuId: row.skuId,
    shopId: row.shopId,
    prodNameZh: row.prodNameZh,
    prodNameEn: row.prodNameEn,
    skuNameZh: row.skuNameZh ?? propertyValues(row.properties),
    skuNameEn: row.skuNameEn,
    pic: row.skuPic ?? row.prodPic,
    price: row.price,
    count,
    mold: row.mold,
    isRefund: row.isRefund,
  };
}

/**
 * The shop's freight for its ticked lines to the delivery province (null: no address yet, the fee
 * everywhere no region of the rule lists): its physical goods by the shop's rule, per order, piece
 * or weight, free from the rule's threshold on their goods amount; virtual goods ship nothing.
 * Never discounted (decisions 033 and 043).
 */
function shopFreight(rows: Map<string, repo.SkuLine>, divisionId: number | null) {
  return (_shopId: number, lines: readonly PricedLine[]): number => {
    const parcel = { pieces: 0, grams: 0, goods: 0 };
    let row: repo.SkuLine | undefined;
    for (const l of lines) {
      const r = rows.get(l.key)!;
      if (r.mold === ORDER_MOLD.virtual) continue;
      parcel.pieces += l.count;
      parcel.grams += r.weight * l.count;
      parcel.goods += l.goods;
      row = r;
    }
    return row ? freightFee(row.freightRule, parcel, divisionId) : 0;
  };
}

/** Splits the priced lines into future orders: per shop, virtual goods apart, freight on the physical one. */
function splitOrders(rows: Array<{ row: repo.SkuLine; line: CheckoutLine }>, priced: PricedCart, dvyTypes: Map<number, number>, divisionId: number | null): CheckoutGroup[] {
  const pricedLines = new Map(priced.shops.flatMap((s) => s.groups.flatMap((g) => g.lines)).map((l) => [l.key, l]));
  const freights = new Map(priced.shops.map((s) => [s.shopId, s.totals.freight]));
  const waived = new Map(priced.shops.map((s) => [s.shopId, s.totals.memberFreight]));
  const groups = new Map<string, CheckoutGroup>();
  for (const { row, line: unpriced } of rows) {
    const p = pricedLines.get(unpriced.key)!;
    const line = { ...unpriced, shares: { ...p.shares }, usedPoints: p.usedPoints, appliedDiscountId: p.shares.promotion > 0 ? p.promotionId : null };
    const key = `${line.shopId}:${line.mold}`;
    let group = groups.get(key);
    if (!group) {
      const virtual = line.mold === ORDER_MOLD.virtual;
      const chosen = dvyTypes.get(line.shopId) ?? DELIVERY_TYPE.express;
      // The shops have express delivery only so far; pickup and same-city come with their settings.
      if (!virtual && chosen !== DELIVERY_TYPE.express) throw errors.dvyType();
      group = {
        shopId: line.shopId,
        shopNameZh: row.shopNameZh,
        shopNameEn: row.shopNameEn,
        orderMold: virtual ? ORDER_MOLD.virtual : ORDER_MOLD.physical,
        dvyType: virtual ? DELIVERY_TYPE.none : chosen,
        total: 0,
        transFee: virtual ? 0 : (freights.get(line.shopId) ?? 0),
        freeTransfee: virtual ? 0 : (waived.get(line.shopId) ?? 0),
        freeFreightFrom: virtual ? null : freeFreightFrom(row.freightRule, divisionId),
        comboReduce: 0,
        discountReduce: 0,
        couponReduce: 0,
        levelReduce: 0,
        scoreReduce: 0,
        useScore: 0,
        actualTotal: 0,
        lines: [],
      };
      groups.set(key, group);
    }
    group.lines.push(line);
    group.total += p.goods;
    group.comboReduce += p.shares.package;
    group.discountReduce += p.shares.promotion;
    group.couponReduce += p.shares.shopCoupon + p.shares.platformCoupon;
    group.levelReduce += p.shares.member;
    group.scoreReduce += p.shares.points;
    group.useScore += p.usedPoints;
  }
  return [...groups.values()].map((g) => ({ ...g, actualTotal: g.total - g.comboReduce - g.discountReduce - g.couponReduce - g.levelReduce - g.scoreReduce + g.transFee }));
}

/** The coupons the pricing applied, with what each takes off. */
function appliedCoupons(priced: PricedCart): AppliedCoupon[] {
  const lines = priced.shops.flatMap((s) => s.groups.flatMap((g) => g.lines));
  const shop = priced.shops.flatMap((s) =>
    s.coupons.filter((c) => c.chosen).map((c) => ({ userCouponId: c.userCouponId, shopId: s.shopId, amount: s.totals.shopCoupon })),
  );
  const platform = priced.platformCoupons
    .filter((c) => c.chosen)
    .map((c) => ({ userCouponId: c.userCouponId, shopId: 0, amount: lines.reduce((n, l) => n + l.shares.platformCoupon, 0) }));
  return [...shop, ...platform];
}


/** The points part of confirm's answer: the shopper's points and the rate, besides the pipeline's outcome. */
interface PointsView {
  available: number;
  pointsPerYuan: number;
  /** The member level whose benefits apply. */
  memberLevelName: string | null;
}

export function toConfirmResult(checkout: Checkout, priced: PricedCart, lang: Language, points: PointsView): ConfirmResult {
  const shops = new Map(priced.shops.map((s) => [s.shopId, s]));
  const couponsShown = new Set<number>();
  // The platform coupon is shown once, for the whole checkout: each shop's lines carry only what
  // the shop's own reductions take off, so a shop's subtotal is what the shop's goods come to.
  let platformCouponReduce = 0;
  const shopCartOrders: ShopCartOrder[] = checkout.groups.map((g) => {
    const shop = shops.get(g.shopId)!;
    const platformShare = g.lines.reduce((n, l) => n + l.shares.platformCoupon, 0);
    platformCouponReduce += platformShare;
    const mine = new Map(g.lines.map((l) => [l.key, l]));
    // The shop's coupons are listed once, on its first order.
    const firstOfShop = !couponsShown.has(g.shopId);
    couponsShown.add(g.shopId);
    return {
      shopId: g.shopId,
      shopName: localized(lang, g.shopNameZh, g.shopNameEn),
      orderMold: g.orderMold,
      dvyType: g.dvyType,
      total: g.total,
      totalCount: g.lines.reduce((n, l) => n + l.count, 0),
      transFee: g.transFee,
      freeTransfee: g.freeTransfee,
      freeFreightFrom: g.freeFreightFrom,
      couponReduce: g.couponReduce - platformShare,
      comboReduce: g.comboReduce,
      discountReduce: g.discountReduce,
      scoreReduce: g.scoreReduce,
      levelReduce: g.levelReduce,
      actualTotal: g.actualTotal + platformShare,
      coupons: firstOfShop ? shop.coupons.map((c) => toCheckoutCoupon(c, lang)) : [],
      shopCartItemDiscounts: shop.groups
        .map((group) => ({ group, lines: group.lines.filter((l) => mine.has(l.key)).map((l) => mine.get(l.key)!) }))
        .filter(({ lines }) => lines.length > 0)
        .map(({ group, lines }) => ({
          chooseDiscountItemDto: group.promotion ? toChooseDiscountItemDto(group.promotion, lang) : null,
          combo: group.package
            ? {
                comboId: group.package.comboId,
                comboName: localized(lang, group.package.nameZh, group.package.nameEn),
                comboAmount: group.package.price,
                prodCount: group.package.sets,
                isChecked: 1 as const,
                originalAmount: group.package.original,
                comboReduce: group.package.saving,
                maxSets: group.package.sets,
                unavailable: null,
              }
            : null,
          shopCartItems: lines.map((l) => ({
            basketId: l.basketId,
            prodId: l.prodId,
            skuId: l.skuId,
            shopId: l.shopId,
            prodName: localized(lang, l.prodNameZh, l.prodNameEn),
            skuName: localized(lang, l.skuNameZh, l.skuNameEn),
            pic: l.pic,
            price: l.price,
            prodCount: l.count,
            productTotalAmount: l.price * l.count,
            mold: l.mold,
            shareReduce: lineReduction(l),
          })),
        })),
    };
  });
  const sum = (f: (o: ShopCartOrder) => number) => shopCartOrders.reduce((n, o) => n + f(o), 0);
  return {
    actualTotal: sum((o) => o.actualTotal) - platformCouponReduce,
    total: sum((o) => o.total),
    totalCount: sum((o) => o.totalCount),
    orderReduce: sum((o) => o.comboReduce + o.couponReduce + o.discountReduce + o.scoreReduce + o.levelReduce) + platformCouponReduce,
    platformCouponReduce,
    totalTransFee: sum((o) => o.transFee),
    totalFreeTransfee: sum((o) => o.freeTransfee),
    totalLevelReduce: sum((o) => o.levelReduce),
    memberLevelName: points.memberLevelName,
    userAddr: checkout.address,
    shopCartOrders,
    coupons: priced.platformCoupons.map((c) => toCheckoutCoupon(c, lang)),
    maxUsableScore: priced.points.max,
    maxScoreAmount: priced.points.maxAmount,
    shopUseScore: points.pointsPerYuan,
    userScore: points.available,
    useScore: priced.points.used,
    scoreAmount: priced.points.amount,
  };
}

interface ToBuy {
  lines: Array<{ row: repo.SkuLine; line: CheckoutLine }>;
  packages: PackageDeal[];
  cartComboIds: number[];
}

/** A package's `sets` sets as checkout lines (decision 046). */
function packageLines(combo: LiveCombo, sets: number) {
  const { lines, deal } = comboPricing(combo, sets, true);
  const rows = new Map(combo.lines.map(({ sku }) => [sku.skuId, sku]));
  return { deal, lines: lines.map((l) => ({ row: rows.get(l.skuId)!, line: toLine(rows.get(l.skuId)!, l.count, 0, null, { key: l.key, comboId: deal.comboId }) })) };
}

/**
 * The lines to buy: the buy-now line, a buy-now package (every line at once), or the ticked cart
 * lines and packages that can still be bought.
 */
async function checkoutLines(ctx: AppContext, userId: string, input: ConfirmOrder): Promise<ToBuy> {
  if (input.orderItem) {
    const item = input.orderItem;
    const [row] = await repo.findSkuLines(ctx.db, [item.skuId], parts);
    if (!row || row.prodId !== item.prodId || (item.shopId !== undefined && row.shopId !== item.shopId) || !isSaleable(row)) throw errors.cannotBuy();
    if (row.stocks === 0) throw errors.notInStock();
    if (row.stocks !== UNLIMITED_STOCK && item.prodCount > row.stocks) throw errors.insufficient();
    return { lines: [{ row, line: toLine(row, item.prodCount, 0, null) }], packages: [], cartComboIds: [] };
  }
  if (input.comboItem) {
    const { comboId, prodCount } = input.comboItem;
    const combo = (await liveCombosById(ctx, [comboId])).get(comboId);
    if (!combo) throw invalid('combo.errors.notFound');
    if (combo.unavailable) throw refusal(combo.unavailable);
    if (prodCount > combo.maxSets) throw invalid('combo.errors.insufficient');
    const { deal, lines } = packageLines(combo, prodCount);
    return { lines, packages: [deal], cartComboIds: [] };
  }
  const [rows, cartCombos] = await Promise.all([repo.findCheckedCartLines(ctx.db, userId, parts), listCartCombos(ctx.db, userId)]);
  const tickedCombos = cartCombos.filter((c) => c.isChecked);
  const live = await liveCombosById(
    ctx,
    tickedCombos.map((c) => c.comboId),
  );
  // Lines that went off the shelf or out of stock are listed apart in the cart and never bought;
  // so are packages that cannot be bought (the cart marks them).
  const valid = rows.filter((r) => unbuyableReason(r) === null);
  const packages = tickedCombos.flatMap((c) => {
    const combo = live.get(c.comboId);
    return combo && combo.unavailable === null ? [{ combo, sets: c.count }] : [];
  });
  if (valid.length === 0 && packages.length === 0) throw errors.selectItem();
  for (const r of valid) if (r.stocks !== UNLIMITED_STOCK && r.count > r.stocks) throw errors.insufficient();
  for (const p of packages) if (p.sets > p.combo.maxSets) throw invalid('combo.errors.insufficient');
  const built = packages.map((p) => packageLines(p.combo, p.sets));
  return {
    lines: [...valid.map((r) => ({ row: r, line: toLine(r, r.count, r.basketId, r.discountId) })), ...built.flatMap((b) => b.lines)],
    packages: built.map((b) => b.deal),
    cartComboIds: packages.map((p) => p.combo.record.id),
  };
}

/**
 * Prices the checkout. A shopper without any address still sees the goods and the totals (freight
 * follows the shop's rule, not the address); the answer has no `userAddr` and submit asks for one.
 */
export async function confirmOrder(ctx: AppContext, userId: string, input: ConfirmOrder, lang: Language): Promise<ConfirmResult> {
  // The address module answers the shopper's addresses, default first, with Chinese names: the
  // order keeps those; the answer shows the reader's language.
  const addressService = createAddressService(ctx);
  const addresses = await addressService.list(userId);
  const address = input.addrId === 0 ? (addresses[0] ?? null) : addresses.find((a) => a.addrId === input.addrId);
  if (address === undefined) throw errors.selectAddress();

  const { lines, packages, cartComboIds } = await checkoutLines(ctx, userId, input);
  // Freight follows the delivery province; a shopper without an address sees the fee everywhere no region lists.
  const divisionId = address?.provinceId ?? null;
  const dvyTypes = new Map((input.dvyTypes ?? []).map((d) => [d.shopId, d.dvyType]));
  const rows = new Map(lines.map(({ row, line }) => [line.key, row]));
  const [settings, available, member] = await Promise.all([
    readPointsSettings(ctx.db),
    scoreOf(ctx.db, userId),
    memberPricing(ctx, userId, lines.map(({ row }) => row), lang),
  ]);
  const points = { available, pointsPerYuan: settings.usePointsPerYuan, memberLevelName: member?.levelName ?? null };
  const priced = await priceLines(ctx, userId, {
    lines: lines.map(({ line }) => ({
      key: line.key,
      shopId: line.shopId,
      productId: line.prodId,
      skuId: line.skuId,
      unitPrice: line.price,
      count: line.count,
      promotionId: line.discountId,
      packageKey: line.comboId === null ? null : `combo:${line.comboId}`,
    })),
    packages,
    withCoupons: true,
    couponUserIds: input.userChangeCoupon === 1 ? (input.couponUserIds ?? []) : null,
    freight: shopFreight(rows, divisionId),
    points: { use: input.isScorePay === 1 ? input.userUseScore : 0, available, capPercent: settings.useCapPercent, pointsPerYuan: settings.usePointsPerYuan },
    member: member?.pricing,
  });
  const checkout: Checkout = {
    address,
    groups: splitOrders(lines, priced, dvyTypes, divisionId),
    coupons: appliedCoupons(priced),
    comboIds: packages.map((p) => p.comboId),
    cartComboIds,
  };
  // Refused here, before anything is cached, so submit and pay never meet a sum no gateway takes.
  if (checkout.groups.reduce((n, g) => n + g.actualTotal, 0) > ORDER_TOTAL_MAX_FEN) throw errors.totalTooLarge();
  await ctx.kv.set(confirmKey(userId, input.uuid), JSON.stringify(checkout), CONFIRM_TTL_MS);
  const shown = checkout.address ? { ...checkout, address: (await addressService.localize([checkout.address], lang))[0]! } : checkout;
  return toConfirmResult(shown, priced, lang, points);
}

/**
 * Each applied coupon's share of each order it reduces: a shop coupon over its shop's orders, the
 * platform coupon over all of them (the sums of the lines' shares, as confirm showed them).
 */
function couponUses(coupons: AppliedCoupon[], placed: Array<{ group: CheckoutGroup; orderNumber: string }>): CouponUse[] {
  return coupons.flatMap((c) =>
    placed
      .filter(({ group }) => c.shopId === 0 || group.shopId === c.shopId)
      .map(({ group, orderNumber }) => ({
        userCouponId: c.userCouponId,
        orderNumber,
        amount: group.lines.reduce((n, l) => n + (c.shopId === 0 ? l.shares.platformCoupon : l.shares.shopCoupon), 0),
      })),
  );
}

/**
 * Places the confirmed checkout: one order per group, stock taken with conditional updates, the
 * bought cart lines removed and an auto-cancel job per order, all in one statement. A per-uuid
 * lock turns parallel submits away at once; the checkout_tokens primary key is the final guard,
 * across instances and after the cached checkout is gone.
 */
export async function submitOrder(ctx: AppContext, userId: string, input: SubmitOrder): Promise<{ orderNumbers: string }> {
  const lock = submitLockKey(userId, input.uuid);
  // Asked together, so Redis gets them in one write; the checkout is read only by the lock's holder.
  const [locked, cached] = await Promise.all([ctx.kv.setIfAbsent(lock, '1', SUBMIT_LOCK_MS), ctx.kv.get(confirmKey(userId, input.uuid))]);
  if (!locked) throw errors.duplicate();
  let released = false;
  try {
    if (!cached) {
      throw (await repo.isCheckoutUsed(ctx.db, userId, input.uuid)) ? errors.duplicate() : errors.expired();
    }
    const checkout = JSON.parse(cached) as Checkout;
    if (!checkout.address) throw errors.addAddress();
    const now = ctx.now();
    const remarks = new Map(input.orderShopParams.map((p) => [p.shopId, p.remarks]));
    const placed = checkout.groups.map((group) => ({ group, orderNumber: nextSerialNumber(now.getTime()) }));
    const orderNumbers = placed.map((p) => p.orderNumber).join(',');
    const lines = checkout.groups.flatMap((g) => g.lines);

    const a = checkout.address;
    // Virtual goods are not shipped, so their orders keep no address.
    const address = { receiver: a.receiver, mobile: a.mobile, provinceId: a.provinceId, province: a.province, cityId: a.cityId, city: a.city, areaId: a.areaId, area: a.area, addr: a.addr };
    const built = placed.map(({ group, orderNumber }) =>
      buildOrderRows({
        orderNumber,
        userId,
        shopId: group.shopId,
        orderMold: group.orderMold,
        dvyType: group.dvyType,
        freight: group.transFee,
        remarks: remarks.get(group.shopId) || null,
        checkoutUuid: input.uuid,
        placedAt: now,
        address: group.orderMold === ORDER_MOLD.physical ? address : null,
        lines: group.lines.map((l) => ({
          productId: l.prodId,
          skuId: l.skuId,
          prodNameZh: l.prodNameZh,
          prodNameEn: l.prodNameEn,
          skuNameZh: l.skuNameZh,
          skuNameEn: l.skuNameEn,
          pic: l.pic,
          price: l.price,
          count: l.count,
          isRefund: l.isRefund,
          shares: l.shares,
          discountId: l.appliedDiscountId ?? null,
          useScore: l.usedPoints,
          comboId: l.comboId,
        })),
      }),
    );
    // The invoices asked at checkout (decision 061), written with their orders.
    const invoiceRows = checkoutInvoiceRows(
      built.map((b) => ({ orderNumber: b.order.orderNumber, userId, shopId: b.order.shopId, actualTotal: b.order.actualTotal })),
      input.orderInvoiceList ?? [],
    );
    const runAt = new Date(now.getTime() + ctx.env.ORDER_UNPAID_TIMEOUT_MINUTES * 60_000);
    const skuIds = [...new Set(lines.map((l) => l.skuId))];

    // Shelf and shop state may have changed since confirm; prices stay as the shopper saw them.
    const [skuRows, combos] = await Promise.all([repo.findSkuLines(ctx.db, skuIds, parts), liveCombosById(ctx, checkout.comboIds ?? [])]);
    const live = new Map(skuRows.map((r) => [r.skuId, r]));
    if (!skuIds.every((id) => live.has(id) && isSaleable(live.get(id)!))) throw errors.cannotBuy();
    // A package the shop ended since confirm is no longer sold at its price.
    for (const id of checkout.comboIds ?? []) {
      const found = combos.get(id);
      const unavailable = found ? found.unavailable : 'ended';
      if (unavailable && unavailable !== 'soldOut') throw refusal(unavailable);
    }
    const stock = takeStockPart(lines.map((l) => ({ skuId: l.skuId, count: l.count })));
    if (!stock) throw errors.insufficient();
    const couponFreeze = freezeCouponsPart({ userId, uses: couponUses(checkout.coupons, placed), now });
    // The points, one use per order, spent in the same statement: short (spent meanwhile
    // elsewhere) undoes everything, like a short SKU. The wallet waits for the stock's products
    // (`after`): a payment or a cancel of the same shopper takes the product, then the wallet, and a
    // checkout taking the wallet first deadlocked with them (a 500 when they were the one aborted).
    const uses = placed.map(({ group, orderNumber }) => ({ bizId: orderNumber, score: group.useScore })).filter((u) => u.score > 0);
    const together = [stock, ...(couponFreeze ? [couponFreeze] : []), ...(uses.length > 0 ? [checkoutSpendPart({ userId, uses, now, after: stock.written })] : [])];
    // One statement, so no BEGIN/COMMIT: the stock move, the orders, the bought cart lines and the
    // auto-cancel jobs all happen, or (a short SKU, a second submit of this checkout) none of them.
    try {
      await retryOnConflict(() =>
        executeTogether(
          ctx.db,
          [
            ...repo.placedOrderStatements({
              token: { userId, uuid: input.uuid, orderNumbers, createdAt: now },
              orders: built.map((b) => b.order),
              items: built.flatMap((b) => b.items),
              addresses: built.flatMap((b) => (b.address ? [b.address] : [])),
            }),
            deleteLinesStatement(
              ctx.db,
              userId,
              lines.map((l) => l.basketId).filter((id) => id > 0),
            ),
            deleteCombosStatement(ctx.db, userId, checkout.cartComboIds ?? []),
            insertInvoicesStatement(ctx.db, invoiceRows),
            scheduleJobsStatement(placed.map(({ orderNumber }) => ({ kind: AUTO_CANCEL_JOB, ref: orderNumber, runAt }))),
          ],
          together,
        ),
      );
    } catch (err) {
      if (failedCheck(err) === STOCK_SHORT) throw errors.insufficient();
      if (failedCheck(err) === COUPON_TAKEN) throw errors.couponTaken();
      if (isPointsShort(err)) throw errors.pointsShort();
      // The checkout token's key: this checkout was placed by a submit that got there first.
      const key = uniqueViolation(err);
      if (key === repo.CHECKOUT_TOKEN_KEY || key === '') throw errors.duplicate();
      throw err;
    }
    // The lock goes in `finally` otherwise; here both keys go in one request.
    released = true;
    await ctx.kv.del(confirmKey(userId, input.uuid), lock);
    // The detail page shows stock from a short cache; this instance forgets the changed products at once.
    invalidateProductDetail(ctx, ...new Set(lines.map((l) => l.prodId)));
    return { orderNumbers };
  } finally {
    if (!released) await ctx.kv.del(lock);
  }
}
