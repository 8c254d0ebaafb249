// A flash-sale order's pay-by time is its activity's maxCancelTime (reference 5.4), as its cancel
// job's: the payment page, the order list and detail show it, and the payment refusal uses it.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buySeckill, createSeckill, createShoppers, expectStatus, headers, settleSeckillQueue, type TestShopper } from '../test/seckill-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await ensureSeeded();
});
afterEach(() => t.resetClock());

/** 'yyyy-MM-dd HH:mm:ss' GMT+8 as milliseconds. */
const msOf = (text: string) => Date.parse(`${text.replace(' ', 'T')}+08:00`);

async function boughtOrder(maxCancelTime: number): Promise<{ s: TestShopper; orderNumber: string }> {
  const [s] = await createShoppers(t, 1);
  const sk = await createSeckill(t, { maxCancelTime, endInMs: 3 * 3_600_000 });
  const bought = await buySeckill(t.app, s!, sk);
  expectStatus(bought, 200);
  await settleSeckillQueue(t);
  return { s: s!, orderNumber: bought.json().orderNumbers as string };
}

const payInfo = (s: TestShopper, orderNumber: string) => t.app.inject({ method: 'GET', url: `/p/order/getOrderPayInfoByOrderNumber?orderNumbers=${orderNumber}`, headers: headers(s) });

describe('the pay-by time of a flash-sale order', () => {
  it("shows a 2-minute sale's 2-minute deadline everywhere and refuses payment after it", async () => {
    const { s, orderNumber } = await boughtOrder(2);
    const detail = await t.app.inject({ method: 'GET', url: `/p/myOrder/orderDetail?orderNumber=${orderNumber}`, headers: headers(s) });
    expectStatus(detail, 200);
    const { createTime, endTime } = detail.json() as { createTime: string; endTime: string };
    expect(msOf(endTime) - msOf(createTime)).toBe(120_000);
    const list = await t.app.inject({ method: 'GET', url: '/p/myOrder/myOrder', headers: headers(s) });
    expectStatus(list, 200);
    expect((list.json() as { records: Array<{ orderNumber: string; endTime: string }> }).records.find((r) => r.orderNumber === orderNumber)!.endTime).toBe(endTime);
    const info = await payInfo(s, orderNumber);
    expectStatus(info, 200);
    expect(info.json().endTime).toBe(endTime);

    t.advanceClock(121_000);
    const late = await payInfo(s, orderNumber);
    expectStatus(late, 400, 'The order has expired, please place a new order');
    const pay = await t.app.inject({ method: 'POST', url: '/p/order/pay', headers: headers(s), payload: { orderNumbers: orderNumber, payType: 9 } });
    expectStatus(pay, 400, 'The order has expired, please place a new order');
  });

  it("lets a 60-minute sale's order be paid at minute 31", async () => {
    const { s, orderNumber } = await boughtOrder(60);
    t.advanceClock(31 * 60_000);
    const info = await payInfo(s, orderNumber);
    expectStatus(info, 200);
    const detail = await t.app.inject({ method: 'GET', url: `/p/myOrder/orderDetail?orderNumber=${orderNumber}`, headers: headers(s) });
    const { createTime, endTime } = detail.json() as { createTime: string; endTime: string };
    expect(msOf(endTime) - msOf(createTime)).toBe(3_600_000);
    expect(info.json().endTime).toBe(endTime);
    const pay = await t.app.inject({
      method: 'POST',
      url: '/p/order/pay',
      headers: { ...headers(s), 'x-forwarded-host': 'shop.example.test', 'x-forwarded-proto': 'https' },
      payload: { orderNumbers: orderNumber, payType: 2, returnUrl: '/payment/result' },
    });
    expectStatus(pay, 200);
  });
});
