// The demo shoppers' points as a ledger (decision 039): their seeded balances become one batch and
// one record each, earned 60 days before the seed time, so they can be spent at checkout and the
// records add up to the balance. Only demo accounts without any record are touched (idempotent).
import { sql } from 'drizzle-orm';
import { POINTS_IO, POINTS_SOURCE } from '@bazaar/shared/constants/points';
import type { Db } from '../client.ts';
import { expiryAfterYears } from '../../modules/wallet/china-day.ts';

const DAY_MS = 86_400_000;

export async function seedPointsHistory(db: Db, userIds: string[], seededAt: Date): Promise<void> {
  if (userIds.length === 0) return;
  const at = new Date(seededAt.getTime() - 60 * DAY_MS);
  const ends = expiryAfterYears(at, 1);
  await db.execute(sql`
    with w as (
      select user_id, score from user_wallets uw
      where uw.user_id in (select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)) and uw.score > 0
        and not exists (select 1 from score_logs l where l.user_id = uw.user_id)
    ), l as (
      insert into score_logs (user_id, source, score, io_type, biz_id, created_at)
      select user_id, ${POINTS_SOURCE.adjustment}, score, ${POINTS_IO.in}, null, ${at.toISOString()}::timestamptz from w
      returning id, user_id, score
    )
    insert into score_batches (user_id, score_log_id, score, usable_score, expire_time, status, created_at)
    select user_id, id, score, score, ${ends.toISOString()}::timestamptz, 1, ${at.toISOString()}::timestamptz from l`);
}
