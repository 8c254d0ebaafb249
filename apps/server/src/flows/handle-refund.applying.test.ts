// The order's "applying" (refundStatus 1) after a decided refund is paid (decision 059): the settle
// step weighs the order's other requests under the order's lock, and a withdrawal clears the 1 under
// the same lock. Deterministic interleavings: the shopper withdraws the order's other request right
// before the accept's settle step (a balance refund's is the decision's own transaction), or right
// after the accept answered; either way the order must not be left applying with no request open.
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { orders, refunds } from '../db/schema.ts';
import { registerBuyer } from '../test/merchant-test-kit.ts';
import { apply, applyBody, call, refundOrder, seededShopOwner } from '../test/refund-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';
import { cancelRefund } from './apply-refund.ts';

let t: TestApp;
let shopId: number;
let owner: { token: string };

beforeAll(async () => {
  ({ t, shopId, owner } = await seededShopOwner());
});
afterEach(() => vi.restoreAllMocks());

/** Runs `step` once, when the first transaction starts after `ready` holds. */
function beforeTransactionOnce(ready: () => Promise<boolean>, step: () => Promise<void>) {
  const db = t.ctx.db;
  const original = db.transaction.bind(db);
  const spy = vi.spyOn(db, 'transaction').mockImplementation((async (...args: Parameters<typeof original>) => {
    spy.mockRestore();
    if (await ready()) await step();
    else beforeTransactionOnce(ready, step);
    return original(...args);
  }) as typeof original);
}

describe('accept of one request while the shopper withdraws the other', () => {
  for (const when of ['before the settle step', 'after the accept answered'] as const) {
    it(`leaves the order at what the money says (3), not applying with nothing open (withdrawn ${when})`, async () => {
      const buyer = await registerBuyer(t);
      const order = await refundOrder(t, buyer, shopId, { status: ORDER_STATUS.paid, lines: 2, count: 1, price: 1_000 });
      const accepted = await apply(t, buyer, applyBody(order, { refundAmount: 1_000 }));
      const other = await apply(t, buyer, applyBody(order, { orderItemId: order.items[1]!.id, refundAmount: 1_000 }));
      const orderNow = async () => (await t.ctx.db.select({ refundStatus: orders.refundStatus, status: orders.status }).from(orders).where(eq(orders.orderNumber, order.orderNumber)))[0];
      if (when === 'before the settle step') {
        // A balance refund is decided and settled in one transaction (settleWithDecision): the
        // withdrawal comes right before it, the last moment before the settle step weighs the order.
        beforeTransactionOnce(async () => true, () => cancelRefund(t.ctx, buyer.userId, other));
      }
      const res = await call(t, owner, 'PUT', `/merchant/refunds/${accepted}/accept`, {});
      expect(res.statusCode, res.body).toBe(200);
      if (when === 'after the accept answered') {
        // The other request is still open: the settled refund left the order applying.
        expect(await orderNow()).toEqual({ refundStatus: 1, status: ORDER_STATUS.paid });
        await cancelRefund(t.ctx, buyer.userId, other);
      }
      const rows = await t.ctx.db.select({ refundSn: refunds.refundSn, sts: refunds.returnMoneySts }).from(refunds).where(eq(refunds.orderNumber, order.orderNumber));
      expect(Object.fromEntries(rows.map((r) => [r.refundSn, r.sts]))).toEqual({ [accepted]: 5, [other]: 6 });
      expect(await orderNow()).toEqual({ refundStatus: 3, status: ORDER_STATUS.paid });
    });
  }
});
