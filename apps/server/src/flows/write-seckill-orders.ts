// The flash sale's order writers (decision 062): any number per instance, on any instance, reading
// the gate's queue through one consumer group. Each batch is one transaction: the attempts are
// recorded in seckill_orders by their order number (the attempt's id: a redelivered attempt finds
// its row and writes nothing twice), the new ones become ordinary orders of type 2 with their
// lines, address copy and unpaid-timeout job (the activity's maxCancelTime), and PostgreSQL's flash
// stock drops by a conditional update. Only then is the batch acknowledged; a writer that dies
// before leaves it pending, and another writer claims it after STALE_MS.
import type { FastifyBaseLogger } from 'fastify';
import { ORDER_MOLD, ORDER_TYPE } from '@bazaar/shared/constants/order-status';
import { SECKILL_ORDER_STATE } from '@bazaar/shared/constants/seckill';
import type { AppContext } from '../context.ts';
import { executeTogether } from '../db/one-statement.ts';
import { scheduleJobsStatement } from '../lib/jobs.ts';
import { AUTO_CANCEL_JOB } from '../modules/order/lifecycle.ts';
import { buildOrderRows } from '../modules/order/order-rows.ts';
import { orderRowStatements } from '../modules/order/repository.ts';
import { seckillGate, writerName, type QueuedAttempt, type SeckillAttempt } from '../modules/seckill/gate.ts';
import { insertSeckillOrders, takeFlashStock } from '../modules/seckill/repository.ts';

/** Attempts per batch (one transaction), how long a read waits, and after how long a delivered, unacknowledged attempt is claimed by another writer. */
export const WRITER_BATCH = 200;
const READ_BLOCK_MS = 1000;
export const STALE_MS = 5000;
const RETRY_PAUSE_MS = 500;
/**
 * A batch that is not full waits this long for more before it is written: attempts arrive over the
 * whole of a burst (and one by one at a steady rate), and each transaction costs the API's CPU
 * whatever it holds, so a burst is written in a few transactions, not one per attempt or two.
 */
export const WRITER_LINGER_MS = 100;

class FlashStockShort extends Error {}

function orderRowsOf(a: SeckillAttempt) {
  return buildOrderRows({
    orderNumber: a.orderNumber,
    userId: a.userId,
    shopId: a.shopId,
    orderType: ORDER_TYPE.seckill,
    orderMold: a.mold,
    dvyType: a.dvyType,
    freight: a.freight,
    remarks: a.remarks,
    placedAt: new Date(a.acceptedAt),
    address: a.mold === ORDER_MOLD.physical ? a.address : null,
    extra: { seckillId: a.seckillId },
    lines: [
      {
        productId: a.prodId,
        skuId: a.skuId,
        prodNameZh: a.prodNameZh,
        prodNameEn: a.prodNameEn,
        skuNameZh: a.skuNameZh,
        skuNameEn: a.skuNameEn,
        pic: a.pic,
        price: a.price,
        count: a.count,
        isRefund: a.isRefund,
      },
    ],
  });
}

/** Writes the attempts not written before, in one transaction; throws FlashStockShort (rolled back) when PostgreSQL's flash stock cannot cover them. */
async function writeBatch(ctx: AppContext, attempts: SeckillAttempt[]): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const fresh = await insertSeckillOrders(
      tx,
      attempts.map((a) => ({
        seckillId: a.seckillId,
        seckillSkuId: a.seckillSkuId,
        userId: a.userId,
        orderNumber: a.orderNumber,
        prodCount: a.count,
        state: SECKILL_ORDER_STATE.unpaid,
        createdAt: new Date(a.acceptedAt),
        updatedAt: new Date(a.acceptedAt),
      })),
    );
    const toWrite = attempts.filter((a) => fresh.has(a.orderNumber));
    if (toWrite.length === 0) return 0;
    const built = toWrite.map(orderRowsOf);
    await executeTogether(tx, [
      ...orderRowStatements({
        orders: built.map((b) => b.order),
        items: built.flatMap((b) => b.items),
        addresses: built.flatMap((b) => (b.address ? [b.address] : [])),
      }),
      scheduleJobsStatement(toWrite.map((a) => ({ kind: AUTO_CANCEL_JOB, ref: a.orderNumber, runAt: new Date(a.acceptedAt + a.maxCancelTime * 60_000) }))),
    ]);
    if (!(await takeFlashStock(tx, toWrite.map((a) => ({ seckillSkuId: a.seckillSkuId, count: a.count }))))) throw new FlashStockShort();
    return toWrite.length;
  });
}

