// A decision races the shopper's edit (decision 059): the shopper changes the service type while
// the shop accepts. The accept must not pay a return whose goods were never sent back (nor leave a
// refund only without money). Since decision 060's seventh pass accept decides a refund only
// without reading the request first (its move is conditional on a refund only in 1): a return is
// read after that move missed, and decided as a return by a move conditional on the type as read.
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { refunds } from '../db/schema.ts';
import { registerBuyer } from '../test/merchant-test-kit.ts';
import { walletBalance } from '../test/payment-test-kit.ts';
import { apply, applyBody, call, expectRefused, refundOrder, seededShopOwner } from '../test/refund-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let shopId: number;
let owner: { token: string };

beforeAll(async () => {
  ({ t, shopId, owner } = await seededShopOwner());
});
afterEach(() => vi.restoreAllMocks());

/** Runs `edit` once, when the next transaction starts (`before`: the accept's move of a refund only), or once it ended. */
function editAroundNextTransaction(when: 'before' | 'after', edit: () => Promise<void>) {
  const db = t.ctx.db;
  const original = db.transaction.bind(db);
  const spy = vi.spyOn(db, 'transaction').mockImplementation((async (...args: Parameters<typeof original>) => {
    spy.mockRestore();
    if (when === 'before') await edit();
    const result = await original(...args);
    if (when === 'after') await edit();
    return result;
  }) as typeof original);
}

const setApplyType = (refundSn: string, applyType: number) => async () => {
  await t.ctx.db.update(refunds).set({ applyType }).where(eq(refunds.refundSn, refundSn));
};

describe('accept racing the shopper\'s edit of the service type', () => {
  it('a refund only turned into a return before the move is accepted as a return: no money, waiting for the goods', async () => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { status: ORDER_STATUS.completed, lines: 1, count: 1, price: 1_000 });
    const refundSn = await apply(t, buyer, applyBody(order, { applyType: 1, isReceiver: 1, refundAmount: 1_000 }));
    const before = await walletBalance(t, buyer.userId);
    editAroundNextTransaction('before', setApplyType(refundSn, 2));
    const res = await call(t, owner, 'PUT', `/merchant/refunds/${refundSn}/accept`, {});
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.ctx.db.select().from(refunds).where(eq(refunds.refundSn, refundSn));
    expect(row).toMatchObject({ returnMoneySts: 2, settleStatus: 0, applyType: 2 });
    expect(await walletBalance(t, buyer.userId)).toBe(before);
  });

  it('a return turned into a refund only after the move of a refund only missed is not decided (changed), and not refunded', async () => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { status: ORDER_STATUS.completed, lines: 1, count: 1, price: 1_000 });
    const refundSn = await apply(t, buyer, applyBody(order, { applyType: 2, isReceiver: 1, refundAmount: 1_000 }));
    const before = await walletBalance(t, buyer.userId);
    editAroundNextTransaction('after', setApplyType(refundSn, 1));
    const res = await call(t, owner, 'PUT', `/merchant/refunds/${refundSn}/accept`, {});
    expectRefused(res, 'The request has changed, please refresh and try again');
    const [row] = await t.ctx.db.select().from(refunds).where(eq(refunds.refundSn, refundSn));
    expect(row).toMatchObject({ returnMoneySts: 1, settleStatus: 0, applyType: 1 });
    expect(await walletBalance(t, buyer.userId)).toBe(before);
  });
});
