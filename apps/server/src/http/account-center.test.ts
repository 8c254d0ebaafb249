import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { refunds, shopAudits, shops } from '../db/schema.ts';
import { buildOrderRows, insertOrderRows } from '../modules/order/order-rows.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { registerUser } from '../test/account-test-kit.ts';

let serial = 0;
const orderNumber = () => `${Date.now()}${String(randomInt(0, 1000)).padStart(3, '0')}${++serial % 1_000_000}`.slice(0, 19);

async function userIdOf(t: TestApp, token: string): Promise<string> {
  return (await t.app.inject({ method: 'GET', url: '/p/user/userInfo', headers: { authorization: token } })).json().userId;
}

async function addOrder(t: TestApp, userId: string, shopId: number, status: number, opts: { reviewed?: boolean; deleted?: boolean } = {}) {
  const number = orderNumber();
  const rows = buildOrderRows({
    orderNumber: number,
    userId,
    shopId,
    status,
    placedAt: t.ctx.now(),
    address: null,
    lines: [{ productId: 1, skuId: 1, prodNameZh: '测试商品', price: 100, count: 1, commSts: opts.reviewed ? 1 : 0 }],
    extra: { deleteStatus: opts.deleted ? 1 : 0 },
  });
  await t.ctx.db.transaction((tx) => insertOrderRows(tx, rows));
  return number;
}

describe('GET /p/user/centerInfo', () => {
  it('counts the user’s orders by status and open refunds, and shows -1 without a shop', async () => {
    const t = await ensureSeeded();
    const buyer = await registerUser(t);
    const other = await registerUser(t);
    const buyerId = await userIdOf(t, buyer.token);
    const otherId = await userIdOf(t, other.token);
    const [shop] = await t.ctx.db.insert(shops).values({ nameZh: `店铺${serial}`, status: 1, type: 2 }).returning({ id: shops.id });
    const shopId = shop!.id;

    await addOrder(t, buyerId, shopId, 1);
    await addOrder(t, buyerId, shopId, 1);
    await addOrder(t, buyerId, shopId, 1, { deleted: true });
    await addOrder(t, buyerId, shopId, 2);
    const shipped = await addOrder(t, buyerId, shopId, 3);
    await addOrder(t, buyerId, shopId, 5);
    await addOrder(t, buyerId, shopId, 5, { reviewed: true });
    await addOrder(t, buyerId, shopId, 6);
    await addOrder(t, buyerId, shopId, 7);
    await addOrder(t, otherId, shopId, 1);
    const refund = (sts: number) => ({
      refundSn: orderNumber(),
      orderNumber: shipped,
      userId: buyerId,
      shopId,
      refundType: 1,
      applyType: 1,
      goodsNum: 1,
      refundAmount: 10,
      maxRefundAmount: 100,
      buyerReason: 0,
      returnMoneySts: sts,
    });
    await t.ctx.db.insert(refunds).values([refund(1), refund(5), refund(6), refund(-1)]);

    const res = await t.app.inject({ method: 'GET', url: '/p/user/centerInfo', headers: { authorization: buyer.token } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      isSetPassword: true,
      orderCountData: { unPay: 2, payed: 1, consignment: 1, success: 1, refund: 1, grouping: 1 },
      shopAuditStatus: null,
      shopStatus: -1,
      shopId: null,
    });
    const otherInfo = (await t.app.inject({ method: 'GET', url: '/p/user/centerInfo', headers: { authorization: other.token } })).json();
    expect(otherInfo.orderCountData).toEqual({ unPay: 1, payed: 0, consignment: 0, success: 0, refund: 0, grouping: 0 });
  });

  it("shows the user's own shop with its status and latest audit decision", async () => {
    const t = await ensureSeeded();
    const owner = await registerUser(t);
    const ownerId = await userIdOf(t, owner.token);
    const [shop] = await t.ctx.db.insert(shops).values({ nameZh: `申请${serial}`, userId: ownerId, status: 0 }).returning({ id: shops.id });
    const get = async () => (await t.app.inject({ method: 'GET', url: '/p/user/centerInfo', headers: { authorization: owner.token } })).json();
    expect(await get()).toMatchObject({ shopId: shop!.id, shopStatus: 0, shopAuditStatus: null });
    await t.ctx.db.insert(shopAudits).values({ shopId: shop!.id, status: -1, createdAt: new Date(Date.now() - 60_000) });
    await t.ctx.db.insert(shopAudits).values({ shopId: shop!.id, status: 1 });
    expect(await get()).toMatchObject({ shopId: shop!.id, shopStatus: 0, shopAuditStatus: 1 });
  });

  it('needs a token', async () => {
    const t = await ensureSeeded();
    expect((await t.app.inject({ method: 'GET', url: '/p/user/centerInfo' })).statusCode).toBe(401);
  });
});