/**
 * An attempt PostgreSQL's flash stock cannot cover (the gate and PostgreSQL disagree: never
 * expected): recorded as failed, and its units go back to the gate, so the shopper's poll hears it.
 */
async function failAttempt(ctx: AppContext, a: SeckillAttempt, reason: string): Promise<void> {
  const fresh = await insertSeckillOrders(ctx.db, [
    { seckillId: a.seckillId, seckillSkuId: a.seckillSkuId, userId: a.userId, orderNumber: a.orderNumber, prodCount: a.count, state: SECKILL_ORDER_STATE.failed, failReason: reason },
  ]);
  if (fresh.size > 0) await seckillGate(ctx).giveBack(a.seckillId, a.seckillSkuId, a.userId, a.count);
}

/** Writes a delivered batch and acknowledges it. Answers how many orders were written now. */
export async function writeQueued(ctx: AppContext, queued: QueuedAttempt[]): Promise<number> {
  // An entry deleted while still pending comes back empty: nothing to write, only to acknowledge.
  const attempts = queued.map((q) => q.attempt).filter((a): a is SeckillAttempt => Boolean(a));
  let written = 0;
  if (attempts.length > 0) {
    try {
      written = await writeBatch(ctx, attempts);
    } catch (err) {
      if (!(err instanceof FlashStockShort)) throw err;
      for (const a of attempts) {
        try {
          written += await writeBatch(ctx, [a]);
        } catch (one) {
          if (!(one instanceof FlashStockShort)) throw one;
          await failAttempt(ctx, a, 'seckill.errors.insufficient');
        }
      }
    }
  }
  await seckillGate(ctx).queue.ack(queued.map((q) => q.id));
  return written;
}

/** Writes everything queued now, with this process as the consumer (tests, and a writer's drain). */
export async function drainSeckillQueue(ctx: AppContext, consumer = writerName()): Promise<number> {
  const gate = seckillGate(ctx);
  let written = 0;
  for (;;) {
    const batch = await gate.queue.read(consumer, WRITER_BATCH, 0);
    if (batch.length === 0) return written;
    written += await writeQueued(ctx, batch);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

const running = new WeakMap<AppContext, () => Promise<void>>();

/** Starts this app's writers (the seckill routes' ready hook); stopSeckillWriters ends them. */
export function runSeckillWriters(ctx: AppContext, count: number, log: Pick<FastifyBaseLogger, 'error'>): void {
  if (count > 0 && !running.has(ctx)) running.set(ctx, startSeckillWriters(ctx, count, log));
}

/** Stops this app's writers, letting their current batches finish (app close; the crash tests pause them). */
export async function stopSeckillWriters(ctx: AppContext): Promise<void> {
  const stop = running.get(ctx);
  running.delete(ctx);
  await stop?.();
}

/**
 * Starts `count` writer loops; answers a stop function that lets the current batches finish.
 * Each loop first claims attempts another writer left pending too long (at most once a second),
 * then reads new ones, waiting up to a second when there are none, and WRITER_LINGER_MS more for
 * the rest of a batch that is not full.
 */
export function startSeckillWriters(ctx: AppContext, count: number, log: Pick<FastifyBaseLogger, 'error'>): () => Promise<void> {
  let running = true;
  const gate = seckillGate(ctx);
  const loops = Array.from({ length: count }, async () => {
    const name = writerName();
    let lastClaim = 0;
    while (running) {
      try {
        let batch: QueuedAttempt[] = [];
        if (Date.now() - lastClaim >= 1000) {
          lastClaim = Date.now();
          batch = await gate.queue.claimStale(name, STALE_MS, WRITER_BATCH);
        }
        if (batch.length === 0) batch = await gate.queue.read(name, WRITER_BATCH, READ_BLOCK_MS);
        if (batch.length > 0 && batch.length < WRITER_BATCH && running) {
          await pause(WRITER_LINGER_MS);
          batch = batch.concat(await gate.queue.read(name, WRITER_BATCH - batch.length, 0));
        }
        if (batch.length > 0 && running) await writeQueued(ctx, batch);
      } catch (err) {
        if (!running) break;
        // Left unacknowledged: this or another writer claims the batch again after STALE_MS.
        log.error({ err }, 'flash-sale order writer failed; retrying');
        await pause(RETRY_PAUSE_MS);
      }
    }
  });
  return async () => {
    running = false;
    await Promise.allSettled(loops);
  };
}
