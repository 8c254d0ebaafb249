// A shop ships its own orders (reference 2.6, 5.4): the order module owns the order and its
// lines, logistics owns the packages and their tracking. The merchant's order views live here
// too, as they put both together. Every read is filtered by the session's shop.
import type { Language } from '@bazaar/shared/constants/limits';
import { DELIVERY_TYPE, ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import type { DeliveryInput, MerchantOrder, MerchantOrderDetail, MerchantOrderQuery } from '@bazaar/shared/schemas/merchant';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { conflict, invalid } from '../lib/app-error.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { activeCompanies, createPackages, shippedCounts } from '../modules/logistics/service.ts';
import type { MerchantSession } from '../modules/merchant/service.ts';
import { scheduleAutoReceipt } from '../modules/order/lifecycle.ts';
import * as shopOrders from '../modules/order/shop-orders.ts';
import { markShipped } from '../modules/order/transitions.ts';
import { lockOrderForRefund, refundedPieces } from '../modules/order/refunds.ts';
import { refundsOfOrders } from '../modules/aftersale/repository.ts';
import { REFUND_SETTLE_STATUS } from '@bazaar/shared/constants/refund';
import { buyerNicknames } from '../modules/account/buyer-search.ts';
import { orderPackages } from './order-packages.ts';
import { shopOrderFilter } from './shop-order-search.ts';
import { localized } from '../lib/localized.ts';


export async function describeOrders(ctx: AppContext, rows: shopOrders.ShopOrderRow[], lang: Language): Promise<MerchantOrder[]> {
  const numbers = rows.map((r) => r.orderNumber);
  const [items, shippedBy, addresses, buyers] = await Promise.all([
    shopOrders.listOrderLines(ctx.db, numbers),
    shippedCounts(ctx.db, numbers),
    shopOrders.listOrderAddresses(ctx.db, numbers),
    buyerNicknames(ctx.db, rows.map((r) => r.userId)),
  ]);
  const addressBy = new Map(addresses.map((a) => [a.orderNumber, a]));
  return rows.map((o) => {
    const a = addressBy.get(o.orderNumber);
    return {
      orderNumber: o.orderNumber,
      status: o.status,
      orderType: o.orderType,
      orderMold: o.orderMold,
      dvyType: o.dvyType,
      total: o.total,
      freight: o.freight,
      reduceAmount: o.reduceAmount,
      actualTotal: o.actualTotal,
      remarks: o.remarks ?? '',
      buyerName: buyers.get(o.userId) ?? '',
      createTime: formatApiTime(o.createdAt),
      payTime: o.payTime ? formatApiTime(o.payTime) : null,
      dvyTime: o.dvyTime ? formatApiTime(o.dvyTime) : null,
      finallyTime: o.finallyTime ? formatApiTime(o.finallyTime) : null,
      address: a ? { receiver: a.receiver, mobile: a.mobile, province: a.province ?? '', city: a.city ?? '', area: a.area ?? '', addr: a.addr } : null,
      items: items
        .filter((i) => i.orderNumber === o.orderNumber)
        .map((i) => ({
          orderItemId: i.id,
          prodId: i.productId,
          skuId: i.skuId,
          prodName: localized(lang, i.prodNameZh, i.prodNameEn),
          skuName: localized(lang, i.skuNameZh, i.skuNameEn),
          pic: i.pic,
          price: i.price,
          prodCount: i.prodCount,
          shippedCount: shippedBy.get(i.id) ?? 0,
        })),
    };
  });
}

/** GET /merchant/order/page: the filter of flows/shop-order-search.ts, always inside the session's shop. */
export async function pageShopOrders(ctx: AppContext, session: MerchantSession, query: MerchantOrderQuery, lang: Language) {
  const { rows, total } = await shopOrders.pageShopOrders(ctx.db, session.shopId, shopOrderFilter(ctx, query), query.current, query.size);
  return { records: await describeOrders(ctx, rows, lang), total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
}

/**
 * GET /merchant/order/info/{orderNumber}: the order with its packages, and per line the pieces its
 * settled refunds took back (refundedPieces, as shipping counts them: decision 059).
 */
export async function shopOrderDetail(ctx: AppContext, session: MerchantSession, orderNumber: string, lang: Language): Promise<MerchantOrderDetail> {
  const row = await shopOrders.findShopOrder(ctx.db, session.shopId, orderNumber);
  if (!row) throw invalid('merchant.errors.orderNotFound');
  const [[order], packages, requests] = await Promise.all([describeOrders(ctx, [row], lang), orderPackages(ctx.db, orderNumber, lang), refundsOfOrders(ctx.db, [orderNumber])]);
  const refunded = refundedPieces(
    order!.items.map((i) => ({ id: i.orderItemId, prodCount: i.prodCount })),
    requests.filter((r) => r.settleStatus === REFUND_SETTLE_STATUS.refunded),
  );
  return { ...order!, items: order!.items.map((i) => ({ ...i, refundedCount: refunded.get(i.orderItemId) ?? 0 })), packages };
}

/**
 * Every piece not refunded must be packed exactly once across the packages (decision 059): the
 * pieces a settled refund took back before shipment came back to stock and are not the shop's to send.
 */
function checkPacking(input: DeliveryInput, lines: Array<{ id: number; prodCount: number }>, refunded: Map<number, number>) {
  const packed = new Map<number, number>();
  for (const pkg of input.packages) {
    for (const item of pkg.items) packed.set(item.orderItemId, (packed.get(item.orderItemId) ?? 0) + item.count);
  }
  const due = new Map(lines.map((l) => [l.id, l.prodCount - (refunded.get(l.id) ?? 0)] as const).filter(([, n]) => n > 0));
  const complete = packed.size === due.size && [...due].every(([id, n]) => packed.get(id) === n);
  if (!complete) throw invalid('merchant.errors.itemsMismatch');
}

/**
 * What the order's after-sales requests allow (decision 059): no shipment while a request was
 * decided for the shopper and its money is not back yet (settle 1 or 3), or the order, wholly
 * refunded when it lands, would be shipped and stay open. A request still waiting for the shop (1)
 * does not stop it: the seller may still ship, the request stays open and the shopper may change it
 * to a return. Answers the pieces of each line already refunded. Under the order's lock, which a
 * request's move takes too (its trigger), so no decision slips in between.
 */
async function refundsAllowShipping(tx: Tx, orderNumber: string, lines: Array<{ id: number; prodCount: number }>): Promise<Map<number, number>> {
  const requests = await refundsOfOrders(tx, [orderNumber]);
  const pending: number[] = [REFUND_SETTLE_STATUS.refunding, REFUND_SETTLE_STATUS.failing];
  if (requests.some((r) => pending.includes(r.settleStatus))) throw conflict('merchant.errors.refundPending');
  return refundedPieces(lines, requests.filter((r) => r.settleStatus === REFUND_SETTLE_STATUS.refunded));
}

/**
 * Ships a paid order in one or more packages, in one transaction: the conditional move 2 -> 3,
 * the packages and their items, the courier subscription per package and the auto-receipt job.
 */
export async function shipOrder(
  ctx: AppContext,
  session: MerchantSession,
  input: DeliveryInput,
  lang: Language,
): Promise<MerchantOrderDetail> {
  const { courier } = ctx.providers;
  const waybills = input.packages.map((p) => `${p.dvyId}:${p.dvyFlowId.toUpperCase()}`);
  if (new Set(waybills).size !== waybills.length) throw invalid('merchant.errors.waybillRepeated');
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const order = await shopOrders.findShopOrder(tx, session.shopId, input.orderNumber);
    if (!order) throw invalid('merchant.errors.orderNotFound');
    // The order's lock, then its state as it is now: a refund settled meanwhile may have closed it.
    const locked = await lockOrderForRefund(tx, order.orderNumber);
    if (locked?.status !== ORDER_STATUS.paid) throw conflict('merchant.errors.statusChanged');
    if (order.status !== ORDER_STATUS.paid) throw conflict('merchant.errors.statusChanged');
    if (order.dvyType !== DELIVERY_TYPE.express) throw invalid('merchant.errors.notExpress');
    const companyIds = [...new Set(input.packages.map((p) => p.dvyId))];
    const companies = await activeCompanies(tx, companyIds);
    if (companies.size !== companyIds.length) throw invalid('merchant.errors.courierInvalid');
    const lines = await shopOrders.listOrderLines(tx, [order.orderNumber]);
    checkPacking(input, lines, await refundsAllowShipping(tx, order.orderNumber, lines));
    if (!(await markShipped(tx, { orderNumber: order.orderNumber, shopId: session.shopId, now }))) throw conflict('merchant.errors.statusChanged');
    await createPackages(tx, courier, {
      orderNumber: order.orderNumber,
      packages: input.packages.map((p) => ({ company: companies.get(p.dvyId)!, dvyFlowId: p.dvyFlowId, items: p.items })),
      now,
      stepMs: courier.isSandbox ? ctx.env.COURIER_SANDBOX_STEP_SECONDS * 1000 : undefined,
    });
    await scheduleAutoReceipt(ctx, tx, order.orderNumber, now);
  });
  return shopOrderDetail(ctx, session, input.orderNumber, lang);
}
