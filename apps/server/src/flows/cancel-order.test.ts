import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { createProductIn, openShops, placeOrder, shopperWithAddress, skuStock, userIdOf } from '../test/order-test-kit.ts';
import { markOrdersPaid } from '../modules/order/transitions.ts';
import { autoCancelOrder, closeOrder } from './cancel-order.ts';

let t: TestApp;
beforeAll(async () => {
  t = await ensureSeeded();
});

describe('cancel-order flow', () => {
  it('a cancel racing a payment: exactly one wins, and stock is released only if the cancel did', async () => {
    const [shop] = await openShops(t);
    for (let round = 0; round < 5; round++) {
      const user = await shopperWithAddress(t);
      const userId = await userIdOf(t, user);
      const p = await createProductIn(t, shop!.id, { stocks: 10 });
      const [n] = await placeOrder(t, user, { product: p, count: 2 });
      const [cancelled, paid] = await Promise.all([
        closeOrder(t.ctx, { orderNumber: n!, userId, closeType: 4 }),
        t.ctx.db.transaction((tx) => markOrdersPaid(tx, { userId, orderNumbers: [n!], payNo: '1000000000000000002', payType: 9, paidAt: t.ctx.now() })),
      ]);
      expect(Number(cancelled) + paid.length).toBe(1);
      const [order] = await t.ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.orderNumber, n!));
      expect(order!.status).toBe(cancelled ? 6 : 2);
      expect(await skuStock(t, p.skuId)).toBe(cancelled ? 10 : 8);
    }
  });

  it('the timeout job is a no-op for an order that is no longer unpaid, and for an unknown one', async () => {
    const [shop] = await openShops(t);
    const user = await shopperWithAddress(t);
    const p = await createProductIn(t, shop!.id, { stocks: 10 });
    const [n] = await placeOrder(t, user, { product: p });
    await closeOrder(t.ctx, { orderNumber: n!, closeType: 4 });
    await autoCancelOrder(t.ctx, n!);
    await autoCancelOrder(t.ctx, '1000000000000000009');
    const [order] = await t.ctx.db.select({ closeType: orders.closeType }).from(orders).where(eq(orders.orderNumber, n!));
    expect(order!.closeType).toBe(4);
    expect(await skuStock(t, p.skuId)).toBe(10);
  });
});
