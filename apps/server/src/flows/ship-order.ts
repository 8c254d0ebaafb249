// A shop ships its own orders (reference 2.6, 5.4): the order module owns the order and its
// lines, logistics owns the packages and their tracking. The merchant's order views live here
// too, as they put both together. Every read is filtered by the session's shop.
import type { Language } from '@bazaar/shared/constants/limits';
import { DELIVERY_TYPE, ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import type { DeliveryInput, MerchantOrder, MerchantOrderDetail, MerchantOrderQuery } from '@bazaar/shared/schemas/merchant';
import type { AppContext } from '../context.ts';
import { conflict, invalid } from '../lib/app-error.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { activeCompanies, createPackages, shippedCounts } from '../modules/logistics/service.ts';
import type { MerchantSession } from '../modules/merchant/service.ts';
import { scheduleAutoReceipt } from '../modules/order/lifecycle.ts';
import * as shopOrders from '../modules/order/shop-orders.ts';
import { markShipped } from '../modules/order/transitions.ts';
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

/** GET /merchant/order/info/{orderNumber}: the order with its packages. */
export async function shopOrderDetail(ctx: AppContext, session: MerchantSession, orderNumber: string, lang: Language): Promise<MerchantOrderDetail> {
  const row = await shopOrders.findShopOrder(ctx.db, session.shopId, orderNumber);
  if (!row) throw invalid('merchant.errors.orderNotFound');
  const [[order], packages] = await Promise.all([describeOrders(ctx, [row], lang), orderPackages(ctx.db, orderNumber, lang)]);
  return { ...order!, packages };
}

/** Every piece of every line must be packed exactly once across the packages. */
function checkPacking(input: DeliveryInput, lines: Array<{ id: number; prodCount: number }>) {
  const packed = new Map<number, number>();
  for (const pkg of input.packages) {
    for (const item of pkg.items) packed.set(item.orderItemId, (packed.get(item.orderItemId) ?? 0) + item.count);
  }
  const complete = packed.size === lines.length && lines.every((l) => packed.get(l.id) === l.prodCount);
  if (!complete) throw invalid('merchant.errors.itemsMismatch');
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
    if (order.status !== ORDER_STATUS.paid) throw conflict('merchant.errors.statusChanged');
    if (order.dvyType !== DELIVERY_TYPE.express) throw invalid('merchant.errors.notExpress');
    const companyIds = [...new Set(input.packages.map((p) => p.dvyId))];
    const companies = await activeCompanies(tx, companyIds);
    if (companies.size !== companyIds.length) throw invalid('merchant.errors.courierInvalid');
    checkPacking(input, await shopOrders.listOrderLines(tx, [order.orderNumber]));
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
