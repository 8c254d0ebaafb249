// The order's refundStatus when a request ends without money while another is being made (decision
// 059): the withdrawal reads the order's requests and clears "applying" only when none is open, so it
// holds the order's lock while it reads; a request made meanwhile keeps the order applying (1).
// PostgreSQL only: PGlite runs one statement at a time, so nothing can slip in between.
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders } from '../db/schema.ts';
import { openShopIds, registerBuyer } from '../test/merchant-test-kit.ts';
import { apply, applyBody, call, refundOrder } from '../test/refund-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { SHARED_INFRASTRUCTURE, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let shopId: number;

beforeAll(async () => {
  t = await ensureSeeded();
  shopId = (await openShopIds(t))[0]!;
});
afterEach(() => vi.restoreAllMocks());

/**
 * Runs `hook` once in the next transaction, just before its first update of the orders table (the
 * withdrawal's "no longer applying", after it read the order's requests).
 */
function beforeOrderUpdateInNextTransaction(hook: () => Promise<void>) {
  const db = t.ctx.db;
  const original = db.transaction.bind(db);
  const spy = vi.spyOn(db, 'transaction').mockImplementation((async (run: Parameters<typeof original>[0], config?: Parameters<typeof original>[1]) => {
    spy.mockRestore();
    return original(async (tx) => {
      const update = tx.update.bind(tx);
      let fired = false;
      tx.update = ((table: Parameters<typeof update>[0]) => {
        const builder = update(table);
        if (table !== orders || fired) return builder;
        fired = true;
        const set = builder.set.bind(builder);
        builder.set = ((values: Parameters<typeof set>[0]) => {
          const query = set(values);
          const then = query.then.bind(query);
          query.then = ((onDone, onFail) => hook().then(() => then(onDone, onFail), onFail)) as typeof query.then;
          return query;
        }) as typeof builder.set;
        return builder;
      }) as typeof tx.update;
      return run(tx);
    }, config);
  }) as typeof original);
}

describe.skipIf(!SHARED_INFRASTRUCTURE)('withdrawing one request while another item is applied for', () => {
  it('leaves the order applying (refundStatus 1)', async () => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { lines: 2, count: 1, price: 1_000 });
    const first = await apply(t, buyer, applyBody(order, { refundAmount: 1_000 }));
    let second: Promise<{ statusCode: number; body: string }> | null = null;
    beforeOrderUpdateInNextTransaction(async () => {
      second = call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { orderItemId: order.items[1]!.id, refundAmount: 1_000 }));
      // Time for the second apply to commit unless the withdrawal holds the order.
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    const cancelled = await call(t, buyer, 'PUT', '/p/orderRefund/cancel', { refundSn: first });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const applied = await second!;
    expect(applied.statusCode, applied.body).toBe(200);
    const [row] = await t.ctx.db.select({ refundStatus: orders.refundStatus }).from(orders).where(eq(orders.orderNumber, order.orderNumber));
    expect(row!.refundStatus).toBe(1);
  });
});
