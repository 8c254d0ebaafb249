// A shop's orders as the merchant API reads them: always filtered by the shop, so a shop never
// sees another's orders. Named reads the ship-order flow composes with logistics.
import { and, asc, count, desc, eq, inArray, like } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orderAddresses, orderItems, orders } from '../../db/schema/order.ts';

type Queryable = Db | Tx;

const orderColumns = {
  orderNumber: orders.orderNumber,
  status: orders.status,
  orderType: orders.orderType,
  orderMold: orders.orderMold,
  dvyType: orders.dvyType,
  total: orders.total,
  freight: orders.freight,
  reduceAmount: orders.reduceAmount,
  actualTotal: orders.actualTotal,
  remarks: orders.remarks,
  createdAt: orders.createdAt,
  payTime: orders.payTime,
  dvyTime: orders.dvyTime,
  finallyTime: orders.finallyTime,
};

export type ShopOrderRow = NonNullable<Awaited<ReturnType<typeof findShopOrder>>>;

/** A page of the shop's orders, newest first; `numberPart` (digits only) narrows to numbers containing it. */
export async function pageShopOrders(db: Queryable, shopId: number, status: number, current: number, size: number, numberPart = '') {
  const where = and(
    eq(orders.shopId, shopId),
    ...(status ? [eq(orders.status, status)] : []),
    ...(numberPart ? [like(orders.orderNumber, `%${numberPart}%`)] : []),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(orderColumns)
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
      .limit(size)
      .offset((current - 1) * size),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findShopOrder(db: Queryable, shopId: number, orderNumber: string) {
  const [row] = await db
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.shopId, shopId)))
    .limit(1);
  return row ?? null;
}

/** The lines of the given orders, oldest first. */
export function listOrderLines(db: Queryable, orderNumbers: string[]) {
  if (orderNumbers.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: orderItems.id,
      orderNumber: orderItems.orderNumber,
      productId: orderItems.productId,
      skuId: orderItems.skuId,
      prodNameZh: orderItems.prodNameZh,
      prodNameEn: orderItems.prodNameEn,
      skuNameZh: orderItems.skuNameZh,
      skuNameEn: orderItems.skuNameEn,
      pic: orderItems.pic,
      price: orderItems.price,
      prodCount: orderItems.prodCount,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderNumber, orderNumbers))
    .orderBy(asc(orderItems.id));
}

export function listOrderAddresses(db: Queryable, orderNumbers: string[]) {
  if (orderNumbers.length === 0) return Promise.resolve([]);
  return db.select().from(orderAddresses).where(inArray(orderAddresses.orderNumber, orderNumbers));
}
