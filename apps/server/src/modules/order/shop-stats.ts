// A shop's paid orders and sales per day, and its orders waiting to ship, for the merchant
// center's dashboard (flows/merchant-dashboard.ts). Days are the mall's (GMT+8, lib/api-time.ts),
// money is fen summed as bigint in the database.
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import type { Db, Tx } from '../../db/client.ts';
import { orders } from '../../db/schema/order.ts';

type Queryable = Db | Tx;

/**
 * Orders paid in [from, to) and their cash paid, per mall day ('yyyy-MM-dd'), only the days that
 * have some. An order counts on the day it was paid, whatever happened to it after.
 */
export async function paidByDay(db: Queryable, shopId: number, from: Date, to: Date): Promise<Array<{ date: string; orders: number; sales: bigint }>> {
  const mallDay = sql<string>`to_char((${orders.payTime} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ date: mallDay, orders: sql<number>`count(*)::int`, sales: sql<string>`coalesce(sum(${orders.actualTotal}), 0)::bigint` })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), eq(orders.isPayed, true), gte(orders.payTime, from), lt(orders.payTime, to)))
    .groupBy(mallDay);
  return rows.map((r) => ({ date: r.date, orders: Number(r.orders), sales: BigInt(r.sales) }));
}

/** Paid orders the shop has still to ship. */
export async function countToShip(db: Queryable, shopId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(and(eq(orders.shopId, shopId), eq(orders.status, ORDER_STATUS.paid)));
  return row?.n ?? 0;
}
