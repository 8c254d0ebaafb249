// "Remind me" has its own modest limit, not the buying 5-in-5-s allowance; createOrderStatus of
// another user's order is 'order not found'.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buySeckill, createSeckill, createShoppers, expectStatus, headers, orderPath, seckillOrderStatus, settleSeckillQueue } from '../test/seckill-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await ensureSeeded();
});
afterEach(() => t.resetClock());

describe('remind me and the flash-sale allowance', () => {
  it('toggling a reminder six times in 5 s neither is refused nor holds up buying; it has a limit of its own', async () => {
    const [s] = await createShoppers(t, 1);
    const upcoming = await createSeckill(t, { startInMs: 3_600_000, endInMs: 7_200_000 });
    const running = await createSeckill(t);
    const toggle = (i: number) =>
      i % 2 === 0
        ? t.app.inject({ method: 'POST', url: '/p/seckill/remind', headers: headers(s!), payload: { seckillId: upcoming.seckillId } })
        : t.app.inject({ method: 'DELETE', url: `/p/seckill/remind/${upcoming.seckillId}`, headers: { authorization: s!.token, 'accept-language': 'en' } });
    for (let i = 0; i < 6; i += 1) expectStatus(await toggle(i), 200);
    for (let i = 0; i < 5; i += 1) expectStatus(await orderPath(t.app, s!, running.prodId), 200);
    // Its own limit: ten in the window.
    for (let i = 6; i < 10; i += 1) expectStatus(await toggle(i), 200);
    expectStatus(await toggle(10), 400, 'The activity is very hot, please try again later');
  });
});

describe('GET /p/seckill/createOrderStatus', () => {
  it("answers 'order not found' for another user's order", async () => {
    const [a, b] = await createShoppers(t, 2);
    const sk = await createSeckill(t);
    const bought = await buySeckill(t.app, a!, sk);
    expectStatus(bought, 200);
    const orderNumber = bought.json().orderNumbers as string;
    await settleSeckillQueue(t);
    expect((await seckillOrderStatus(t, a!, orderNumber)).state).toBe('created');
    const url = `/p/seckill/createOrderStatus?orderNumber=${orderNumber}`;
    expectStatus(await t.app.inject({ method: 'GET', url, headers: headers(b!) }), 400, 'The order does not exist');
    expectStatus(await t.app.inject({ method: 'GET', url, headers: headers(b!, 'zh') }), 400, '订单不存在');
  });
});
