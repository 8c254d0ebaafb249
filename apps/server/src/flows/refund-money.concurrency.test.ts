// Refund money under concurrency and faults (decision 060): the ledger check after random concurrent
// payments, refunds and top-ups; on PostgreSQL + Redis, two API instances refunding the same request
// at once, and a kill -9 of a child process in the middle of refunds followed by a restart.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PAY_TYPE } from '@bazaar/shared/constants/order-status';
import { balanceLogs, orders, refunds } from '../db/schema.ts';
import { ledgerSums } from '../modules/wallet/points.ts';
import { adjustPoints, readPointsSettings } from '../modules/wallet/points-service.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { createTestInstance, SHARED_INFRASTRUCTURE, type TestInstance } from '../test/instances.ts';
import { createShopper, ledgerSum, topUpBalance, walletBalance } from '../test/payment-test-kit.ts';
import { decidedRefund, gatewayRefunds, paidOrder, refundRow } from '../test/refund-money-test-kit.ts';
import { executeRefund, sweepRefunds } from './refund-money.ts';

let t: TestApp;

beforeAll(async () => {
  t = await ensureSeeded();
});

afterEach(() => t.resetClock());

/** A small deterministic random source, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

describe('the ledger check', () => {
  it('after random concurrent payments, refunds and top-ups, balance and points equal the sum of their records', async () => {
    const next = random(26);
    const shoppers = await Promise.all(Array.from({ length: 4 }, () => createShopper(t)));
    const settings = await readPointsSettings(t.ctx.db);
    for (const s of shoppers) await t.ctx.db.transaction((tx) => adjustPoints(tx, { userId: s.userId, change: 1_000, bizId: 'ledger-check', settings, now: t.ctx.now() }));
    // Orders paid by balance that used points, each with a decided refund of a random part.
    const ready = [];
    for (const shopper of shoppers) {
      for (let i = 0; i < 3; i += 1) {
        const order = await paidOrder(t, PAY_TYPE.balance, { price: 500 + Math.floor(next() * 5_000), count: 1 + Math.floor(next() * 3), shopper });
        await t.ctx.db.update(orders).set({ useScore: Math.floor(next() * 300) }).where(eq(orders.orderNumber, order.orderNumber));
        const whole = next() < 0.5;
        ready.push({ order, refundSn: await decidedRefund(t, order, whole ? {} : { amount: Math.max(1, Math.floor(order.amount * next())), whole: false, goodsNum: 1 }) });
      }
    }
    const work: Array<() => Promise<unknown>> = [];
    for (const { refundSn } of ready) for (let k = 0; k < 3; k += 1) work.push(() => executeRefund(t.ctx, refundSn));
    for (const shopper of shoppers) {
      work.push(() => topUpBalance(t, shopper.userId, 1 + Math.floor(next() * 10_000)));
      work.push(() => paidOrder(t, PAY_TYPE.balance, { price: 100 + Math.floor(next() * 900), shopper }));
    }
    // Shuffled, all at once.
    work.sort(() => next() - 0.5);
    await Promise.all(work.map((w) => w()));

    for (const shopper of shoppers) {
      expect(await walletBalance(t, shopper.userId)).toBe(await ledgerSum(t, shopper.userId));
      const points = await ledgerSums(t.ctx.db, shopper.userId);
      expect(points.score).toBe(points.records);
      expect(points.score).toBe(points.batches);
    }
    for (const { order, refundSn } of ready) {
      expect(await refundRow(t, refundSn)).toMatchObject({ settleStatus: 2, returnMoneySts: 5 });
      const credits = await t.ctx.db.select().from(balanceLogs).where(and(eq(balanceLogs.bizId, refundSn), eq(balanceLogs.type, 4)));
      expect(credits).toHaveLength(1);
      expect(credits[0]!.changeBalance).toBe((await refundRow(t, refundSn)).refundAmount);
      expect(order.shopper.userId).toBe(credits[0]!.userId);
    }
  });
});

describe.skipIf(!SHARED_INFRASTRUCTURE)('on PostgreSQL + Redis, with a second API instance', () => {
  let second: TestInstance;

  beforeAll(async () => {
    second = await createTestInstance();
  });

  afterAll(async () => {
    await second?.close();
  });

  it('50 parallel executeRefund calls over two instances refund once (balance and Alipay)', async () => {
    const byBalance = await paidOrder(t, PAY_TYPE.balance, { price: 4_321 });
    const balanceRefund = await decidedRefund(t, byBalance);
    const byAlipay = await paidOrder(t, PAY_TYPE.alipay, { price: 1_234 });
    const alipayRefund = await decidedRefund(t, byAlipay);
    const instances = [t.ctx, second.ctx];
    await Promise.all(Array.from({ length: 50 }, (_, i) => executeRefund(instances[i % 2]!, balanceRefund)));
    await Promise.all(Array.from({ length: 50 }, (_, i) => executeRefund(instances[i % 2]!, alipayRefund)));
    expect(await refundRow(t, balanceRefund)).toMatchObject({ settleStatus: 2 });
    expect(await walletBalance(t, byBalance.shopper.userId)).toBe(4_321);
    expect(await t.ctx.db.select().from(balanceLogs).where(and(eq(balanceLogs.bizId, balanceRefund), eq(balanceLogs.type, 4)))).toHaveLength(1);
    // The gateway was asked once; the next tries (on either instance) confirm it.
    expect(await gatewayRefunds(t, PAY_TYPE.alipay, byAlipay.payNo)).toHaveLength(1);
    t.advanceClock(61_000);
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? sweepRefunds(t.ctx) : executeRefund(t.ctx, alipayRefund))));
    expect(await refundRow(t, alipayRefund)).toMatchObject({ settleStatus: 2, returnMoneySts: 5 });
    expect(await gatewayRefunds(t, PAY_TYPE.alipay, byAlipay.payNo)).toHaveLength(1);
  });

  it('kill -9 in the middle of refunds, then a restart: none lost, none doubled', { timeout: 180_000 }, async () => {
    const made: Array<{ refundSn: string; userId: string; amount: number; payType: number; payNo: string }> = [];
    for (let i = 0; i < 24; i += 1) {
      const payType = i % 3 === 0 ? PAY_TYPE.alipay : PAY_TYPE.balance;
      const order = await paidOrder(t, payType, { price: 1_000 + i });
      made.push({ refundSn: await decidedRefund(t, order), userId: order.shopper.userId, amount: order.amount, payType, payNo: order.payNo });
    }
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/refund-crash-child.ts'), t.ctx.env.DATABASE_URL!, t.ctx.env.REDIS_URL!, ...made.map((m) => m.refundSn)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // Killed once it has settled a few: the others are mid-way or not started.
    await new Promise<void>((resolve, reject) => {
      let done = 0;
      child.stdout.on('data', (chunk: Buffer) => {
        done += (chunk.toString().match(/settled/g) ?? []).length;
        if (done >= 3) resolve();
      });
      child.on('exit', (code) => reject(new Error(`the child ended before the kill (${code})`)));
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const settledAtKill = await t.ctx.db.select({ refundSn: refunds.refundSn }).from(refunds).where(and(inArray(refunds.refundSn, made.map((m) => m.refundSn)), eq(refunds.settleStatus, 2)));
    expect(settledAtKill.length).toBeGreaterThan(0);
    expect(settledAtKill.length).toBeLessThan(made.length);

    // The restart: its jobs and sweep (on this instance), as time passes.
    for (let round = 0; round < 4; round += 1) {
      t.advanceClock(61_000);
      await sweepRefunds(t.ctx);
    }
    for (const m of made) {
      expect(await refundRow(t, m.refundSn)).toMatchObject({ settleStatus: 2, returnMoneySts: 5 });
      if (m.payType === PAY_TYPE.balance) {
        expect(await t.ctx.db.select().from(balanceLogs).where(and(eq(balanceLogs.bizId, m.refundSn), eq(balanceLogs.type, 4)))).toHaveLength(1);
        expect(await walletBalance(t, m.userId)).toBe(m.amount);
        expect(await ledgerSum(t, m.userId)).toBe(m.amount);
      } else {
        expect(await gatewayRefunds(t, PAY_TYPE.alipay, m.payNo)).toHaveLength(1);
      }
    }
  });
});
