// The order pages' after-sales fields (reference 2.6, decision 059): whether the whole order and
// each item may be applied for now, how much, and each item's latest request. Read beside the
// order module's answers: the orders' figures and lines, and the aftersale module's requests of
// every order on the page, in two reads.
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import type { MyOrder, OrderDetail } from '@bazaar/shared/schemas/order';
import type { MyOrderWithRefund, OrderDetailWithRefund } from '@bazaar/shared/schemas/refund';
import type { Page } from '@bazaar/shared/schemas/common';
import type { AppContext } from '../context.ts';
import * as repo from '../modules/aftersale/repository.ts';
import { ceilingFor, orderBlock, orderState, type Periods } from '../modules/aftersale/rules.ts';
import { findOrdersForAftersale, linesForAftersale } from '../modules/order/aftersale-reads.ts';
import { loadPeriods } from './refund-parts.ts';

type Figures = Awaited<ReturnType<typeof findOrdersForAftersale>>[number];

function withFields<T extends MyOrder>(order: T, figures: Figures | undefined, lines: Awaited<ReturnType<typeof linesForAftersale>>, refunds: repo.RefundRow[], periods: Periods, now: Date) {
  const state = figures ? orderState(figures, lines, refunds) : null;
  const open = figures ? orderBlock(figures, periods, now) === null : false;
  const whole = state && open ? ceilingFor(state, { refundType: 1, orderItemId: 0, goodsNum: 0, freightConfirmed: true }) : null;
  return {
    ...order,
    canRefund: whole?.ok === true,
    canRefundAmount: whole?.ok ? whole.maxRefundAmount : 0,
    orderItemDtos: order.orderItemDtos.map((item) => {
      const ls = state?.lines.find((s) => s.line.id === item.orderItemId);
      const c = state && ls && open ? ceilingFor(state, { refundType: 2, orderItemId: item.orderItemId, goodsNum: ls.remainingCount, freightConfirmed: true }) : null;
      return {
        ...item,
        canRefund: c?.ok === true,
        canRefundAmount: c?.ok ? c.maxRefundAmount : 0,
        refundSn: ls?.latest?.refundSn ?? null,
        returnMoneySts: ls?.latest?.returnMoneySts ?? null,
      };
    }),
  };
}

async function readAll(ctx: AppContext, orderNumbers: string[]) {
  return Promise.all([findOrdersForAftersale(ctx.db, orderNumbers), linesForAftersale(ctx.db, orderNumbers), repo.refundsOfOrders(ctx.db, orderNumbers), loadPeriods(ctx)]);
}

/** An order that was never paid and never asked for a refund: nothing to apply for, nothing to show. */
const beyondAftersale = (o: MyOrder) => (o.status === ORDER_STATUS.unpaid || o.status === ORDER_STATUS.cancelled) && !o.refundStatus;

/** What the fields are for such an order, without reading anything. */
function withoutRefunds<T extends MyOrder>(order: T) {
  return { ...order, canRefund: false, canRefundAmount: 0, orderItemDtos: order.orderItemDtos.map((item) => ({ ...item, canRefund: false, canRefundAmount: 0, refundSn: null, returnMoneySts: null })) };
}

/**
 * A page of the order list with the after-sales fields: four reads (figures, lines, requests,
 * periods) for the whole page, whatever its size, and none when no order on it was ever paid or
 * refunded (the unpaid and cancelled tabs).
 */
export async function withPageRefundFields(ctx: AppContext, page: Page<MyOrder>): Promise<Page<MyOrderWithRefund>> {
  if (page.records.every(beyondAftersale)) return { ...page, records: page.records.map(withoutRefunds) };
  const numbers = page.records.map((r) => r.orderNumber);
  const [figures, lines, refunds, periods] = await readAll(ctx, numbers);
  const now = ctx.now();
  return {
    ...page,
    records: page.records.map((o) =>
      withFields(
        o,
        figures.find((f) => f.orderNumber === o.orderNumber),
        lines.filter((l) => l.orderNumber === o.orderNumber),
        refunds.filter((r) => r.orderNumber === o.orderNumber),
        periods,
        now,
      ),
    ),
  };
}

/** The order detail with the after-sales fields. */
export async function withDetailRefundFields(ctx: AppContext, detail: OrderDetail): Promise<OrderDetailWithRefund> {
  const [figures, lines, refunds, periods] = await readAll(ctx, [detail.orderNumber]);
  return withFields(detail, figures[0], lines, refunds, periods, ctx.now());
}
