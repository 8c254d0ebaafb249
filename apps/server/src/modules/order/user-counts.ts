// The user center's order badges: the user's orders counted by status in one query.
import { and, eq, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import type { Db } from '../../db/client.ts';
import { preparedPer } from '../../db/prepared.ts';
import { orderItems, orders } from '../../db/schema/order.ts';

const count = (condition: ReturnType<typeof sql>) => sql<number>`(count(*) filter (where ${condition}))::int`;

/** Prepared: the user center asks on every visit. */
const countsStatement = preparedPer((db) =>
  db
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
    .where(and(eq(orders.userId, sql.placeholder('userId')), eq(orders.deleteStatus, 0)))
    .prepare('order_user_counts'),
);

export async function countOrdersByStatus(db: Db, userId: string) {
  const [row] = await countsStatement(db).execute({ userId });
  return row ?? { unPay: 0, payed: 0, consignment: 0, success: 0, grouping: 0 };
}
