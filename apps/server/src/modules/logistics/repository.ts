// Logistics data: courier companies, an order's packages with their items, and traces.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { deliveryCompanies, deliveryTraces, orderDeliveries, orderDeliveryItems } from '../../db/schema/logistics.ts';

type Queryable = Db | Tx;

export function listCompanies(db: Queryable) {
  return db
    .select({ id: deliveryCompanies.id, nameZh: deliveryCompanies.nameZh, nameEn: deliveryCompanies.nameEn, code: deliveryCompanies.code })
    .from(deliveryCompanies)
    .where(eq(deliveryCompanies.status, 1))
    .orderBy(asc(deliveryCompanies.seq), asc(deliveryCompanies.id));
}

/** Every courier company, enabled or not (a waybill keeps naming a company disabled since). */
export function listAllCompanies(db: Queryable) {
  return db
    .select({ id: deliveryCompanies.id, nameZh: deliveryCompanies.nameZh, nameEn: deliveryCompanies.nameEn, active: sql<boolean>`${deliveryCompanies.status} = 1` })
    .from(deliveryCompanies);
}

/** The packages of one order with what each holds (one row per package line; a package without lines has one row with nulls). */
export function listDeliveriesWithItems(db: Queryable, orderNumber: string) {
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
      orderItemId: orderDeliveryItems.orderItemId,
      count: orderDeliveryItems.count,
    })
    .from(orderDeliveries)
    .leftJoin(deliveryCompanies, eq(deliveryCompanies.id, orderDeliveries.dvyId))
    .leftJoin(orderDeliveryItems, eq(orderDeliveryItems.deliveryId, orderDeliveries.id))
    .where(eq(orderDeliveries.orderNumber, orderNumber))
    .orderBy(asc(orderDeliveries.id), asc(orderDeliveryItems.orderItemId));
}

/** A package with its order number (the flow checks the order's owner), for the shopper's timeline. */
export async function findDelivery(db: Queryable, deliveryId: number) {
  const [row] = await db
    .select({
      id: orderDeliveries.id,
      dvyName: orderDeliveries.dvyName,
      dvyFlowId: orderDeliveries.dvyFlowId,
      state: orderDeliveries.state,
      companyZh: deliveryCompanies.nameZh,
      companyEn: deliveryCompanies.nameEn,
      orderNumber: orderDeliveries.orderNumber,
    })
    .from(orderDeliveries)
    .leftJoin(deliveryCompanies, eq(deliveryCompanies.id, orderDeliveries.dvyId))
    .where(eq(orderDeliveries.id, deliveryId))
    .limit(1);
  return row ?? null;
}

export function listTraces(db: Queryable, deliveryId: number) {
  return db
    .select({ acceptTime: deliveryTraces.acceptTime, acceptStation: deliveryTraces.acceptStation, state: deliveryTraces.state, message: deliveryTraces.message })
    .from(deliveryTraces)
    .where(eq(deliveryTraces.deliveryId, deliveryId))
    .orderBy(desc(deliveryTraces.acceptTime), desc(deliveryTraces.id));
}

/** What logistics knows of a package for the courier: waybill, company, order (the route ends are the order's and the shop's). */
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
    })
    .from(orderDeliveries)
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
