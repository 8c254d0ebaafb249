// Deleting an order while a request of it is being made (QA 2026-12-08, decision 059): the delete is
// a conditional update on the order's refund state, and a request's insert locks the order and
// refuses a deleted one (migration 0044), so whichever comes second is refused: never a deleted
// order with an open request, never a request refused with the order still shown.
// PostgreSQL only: PGlite runs one statement at a time, so nothing can slip in between.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { orders, refunds } from '../db/schema.ts';
import { openShopIds, registerBuyer } from '../test/merchant-test-kit.ts';
import { applyBody, call, refundOrder } from '../test/refund-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { SHARED_INFRASTRUCTURE, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let shopId: number;

beforeAll(async () => {
  t = await ensureSeeded();
  shopId = (await openShopIds(t))[0]!;
});

describe.skipIf(!SHARED_INFRASTRUCTURE)('an apply racing the delete of its order', () => {
  it('one of the two wins, every time', async () => {
    const buyer = await registerBuyer(t);
    const outcomes = new Set<string>();
    for (let round = 0; round < 12; round++) {
      const order = await refundOrder(t, buyer, shopId, { status: ORDER_STATUS.completed });
      const [applied, removed] = await Promise.all([
        call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { applyType: 1, isReceiver: 1 })),
        t.app.inject({ method: 'DELETE', url: `/p/myOrder/${order.orderNumber}`, headers: { authorization: buyer.token, 'accept-language': 'en' } }),
      ]);
      const [row] = await t.ctx.db.select({ deleteStatus: orders.deleteStatus, refundStatus: orders.refundStatus }).from(orders).where(eq(orders.orderNumber, order.orderNumber));
      const open = await t.ctx.db.select({ sn: refunds.refundSn }).from(refunds).where(eq(refunds.orderNumber, order.orderNumber));
      expect([applied.statusCode, removed.statusCode].sort(), `${applied.body} ${removed.body}`).toEqual([200, 400]);
      if (applied.statusCode === 200) {
        expect(row).toMatchObject({ deleteStatus: 0, refundStatus: 1 });
        expect(removed.body).toContain('after-sales request in progress');
        expect(open).toHaveLength(1);
      } else {
        expect(row!.deleteStatus).toBe(1);
        expect(open).toHaveLength(0);
      }
      outcomes.add(applied.statusCode === 200 ? 'applied' : 'deleted');
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});
