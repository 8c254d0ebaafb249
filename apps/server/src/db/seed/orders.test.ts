// The demo orders, on a database of their own: the shared test database is changed by every
// other test, and this checks exact stock, sales and ledger numbers.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGISTICS_STATE, ORDER_MOLD, ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { openDatabase, type Database } from '../client.ts';
import { balanceLogs, deliveryTraces, jobs, orderAddresses, orderDeliveries, orderDeliveryItems, orderItems, orders, orderVirtualCodes, payments, products, seckills, seckillSkus, skus, userWallets } from '../schema.ts';
import { seedOrders } from './orders.ts';
import { ledgerSums } from '../../modules/wallet/points.ts';
import { generateProduct, listLeaves } from './products.ts';
import { demoUserId, seedIfEmpty } from './seed.ts';
import { SHOPS } from './site-data.ts';

let database: Database;
const buyers = [demoUserId('buyer01'), demoUserId('buyer02')];

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seedIfEmpty(database.db, { dataDir: mkdtempSync(path.join(tmpdir(), 'bazaar-seed-orders-')), pictures: false });
}, 120_000);
afterAll(() => database.close());

describe('demo orders', () => {
  it('gives the demo buyers points that are a ledger: records and usable batches equal a positive balance', async () => {
    for (const userId of buyers) {
      const sums = await ledgerSums(database.db, userId);
      expect(sums.score).toBeGreaterThan(0);
      expect(sums).toEqual({ score: sums.score, records: sums.score, batches: sums.score });
    }
  });

  it('covers every state for both demo buyers', async () => {
    const rows = await database.db.select({ userId: orders.userId, status: orders.status, closeType: orders.closeType }).from(orders).where(inArray(orders.userId, buyers));
    for (const userId of buyers) {
      const statuses = new Set(rows.filter((r) => r.userId === userId).map((r) => r.status));
      expect([...statuses].sort()).toEqual([1, 2, 3, 5, 6]);
    }
    expect(new Set(rows.filter((r) => r.status === ORDER_STATUS.cancelled).map((r) => r.closeType))).toEqual(new Set([1, 4]));
    const comm = await database.db
      .select({ commSts: orderItems.commSts })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderNumber, orderItems.orderNumber))
      .where(and(inArray(orders.userId, buyers), eq(orders.status, ORDER_STATUS.completed)));
    expect(new Set(comm.map((c) => c.commSts))).toEqual(new Set([0, 1]));
  });

  it('ships with packages, timelines and the jobs that carry them on', async () => {
    const shipped = await database.db
      .select({ orderNumber: orders.orderNumber, status: orders.status, orderMold: orders.orderMold })
      .from(orders)
      .where(and(inArray(orders.userId, buyers), inArray(orders.status, [3, 5])));
    const numbers = shipped.filter((o) => o.orderMold === ORDER_MOLD.physical).map((o) => o.orderNumber);
    const packages = await database.db.select().from(orderDeliveries).where(inArray(orderDeliveries.orderNumber, numbers));
    expect(new Set(packages.map((p) => p.orderNumber))).toEqual(new Set(numbers));
    const states = new Set(packages.map((p) => p.state));
    for (const s of [LOGISTICS_STATE.received, LOGISTICS_STATE.signed, LOGISTICS_STATE.faulty]) expect(states).toContain(s);
    const traces = await database.db.select({ deliveryId: deliveryTraces.deliveryId, state: deliveryTraces.state }).from(deliveryTraces).where(inArray(deliveryTraces.deliveryId, packages.map((p) => p.id)));
    for (const p of packages) {
      const own = traces.filter((t) => t.deliveryId === p.id);
      expect(own.length).toBeGreaterThan(0);
    }
    // Every piece of every shipped order is in a package.
    const packed = await database.db
      .select({ orderNumber: orderDeliveries.orderNumber, n: sql<number>`sum(${orderDeliveryItems.count})::int` })
      .from(orderDeliveryItems)
      .innerJoin(orderDeliveries, eq(orderDeliveries.id, orderDeliveryItems.deliveryId))
      .where(inArray(orderDeliveries.orderNumber, numbers))
      .groupBy(orderDeliveries.orderNumber);
    const counts = await database.db.select({ orderNumber: orders.orderNumber, n: orders.productNums }).from(orders).where(inArray(orders.orderNumber, numbers));
    expect(new Map(packed.map((p) => [p.orderNumber, Number(p.n)]))).toEqual(new Map(counts.map((c) => [c.orderNumber, c.n])));

    const armed = await database.db.select({ kind: jobs.kind, ref: jobs.ref }).from(jobs).where(eq(jobs.status, 0));
    const kinds = (kind: string) => armed.filter((j) => j.kind === kind).map((j) => j.ref);
    const unpaid = await database.db.select({ orderNumber: orders.orderNumber }).from(orders).where(and(inArray(orders.userId, buyers), eq(orders.status, 1)));
    expect(kinds('order.autoCancel').sort()).toEqual(unpaid.map((u) => u.orderNumber).sort());
    expect(kinds('order.autoReceipt').sort()).toEqual(shipped.filter((o) => o.status === 3).map((o) => o.orderNumber).sort());
    expect(kinds('courier.advance').length).toBeGreaterThan(0);
  });

  it('delivers the virtual order by one voucher code per piece, with no address and no package', async () => {
    const virtual = await database.db.select().from(orders).where(and(inArray(orders.userId, buyers), eq(orders.orderMold, ORDER_MOLD.virtual)));
    expect(virtual).toHaveLength(1);
    expect(virtual[0]).toMatchObject({ status: ORDER_STATUS.shipped, dvyType: 3, freight: 0, isPayed: true });
    const n = virtual[0]!.orderNumber;
    const codes = await database.db.select().from(orderVirtualCodes).where(eq(orderVirtualCodes.orderNumber, n));
    expect(codes).toHaveLength(virtual[0]!.productNums);
    expect(await database.db.select().from(orderAddresses).where(eq(orderAddresses.orderNumber, n))).toEqual([]);
    expect(await database.db.select().from(orderDeliveries).where(eq(orderDeliveries.orderNumber, n))).toEqual([]);
    const lines = await database.db.select({ mold: orderItems.mold }).from(orderItems).where(eq(orderItems.orderNumber, n));
    expect(lines.map((l) => l.mold)).toEqual([ORDER_MOLD.virtual]);
  });

  it('keeps stock and sales consistent with the orders', async () => {
    const lines = await database.db
      .select({ productId: orderItems.productId, count: orderItems.prodCount, status: orders.status })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderNumber, orderItems.orderNumber));
    const current = await database.db.select({ id: products.id, totalStocks: products.totalStocks, soldNum: products.soldNum }).from(products).where(inArray(products.id, [...new Set(lines.map((l) => l.productId))]));
    // The demo's flash sales hold their flash stock apart from the product's until they are settled.
    const flash = await database.db
      .select({ productId: skus.productId, stocks: seckillSkus.seckillStocks })
      .from(seckillSkus)
      .innerJoin(skus, eq(skus.id, seckillSkus.skuId))
      .innerJoin(seckills, eq(seckills.id, seckillSkus.seckillId))
      .where(sql`${seckills.settledAt} is null`);
    const leaves = listLeaves();
    for (const p of current) {
      const start = generateProduct(p.id, leaves, SHOPS);
      const own = lines.filter((l) => l.productId === p.id);
      const reserved = flash.filter((f) => f.productId === p.id).reduce((s, f) => s + f.stocks, 0);
      const held = own.filter((l) => l.status !== ORDER_STATUS.cancelled).reduce((s, l) => s + l.count, 0) + reserved;
      const sold = own.filter((l) => l.status !== ORDER_STATUS.cancelled && l.status !== ORDER_STATUS.unpaid).reduce((s, l) => s + l.count, 0);
      expect(p.totalStocks).toBe(start.totalStocks === -1 ? -1 : start.totalStocks - held);
      expect(p.soldNum).toBe(start.soldNum + sold);
    }
  });

  it('records a payment per paid order and a ledger that sums to each balance', async () => {
    const paid = await database.db.select({ orderNumber: orders.orderNumber, payNo: orders.payNo, actualTotal: orders.actualTotal, payType: orders.payType }).from(orders).where(and(inArray(orders.userId, buyers), eq(orders.isPayed, true)));
    const pays = await database.db.select().from(payments).where(inArray(payments.payNo, paid.map((p) => p.payNo!)));
    for (const order of paid) {
      expect(pays.find((p) => p.payNo === order.payNo)).toMatchObject({ orderNumbers: order.orderNumber, amount: order.actualTotal, status: 1, payType: order.payType });
    }
    for (const userId of buyers) {
      const [ledger] = await database.db
        .select({ sum: sql<number>`coalesce(sum(case when ${balanceLogs.ioType} = 1 then ${balanceLogs.changeBalance} else -${balanceLogs.changeBalance} end), 0)::bigint` })
        .from(balanceLogs)
        .where(and(eq(balanceLogs.userId, userId), eq(balanceLogs.isPayed, true)));
      const [wallet] = await database.db.select({ balance: userWallets.balance }).from(userWallets).where(eq(userWallets.userId, userId));
      expect(Number(ledger!.sum)).toBe(wallet!.balance);
    }
    expect((await database.db.select().from(balanceLogs).where(eq(balanceLogs.type, 3))).length).toBeGreaterThan(0);
  });

  it('writes nothing the second time', async () => {
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    await seedOrders(database.db);
    const after = await database.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(after).toEqual(before);
  });
});
