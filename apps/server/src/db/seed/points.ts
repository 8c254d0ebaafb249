// The demo shoppers' points as a ledger (decision 039) with a history of each kind: registration,
// shopping, a top-up gift, a three-day sign-in streak ending yesterday, and an old sign-in batch that
// expired, all dated from the seed time. The usable batches and the records add up to the seeded
// balance. Only demo accounts without any record are touched (idempotent); a balance too small for
// the history becomes one record, as before.
import { and, eq, gt, inArray, isNull, notExists } from 'drizzle-orm';
import { POINTS_IO, POINTS_SOURCE, type PointsSource } from '@bazaar/shared/constants/points';
import type { Db } from '../client.ts';
import { scoreBatches, scoreLogs, userWallets } from '../schema.ts';
import { chinaDay, expiryAfterYears } from '../../modules/wallet/china-day.ts';

const DAY_MS = 86_400_000;
/** The smallest balance the full history fits in. */
const HISTORY_MIN = 300;

interface Entry {
  source: PointsSource;
  score: number;
  daysAgo: number;
  io: 0 | 1;
  /** An earned batch that has since expired (and its "expired" record). */
  expired?: boolean;
}

function historyOf(score: number): Entry[] {
  if (score < HISTORY_MIN) return [{ source: POINTS_SOURCE.adjustment, score, daysAgo: 60, io: 1 }];
  return [
    { source: POINTS_SOURCE.signIn, score: 10, daysAgo: 400, io: 1, expired: true },
    { source: POINTS_SOURCE.expired, score: 10, daysAgo: 35, io: 0 },
    { source: POINTS_SOURCE.register, score: 100, daysAgo: 180, io: 1 },
    { source: POINTS_SOURCE.shopping, score: score - 156, daysAgo: 45, io: 1 },
    { source: POINTS_SOURCE.topUpGift, score: 50, daysAgo: 20, io: 1 },
    { source: POINTS_SOURCE.signIn, score: 1, daysAgo: 3, io: 1 },
    { source: POINTS_SOURCE.signIn, score: 2, daysAgo: 2, io: 1 },
    { source: POINTS_SOURCE.signIn, score: 3, daysAgo: 1, io: 1 },
  ];
}

export async function seedPointsHistory(db: Db, userIds: string[], seededAt: Date): Promise<void> {
  if (userIds.length === 0) return;
  const wallets = await db
    .select({ userId: userWallets.userId, score: userWallets.score })
    .from(userWallets)
    .where(and(inArray(userWallets.userId, userIds), gt(userWallets.score, 0), notExists(db.select({ id: scoreLogs.id }).from(scoreLogs).where(eq(scoreLogs.userId, userWallets.userId)))));
  for (const wallet of wallets) {
    await db.transaction(async (tx) => {
      for (const e of historyOf(wallet.score)) {
        const at = new Date(seededAt.getTime() - e.daysAgo * DAY_MS);
        const [log] = await tx
          .insert(scoreLogs)
          .values({ userId: wallet.userId, source: e.source, score: e.score, ioType: e.io, bizId: null, createdAt: at })
          .returning({ id: scoreLogs.id });
        if (e.io !== POINTS_IO.in) continue;
        const ends = expiryAfterYears(at, 1);
        await tx.insert(scoreBatches).values({
          userId: wallet.userId,
          scoreLogId: log!.id,
          score: e.score,
          usableScore: e.expired ? 0 : e.score,
          expireTime: e.expired ? new Date(seededAt.getTime() - 35 * DAY_MS) : ends,
          status: e.expired ? 0 : 1,
          createdAt: at,
        });
      }
      // The three sign-ins are a streak that today's sign-in continues.
      if (wallet.score >= HISTORY_MIN) {
        await tx
          .update(userWallets)
          .set({ signDay: 3, lastSignDate: chinaDay(new Date(seededAt.getTime() - DAY_MS)) })
          .where(and(eq(userWallets.userId, wallet.userId), isNull(userWallets.lastSignDate)));
      }
    });
  }
}
