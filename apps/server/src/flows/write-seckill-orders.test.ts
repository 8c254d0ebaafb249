// The order writers' delivery rules (decision 062), on the gate this app runs: in process on PGlite,
// a Redis Stream with a consumer group on PostgreSQL + Redis. An attempt delivered to a writer that
// never acknowledges it is claimed by another once it has been idle long enough, and an attempt
// delivered again after its batch was written (a writer killed between its commit and its
// acknowledgement) writes nothing twice. (The crash test kills a real writer process on Redis.)
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SECKILL_ORDER_STATE } from '@bazaar/shared/constants/seckill';
import { orders, seckillOrders } from '../db/schema.ts';
import { seckillGate, type QueuedAttempt } from '../modules/seckill/gate.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { buySeckill, createSeckill, createShoppers, seckillSkuStocks, type TestSeckill } from '../test/seckill-test-kit.ts';
import { drainSeckillQueue, runSeckillWriters, stopSeckillWriters, writeQueued } from './write-seckill-orders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await ensureSeeded();
});
beforeEach(async () => {
  // This test is the only writer: the app's own are paused, and what earlier tests queued is written.
  await stopSeckillWriters(t.ctx);
  await drainSeckillQueue(t.ctx);
  const gate = seckillGate(t.ctx);
  for (let left = await gate.queue.claimStale('test-sweeper', 0, 200); left.length > 0; left = await gate.queue.claimStale('test-sweeper', 0, 200)) await writeQueued(t.ctx, left);
});
afterEach(() => {
  t.resetClock();
  runSeckillWriters(t.ctx, 1, { error: () => undefined });
});

/** `n` accepted attempts on a new activity of stock `n`: their order numbers. */
async function accepted(n: number): Promise<{ sk: TestSeckill; orderNumbers: string[] }> {
  const sk = await createSeckill(t, { stocks: [n] });
  const shoppers = await createShoppers(t, n);
  const answers = await Promise.all(shoppers.map((s) => buySeckill(t.app, s, sk)));
  for (const a of answers) expect(a.statusCode, a.body).toBe(200);
  return { sk, orderNumbers: answers.map((a) => a.json().orderNumbers as string) };
}

const numbersOf = (batch: QueuedAttempt[]) => batch.map((q) => q.attempt?.orderNumber).sort();

/** Idle by both gates' measures: the in-process one reads the app's clock, Redis its own. */
async function idle(ms: number) {
  t.advanceClock(ms);
  await new Promise((r) => setTimeout(r, ms));
}

async function ordersOf(sk: TestSeckill) {
  return t.ctx.db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.seckillId, sk.seckillId));
}

describe('flash-sale order writers: delivery', () => {
  it('claims what a writer left delivered and unacknowledged, only once it has been idle, and writes it', async () => {
    const { sk, orderNumbers } = await accepted(6);
    const gate = seckillGate(t.ctx);
    // A writer takes the attempts and dies before writing them.
    const taken = await gate.queue.read('dead-writer', 10, 0);
    expect(numbersOf(taken)).toEqual([...orderNumbers].sort());
    // Another writer does not see them as new, nor claims them while they are fresh.
    expect(await gate.queue.read('live-writer', 10, 0)).toEqual([]);
    expect(await gate.queue.claimStale('live-writer', 60_000, 10)).toEqual([]);
    await idle(80);
    const claimed = await gate.queue.claimStale('live-writer', 50, 10);
    expect(numbersOf(claimed)).toEqual([...orderNumbers].sort());
    expect(await writeQueued(t.ctx, claimed)).toBe(6);
    expect((await ordersOf(sk)).map((o) => o.orderNumber).sort()).toEqual([...orderNumbers].sort());
    expect(await seckillSkuStocks(t, sk.seckillSkuIds[0]!)).toBe(0);
    // Acknowledged: nothing is left to claim or read.
    await idle(80);
    expect(await gate.queue.claimStale('another-writer', 50, 10)).toEqual([]);
    expect(await gate.queue.size()).toBe(0);
  });

  it('writes nothing twice when a written batch is delivered again (killed between the commit and the acknowledgement)', async () => {
    const { sk, orderNumbers } = await accepted(4);
    const gate = seckillGate(t.ctx);
    const batch = await gate.queue.read('dying-writer', 10, 0);
    // The batch is written, and the acknowledgement never reaches the queue.
    const ack = vi.spyOn(gate.queue, 'ack').mockResolvedValueOnce(undefined);
    expect(await writeQueued(t.ctx, batch)).toBe(4);
    expect(ack).toHaveBeenCalledTimes(1);
    ack.mockRestore();
    expect(await seckillSkuStocks(t, sk.seckillSkuIds[0]!)).toBe(0);
    await idle(80);
    const again = await gate.queue.claimStale('live-writer', 50, 10);
    expect(numbersOf(again)).toEqual([...orderNumbers].sort());
    // Delivered again: recorded already, so no order, line or stock moves, and the batch is acknowledged.
    expect(await writeQueued(t.ctx, again)).toBe(0);
    expect(await ordersOf(sk)).toHaveLength(4);
    expect(await seckillSkuStocks(t, sk.seckillSkuIds[0]!)).toBe(0);
    const recorded = await t.ctx.db.select({ state: seckillOrders.state }).from(seckillOrders).where(eq(seckillOrders.seckillId, sk.seckillId));
    expect(recorded.map((r) => r.state)).toEqual(Array(4).fill(SECKILL_ORDER_STATE.unpaid));
    expect(await gate.queue.size()).toBe(0);
  });
});
