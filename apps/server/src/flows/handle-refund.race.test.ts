// A decision races the shopper's edit (decision 059): the shop read the request as a refund only,
// and the shopper turned it into a return and refund before the accept's update ran. The accept
// must not pay a return whose goods were never sent back (nor leave a refund only without money).
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

/** Runs `edit` once, when the next transaction starts: after the accept read the request, before its update. */
function editBeforeNextTransaction(edit: () => Promise<void>) {
  const db = t.ctx.db;
  const original = db.transaction.bind(db);
  const spy = vi.spyOn(db, 'transaction').mockImplementation((async (...args: Parameters<typeof original>) => {
    spy.mockRestore();
    await edit();
    return original(...args);
  }) as typeof original);
}

describe('accept racing the shopper\'s edit of the service type', () => {
  it('a refund only turned into a return meanwhile is not refunded', async () => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { status: ORDER_STATUS.completed, lines: 1, count: 1, price: 1_000 });
    const refundSn = await apply(t, buyer, applyBody(order, { applyType: 1, isReceiver: 1, refundAmount: 1_000 }));
    const before = await walletBalance(t, buyer.userId);
    editBeforeNextTransaction(async () => {
      await t.ctx.db.update(refunds).set({ applyType: 2 }).where(eq(refunds.refundSn, refundSn));
    });
    const res = await call(t, owner, 'PUT', `/merchant/refunds/${refundSn}/accept`, {});
    expectRefused(res, 'The request has changed, please refresh and try again');
    const [row] = await t.ctx.db.select().from(refunds).where(eq(refunds.refundSn, refundSn));
    expect(row).toMatchObject({ returnMoneySts: 1, settleStatus: 0, applyType: 2 });
    expect(await walletBalance(t, buyer.userId)).toBe(before);
  });
});
