// The points mall through the API (issue 29; reference §2.4, §2.5, §5.7; decision 066): the list
// (public, my points, what I can afford, sorting), the detail, confirm and submit; an item with no
// cash part paid by points at once (payType 0, settled like every payment), one with a cash part
// waiting for the payment page and its timeout or cancel giving the points, allotment, SKU stock and
// limit back; the per-user limit; not enough points; a points order earns nothing and cannot be
// refunded; another shopper's order stays invisible; the one-time uuid.
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PointsItemDetailSchema, PointsMallPageSchema } from '@bazaar/shared/schemas/points-mall';
import { OrderDetailSchema } from '@bazaar/shared/schemas/order';
import { jobs, orderItems, orders, payments, pointsItemBuyers, pointsOrders, scoreLogs, shops } from '../db/schema.ts';
import { json } from '../test/account-test-kit.ts';
import { drainJobs, registerBuyer, type Buyer } from '../test/merchant-test-kit.ts';
import { addAddress, as, skuStock } from '../test/order-test-kit.ts';
import { topUpBalance } from '../test/payment-test-kit.ts';
import {
  confirmExchange,
  createPointsItem,
  exchange,
  expectLedgerBalanced,
  grantPoints,
  itemRow,
  pointsOf,
  scoreConfirm,
  scoreSubmit,
} from '../test/points-mall-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await ensureSeeded();
});
afterEach(() => t.resetClock());

const en = { 'accept-language': 'en' };

/** A shopper with an address and exactly `score` points (registration may have granted some: they are topped to it). */
async function shopper(score: number, withAddress = true): Promise<Buyer> {
  const buyer = await registerBuyer(t);
  if (withAddress) await addAddress(t, buyer);
  const have = await pointsOf(t, buyer.userId);
  if (score > have) await grantPoints(t, buyer.userId, score - have);
  expect(await pointsOf(t, buyer.userId)).toBe(Math.max(score, have));
  return buyer;
}

async function orderRow(orderNumber: string) {
  const [row] = await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return row!;
}

async function list(query: string, user?: Buyer) {
  const res = await t.app.inject({ method: 'GET', url: `/score/prods?${query}`, headers: user ? as(user, en) : en });
  return res;
}

