// The user center's order badges: the user's orders counted by status in one query.
import { and, eq, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import type { Db } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/order.ts';

export async function countOrdersByStatus(db: Db, userId: string) {
  const count = (condition: ReturnType<typeof sql>) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const [row] = await db
    .select({
      unPay: count(sql`${orders.status} = ${ORDER_STATUS.unpaid}`),
      payed: count(sql`${orders.status} = ${ORDER_STATUS.paid}`),
      consignment: count(sql`${orders.status} = ${ORDER_STATUS.shipped}`),
      // Completed orders still waiting for a review (the "pending evaluation" badge).
      success: count(
        sql`${orders.status} = ${ORDER_STATUS.completed} and exists (select 1 from ${orderItems} where ${orderItems.orderNumber} = ${orders.orderNumber} and ${orderItems.commSts} = 0)`,
      ),
      grouping: count(sql`${orders.status} = ${ORDER_STATUS.grouping}`),
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.deleteStatus, 0)));
  return row ?? { unPay: 0, payed: 0, consignment: 0, success: 0, grouping: 0 };
}
