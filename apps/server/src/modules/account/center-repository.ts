// The user center's summary: order counts, open refunds and the user's shop. One query each.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, refunds, shopAudits, shops } from '../../db/schema.ts';

/** Requests still in progress: applied, accepted, buyer shipped, seller received. */
const OPEN_REFUND_STATES = [1, 2, 3, 4];

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

export async function countOpenRefunds(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(refunds)
    .where(and(eq(refunds.userId, userId), inArray(refunds.returnMoneySts, OPEN_REFUND_STATES)));
  return row?.n ?? 0;
}

/** The user's shop with its latest review decision, if the user ever applied. */
export async function findUserShop(db: Db, userId: string) {
  const latestAudit = db
    .select({ status: shopAudits.status })
    .from(shopAudits)
    .where(eq(shopAudits.shopId, shops.id))
    .orderBy(desc(shopAudits.createdAt), desc(shopAudits.id))
    .limit(1);
  const [row] = await db
    .select({ id: shops.id, status: shops.status, auditStatus: sql<number | null>`(${latestAudit})` })
    .from(shops)
    .where(eq(shops.userId, userId))
    .limit(1);
  return row;
}