describe('GET /score/prods and /score/prod', () => {
  it('lists the items on shelf with my points, filters what I can afford and sorts by points', async () => {
    const word = `pmlist${Date.now().toString(36)}`;
    const cheap = await createPointsItem(t, { word: `${word}a`, scorePrice: 300 });
    const dear = await createPointsItem(t, { word: `${word}b`, scorePrice: 5_000, cashPrice: 990 });
    const off = await createPointsItem(t, { word: `${word}c`, scorePrice: 10, status: 0 });
    const buyer = await shopper(1_000);

    const anonymous = await list(`prodName=${word}&sort=1`);
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    const page = PointsMallPageSchema.parse(anonymous.json());
    expect(page.myScore).toBeNull();
    expect(page.records.map((r) => r.prodId)).toEqual([cheap.prodId, dear.prodId]);
    expect(page.records[0]).toMatchObject({ itemId: cheap.itemId, scorePrice: 300, cashPrice: 0, stocks: 50, maxNum: -1, mold: 0, affordable: null, prodName: `Points gift ${word}a` });
    expect(page.records.map((r) => r.prodId)).not.toContain(off.prodId);

    const desc = PointsMallPageSchema.parse((await list(`prodName=${word}&sort=2`, buyer)).json());
    expect(desc.records.map((r) => r.prodId)).toEqual([dear.prodId, cheap.prodId]);
    expect(desc.myScore).toBe(1_000);
    expect(desc.records.map((r) => r.affordable)).toEqual([false, true]);

    const affordable = PointsMallPageSchema.parse((await list(`prodName=${word}&affordable=true`, buyer)).json());
    expect(affordable.records.map((r) => r.prodId)).toEqual([cheap.prodId]);
    expect(affordable.total).toBe(1);

    const noLogin = await list(`prodName=${word}&affordable=true`);
    expect(noLogin.statusCode).toBe(401);
    const badSort = await list('sort=7');
    expect(badSort.statusCode).toBe(400);
  });

  it("shows an item's detail with its SKUs, my points and what I may still take; refuses items not exchangeable", async () => {
    const item = await createPointsItem(t, { scorePrice: 200, cashPrice: 500, maxNum: 3, stocks: 10, skus: 2 });
    const buyer = await shopper(700);
    const res = await t.app.inject({ method: 'GET', url: `/score/prod?prodId=${item.prodId}`, headers: as(buyer, en) });
    expect(res.statusCode, res.body).toBe(200);
    const detail = PointsItemDetailSchema.parse(res.json());
    expect(detail).toMatchObject({ itemId: item.itemId, prodId: item.prodId, scorePrice: 200, cashPrice: 500, stocks: 10, maxNum: 3, myScore: 700, boughtNum: 0, canBuyNum: 3, imgs: ['/uploads/seed/test.svg', '/uploads/seed/test-2.svg'] });
    expect(detail.skuList.map((s) => s.skuName)).toEqual(['Colour 0', 'Colour 1']);
    expect(detail.content).toBe('<p>English description</p>');

    const anonymous = PointsItemDetailSchema.parse((await t.app.inject({ method: 'GET', url: `/score/prod?prodId=${item.prodId}`, headers: { 'accept-language': 'zh' } })).json());
    expect(anonymous).toMatchObject({ myScore: null, boughtNum: null, canBuyNum: null });

    const off = await createPointsItem(t, { status: 0 });
    const offRes = await t.app.inject({ method: 'GET', url: `/score/prod?prodId=${off.prodId}`, headers: en });
    expect(offRes.statusCode).toBe(400);
    expect(offRes.body).toBe('This points item has been taken off the shelf');

    // An item on an ordinary shop's product never shows, whatever its row says.
    const [ordinary] = await t.ctx.db.select({ id: shops.id }).from(shops).where(and(eq(shops.type, 2), eq(shops.status, 1))).limit(1);
    const foreign = await createPointsItem(t, { shopId: ordinary!.id });
    const foreignRes = await t.app.inject({ method: 'GET', url: `/score/prod?prodId=${foreign.prodId}`, headers: { 'accept-language': 'zh' } });
    expect(foreignRes.statusCode).toBe(400);
    expect(foreignRes.body).toBe('该积分商品不存在或已不可兑换');
    expect(PointsMallPageSchema.parse((await list(`prodName=${foreign.word}`)).json()).records).toEqual([]);
  });

  it('shows no more stock than the SKUs can supply: none left is sold out, not a failing exchange (QA2 item 4)', async () => {
    const buyer = await shopper(5_000);
    const stockOf = async (prodId: number, word: string) => {
      const card = PointsMallPageSchema.parse((await list(`prodName=${word}`, buyer)).json()).records.find((r) => r.prodId === prodId);
      const detail = PointsItemDetailSchema.parse((await t.app.inject({ method: 'GET', url: `/score/prod?prodId=${prodId}`, headers: as(buyer, en) })).json());
      return { card: card?.stocks, detail: detail.stocks, canBuyNum: detail.canBuyNum };
    };
    const empty = await createPointsItem(t, { scorePrice: 300, stocks: 10, maxNum: 2, skuStocks: 0, skus: 2 });
    expect(await stockOf(empty.prodId, empty.word)).toEqual({ card: 0, detail: 0, canBuyNum: 0 });
    const short = await createPointsItem(t, { scorePrice: 300, stocks: 10, skuStocks: 2, skus: 2 });
    expect(await stockOf(short.prodId, short.word)).toEqual({ card: 4, detail: 4, canBuyNum: 4 });
    const plenty = await createPointsItem(t, { scorePrice: 300, stocks: 10, skuStocks: 100 });
    expect(await stockOf(plenty.prodId, plenty.word)).toEqual({ card: 10, detail: 10, canBuyNum: 10 });
  });
});

