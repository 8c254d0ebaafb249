// The shopper's order list and detail: the order module's answers, with the shop module's shop card
// joined for the shop's name, and on English pages the delivery address's region named in English by
// the address module (which owns the divisions and their names).
import type { Language } from '@bazaar/shared/constants/limits';
import type { MyOrderQuery, MyOrderSearchQuery, OrderDetail } from '@bazaar/shared/schemas/order';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import { refundsOfOrders } from '../modules/aftersale/repository.ts';
import { createAddressService } from '../modules/address/service.ts';
import { invoiceIdOfOrder } from '../modules/invoice/service.ts';
import { createOrderService } from '../modules/order/service.ts';
import { anyShopCard } from '../modules/shop/repository.ts';

export function orderPage(ctx: AppContext, userId: string, query: MyOrderQuery, lang: Language) {
  return createOrderService(ctx).list(userId, query, lang, anyShopCard);
}

/** GET /p/myOrder/myOrderSearch: the same page, searched (name, number, time span, type, mold). */
export function searchOrderPage(ctx: AppContext, userId: string, query: MyOrderSearchQuery, lang: Language) {
  return createOrderService(ctx).search(userId, query, lang, anyShopCard);
}

/**
 * GET /p/myOrder/orderDetail. An order the shopper deleted is still shown (read-only, `deleted`) when
 * one of its after-sales requests is theirs: /return-detail's "view order" links to it (QA 2026-12-08).
 */
export async function orderDetail(ctx: AppContext, userId: string, orderNumber: string, lang: Language): Promise<OrderDetail> {
  const regionNames = lang === 'en' ? (ids: number[]) => createAddressService(ctx).areaNamesEn(ids) : undefined;
  const service = createOrderService(ctx);
  // The invoice module's id of the order's invoice (decision 061), read beside the order.
  const [detail, orderInvoiceId] = await Promise.all([
    service.detail(userId, orderNumber, lang, anyShopCard, regionNames).catch(async (err: unknown) => {
      if (!(err instanceof AppError) || err.messageKey !== 'orders.errors.notFound') throw err;
      const requests = await refundsOfOrders(ctx.db, [orderNumber]);
      if (!requests.some((r) => r.userId === userId)) throw err;
      return service.detail(userId, orderNumber, lang, anyShopCard, regionNames, true);
    }),
    invoiceIdOfOrder(ctx, orderNumber),
  ]);
  return { ...detail, orderInvoiceId };
}
