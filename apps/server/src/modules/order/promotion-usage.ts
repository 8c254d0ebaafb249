// The order module's read for the shop promotions' usage figures (issue 11 §5, decision 044): per
// promotion, the paid orders with a line under it and the sum of its shares of them.
import { and, countDistinct, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/order.ts';

export interface PromotionUsage {
  orders: number;
  reducedAmount: number;
}

export async function promotionUsage(db: Db, discountIds: number[]): Promise<Map<number, PromotionUsage>> {
  const map = new Map<number, PromotionUsage>();
  if (discountIds.length === 0) return map;
  const rows = await db
    .select({
      discountId: orderItems.discountId,
      orders: countDistinct(orderItems.orderNumber),
      reduced: sql<string>`coalesce(sum(${orderItems.discountShare}), 0)::bigint`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.orderNumber, orderItems.orderNumber))
    .where(and(inArray(orderItems.discountId, discountIds), eq(orders.isPayed, true)))
    .groupBy(orderItems.discountId);
  for (const r of rows) if (r.discountId !== null) map.set(r.discountId, { orders: Number(r.orders), reducedAmount: Number(r.reduced) });
  return map;
}
