// Platform staff read every shop's orders (issue 25, decision 058), read-only: the order module's
// list and row are the merchant center's (the same filter through shopOrderFilter, the same row
// through describeOrders), with the shop's name, the shopper's masked mobile, and in the detail the
// payment module's attempts, logistics' packages and the order's history.
import type { Language } from '@bazaar/shared/constants/limits';
import type { AdminOrder, AdminOrderDetail, AdminOrderQuery, OrderEvent } from '@bazaar/shared/schemas/admin-orders';
import type { Page } from '@bazaar/shared/schemas/common';
import type { AppContext } from '../context.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { notFound } from '../lib/app-error.ts';
import { localized } from '../lib/localized.ts';
import { shopperCards } from '../modules/account/buyer-search.ts';
import { maskMobile } from '../modules/account/service.ts';
import * as shopOrders from '../modules/order/shop-orders.ts';
import { listOrderPayments } from '../modules/payment/order-payments.ts';
import { findShopNames } from '../modules/shop/product-reads.ts';
import { orderPackages } from './order-packages.ts';
import { describeOrders } from './ship-order.ts';
import { shopOrderFilter } from './shop-order-search.ts';

async function describeForStaff(ctx: AppContext, rows: shopOrders.ShopOrderRow[], lang: Language): Promise<AdminOrder[]> {
  const [described, shops, shoppers] = await Promise.all([
    describeOrders(ctx, rows, lang),
    findShopNames(ctx.db, rows.map((r) => r.shopId)),
    shopperCards(ctx.db, rows.map((r) => r.userId)),
  ]);
  return described.map((order, i) => {
    const row = rows[i]!;
    const shop = shops.get(row.shopId);
    return {
      ...order,
      address: order.address ? { ...order.address, mobile: maskMobile(order.address.mobile) } : null,
      shopId: row.shopId,
      shopName: shop ? localized(lang, shop.nameZh, shop.nameEn) : '',
      userId: row.userId,
      buyerMobile: shoppers.get(row.userId)?.mobile ?? '',
    };
  });
}

/** GET /admin/orders: every shop's orders (or one shop's), newest first. */
export async function pageStaffOrders(ctx: AppContext, query: AdminOrderQuery, lang: Language): Promise<Page<AdminOrder>> {
  const filter = { ...shopOrderFilter(ctx, query), orderType: query.orderType, shopId: query.shopId };
  const { rows, total } = await shopOrders.pageAnyShopOrders(ctx.db, filter, query.current, query.size);
  return { records: await describeForStaff(ctx, rows, lang), total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
}

/** GET /admin/orders/{orderNumber}: the row with its amounts, payments, packages and history. */
export async function staffOrderDetail(ctx: AppContext, orderNumber: string, lang: Language): Promise<AdminOrderDetail> {
  const row = await shopOrders.findAnyOrder(ctx.db, orderNumber);
  if (!row) throw notFound('adminOrders.errors.notFound');
  const [[order], payments, packages] = await Promise.all([
    describeForStaff(ctx, [row], lang),
    listOrderPayments(ctx.db, { orderNumber, userId: row.userId }),
    orderPackages(ctx.db, orderNumber, lang),
  ]);
  const events: Array<[OrderEvent, Date | null]> = [
    ['placed', row.createdAt],
    ['paid', row.payTime],
    ['shipped', row.dvyTime],
    ['completed', row.finallyTime],
    ['cancelled', row.cancelTime],
  ];
  return {
    ...order!,
    discountReduce: row.discountReduce,
    shopCouponReduce: row.shopCouponReduce,
    platformCouponReduce: row.platformCouponReduce,
    levelReduce: row.levelReduce,
    scoreReduce: row.scoreReduce,
    comboReduce: row.comboReduce,
    freeFreight: row.freeFreight,
    useScore: row.useScore,
    payType: row.payType,
    closeType: row.closeType,
    refundStatus: row.refundStatus,
    cancelTime: row.cancelTime ? formatApiTime(row.cancelTime) : null,
    payments: payments.map((p) => ({
      payNo: p.payNo,
      payType: p.payType,
      amount: p.amount,
      payScore: p.payScore,
      status: p.status,
      providerTradeNo: p.providerTradeNo,
      createTime: formatApiTime(p.createdAt),
      paidTime: p.paidAt ? formatApiTime(p.paidAt) : null,
      refunds: p.refunds.map((r) => ({ refundSn: r.refundSn, amount: r.amount, status: r.status, createTime: formatApiTime(r.createdAt) })),
    })),
    packages,
    history: events
      .filter((e): e is [OrderEvent, Date] => e[1] !== null)
      .sort((a, b) => a[1].getTime() - b[1].getTime())
      .map(([event, time]) => ({ event, time: formatApiTime(time) })),
  };
}
