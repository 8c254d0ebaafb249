// The order's "applying" (refundStatus 1) after a decided refund is paid (decision 059): counted and
// marked under the order's lock. Deterministic interleaving: the shopper withdraws the order's other
// request right after the refund settled, before the accept's last step runs; the order must not be
// left applying with no request open.
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { orders, refunds } from '../db/schema.ts';
import { merchantLogin, openShopIds, registerBuyer } from '../test/merchant-test-kit.ts';
import { apply, applyBody, call, refundOrder } from '../test/refund-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { cancelRefund } from './apply-refund.ts';

let t: TestApp;
let shopId: number;
let owner: { token: string };

beforeAll(async () => {
  t = await ensureSeeded();
  shopId = (await openShopIds(t))[0]!;
  owner = { token: await merchantLogin(t, shopId) };
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
  it('leaves the order at what the money says (3), not applying with nothing open', async () => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { status: ORDER_STATUS.paid, lines: 2, count: 1, price: 1_000 });
    const accepted = await apply(t, buyer, applyBody(order, { refundAmount: 1_000 }));
    const other = await apply(t, buyer, applyBody(order, { orderItemId: order.items[1]!.id, refundAmount: 1_000 }));
    const settled = async () => (await t.ctx.db.select({ s: refunds.settleStatus }).from(refunds).where(eq(refunds.refundSn, accepted)))[0]!.s === 2;
    beforeTransactionOnce(settled, () => cancelRefund(t.ctx, buyer.userId, other));
    const res = await call(t, owner, 'PUT', `/merchant/refunds/${accepted}/accept`, {});
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.ctx.db.select({ refundSn: refunds.refundSn, sts: refunds.returnMoneySts }).from(refunds).where(eq(refunds.orderNumber, order.orderNumber));
    expect(Object.fromEntries(rows.map((r) => [r.refundSn, r.sts]))).toEqual({ [accepted]: 5, [other]: 6 });
    const [o] = await t.ctx.db.select({ refundStatus: orders.refundStatus, status: orders.status }).from(orders).where(eq(orders.orderNumber, order.orderNumber));
    expect(o).toEqual({ refundStatus: 3, status: ORDER_STATUS.paid });
  });
});
