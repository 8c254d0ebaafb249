// The merchant's order search (list and export): the order module filters the shop's orders, the
// account module says which buyers a "buyer" term matches (as a subquery, so the list stays one query).
import type { MerchantOrderFilter } from '@bazaar/shared/schemas/merchant-orders';
import type { AppContext } from '../context.ts';
import { buyerIdsMatching } from '../modules/account/buyer-search.ts';
import type { ShopOrderFilter } from '../modules/order/shop-orders.ts';

export function shopOrderFilter(ctx: AppContext, query: MerchantOrderFilter): ShopOrderFilter {
  return {
    status: query.status,
    orderNumber: query.orderNumber || undefined,
    prodName: query.prodName || undefined,
    buyerIds: query.buyer ? buyerIdsMatching(ctx.db, query.buyer) : undefined,
    dateFrom: query.dateFrom,
    dateTo: query.dateTo,
  };
}
