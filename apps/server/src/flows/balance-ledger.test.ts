// The balance ledger under concurrency (issue 12, decision 040): 200 random operations of a few
// shoppers at once — balance payments of orders, top-up notifications (several copies of each,
// some forged), staff adjustments up and down — and afterwards, for each shopper, balance = sum
// of the settled records, nothing negative, every top-up credited exactly once and every paid
// order debited exactly once. Meaningful on PostgreSQL (real parallel transactions); on PGlite
// the same operations run one after another.
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { balanceLogs, payments } from '../db/schema.ts';
import { isTransientConflict } from '../db/errors.ts';
import { AppError } from '../lib/app-error.ts';
import { adjustBalance, balanceLedgerSums } from '../modules/wallet/balance-service.ts';
import { loadSandboxKeys, type SandboxKeys } from '../providers/payment/sandbox-keys.ts';
import { fenToYuan } from '../providers/payment/payment-provider.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { createShopper, createUnpaidOrders, topUpBalance, type TestOrder } from '../test/payment-test-kit.ts';
import { wechatNotice } from '../test/top-up-test-kit.ts';
import { payOrdersWithBalance } from './pay-order.ts';
import { handlePaymentNotification } from './payment-notice.ts';
import { createTopUp } from './top-up.ts';

let t: TestApp;
let keys: SandboxKeys;
const forger = createPrivateKey(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }));
const log = { warn: () => undefined, info: () => undefined };

beforeAll(async () => {
  t = await ensureSeeded();
  keys = await loadSandboxKeys(t.ctx.db);
});

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

describe('the balance ledger under 200 concurrent operations', () => {
  it('keeps balance = settled records for every shopper, never negative, each top-up and payment once', async () => {
    const rand = random(20_261_128);
    const shoppers = await Promise.all(Array.from({ length: 4 }, () => createShopper(t)));
    for (const s of shoppers) await topUpBalance(t, s.userId, 5_000);
    // What the parallel phase works on, made beforehand: unpaid orders and unpaid top-ups.
    const orders: Array<{ userId: string; order: TestOrder }> = [];
    const topUps: Array<{ userId: string; payNo: string; amount: number }> = [];
    for (const s of shoppers) {
      for (const order of await createUnpaidOrders(t, s.userId, Array.from({ length: 8 }, () => ({ price: 500 + Math.floor(rand() * 3_000) })))) orders.push({ userId: s.userId, order });
      for (let i = 0; i < 6; i++) {
        const amount = 100 * (1 + Math.floor(rand() * 40));
        const { payNo } = await createTopUp(t.ctx, s.userId, { optionId: null, amount, payType: 3 }, 'https://shop.example.test', log);
        topUps.push({ userId: s.userId, payNo, amount });
      }
    }
    const outcome = { paid: 0, short: 0, notices: 0, forged: 0, adjusted: 0, refused: 0, conflicts: 0 };
    const ops: Array<() => Promise<void>> = [];
    for (let i = 0; i < 200; i++) {
      const kind = rand();
      if (kind < 0.35) {
        const { userId, order } = orders[Math.floor(rand() * orders.length)]!;
        ops.push(async () => {
          try {
            await payOrdersWithBalance(t.ctx, { userId, orderNumbers: [order.orderNumber], amount: order.amount, expiresAt: new Date(t.ctx.now().getTime() + 60_000) });
            outcome.paid++;
          } catch (err) {
            // Short of money, or the same order paid by a parallel operation.
            if (!(err instanceof AppError) || !['payment.errors.insufficientBalance', 'payment.errors.orderStatusChanged'].includes(err.messageKey)) throw err;
            outcome.short++;
          }
        });
      } else if (kind < 0.75) {
        const topUp = topUps[Math.floor(rand() * topUps.length)]!;
        const forged = rand() < 0.15;
        const notice = wechatNotice(t, keys, topUp.payNo, topUp.amount, forged ? { signer: forger } : {});
        ops.push(async () => {
          await handlePaymentNotification(t.ctx, 1, 3, { headers: notice.headers, rawBody: notice.body }, log);
          if (forged) outcome.forged++;
          else outcome.notices++;
        });
      } else {
        const userId = shoppers[Math.floor(rand() * shoppers.length)]!.userId;
        const change = (rand() < 0.5 ? -1 : 1) * 100 * (1 + Math.floor(rand() * 50));
        ops.push(async () => {
          try {
            await t.ctx.db.transaction((tx) => adjustBalance(tx, { userId, change, bizId: `ledger-${i}`, now: t.ctx.now(), formatYuan: fenToYuan }));
            outcome.adjusted++;
          } catch (err) {
            if (!(err instanceof AppError) || err.messageKey !== 'balance.errors.adjustBelowZero') throw err;
            outcome.refused++;
          }
        });
      }
    }
    await Promise.all(
      ops.map(async (op) => {
        try {
          await op();
        } catch (err) {
          // PostgreSQL may pick a deadlock victim; the caller (or the gateway) would retry. Anything else is a bug.
          if (!isTransientConflict(err)) throw err;
          outcome.conflicts++;
        }
      }),
    );
    expect(outcome.paid).toBeGreaterThan(0);
    expect(outcome.notices).toBeGreaterThan(0);
    expect(outcome.adjusted).toBeGreaterThan(0);
    for (const s of shoppers) {
      const sums = await balanceLedgerSums(t.ctx.db, s.userId);
      expect(sums.balance).toBeGreaterThanOrEqual(0);
      expect(sums.records).toBe(sums.balance);
      // A paid order was debited once; an order debited is paid.
      const debits = await t.ctx.db.execute<{ biz_id: string; n: number }>(sql`
        select biz_id, count(*)::int as n from balance_logs where user_id = ${s.userId} and type = 3 group by biz_id`);
      for (const d of debits.rows) expect(Number(d.n)).toBe(1);
    }
    // Every top-up whose payment is paid was credited exactly once; the others not at all.
    for (const topUp of topUps) {
      const [payment] = await t.ctx.db.select({ status: payments.status }).from(payments).where(eq(payments.payNo, topUp.payNo));
      const credited = await t.ctx.db
        .select()
        .from(balanceLogs)
        .where(and(eq(balanceLogs.payNo, topUp.payNo), eq(balanceLogs.type, 1), eq(balanceLogs.isPayed, true)));
      expect(credited).toHaveLength(payment!.status === 1 ? 1 : 0);
    }
  });
});
