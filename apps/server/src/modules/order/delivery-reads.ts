// Named reads of orders for logistics (through flows): who owns an order, where it goes, and the
// lines a package holds.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orderAddresses, orderItems, orders } from '../../db/schema/order.ts';

type Queryable = Db | Tx;

export async function findOrderOwner(db: Queryable, orderNumber: string) {
  const [row] = await db
    .select({ userId: orders.userId, shopId: orders.shopId, deleteStatus: orders.deleteStatus })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber))
    .limit(1);
  return row ?? null;
}

/** The order's shop and the city, area and phone of its address copy, for the courier. */
export async function findDeliveryRoute(db: Queryable, orderNumber: string) {
  const [row] = await db
    .select({ shopId: orders.shopId, toCity: orderAddresses.city, toArea: orderAddresses.area, phone: orderAddresses.mobile })
    .from(orders)
    .leftJoin(orderAddresses, eq(orderAddresses.orderNumber, orders.orderNumber))
    .where(eq(orders.orderNumber, orderNumber))
    .limit(1);
  return row ?? null;
}

/** The named lines of one order, for the packages' contents. */
export function findOrderLines(db: Queryable, orderNumber: string) {
  return db
    .select({
      id: orderItems.id,
      prodId: orderItems.productId,
      prodNameZh: orderItems.prodNameZh,
      prodNameEn: orderItems.prodNameEn,
      skuNameZh: orderItems.skuNameZh,
      skuNameEn: orderItems.skuNameEn,
      pic: orderItems.pic,
    })
    .from(orderItems)
    .where(eq(orderItems.orderNumber, orderNumber));
}
