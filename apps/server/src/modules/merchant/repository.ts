// Merchant data: store accounts, and a shop's orders (always filtered by the shop).
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { deliveryCompanies, merchantAccounts, orderAddresses, orderDeliveries, orderDeliveryItems, orderItems, orders, shops } from '../../db/schema.ts';

type Queryable = Db | Tx;

export async function findAccountByUsername(db: Queryable, username: string) {
  const [row] = await db
    .select({
      id: merchantAccounts.id,
      shopId: merchantAccounts.shopId,
      passwordHash: merchantAccounts.passwordHash,
      status: merchantAccounts.status,
      shopStatus: shops.status,
      shopNameZh: shops.nameZh,
      shopNameEn: shops.nameEn,
    })
    .from(merchantAccounts)
    .innerJoin(shops, eq(shops.id, merchantAccounts.shopId))
    .where(eq(sql`lower(${merchantAccounts.username})`, username.toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function touchLogin(db: Queryable, accountId: number, now: Date) {
  await db.update(merchantAccounts).set({ lastLoginAt: now }).where(eq(merchantAccounts.id, accountId));
}

/** The account behind a token, only while it is enabled and its shop is open. */
export async function findActiveAccount(db: Queryable, accountId: number) {
  const [row] = await db
    .select({ id: merchantAccounts.id, shopId: merchantAccounts.shopId })
    .from(merchantAccounts)
    .innerJoin(shops, eq(shops.id, merchantAccounts.shopId))
    .where(and(eq(merchantAccounts.id, accountId), eq(merchantAccounts.status, 1), eq(shops.status, 1)))
    .limit(1);
  return row ?? null;
}

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

export async function pageShopOrders(db: Queryable, shopId: number, status: number, current: number, size: number) {
  const where = and(eq(orders.shopId, shopId), ...(status ? [eq(orders.status, status)] : []));
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

export function listItems(db: Queryable, orderNumbers: string[]) {
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

export function listAddresses(db: Queryable, orderNumbers: string[]) {
  if (orderNumbers.length === 0) return Promise.resolve([]);
  return db.select().from(orderAddresses).where(inArray(orderAddresses.orderNumber, orderNumbers));
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
