// The flash sale's life around its window (decision 062), as jobs on the jobs table (run once
// across instances):
// - seckill.sweep (every 15 s) books what is due: a seckill.open job shortly before an approved
//   activity starts, a seckill.close job once it has ended (or was switched off), and the reminders;
// - seckill.open loads each SKU's flash stock and the holders into the gate (a no-op when loaded);
//   orderPath also loads it at once when the job has not run yet, under a kv lock;
// - seckill.close reconciles the gate against PostgreSQL once the queue has caught up, stores one
//   report per SKU for the platform console, gives the unsold flash stock back to the SKUs, and
//   empties the gate;
// - seckill.remind sends the "remind me" SMS when an activity starts.
// Cancelled and timed-out flash orders return their unit to both PostgreSQL and the gate
// (returnSeckillUnits, called by flows/cancel-order.ts).
import { createI18n } from '@bazaar/shared/i18n/catalogs';
import { SECKILL_STATUS } from '@bazaar/shared/constants/seckill';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { scheduleJob, type JobHandler } from '../lib/jobs.ts';
import { findUserById } from '../modules/account/repository.ts';
import { sendSmsNotice } from '../modules/account/sms-codes.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { releaseStock } from '../modules/product/stock.ts';
import { invalidateProductDetail } from '../modules/product/service.ts';
import { seckillGate } from '../modules/seckill/gate.ts';
import * as repo from '../modules/seckill/repository.ts';

export const SECKILL_SWEEP_JOB = 'seckill.sweep';
export const SECKILL_OPEN_JOB = 'seckill.open';
export const SECKILL_CLOSE_JOB = 'seckill.close';
export const SECKILL_REMIND_JOB = 'seckill.remind';
const SWEEP_EVERY_MS = 15_000;
/** The gate is loaded this long before the start. */
const OPEN_LEAD_MS = 30_000;
/** The close waits this long after the end for the writers, then again while the gate and PostgreSQL still differ, for at most SETTLE_PATIENCE_MS. */
const CLOSE_DELAY_MS = 5_000;
const SETTLE_PATIENCE_MS = 120_000;
/** The gate's keys outlive the end by this much (the close empties them sooner). */
const GATE_KEEP_MS = 24 * 3_600_000;
const LOAD_LOCK_MS = 10_000;
const zh = createI18n('zh').t;

/**
 * Loads the activity into the gate unless it is there: each SKU's PostgreSQL flash stock and each
 * user's units in unpaid and paid flash orders. One instance at a time (a kv lock); the gate's own
 * load is a no-op when another got there first. Answers whether the gate holds it now.
 */
export async function openGate(ctx: AppContext, seckillId: number): Promise<boolean> {
  const gate = seckillGate(ctx);
  if (await gate.isLoaded(seckillId)) return true;
  const lock = `seckill:load:${seckillId}`;
  if (!(await ctx.kv.setIfAbsent(lock, '1', LOAD_LOCK_MS))) {
    // Another instance is loading it: give it a moment.
    for (let i = 0; i < 20 && !(await gate.isLoaded(seckillId)); i += 1) await new Promise((r) => setTimeout(r, 50));
    return gate.isLoaded(seckillId);
  }
  try {
    const activity = await repo.findActivity(ctx.db, seckillId);
    if (!activity || activity.settledAt) return false;
    const holders = await repo.holdersOf(ctx.db, seckillId);
    await gate.load(
      seckillId,
      activity.skus.map((s) => ({ seckillSkuId: s.seckillSkuId, stocks: s.seckillStocks })),
      holders,
      activity.endTime.getTime() + GATE_KEEP_MS,
    );
    await repo.markGateLoaded(ctx.db, seckillId, ctx.now());
    return true;
  } finally {
    await ctx.kv.del(lock);
  }
}

/** A cancelled flash order's unit, in the cancel's transaction: PostgreSQL now, the gate after the commit (`after`). Undefined for other orders. */
export async function returnSeckillUnits(ctx: AppContext, tx: Tx, orderNumber: string): Promise<{ after: () => Promise<void> } | undefined> {
  const unit = await repo.cancelSeckillOrder(tx, orderNumber, ctx.now());
  if (!unit) return undefined;
  // A settled activity's gate is empty and its unsold stock went back to the SKU: so does this unit.
  if (unit.settled) await releaseStock(tx, [{ skuId: unit.skuId, count: unit.count }]);
  return {
    after: async () => {
      // If this process dies before this line, the gate keeps the unit off sale and the close's
      // reconciliation reports the difference; PostgreSQL, which the close settles from, has it back.
      if (!unit.settled) await seckillGate(ctx).giveBack(unit.seckillId, unit.seckillSkuId, unit.userId, unit.count);
    },
  };
}