describe('an item with no cash part', () => {
  it('is paid by points at once: payType 0, settled like every payment, points out with source 10', async () => {
    const item = await createPointsItem(t, { scorePrice: 250, stocks: 5 });
    const buyer = await shopper(1_000);
    const skuBefore = await skuStock(t, item.skuId);
    const { uuid, confirmed } = await confirmExchange(t, buyer, item, 2);
    expect(confirmed).toMatchObject({ actualTotal: 0, totalScore: 500, transfee: 0, myScore: 1_000, enoughScore: true, canBuyNum: 4, stocks: 5 });
    expect(confirmed.productItemDto).toMatchObject({ prodId: item.prodId, skuId: item.skuId, prodCount: 2, scorePrice: 250, cashPrice: 0, mold: 0 });
    expect(confirmed.userAddr).not.toBeNull();

    const res = await scoreSubmit(t, buyer, { uuid, remarks: 'gift wrap' });
    expect(res.statusCode, res.body).toBe(200);
    const { orderNumbers, paid } = res.json() as { orderNumbers: string; paid: boolean };
    expect(paid).toBe(true);

    const order = await orderRow(orderNumbers);
    expect(order).toMatchObject({ orderType: 3, status: 2, isPayed: true, payType: 0, actualTotal: 0, total: 0, freight: 0, useScore: 500, scoreReduce: 0, remarks: 'gift wrap', userId: buyer.userId });
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.payNo, order.payNo!));
    expect(payment).toMatchObject({ payType: 0, payEntry: 0, amount: 0, payScore: 500, status: 1, orderNumbers });
    const [line] = await t.ctx.db.select().from(orderItems).where(eq(orderItems.orderNumber, orderNumbers));
    expect(line).toMatchObject({ price: 0, prodCount: 2, useScore: 500, isRefund: 0 });
    const [job] = await t.ctx.db.select().from(jobs).where(and(eq(jobs.kind, 'order.autoCancel'), eq(jobs.ref, orderNumbers)));
    expect(job!.status).toBe(4);

    expect(await pointsOf(t, buyer.userId)).toBe(500);
    const logs = await t.ctx.db.select().from(scoreLogs).where(and(eq(scoreLogs.userId, buyer.userId), eq(scoreLogs.bizId, orderNumbers)));
    expect(logs).toEqual([expect.objectContaining({ source: 10, ioType: 0, score: 500 })]);
    await expectLedgerBalanced(t, buyer.userId);
    expect(await itemRow(t, item.itemId)).toMatchObject({ stocks: 3, soldNum: 2 });
    expect(await skuStock(t, item.skuId)).toBe(skuBefore - 2);
    // The order list carries its points, so its card shows the price it was paid in.
    const listed = await t.app.inject({ method: 'GET', url: '/p/myOrder/myOrderSearch?current=1&size=10&orderType=3', headers: as(buyer, en) });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().records).toEqual([expect.objectContaining({ orderNumber: orderNumbers, orderType: 3, useScore: 500, actualTotal: 0 })]);

    // The same checkout twice places one order.
    const again = await scoreSubmit(t, buyer, { uuid });
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe('Please do not submit orders at the same time');
    const unknown = await scoreSubmit(t, buyer, { uuid: 'never-confirmed-uuid' });
    expect(unknown.body).toBe('The order has expired, please place a new order');
  });

  it('earns no points at receipt and cannot be refunded: the after-sales entry says why', async () => {
    const item = await createPointsItem(t, { scorePrice: 100 });
    const buyer = await shopper(100);
    const { orderNumbers } = await exchange(t, buyer, item);
    const detailRes = await t.app.inject({ method: 'GET', url: `/p/myOrder/orderDetail?orderNumber=${orderNumbers}`, headers: as(buyer, en) });
    const detail = detailRes.json() as { orderType: number; status: number; canRefund: boolean; canRefundAmount: number; orderItemDtos: Array<{ canRefund: boolean }> };
    expect(detail).toMatchObject({ orderType: 3, status: 2, canRefund: false, canRefundAmount: 0 });
    expect(detail.orderItemDtos).toHaveLength(1);
    expect(detail.orderItemDtos.every((i) => i.canRefund === false)).toBe(true);
    const [line] = await t.ctx.db.select().from(orderItems).where(eq(orderItems.orderNumber, orderNumbers));
    const apply = await t.app.inject({
      method: 'POST',
      url: '/p/orderRefund/apply',
      ...json(
        { orderNumber: orderNumbers, refundType: 1, orderItemId: 0, goodsNum: 1, applyType: 1, isReceiver: 0, buyerReason: 6, buyerDesc: '', buyerMobile: '13800138000', photoFiles: [], refundAmount: 1 },
        { headers: as(buyer, en) },
      ),
    });
    expect(apply.statusCode).toBe(400);
    expect(apply.body).toBe('Points orders cannot be refunded');
    // Shipped, then received: no points, no growth.
    await t.ctx.db.update(orders).set({ status: 3, dvyTime: t.ctx.now() }).where(eq(orders.orderNumber, orderNumbers));
    const receipt = await t.app.inject({ method: 'PUT', url: `/p/myOrder/receipt/${orderNumbers}`, headers: as(buyer, en) });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect((await orderRow(orderNumbers)).status).toBe(5);
    const earned = await t.ctx.db.select().from(scoreLogs).where(and(eq(scoreLogs.userId, buyer.userId), eq(scoreLogs.source, 1)));
    expect(earned).toEqual([]);
    const [after] = await t.ctx.db.select().from(orderItems).where(eq(orderItems.id, line!.id));
    expect(after!.gainScore).toBe(0);
    expect(await pointsOf(t, buyer.userId)).toBe(0);
  });

  it('a virtual item needs no address and is delivered by its voucher code on payment', async () => {
    const item = await createPointsItem(t, { scorePrice: 80, mold: 1 });
    const buyer = await shopper(80, false);
    const { uuid, confirmed } = await confirmExchange(t, buyer, item);
    expect(confirmed.userAddr).toBeNull();
    expect(confirmed.productItemDto.mold).toBe(1);
    const res = await scoreSubmit(t, buyer, { uuid });
    expect(res.statusCode, res.body).toBe(200);
    const order = await orderRow(res.json().orderNumbers);
    expect(order).toMatchObject({ orderType: 3, orderMold: 1, dvyType: 3, isPayed: true, payType: 0 });
    expect(order.status).toBe(3);
    const detail = OrderDetailSchema.parse((await t.app.inject({ method: 'GET', url: `/p/myOrder/orderDetail?orderNumber=${order.orderNumber}`, headers: as(buyer, en) })).json());
    expect(detail.virtualInfoList.length).toBeGreaterThan(0);
  });
});

