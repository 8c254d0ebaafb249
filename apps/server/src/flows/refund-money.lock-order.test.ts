// The lock order of after-sales (decision 060): every transaction that touches a request and its
// order locks the request first, then the order (a decision's update, then settleWithDecision; the
// settle step of a refund decided earlier, settleInTx; the platform's decision; refuse and withdraw).
// Here two requests of one order meet at the order's row, each already holding its own: a refund
// decided earlier whose settle step runs (the sweep, twice at once) and the shop's accept of the
// other, which pays it back in its own transaction. A third transaction holds the order meanwhile,
// so both are caught waiting for it; once it lets go they finish one after the other: no deadlock
// (PostgreSQL would abort one with 40P01), each refunded once.
// PostgreSQL only: PGlite runs one statement at a time, so nothing can wait for a lock there.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { orders, refunds } from '../db/schema.ts';
import { locksWaiting, untilLocksWaiting } from '../test/lock-test-kit.ts';
import { registerBuyer } from '../test/merchant-test-kit.ts';
import { walletBalance } from '../test/payment-test-kit.ts';
import { apply, applyBody, call, refundOrder, seededShopOwner } from '../test/refund-test-kit.ts';
import { SHARED_INFRASTRUCTURE, type TestApp } from '../test/test-app.ts';
import { executeRefund } from './refund-money.ts';

let t: TestApp;
let shopId: number;
let owner: { token: string };

beforeAll(async () => {
  ({ t, shopId, owner } = await seededShopOwner());
});

describe.skipIf(!SHARED_INFRASTRUCTURE)('two requests of one order settled at once', () => {
  it('each holds its request and waits for the order; both are refunded once, without a deadlock', async () => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { status: ORDER_STATUS.paid, lines: 2, count: 1, price: 1_000 });
    const [first, second] = order.items;
    const earlier = await apply(t, buyer, applyBody(order, { orderItemId: first!.id, refundAmount: first!.actualTotal }));
    const other = await apply(t, buyer, applyBody(order, { orderItemId: second!.id, refundAmount: second!.actualTotal }));
    // Decided earlier by a caller that died before paying (what the sweep takes up): 2, settle 1.
    await t.ctx.db.update(refunds).set({ returnMoneySts: 2, settleStatus: 1 }).where(eq(refunds.refundSn, earlier));
    const before = await walletBalance(t, buyer.userId);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const locked = new Promise<void>((resolve) => (holding = resolve));
    const blocker = t.ctx.db.transaction(async (tx) => {
      await tx.select({ n: orders.orderNumber }).from(orders).where(eq(orders.orderNumber, order.orderNumber)).for('update');
      holding();
      await held;
    });
    await locked;
    const waitingBefore = await locksWaiting(t.ctx.db);
    const settles = [executeRefund(t.ctx, earlier), executeRefund(t.ctx, earlier)];
    const accept = call(t, owner, 'PUT', `/merchant/refunds/${other}/accept`, {});
    // The two settle steps (one holding the request, the other waiting for it) and the accept (holding its own) queue up.
    expect(await untilLocksWaiting(t.ctx.db, waitingBefore + 3)).toBeGreaterThanOrEqual(waitingBefore + 3);
    release();
    await blocker;

    const [outcomes, accepted] = await Promise.all([Promise.all(settles), accept]);
    expect(outcomes.sort()).toEqual(['refunded', 'refunded']);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ refundSn: other, returnMoneySts: 5, settleStatus: 2 });
    const rows = await t.ctx.db.select({ sn: refunds.refundSn, sts: refunds.returnMoneySts, settle: refunds.settleStatus }).from(refunds).where(eq(refunds.orderNumber, order.orderNumber));
    expect(rows.map((r) => [r.sts, r.settle])).toEqual([
      [5, 2],
      [5, 2],
    ]);
    expect(await walletBalance(t, buyer.userId)).toBe(before + first!.actualTotal + second!.actualTotal);
    const [closed] = await t.ctx.db.select({ status: orders.status, refundStatus: orders.refundStatus }).from(orders).where(eq(orders.orderNumber, order.orderNumber));
    expect(closed).toEqual({ status: ORDER_STATUS.cancelled, refundStatus: 2 });
  });
});