/** The close: reconcile, report, give the unsold stock back, empty the gate. Answers false when it must wait for the writers. */
export async function settleSeckill(ctx: AppContext, seckillId: number): Promise<boolean> {
  const now = ctx.now();
  const activity = await repo.findActivity(ctx.db, seckillId);
  if (!activity || activity.settledAt) return true;
  const endedAt = activity.status === SECKILL_STATUS.on ? activity.endTime : new Date(Math.min(activity.endTime.getTime(), now.getTime()));
  if (activity.status === SECKILL_STATUS.on && activity.endTime.getTime() > now.getTime()) return true;
  const gate = seckillGate(ctx);
  const loaded = await gate.isLoaded(seckillId);
  const tally = await repo.tallySkus(ctx.db, seckillId);
  const gateStocks = loaded ? await gate.stocks(seckillId, tally.map((t) => t.seckillSkuId)) : tally.map(() => null);
  const differs = tally.some((t, i) => gateStocks[i] !== null && gateStocks[i] !== t.seckillStocks);
  // Attempts still queued make the gate lower than PostgreSQL for a moment: wait for the writers.
  if (differs && now.getTime() < endedAt.getTime() + SETTLE_PATIENCE_MS) return false;
  const reports = tally.map((t, i) => {
    const g = gateStocks[i] ?? null;
    return {
      seckillId,
      seckillSkuId: t.seckillSkuId,
      totalStocks: t.originalStocks,
      gateStocks: g,
      dbStocks: t.seckillStocks,
      // Units the gate let through, net of those given back.
      acceptedNum: t.originalStocks - (g ?? t.seckillStocks),
      orderedNum: t.orderedNum,
      cancelledNum: t.cancelledNum,
      difference: g === null ? 0 : g - t.seckillStocks,
      // PostgreSQL's ledger agrees with itself (what is left + what is held = what there was), and with the gate.
      matched: (g === null || g === t.seckillStocks) && t.seckillStocks + t.orderedNum === t.originalStocks,
      createdAt: now,
    };
  });
  const returned = await ctx.db.transaction(async (tx) => {
    const left = await repo.settleActivity(tx, seckillId, reports, now);
    if (left && left.length > 0) await releaseStock(tx, left);
    return left;
  });
  if (returned) {
    await gate.unload(seckillId, tally.map((t) => t.seckillSkuId));
    invalidateProductDetail(ctx, activity.productId);
  }
  return true;
}

/** Sends the activity's due reminders (each once: claimed before it is sent). */
export async function sendSeckillReminders(ctx: AppContext, seckillId: number): Promise<number> {
  const activity = await repo.findActivity(ctx.db, seckillId);
  if (!activity) return 0;
  let sent = 0;
  for (;;) {
    const users = await repo.takeDueReminders(ctx.db, seckillId, ctx.now());
    if (users.length === 0) return sent;
    const text = zh('seckill.errors.remindSms', { name: activity.nameZh });
    const params = { name: activity.nameZh, time: formatApiTime(activity.startTime) };
    for (const userId of users) {
      const mobile = (await findUserById(ctx.db, userId))?.mobile;
      // A refused SMS is not sent again: the reminder was claimed.
      if (await sendSmsNotice(ctx, { mobile, kind: 'seckill', text, params })) sent += 1;
    }
  }
}

/** Books the per-activity jobs that are due (each once: (kind, ref) is unique). */
export async function sweepSeckills(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  const [toOpen, toSettle, toRemind] = await Promise.all([
    repo.activitiesToOpen(ctx.db, now, new Date(now.getTime() + 2 * SWEEP_EVERY_MS + OPEN_LEAD_MS)),
    repo.activitiesToSettle(ctx.db, now),
    repo.activitiesWithDueReminders(ctx.db, now),
  ]);
  for (const a of toOpen) await scheduleJob(ctx.db, { kind: SECKILL_OPEN_JOB, ref: String(a.id), runAt: new Date(Math.max(now.getTime(), a.startTime.getTime() - OPEN_LEAD_MS)) });
  for (const a of toSettle) await scheduleJob(ctx.db, { kind: SECKILL_CLOSE_JOB, ref: String(a.id), runAt: new Date(Math.max(now.getTime(), a.endTime.getTime() + CLOSE_DELAY_MS)) });
  // A reminder added after the job ran books a second job (its own ref), so none waits forever.
  for (const id of toRemind) await scheduleJob(ctx.db, { kind: SECKILL_REMIND_JOB, ref: `${id}:${Math.floor(now.getTime() / 60_000)}`, runAt: now });
}

export async function scheduleNextSeckillSweep(ctx: AppContext, from: Date): Promise<void> {
  const runAt = new Date(Math.floor(from.getTime() / SWEEP_EVERY_MS) * SWEEP_EVERY_MS + SWEEP_EVERY_MS);
  await scheduleJob(ctx.db, { kind: SECKILL_SWEEP_JOB, ref: runAt.toISOString(), runAt });
}

/** Every flash-sale job kind and its handler (registered in jobs.ts). */
export function seckillJobHandlers(ctx: AppContext): Record<string, JobHandler> {
  return {
    [SECKILL_SWEEP_JOB]: async (job) => {
      try {
        await sweepSeckills(ctx);
      } finally {
        await scheduleNextSeckillSweep(ctx, new Date(Math.max(ctx.now().getTime(), Date.parse(job.ref))));
      }
    },
    [SECKILL_OPEN_JOB]: async (job) => {
      await openGate(ctx, Number(job.ref));
    },
    [SECKILL_CLOSE_JOB]: async (job) => {
      const seckillId = Number(job.ref.split('#')[0]);
      if (await settleSeckill(ctx, seckillId)) return;
      // The writers have not caught up: look again shortly, under a new ref.
      await scheduleJob(ctx.db, { kind: SECKILL_CLOSE_JOB, ref: `${seckillId}#${ctx.now().getTime()}`, runAt: new Date(ctx.now().getTime() + CLOSE_DELAY_MS) });
    },
    [SECKILL_REMIND_JOB]: async (job) => {
      await sendSeckillReminders(ctx, Number(job.ref.split(':')[0]));
    },
  };
}
