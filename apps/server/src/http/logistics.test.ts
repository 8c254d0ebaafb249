import { beforeAll, describe, expect, it } from 'vitest';
import { DeliveryCompanySchema, DeliveryTrackSchema, OrderPackageSchema } from '@bazaar/shared/schemas/logistics';
import { eq } from 'drizzle-orm';
import { orders } from '../db/schema.ts';
import { countQueries } from '../db/query-count.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { json } from '../test/account-test-kit.ts';
import { createPaidOrder, drainJobs, merchantLogin, openShopIds, registerBuyer, type Buyer, type TestOrder } from '../test/merchant-test-kit.ts';

let t: TestApp;
let shopId: number;
const en = { 'accept-language': 'en' };

async function shippedOrder(buyer: Buyer): Promise<{ order: TestOrder; deliveryIds: number[] }> {
  const order = await createPaidOrder(t, buyer, shopId, { lines: 2, count: 1 });
  const token = await merchantLogin(t, shopId);
  const companies = DeliveryCompanySchema.array().parse((await t.app.inject({ method: 'GET', url: '/p/delivery/list', headers: { authorization: buyer.token } })).json());
  const stamp = `${Date.now().toString(36).toUpperCase()}${process.pid % 1000}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/merchant/order/delivery',
    ...json(
      {
        orderNumber: order.orderNumber,
        packages: order.items.map((item, i) => ({ dvyId: companies[i]!.dvyId, dvyFlowId: `YT${stamp}${i}`, items: [{ orderItemId: item.id, count: item.prodCount }] })),
      },
      { headers: { authorization: token } },
    ),
  });
  expect(res.statusCode, res.body).toBe(200);
  const packages = (res.json() as { packages: Array<{ orderDeliveryId: number }> }).packages;
  return { order, deliveryIds: packages.map((p) => p.orderDeliveryId) };
}

beforeAll(async () => {
  t = await ensureSeeded();
  [shopId] = (await openShopIds(t)) as [number];
});

describe('GET /p/delivery/list', () => {
  it('lists the courier companies in the request language', async () => {
    const buyer = await registerBuyer(t);
    const zh = DeliveryCompanySchema.array().parse((await t.app.inject({ method: 'GET', url: '/p/delivery/list', headers: { authorization: buyer.token } })).json());
    const english = DeliveryCompanySchema.array().parse((await t.app.inject({ method: 'GET', url: '/p/delivery/list', headers: { authorization: buyer.token, ...en } })).json());
    expect(zh[0]).toMatchObject({ dvyName: '顺丰速运' });
    expect(english[0]).toMatchObject({ dvyId: zh[0]!.dvyId, dvyName: 'SF Express' });
    expect(english.map((c) => c.dvyName)).toContain('China Post EMS');
    expect((await t.app.inject({ method: 'GET', url: '/p/delivery/list' })).statusCode).toBe(401);
  });
});

describe('GET /p/myDelivery/orderInfo/:orderNumber', () => {
  it("answers the caller's packages with their items, in a fixed number of queries", async () => {
    const buyer = await registerBuyer(t);
    const { order, deliveryIds } = await shippedOrder(buyer);
    const { result, queries } = await countQueries(() =>
      t.app.inject({ method: 'GET', url: `/p/myDelivery/orderInfo/${order.orderNumber}`, headers: { authorization: buyer.token, ...en } }),
    );
    expect(result.statusCode, result.body).toBe(200);
    const packages = OrderPackageSchema.array().parse(result.json());
    expect(packages.map((p) => p.orderDeliveryId)).toEqual(deliveryIds);
    expect(packages[0]).toMatchObject({ dvyName: 'SF Express', state: 0, items: [{ orderItemId: order.items[0]!.id, count: 1 }] });
    expect(packages[0]!.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(packages[0]!.items[0]!.prodName.length).toBeGreaterThan(0);
    // token check + owner + packages + items
    expect(queries.length).toBeLessThanOrEqual(4);
  });

  it("refuses another user's order, a deleted order and a malformed number", async () => {
    const owner = await registerBuyer(t);
    const other = await registerBuyer(t);
    const { order } = await shippedOrder(owner);
    const res = await t.app.inject({ method: 'GET', url: `/p/myDelivery/orderInfo/${order.orderNumber}`, headers: { authorization: other.token, ...en } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('Order not found');
    const bad = await t.app.inject({ method: 'GET', url: '/p/myDelivery/orderInfo/abc', headers: { authorization: owner.token, ...en } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toBe('Order not found');
    expect((await t.app.inject({ method: 'GET', url: `/p/myDelivery/orderInfo/${order.orderNumber}` })).statusCode).toBe(401);
    await t.ctx.db.update(orders).set({ deleteStatus: 1 }).where(eq(orders.orderNumber, order.orderNumber));
    expect((await t.app.inject({ method: 'GET', url: `/p/myDelivery/orderInfo/${order.orderNumber}`, headers: { authorization: owner.token } })).statusCode).toBe(400);
  });
});

describe('GET /p/myDelivery/deliveryOrder/:orderDeliveryId', () => {
  it('answers the timeline newest first, for the owner only', async () => {
    const owner = await registerBuyer(t);
    const other = await registerBuyer(t);
    const { deliveryIds } = await shippedOrder(owner);
    const before = DeliveryTrackSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/p/myDelivery/deliveryOrder/${deliveryIds[0]}`, headers: { authorization: owner.token, ...en } })).json(),
    );
    expect(before).toMatchObject({ companyName: 'SF Express', state: 0, traces: [] });
    t.advanceClock(7 * 3_600_000);
    try {
      await drainJobs(t);
    } finally {
      t.resetClock();
    }
    const after = DeliveryTrackSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/p/myDelivery/deliveryOrder/${deliveryIds[0]}`, headers: { authorization: owner.token } })).json(),
    );
    expect(after.companyName).toBe('顺丰速运');
    expect(after.traces).toHaveLength(2);
    expect(after.traces[0]!.acceptTime > after.traces[1]!.acceptTime).toBe(true);
    expect(after.traces[1]).toMatchObject({ state: 1 });
    expect(after.state).toBe(after.traces[0]!.state);

    const refused = await t.app.inject({ method: 'GET', url: `/p/myDelivery/deliveryOrder/${deliveryIds[0]}`, headers: { authorization: other.token, ...en } });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toBe('No logistics information for this package');
    const bad = await t.app.inject({ method: 'GET', url: '/p/myDelivery/deliveryOrder/0', headers: { authorization: owner.token, ...en } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toBe('The id is invalid');
  });
});
