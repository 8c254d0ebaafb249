// The shopper's orders (reference 2.6): list, detail, receipt, delete and status. Answers are
// ready for display: names in the request's language, times as 'yyyy-MM-dd HH:mm:ss' GMT+8.
import { ORDER_REFUND_STATUS } from '@bazaar/shared/constants/refund';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import type { Language } from '@bazaar/shared/constants/limits';
import { ORDER_TIME_STATUS, type MyOrder, type MyOrderQuery, type MyOrderSearchQuery, type OrderDetail, type OrderItem } from '@bazaar/shared/schemas/order';
import type { AppContext } from '../../context.ts';
import { invalid } from '../../lib/app-error.ts';
import * as repo from './repository.ts';
import { formatApiTime } from '../../lib/api-time.ts';
import { localized } from '../../lib/localized.ts';
import { payByOf } from './lifecycle.ts';


const timeOrNull = (date: Date | null) => (date ? formatApiTime(date) : null);

const DAY_MS = 86_400_000;
const GMT8_MS = 8 * 3_600_000;

/** The same wall-clock time (GMT+8) `months` calendar months earlier; 31 May less 3 months is 28/29 February. */
export function monthsBefore(at: Date, months: number): Date {
  const wall = new Date(at.getTime() + GMT8_MS);
  const y = wall.getUTCFullYear();
  const m = wall.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const shifted = Date.UTC(y, m, Math.min(wall.getUTCDate(), lastDay), wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds(), wall.getUTCMilliseconds());
  return new Date(shifted - GMT8_MS);
}

type ItemRow = Awaited<ReturnType<typeof repo.itemsOfOrders>>[number];

function toItem(row: ItemRow, lang: Language): OrderItem {
  return {
    orderItemId: row.id,
    prodId: row.productId,
    skuId: row.skuId,
    shopId: row.shopId,
    prodName: localized(lang, row.prodNameZh, row.prodNameEn),
    skuName: localized(lang, row.skuNameZh ?? '', row.skuNameEn),
    pic: row.pic ?? '',
    price: row.price,
    prodCount: row.prodCount,
    productTotalAmount: row.productTotalAmount,
    actualTotal: row.actualTotal,
    commSts: row.commSts,
    comboId: row.comboId,
  };
}

