// The points ledger under concurrency (issue 12): 200 random operations of a few shoppers at once —
// checkout uses, their returns, sign-ins, staff adjustments, grants and the nightly expiry — and
// afterwards, for each shopper, balance = sum of records = usable batches, nothing negative, and
// every return refilled exactly what its spend took. Meaningful on PostgreSQL (real parallel
// transactions); on PGlite the same operations run one after another.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { POINTS_DEFAULTS, POINTS_SOURCE } from '@bazaar/shared/constants/points';
import type { PointsSettings } from '@bazaar/shared/schemas/points';
import { executeTogether } from '../../db/one-statement.ts';
import { isTransientConflict } from '../../db/errors.ts';
import { getTestApp, type TestApp } from '../../test/test-app.ts';
import { registerUser } from '../../test/account-test-kit.ts';
import { userIdOf } from '../../test/order-test-kit.ts';
import { addDays, chinaDay, expiryAfterYears } from './china-day.ts';
import { grantPart, ledgerSums, runPart, signInStatement } from './points.ts';
import { adjustPoints, checkoutSpendPart, isPointsShort, returnCheckoutPoints } from './points-service.ts';
import { expireUserBatches } from './points.ts';

let t: TestApp;
const settings: PointsSettings = { ...POINTS_DEFAULTS, signInRewards: [...POINTS_DEFAULTS.signInRewards] };

beforeAll(async () => {
  t = await getTestApp();
});

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

describe('the points ledger under 200 concurrent operations', () => {
  it('keeps balance = records = usable batches for every shopper, never negative', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, async () => userIdOf(t, await registerUser(t))));
    const rand = random(20_261_125);
    const now = t.ctx.now();
    for (const userId of users) await runPart(t.ctx.db, grantPart({ userId, score: 600, source: POINTS_SOURCE.adjustment, bizId: 'start', expireAt: expiryAfterYears(now, 1), now }));
    // Every spend op's order numbers; a return may pick one whose spend is still running, or failed.
    const spends: Array<{ userId: string; bizId: string }> = [];
    const outcome = { spent: 0, short: 0, returned: 0, signedIn: 0, conflicts: 0 };
    const ops: Array<() => Promise<void>> = [];
    for (let i = 0; i < 200; i++) {
      const userId = users[Math.floor(rand() * users.length)]!;
      const kind = rand();
      const amount = 10 * (1 + Math.floor(rand() * 8));
      if (kind < 0.4) {
        const bizId = `ledger-${i}`;
        spends.push({ userId, bizId }, { userId, bizId: `${bizId}b` });
        ops.push(async () => {
          try {
            await executeTogether(t.ctx.db, [], [checkoutSpendPart({ userId, uses: [{ bizId, score: amount }, { bizId: `${bizId}b`, score: 10 }], now, after: sql`true` })]);
            outcome.spent++;
          } catch (err) {
            if (!isPointsShort(err)) throw err;
            outcome.short++;
          }
        });
      } else if (kind < 0.6) {
        const done = spends[Math.floor(rand() * spends.length)];
        if (!done) continue;
        ops.push(async () => {
          await t.ctx.db.transaction((tx) => returnCheckoutPoints(tx, { userId: done.userId, orderNumbers: [done.bizId], now }));
          outcome.returned++;
        });
      } else if (kind < 0.75) {
        // Several sign-ins of the same few days: each (user, day) counts once.
        const today = addDays(chinaDay(now), Math.floor(rand() * 3));
        ops.push(async () => {
          if (await signInStatement(t.ctx.db, { userId, today, rewards: settings.signInRewards, expireAt: expiryAfterYears(now, 1), now })) outcome.signedIn++;
        });
      } else if (kind < 0.85) {
        const change = rand() < 0.5 ? amount : -amount;
        ops.push(async () => {
          await t.ctx.db
            .transaction((tx) => adjustPoints(tx, { userId, change, bizId: `adjust-${i}`, settings, now }))
            .catch((err: { messageKey?: string }) => {
              if (err.messageKey !== 'points.errors.adjustBelowZero') throw err;
            });
        });
      } else if (kind < 0.95) {
        // A gift ending soon (some already due), so the expiry below has work.
        const expireAt = new Date(now.getTime() + (rand() < 0.5 ? -60_000 : 86_400_000));
        ops.push(() => runPart(t.ctx.db, grantPart({ userId, score: amount, source: POINTS_SOURCE.adjustment, bizId: `gift-${i}`, expireAt, now })));
      } else {
        ops.push(async () => {
          await t.ctx.db.transaction((tx) => expireUserBatches(tx, userId, now));
        });
      }
    }
    await Promise.all(
      ops.map(async (op) => {
        try {
          await op();
        } catch (err) {
          // PostgreSQL may pick a deadlock victim; the caller would retry it. Anything else is a bug.
          if (!isTransientConflict(err)) throw err;
          outcome.conflicts++;
        }
      }),
    );
    expect(outcome.spent).toBeGreaterThan(0);
    expect(outcome.returned).toBeGreaterThan(0);
    for (const userId of users) {
      const sums = await ledgerSums(t.ctx.db, userId);
      expect(sums.score).toBeGreaterThanOrEqual(0);
      expect(sums.records).toBe(sums.score);
      expect(sums.batches).toBe(sums.score);
      const bad = await t.ctx.db.execute<{ n: number }>(sql`
        select count(*)::int as n from score_batches where user_id = ${userId} and (usable_score < 0 or usable_score > score)`);
      expect(Number(bad.rows[0]!.n)).toBe(0);
      // One record per sign-in day at most.
      const twice = await t.ctx.db.execute<{ n: number }>(sql`
        select count(*)::int as n from (select biz_id from score_logs where user_id = ${userId} and source = ${POINTS_SOURCE.signIn} group by biz_id having count(*) > 1) d`);
      expect(Number(twice.rows[0]!.n)).toBe(0);
      // A return gave back exactly what its spend took, once.
      const unbalanced = await t.ctx.db.execute<{ n: number }>(sql`
        select count(*)::int as n from (
          select biz_id from score_logs where user_id = ${userId} and source in (${POINTS_SOURCE.checkoutUse}, ${POINTS_SOURCE.checkoutReturn})
          group by biz_id having sum(case when source = ${POINTS_SOURCE.checkoutReturn} then 1 else 0 end) > 1
            or (sum(case when source = ${POINTS_SOURCE.checkoutReturn} then 1 else 0 end) = 1
                and sum(case when source = ${POINTS_SOURCE.checkoutReturn} then score else -score end) <> 0)) d`);
      expect(Number(unbalanced.rows[0]!.n)).toBe(0);
    }
    // A last sweep with every batch due leaves nothing but zeros and "expired" records.
    for (const userId of users) {
      await t.ctx.db.transaction((tx) => expireUserBatches(tx, userId, new Date(now.getTime() + 3 * 366 * 86_400_000)));
      expect(await ledgerSums(t.ctx.db, userId)).toEqual({ score: 0, records: 0, batches: 0 });
    }
  });
});