describe('an item with a cash part', () => {
  it('takes the points at once and waits for the cash on the payment page (balance here)', async () => {
    const item = await createPointsItem(t, { scorePrice: 300, cashPrice: 1_990 });
    const buyer = await shopper(300);
    const { uuid, confirmed } = await confirmExchange(t, buyer, item);
    expect(confirmed).toMatchObject({ actualTotal: 1_990, totalScore: 300, transfee: 0 });
    const res = await scoreSubmit(t, buyer, { uuid });
    expect(res.json()).toMatchObject({ paid: false });
    const orderNumber = res.json().orderNumbers as string;
    expect(await orderRow(orderNumber)).toMatchObject({ orderType: 3, status: 1, isPayed: false, actualTotal: 1_990, total: 1_990, useScore: 300 });
    expect(await pointsOf(t, buyer.userId)).toBe(0);
    const info = await t.app.inject({ method: 'GET', url: `/p/order/getOrderPayInfoByOrderNumber?orderNumbers=${orderNumber}`, headers: as(buyer, en) });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({ totalFee: 1_990, totalScore: 300 });
    await topUpBalance(t, buyer.userId, 5_000);
    const pay = await t.app.inject({ method: 'POST', url: '/p/order/pay', ...json({ orderNumbers: orderNumber, payType: 9 }, { headers: as(buyer, en) }) });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(await orderRow(orderNumber)).toMatchObject({ status: 2, isPayed: true, payType: 9 });
    await expectLedgerBalanced(t, buyer.userId);
  });

  it('an unpaid cash part times out like any order and gives back the points, the allotment, the SKU stock and the limit', async () => {
    const item = await createPointsItem(t, { scorePrice: 400, cashPrice: 500, stocks: 3, maxNum: 1 });
    const buyer = await shopper(400);
    const skuBefore = await skuStock(t, item.skuId);
    const { orderNumbers } = await exchange(t, buyer, item);
    expect(await pointsOf(t, buyer.userId)).toBe(0);
    expect(await itemRow(t, item.itemId)).toMatchObject({ stocks: 2, soldNum: 1 });
    expect(await skuStock(t, item.skuId)).toBe(skuBefore - 1);

    t.advanceClock((t.ctx.env.ORDER_UNPAID_TIMEOUT_MINUTES + 1) * 60_000);
    await drainJobs(t);
    expect(await orderRow(orderNumbers)).toMatchObject({ status: 6, closeType: 1 });
    expect(await pointsOf(t, buyer.userId)).toBe(400);
    await expectLedgerBalanced(t, buyer.userId);
    expect(await itemRow(t, item.itemId)).toMatchObject({ stocks: 3, soldNum: 0 });
    expect(await skuStock(t, item.skuId)).toBe(skuBefore);
    const [record] = await t.ctx.db.select().from(pointsOrders).where(eq(pointsOrders.orderNumber, orderNumbers));
    expect(record!.state).toBe(-1);
    const [counter] = await t.ctx.db.select().from(pointsItemBuyers).where(and(eq(pointsItemBuyers.itemId, item.itemId), eq(pointsItemBuyers.userId, buyer.userId)));
    expect(counter!.boughtNum).toBe(0);
    t.resetClock();
    // The limit of 1 is free again.
    const second = await exchange(t, buyer, item);
    expect(second.paid).toBe(false);
  });

  it("the buyer's cancel gives everything back too", async () => {
    const item = await createPointsItem(t, { scorePrice: 150, cashPrice: 100, stocks: 2 });
    const buyer = await shopper(150);
    const { orderNumbers } = await exchange(t, buyer, item);
    const cancel = await t.app.inject({ method: 'PUT', url: `/p/myOrder/cancel/${orderNumbers}`, headers: as(buyer, en) });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await pointsOf(t, buyer.userId)).toBe(150);
    expect(await itemRow(t, item.itemId)).toMatchObject({ stocks: 2, soldNum: 0 });
    await expectLedgerBalanced(t, buyer.userId);
  });
});