export function createOrderService(ctx: AppContext) {
  // The order's own pay-by time (its auto-cancel job's: a flash sale's maxCancelTime), as the payment page's.
  const endTime = (status: number, createdAt: Date, payBy: Date | null) => (status === ORDER_STATUS.unpaid ? formatApiTime(payByOf(ctx, { createdAt, payBy })) : null);

  /** Not the user's (or deleted) and "moved meanwhile" are told apart only after a move failed. */
  /** Why a delete did not move the order: an open after-sales request (refundStatus 1 or 4), its status, or no such order. */
  async function refuseDelete(userId: string, orderNumber: string): Promise<never> {
    const order = await repo.findOrderStatus(ctx.db, userId, orderNumber);
    if (order?.refundStatus === ORDER_REFUND_STATUS.applying || order?.refundStatus === ORDER_REFUND_STATUS.failed) throw invalid('orders.errors.aftersaleOpen');
    throw invalid(order ? 'orders.errors.statusChanged' : 'orders.errors.notFound');
  }

  /** A page of the user's orders: one statement for the page and its total, one for all its items. */
  async function pageOf(filter: repo.OrderFilter, query: { current: number; size: number }, lang: Language, shopCard: repo.ShopCard) {
    const offset = (query.current - 1) * query.size;
    const rows = await repo.pageOrders(ctx.db, filter, query.size, offset, shopCard);
    const [items, total] = await Promise.all([
      repo.itemsOfOrders(
        ctx.db,
        rows.map((r) => r.orderNumber),
      ),
      // Past the last page the window count is gone with the rows.
      rows.length > 0 ? Promise.resolve(rows[0]!.total_count) : offset > 0 ? repo.countOrders(ctx.db, filter) : Promise.resolve(0),
    ]);
    const byOrder = new Map<string, OrderItem[]>();
    for (const item of items) {
      const list = byOrder.get(item.orderNumber) ?? [];
      list.push(toItem(item, lang));
      byOrder.set(item.orderNumber, list);
    }
    const records: MyOrder[] = rows.map((r) => ({
      orderNumber: r.orderNumber,
      status: r.status,
      orderType: r.orderType,
      orderMold: r.orderMold,
      refundStatus: r.refundStatus,
      shopId: r.shopId,
      shopName: localized(lang, r.shopNameZh, r.shopNameEn),
      total: r.total,
      freight: r.freight,
      actualTotal: r.actualTotal,
      useScore: r.useScore,
      productNums: r.productNums,
      createTime: formatApiTime(r.createdAt),
      endTime: endTime(r.status, r.createdAt, r.payBy),
      orderItemDtos: byOrder.get(r.orderNumber) ?? [],
    }));
    return { records, total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
  }


  return {
    /**
     * A page of the user's orders: one statement for the page and its total, one for all its items.
     * `shopCard` is the shop module's named query for the shop's name (flows/my-orders.ts hands it in).
     */
    async list(userId: string, query: MyOrderQuery, lang: Language, shopCard: repo.ShopCard) {
      return pageOf({ userId, tab: query.status, prodName: query.prodName || undefined, orderNumber: query.orderNumber || undefined }, query, lang, shopCard);
    },

    /**
     * GET /p/myOrder/myOrderSearch: the list's page with the search's filters. The time spans are
     * counted back from now: the last 7 days and the last 3 months include their first instant;
     * "older" is everything before the 3 months.
     */
    async search(userId: string, query: MyOrderSearchQuery, lang: Language, shopCard: repo.ShopCard) {
      const now = ctx.now();
      const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
      const threeMonthsAgo = monthsBefore(now, 3);
      const span = query.orderTimeStatus;
      return pageOf(
        {
          userId,
          tab: query.status,
          prodName: query.orderName || undefined,
          orderNumber: query.orderNumber || undefined,
          createdFrom: span === ORDER_TIME_STATUS.lastWeek ? weekAgo : span === ORDER_TIME_STATUS.lastThreeMonths ? threeMonthsAgo : undefined,
          createdBefore: span === ORDER_TIME_STATUS.older ? threeMonthsAgo : undefined,
          orderType: query.orderType,
          orderMold: query.orderMold,
        },
        query,
        lang,
        shopCard,
      );
    },


    /**
     * One order of the shopper, with its shop's name from `shopCard`. The address copy keeps Chinese
     * region names; `regionNames`, handed in by flows/my-orders.ts for English pages, answers other
     * names by region id.
     */
    async detail(
      userId: string,
      orderNumber: string,
      lang: Language,
      shopCard: repo.ShopCard,
      regionNames?: (ids: number[]) => Promise<Map<number, string>>,
      withDeleted = false,
    ): Promise<Omit<OrderDetail, 'orderInvoiceId'>> {
      const [found, items, codes] = await Promise.all([
        repo.findUserOrder(ctx.db, userId, orderNumber, shopCard, withDeleted),
        repo.itemsOfOrders(ctx.db, [orderNumber]),
        repo.virtualCodesOf(ctx.db, orderNumber),
      ]);
      if (!found) throw invalid('orders.errors.notFound');
      const { order, address } = found;
      const regionIds = address ? [address.provinceId, address.cityId, address.areaId].filter((id): id is number => !!id) : [];
      const names = regionNames && regionIds.length ? await regionNames(regionIds) : new Map<number, string>();
      const named = (id: number | null, name: string | null) => (id && names.get(id)) || name || '';
      return {
        orderNumber: order.orderNumber,
        status: order.status,
        orderType: order.orderType,
        orderMold: order.orderMold,
        refundStatus: order.refundStatus,
        shopId: order.shopId,
        shopName: localized(lang, found.shopNameZh, found.shopNameEn),
        total: order.total,
        freight: order.freight,
        transfee: order.freight,
        actualTotal: order.actualTotal,
        reduceAmount: order.reduceAmount,
        scoreAmount: order.scoreReduce,
        useScore: order.useScore,
        memberAmount: order.levelReduce,
        comboReduce: order.comboReduce,
        payAmount: order.isPayed ? order.actualTotal : 0,
        isPayed: order.isPayed,
        payType: order.payType,
        productNums: order.productNums,
        dvyType: order.dvyType,
        remarks: order.remarks ?? '',
        createTime: formatApiTime(order.createdAt),
        endTime: endTime(order.status, order.createdAt, found.payBy),
        payTime: timeOrNull(order.payTime),
        dvyTime: timeOrNull(order.dvyTime),
        finallyTime: timeOrNull(order.finallyTime),
        cancelTime: timeOrNull(order.cancelTime),
        closeType: order.closeType,
        ...(order.deleteStatus !== 0 ? { deleted: true } : {}),
        userAddrDto: address
          ? {
              receiver: address.receiver,
              mobile: address.mobile,
              province: named(address.provinceId, address.province),
              city: named(address.cityId, address.city),
              area: named(address.areaId, address.area),
              addr: address.addr,
            }
          : null,
        // Items were read with the order in parallel; they belong to it only if the order is the user's (checked above).
        orderItemDtos: items.map((i) => toItem(i, lang)),
        virtualInfoList: codes.map((c) => ({ code: c.code, status: c.status, expiresTime: timeOrNull(c.expiresAt) })),
      };
    },

    async status(userId: string, orderNumber: string) {
      const row = await repo.findOrderStatus(ctx.db, userId, orderNumber);
      if (!row) throw invalid('orders.errors.notFound');
      return row;
    },

    async remove(userId: string, orderNumber: string): Promise<void> {
      if (!(await repo.softDeleteOrder(ctx.db, userId, orderNumber, ctx.now()))) await refuseDelete(userId, orderNumber);
    },
  };
}
