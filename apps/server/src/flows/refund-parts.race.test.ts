// The order's refundStatus when a request ends without money while another is being made (decision
// 059): the withdrawal reads the order's requests and clears "applying" only when none is open, so it
// holds the order's lock while it reads; a request made meanwhile keeps the order applying (1).
// PostgreSQL only: PGlite runs one statement at a time, so nothing can slip in between.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { orders } from '../db/schema.ts';
import { openShopIds, registerBuyer } from '../test/merchant-test-kit.ts';
import { apply, applyBody, call, refundOrder } from '../test/refund-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { SHARED_INFRASTRUCTURE, type TestApp } from '../test/test-app.ts';

/** Armed: the next read of an order's requests runs `between` after reading, before answering. */
const race: { between: (() => Promise<void>) | null } = { between: null };

vi.mock('../modules/aftersale/repository.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../modules/aftersale/repository.ts')>();
  return {
    ...original,
    refundsOfOrders: async (...args: Parameters<typeof original.refundsOfOrders>) => {
      const rows = await original.refundsOfOrders(...args);
      const between = race.between;
      race.between = null;
      if (between) await between();
      return rows;
    },
  };
});

let t: TestApp;
let shopId: number;

beforeAll(async () => {
  t = await ensureSeeded();
  shopId = (await openShopIds(t))[0]!;
});

describe.skipIf(!SHARED_INFRASTRUCTURE)('withdrawing one request while another item is applied for', () => {
  it('leaves the order applying (refundStatus 1)', async () => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { lines: 2, count: 1, price: 1_000 });
    const first = await apply(t, buyer, applyBody(order, { refundAmount: 1_000 }));
    let second: Promise<{ statusCode: number; body: string }> | null = null;
    race.between = async () => {
      second = call(t, buyer, 'POST', '/p/orderRefund/apply', applyBody(order, { orderItemId: order.items[1]!.id, refundAmount: 1_000 }));
      // Time for the second apply to commit unless the withdrawal holds the order.
      await new Promise((resolve) => setTimeout(resolve, 500));
    };
    const cancelled = await call(t, buyer, 'PUT', '/p/orderRefund/cancel', { refundSn: first });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const applied = await second!;
    expect(applied.statusCode, applied.body).toBe(200);
    const [row] = await t.ctx.db.select({ refundStatus: orders.refundStatus }).from(orders).where(eq(orders.orderNumber, order.orderNumber));
    expect(row!.refundStatus).toBe(1);
  });
});