describe('the rules of an exchange', () => {
  it('holds the per-user limit over unpaid and paid points orders', async () => {
    const item = await createPointsItem(t, { scorePrice: 10, cashPrice: 0, maxNum: 2 });
    const buyer = await shopper(1_000);
    await exchange(t, buyer, item);
    const { confirmed } = await confirmExchange(t, buyer, item);
    expect(confirmed).toMatchObject({ boughtNum: 1, canBuyNum: 1, maxNum: 2 });
    const overConfirm = await scoreConfirm(t, buyer, { addrId: 0, orderItem: { prodId: item.prodId, skuId: item.skuId, prodCount: 2 }, uuid: 'limit-check-uuid-1' });
    expect(overConfirm.statusCode).toBe(400);
    expect(overConfirm.body).toBe('Exceeds the purchase limit: at most 2 per person, you can exchange 1 more');
    // Two confirms within the limit, submitted one after the other: the second passes it.
    const a = await confirmExchange(t, buyer, item);
    const b = await confirmExchange(t, buyer, item);
    expect((await scoreSubmit(t, buyer, { uuid: a.uuid })).statusCode).toBe(200);
    const refused = await scoreSubmit(t, buyer, { uuid: b.uuid }, 'zh');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toBe('超出限购数量：每人限兑 2 件，您还可兑换 0 件');
    expect(await pointsOf(t, buyer.userId)).toBe(980);
    await expectLedgerBalanced(t, buyer.userId);
  });

  it('refuses an exchange my points do not pay for, and an item out of stock', async () => {
    const item = await createPointsItem(t, { scorePrice: 600, stocks: 1 });
    const poor = await shopper(0);
    const have = await pointsOf(t, poor.userId);
    const { uuid, confirmed } = await confirmExchange(t, poor, item);
    expect(confirmed).toMatchObject({ enoughScore: have >= 600, canBuyNum: have >= 600 ? 1 : 0 });
    if (have < 600) {
      const res = await scoreSubmit(t, poor, { uuid });
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe(`Not enough points: this exchange needs 600, and you have ${have}`);
      expect(await pointsOf(t, poor.userId)).toBe(have);
      expect(await itemRow(t, item.itemId)).toMatchObject({ stocks: 1, soldNum: 0 });
    }
    const rich = await shopper(2_000);
    const two = await scoreConfirm(t, rich, { addrId: 0, orderItem: { prodId: item.prodId, skuId: item.skuId, prodCount: 2 }, uuid: 'stock-check-uuid-1' });
    expect(two.body).toBe('Insufficient inventory');
    const badSku = await scoreConfirm(t, rich, { addrId: 0, orderItem: { prodId: item.prodId, skuId: 2_000_000_000, prodCount: 1 }, uuid: 'sku-check-uuid-1' });
    expect(badSku.body).toBe('Please choose a specification of this item');
    const badCount = await scoreConfirm(t, rich, { addrId: 0, orderItem: { prodId: item.prodId, skuId: item.skuId, prodCount: 0 }, uuid: 'count-check-uuid-1' });
    expect(badCount.statusCode).toBe(400);
    expect(badCount.body).toBe('Please enter the correct number of items (1 to 999)');
  });

  it('refuses a submit after the item changed price or went off the shelf since confirm', async () => {
    const item = await createPointsItem(t, { scorePrice: 50 });
    const buyer = await shopper(500);
    const a = await confirmExchange(t, buyer, item);
    await t.ctx.db.execute(`update points_items set score_price = 60 where id = ${item.itemId}`);
    const changed = await scoreSubmit(t, buyer, { uuid: a.uuid });
    expect(changed.statusCode).toBe(400);
    expect(changed.body).toBe('This item changed since you confirmed (its price or shelf); please place the exchange again');
    expect(await pointsOf(t, buyer.userId)).toBe(500);
    const b = await confirmExchange(t, buyer, item);
    await t.ctx.db.execute(`update points_items set status = 0 where id = ${item.itemId}`);
    const off = await scoreSubmit(t, buyer, { uuid: b.uuid });
    expect(off.body).toBe('This points item has been taken off the shelf');
    await expectLedgerBalanced(t, buyer.userId);
  });

  it("keeps another shopper's points order invisible", async () => {
    const item = await createPointsItem(t, { scorePrice: 20 });
    const owner = await shopper(20);
    const other = await shopper(0);
    const { orderNumbers } = await exchange(t, owner, item);
    const res = await t.app.inject({ method: 'GET', url: `/p/myOrder/orderDetail?orderNumber=${orderNumbers}`, headers: as(other, en) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('The order does not exist');
    const cancel = await t.app.inject({ method: 'PUT', url: `/p/myOrder/cancel/${orderNumbers}`, headers: as(other, en) });
    expect(cancel.statusCode).toBe(400);
    // Needs a login.
    expect((await t.app.inject({ method: 'POST', url: '/p/score/submit', ...json({ uuid: 'abcdefgh' }) })).statusCode).toBe(401);
  });

  it('refuses a physical item without an address', async () => {
    const item = await createPointsItem(t, { scorePrice: 20 });
    const buyer = await shopper(20, false);
    const { uuid, confirmed } = await confirmExchange(t, buyer, item);
    expect(confirmed.userAddr).toBeNull();
    const res = await scoreSubmit(t, buyer, { uuid });
    expect(res.body).toBe('Please add the address first');
  });
});
