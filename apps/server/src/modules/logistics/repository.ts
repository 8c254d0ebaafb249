// Logistics data: courier companies, an order's packages with their items, and traces.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { deliveryCompanies, deliveryTraces, orderAddresses, orderDeliveries, orderDeliveryItems, orderItems, orders, shops } from '../../db/schema.ts';

type Queryable = Db | Tx;

export function listCompanies(db: Queryable) {
  return db
    .select({ id: deliveryCompanies.id, nameZh: deliveryCompanies.nameZh, nameEn: deliveryCompanies.nameEn, code: deliveryCompanies.code })
    .from(deliveryCompanies)
    .where(eq(deliveryCompanies.status, 1))
    .orderBy(asc(deliveryCompanies.seq), asc(deliveryCompanies.id));
}

export async function findOrderOwner(db: Queryable, orderNumber: string) {
  const [row] = await db
    .select({ userId: orders.userId, shopId: orders.shopId, deleteStatus: orders.deleteStatus })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber))
    .limit(1);
  return row ?? null;
}

/** The packages of one order, oldest first, with their courier's names. */
export function listDeliveries(db: Queryable, orderNumber: string) {
  return db
    .select({
      id: orderDeliveries.id,
      dvyId: orderDeliveries.dvyId,
      dvyName: orderDeliveries.dvyName,
      dvyFlowId: orderDeliveries.dvyFlowId,
      state: orderDeliveries.state,
      createdAt: orderDeliveries.createdAt,
      companyZh: deliveryCompanies.nameZh,
      companyEn: deliveryCompanies.nameEn,
    })
    .from(orderDeliveries)
    .leftJoin(deliveryCompanies, eq(deliveryCompanies.id, orderDeliveries.dvyId))
    .where(eq(orderDeliveries.orderNumber, orderNumber))
    .orderBy(asc(orderDeliveries.id));
}

/** What each of the given packages holds, in one query. */
export function listDeliveryItems(db: Queryable, deliveryIds: number[]) {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      deliveryId: orderDeliveryItems.deliveryId,
      orderItemId: orderDeliveryItems.orderItemId,
      count: orderDeliveryItems.count,
      prodId: orderItems.productId,
      prodNameZh: orderItems.prodNameZh,
      prodNameEn: orderItems.prodNameEn,
      skuNameZh: orderItems.skuNameZh,
      skuNameEn: orderItems.skuNameEn,
      pic: orderItems.pic,
    })
    .from(orderDeliveryItems)
    .innerJoin(orderItems, eq(orderItems.id, orderDeliveryItems.orderItemId))
    .where(inArray(orderDeliveryItems.deliveryId, deliveryIds))
    .orderBy(asc(orderDeliveryItems.deliveryId), asc(orderDeliveryItems.orderItemId));
}

/** A package with its order's owner, for the shopper's timeline. */
export async function findDelivery(db: Queryable, deliveryId: number) {
  const [row] = await db
    .select({
      id: orderDeliveries.id,
      dvyName: orderDeliveries.dvyName,
      dvyFlowId: orderDeliveries.dvyFlowId,
      state: orderDeliveries.state,
      companyZh: deliveryCompanies.nameZh,
      companyEn: deliveryCompanies.nameEn,
      userId: orders.userId,
      deleteStatus: orders.deleteStatus,
    })
    .from(orderDeliveries)
    .innerJoin(orders, eq(orders.orderNumber, orderDeliveries.orderNumber))
    .leftJoin(deliveryCompanies, eq(deliveryCompanies.id, orderDeliveries.dvyId))
    .where(eq(orderDeliveries.id, deliveryId))
    .limit(1);
  return row ?? null;
}

export function listTraces(db: Queryable, deliveryId: number) {
  return db
    .select({ acceptTime: deliveryTraces.acceptTime, acceptStation: deliveryTraces.acceptStation, state: deliveryTraces.state })
    .from(deliveryTraces)
    .where(eq(deliveryTraces.deliveryId, deliveryId))
    .orderBy(desc(deliveryTraces.acceptTime), desc(deliveryTraces.id));
}

/** Everything the courier needs to follow a package: waybill, company, route ends, phone. */
export async function findTrackTarget(db: Queryable, deliveryId: number) {
  const [row] = await db
    .select({
      id: orderDeliveries.id,
      orderNumber: orderDeliveries.orderNumber,
      dvyFlowId: orderDeliveries.dvyFlowId,
      state: orderDeliveries.state,
      shippedAt: orderDeliveries.createdAt,
      companyCode: deliveryCompanies.code,
      companyName: deliveryCompanies.nameZh,
      fromCity: shops.city,
      toCity: orderAddresses.city,
      toArea: orderAddresses.area,
      phone: orderAddresses.mobile,
    })
    .from(orderDeliveries)
    .innerJoin(orders, eq(orders.orderNumber, orderDeliveries.orderNumber))
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .leftJoin(orderAddresses, eq(orderAddresses.orderNumber, orders.orderNumber))
    .leftJoin(deliveryCompanies, eq(deliveryCompanies.id, orderDeliveries.dvyId))
    .where(eq(orderDeliveries.id, deliveryId))
    .limit(1);
  return row ?? null;
}

/** Locks a package row for one tracking update (another instance waits, then sees the new traces). */
export async function lockDelivery(tx: Tx, deliveryId: number) {
  const [row] = await tx.select({ id: orderDeliveries.id }).from(orderDeliveries).where(eq(orderDeliveries.id, deliveryId)).for('update');
  return row ?? null;
}

export function listTraceKeys(tx: Tx, deliveryId: number) {
  return tx
    .select({ acceptTime: deliveryTraces.acceptTime, acceptStation: deliveryTraces.acceptStation })
    .from(deliveryTraces)
    .where(eq(deliveryTraces.deliveryId, deliveryId));
}

export async function insertTraces(tx: Tx, rows: Array<typeof deliveryTraces.$inferInsert>) {
  if (rows.length) await tx.insert(deliveryTraces).values(rows);
}

export async function updateDeliveryState(tx: Tx, deliveryId: number, state: number, now: Date) {
  await tx.update(orderDeliveries).set({ state, updatedAt: now }).where(and(eq(orderDeliveries.id, deliveryId)));
}

/** Pieces already packed per order line. */
export function listShippedCounts(db: Queryable, orderNumbers: string[]) {
  if (orderNumbers.length === 0) return Promise.resolve([]);
  return db
    .select({ orderItemId: orderDeliveryItems.orderItemId, shipped: sql<number>`sum(${orderDeliveryItems.count})::int` })
    .from(orderDeliveryItems)
    .innerJoin(orderDeliveries, eq(orderDeliveries.id, orderDeliveryItems.deliveryId))
    .where(inArray(orderDeliveries.orderNumber, orderNumbers))
    .groupBy(orderDeliveryItems.orderItemId);
}

export function listActiveCompanies(db: Queryable, ids: number[]) {
  return db
    .select({ id: deliveryCompanies.id, code: deliveryCompanies.code, nameZh: deliveryCompanies.nameZh })
    .from(deliveryCompanies)
    .where(and(inArray(deliveryCompanies.id, ids), eq(deliveryCompanies.status, 1)));
}

export async function insertDelivery(tx: Tx, values: typeof orderDeliveries.$inferInsert): Promise<number> {
  const [row] = await tx.insert(orderDeliveries).values(values).returning({ id: orderDeliveries.id });
  return row!.id;
}

export async function insertDeliveryItems(tx: Tx, rows: Array<typeof orderDeliveryItems.$inferInsert>) {
  if (rows.length) await tx.insert(orderDeliveryItems).values(rows);
}
