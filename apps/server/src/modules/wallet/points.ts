// The points ledger (issue 12, decision 039). Every gain is a batch (score_batches) with its own
// expiry and a record (score_logs); every spend is a record, the batches it drew on, soonest
// ending first, and what it took from each (score_spends), so a return refills the same batches.
// user_wallets.score is the balance; the records always sum to it and the usable batches hold it.
//
// Every write starts with a conditional update of the user's wallet row (score >= n for a spend),
// which also makes that row the user's lock: a spend, grant, return or expiry of one user waits
// for the others to commit, then reads the batches locked FOR UPDATE, so it sees them as they are.
// The writes are statement parts (db/one-statement.ts): a checkout sends its spend inside its own
// one statement, and the standalone callers send a part alone.
import { sql, type SQL } from 'drizzle-orm';
import { POINTS_IO, POINTS_SOURCE, type PointsSource } from '@bazaar/shared/constants/points';
import type { Db, Tx } from '../../db/client.ts';
import { executeTogether, type StatementPart } from '../../db/one-statement.ts';
import { intArray } from '../../lib/sql-array.ts';

type Reader = Db | Tx;

/** The reason a spend part fails with when the user has too few points (or, rarely, raced a grant). */
export const POINTS_SHORT = 'points_short';

const iso = (d: Date) => d.toISOString();

/** The CTEs a spend of `total` points leaves for other parts of the same statement: `<p>_spends`. */
export interface PointsUse {
  bizId: string;
  score: number;
}

/**
 * A gain: the balance, the record and its batch. Several grants may share a statement when each has
 * its own `prefix` (the CTE names). A user without a wallet row gets one.
 */
export function grantPart(input: { prefix?: string; userId: string; score: number; source: PointsSource; bizId: string | null; expireAt: Date; now: Date }): StatementPart {
  const p = sql.raw(input.prefix ?? 'pg');
  const n = Math.trunc(input.score);
  return {
    ctes: sql`${p}_wallet as (
      insert into user_wallets (user_id, score, updated_at) values (${input.userId}, ${n}, ${iso(input.now)}::timestamptz)
      on conflict (user_id) do update set score = user_wallets.score + excluded.score, version = user_wallets.version + 1, updated_at = excluded.updated_at
      returning user_id
    ), ${p}_log as (
      insert into score_logs (user_id, source, score, io_type, biz_id, created_at)
      select user_id, ${input.source}, ${n}, ${POINTS_IO.in}, ${input.bizId}, ${iso(input.now)}::timestamptz from ${p}_wallet
      returning id, user_id
    ), ${p}_batch as (
      insert into score_batches (user_id, score_log_id, score, usable_score, expire_time, status, created_at)
      select user_id, id, ${n}, ${n}, ${iso(input.expireAt)}::timestamptz, 1, ${iso(input.now)}::timestamptz from ${p}_log
      returning id
    )`,
    condition: sql`(select count(*) from ${p}_batch) = 1`,
    reason: 'points_grant',
  };
}

/**
 * A spend of the uses' sum, soonest-ending batches first, one record per use (an order of a
 * checkout each). Fails the statement (POINTS_SHORT) unless the user had them all. `walletSet`:
 * another column of the wallet row set by the same write (the row is written once per statement).
 * `after`: another part's `written` (db/one-statement.ts), which the wallet's write waits for.
 */
export function spendPart(input: { userId: string; uses: PointsUse[]; source: PointsSource; now: Date; walletSet?: SQL; after?: SQL }): StatementPart {
  let start = 0;
  const uses = input.uses.map((u) => {
    const row = { biz_id: u.bizId, s: start, e: start + Math.trunc(u.score) };
    start = row.e;
    return row;
  });
  const total = start;
  const now = iso(input.now);
  return {
    ctes: sql`ps_uses as (
      select * from jsonb_to_recordset(${JSON.stringify(uses)}::jsonb) as u(biz_id text, s int, e int)
    ), ps_wallet as (
      update user_wallets set score = score - ${total},${input.walletSet ? sql` ${input.walletSet},` : sql``} version = version + 1, updated_at = ${now}::timestamptz
      where user_id = ${input.userId} and score >= ${total}${input.after ? sql` and ${input.after}` : sql``}
      returning user_id
    ), ps_locked as (
      select b.id, b.usable_score, b.expire_time from score_batches b
      where b.user_id = ${input.userId} and b.status = 1 and b.usable_score > 0 and (select count(*) from ps_wallet) = 1
      order by b.expire_time, b.id
      for update
    ), ps_plan as (
      select id, usable_score, (sum(usable_score) over (order by expire_time, id) - usable_score)::int as before from ps_locked
    ), ps_taken as (
      update score_batches b set
        usable_score = b.usable_score - t.take,
        status = case when b.usable_score = t.take then 2 else 1 end
      from (select id, before, least(usable_score, ${total} - before)::int as take from ps_plan where before < ${total}) t
      where b.id = t.id and b.status = 1 and b.usable_score >= t.take
      returning b.id, t.before, t.take
    ), ps_logs as (
      insert into score_logs (user_id, source, score, io_type, biz_id, created_at)
      select ${input.userId}, ${input.source}, u.e - u.s, ${POINTS_IO.out}, u.biz_id, ${now}::timestamptz from ps_uses u
      where u.e > u.s and (select count(*) from ps_wallet) = 1
    ), ps_spends as (
      insert into score_spends (user_id, batch_id, biz_id, score, created_at)
      select ${input.userId}, t.id, u.biz_id, least(u.e, t.before + t.take) - greatest(u.s, t.before), ${now}::timestamptz
      from ps_taken t join ps_uses u on least(u.e, t.before + t.take) > greatest(u.s, t.before)
    )`,
    condition: sql`(select count(*) from ps_wallet) = 1 and (select coalesce(sum(take), 0) from ps_taken) = ${total}`,
    reason: POINTS_SHORT,
  };
}

/**
 * Puts back what the spends of `bizIds` took, into their batches (a batch that ended meanwhile is
 * expired again by the next nightly run), once: a second return finds nothing left to return.
 */
export function returnPart(input: { userId: string; bizIds: string[]; source: PointsSource; now: Date }): StatementPart {
  const now = iso(input.now);
  return {
    ctes: sql`pr_spends as (
      update score_spends set returned_at = ${now}::timestamptz
      where user_id = ${input.userId} and biz_id in (select jsonb_array_elements_text(${JSON.stringify(input.bizIds)}::jsonb)) and returned_at is null
      returning batch_id, biz_id, score
    ), pr_wallet as (
      update user_wallets set score = score + (select sum(score) from pr_spends), version = version + 1, updated_at = ${now}::timestamptz
      where user_id = ${input.userId} and exists (select 1 from pr_spends)
      returning user_id
    ), pr_batches as (
      update score_batches b set usable_score = b.usable_score + r.score, status = 1
      from (select batch_id, sum(score)::int as score from pr_spends group by batch_id) r
      where b.id = r.batch_id and (select count(*) from pr_wallet) = 1
      returning b.id
    ), pr_logs as (
      insert into score_logs (user_id, source, score, io_type, biz_id, created_at)
      select ${input.userId}, ${input.source}, sum(score)::int, ${POINTS_IO.in}, biz_id, ${now}::timestamptz from pr_spends group by biz_id
    )`,
    condition: sql`(select count(*) from pr_batches) = (select count(distinct batch_id) from pr_spends)`,
    reason: 'points_return',
  };
}

/** Sends one part on its own (a transaction's or the database's own statement). */
export async function runPart(db: Reader, part: StatementPart): Promise<void> {
  await executeTogether(db, [], [part]);
}

/** The balance (0 for a user without a wallet row). */
export async function scoreOf(db: Reader, userId: string): Promise<number> {
  const rows = await db.execute<{ score: number }>(sql`select score from user_wallets where user_id = ${userId}`);
  return Number(rows.rows[0]?.score ?? 0);
}

/** The balance, locked until the transaction ends: the user's points stay as read. */
export async function lockScore(tx: Tx, userId: string): Promise<number> {
  await tx.execute(sql`insert into user_wallets (user_id) values (${userId}) on conflict (user_id) do nothing`);
  const rows = await tx.execute<{ score: number }>(sql`select score from user_wallets where user_id = ${userId} for update`);
  return Number(rows.rows[0]?.score ?? 0);
}

/**
 * Expires every usable batch of one user whose time has come, with one "expired" record of their
 * sum. The wallet row is locked first, as every points write does. Answers the points expired.
 */
export async function expireUserBatches(tx: Tx, userId: string, now: Date): Promise<number> {
  await lockScore(tx, userId);
  const due = await tx.execute<{ score: number }>(sql`
    with due as (
      select id, usable_score from score_batches
      where user_id = ${userId} and status = 1 and expire_time <= ${iso(now)}::timestamptz
      for update
    ), gone as (
      update score_batches b set usable_score = 0, status = 0 from due where b.id = due.id returning due.usable_score
    )
    select coalesce(sum(usable_score), 0)::int as score from gone`);
  const score = Number(due.rows[0]?.score ?? 0);
  if (score > 0) {
    await tx.execute(sql`
      with w as (
        update user_wallets set score = score - ${score}, version = version + 1, updated_at = ${iso(now)}::timestamptz
        where user_id = ${userId} and score >= ${score} returning user_id
      )
      insert into score_logs (user_id, source, score, io_type, biz_id, created_at)
      select user_id, ${POINTS_SOURCE.expired}, ${score}, ${POINTS_IO.out}, null, ${iso(now)}::timestamptz from w`);
  }
  return score;
}

/**
 * Claims up to `limit` users with due batches in the caller's transaction: their wallet rows (the
 * user's lock) FOR UPDATE SKIP LOCKED, so parallel sweeps and instances each take users no other
 * transaction holds, instead of queueing on the same ones.
 */
export async function claimUsersWithDueBatches(tx: Tx, now: Date, limit: number): Promise<string[]> {
  const rows = await tx.execute<{ user_id: string }>(sql`
    select w.user_id from user_wallets w
    where w.user_id in (select user_id from score_batches where status = 1 and expire_time <= ${iso(now)}::timestamptz)
    limit ${limit}
    for update of w skip locked`);
  return rows.rows.map((r) => r.user_id);
}

/** Users with batches due to expire, a bounded list per call. */
export async function usersWithDueBatches(db: Reader, now: Date, limit: number): Promise<string[]> {
  const rows = await db.execute<{ user_id: string }>(sql`
    select distinct user_id from score_batches where status = 1 and expire_time <= ${iso(now)}::timestamptz limit ${limit}`);
  return rows.rows.map((r) => r.user_id);
}

export interface SignInRow {
  signDay: number;
  reward: number;
  score: number;
}

/**
 * The daily sign-in as one conditional update: only a user whose last sign-in was before `today`
 * moves, so parallel sign-ins of one user give one. The streak goes on from yesterday or restarts
 * at 1; the reward is the streak day's, the last one past the list. Null when already signed.
 */
export async function signInStatement(db: Reader, input: { userId: string; today: string; rewards: number[]; expireAt: Date; now: Date }): Promise<SignInRow | null> {
  const rewards = intArray(input.rewards);
  const now = iso(input.now);
  await db.execute(sql`insert into user_wallets (user_id) values (${input.userId}) on conflict (user_id) do nothing`);
  const rows = await db.execute<{ sign_day: number; reward: number; score: number }>(sql`
    with s_wallet as (
      update user_wallets w set
        sign_day = case when w.last_sign_date = ${input.today}::date - 1 then w.sign_day + 1 else 1 end,
        last_sign_date = ${input.today}::date,
        score = w.score + (${rewards})[least(case when w.last_sign_date = ${input.today}::date - 1 then w.sign_day + 1 else 1 end, ${input.rewards.length})],
        version = w.version + 1,
        updated_at = ${now}::timestamptz
      where w.user_id = ${input.userId} and (w.last_sign_date is null or w.last_sign_date < ${input.today}::date)
      returning w.user_id, w.sign_day, w.score, (${rewards})[least(w.sign_day, ${input.rewards.length})] as reward
    ), s_log as (
      insert into score_logs (user_id, source, score, io_type, biz_id, created_at)
      select user_id, ${POINTS_SOURCE.signIn}, reward, ${POINTS_IO.in}, ${`signIn:${input.today}`}, ${now}::timestamptz from s_wallet
      returning id, user_id, score
    ), s_batch as (
      insert into score_batches (user_id, score_log_id, score, usable_score, expire_time, status, created_at)
      select user_id, id, score, score, ${iso(input.expireAt)}::timestamptz, 1, ${now}::timestamptz from s_log
    )
    select sign_day, reward, score from s_wallet`);
  const row = rows.rows[0];
  return row ? { signDay: Number(row.sign_day), reward: Number(row.reward), score: Number(row.score) } : null;
}

export interface SignState {
  score: number;
  signDay: number;
  lastSignDate: string | null;
}

export async function findSignState(db: Reader, userId: string): Promise<SignState> {
  const rows = await db.execute<{ score: number; sign_day: number; last: string | null }>(sql`
    select score, sign_day, to_char(last_sign_date, 'YYYY-MM-DD') as last from user_wallets where user_id = ${userId}`);
  const row = rows.rows[0];
  return { score: Number(row?.score ?? 0), signDay: Number(row?.sign_day ?? 0), lastSignDate: row?.last ?? null };
}

/** Usable points ending before `until`, per expiry time (soonest first). */
export async function findExpiring(db: Reader, userId: string, until: Date): Promise<Array<{ expireAt: Date; score: number }>> {
  const rows = await db.execute<{ expire_time: string | Date; score: number }>(sql`
    select expire_time, sum(usable_score)::int as score from score_batches
    where user_id = ${userId} and status = 1 and usable_score > 0 and expire_time <= ${iso(until)}::timestamptz
    group by expire_time order by expire_time limit 10`);
  return rows.rows.map((r) => ({ expireAt: new Date(r.expire_time), score: Number(r.score) }));
}

/** The usable points of a user's batches that end by `until` (scoreInfo's expireScore: by the year's end). */
export async function sumExpiring(db: Reader, userId: string, until: Date): Promise<number> {
  const rows = await db.execute<{ score: number }>(sql`
    select coalesce(sum(usable_score), 0)::int as score from score_batches
    where user_id = ${userId} and status = 1 and usable_score > 0 and expire_time <= ${iso(until)}::timestamptz`);
  return Number(rows.rows[0]?.score ?? 0);
}

export interface ScoreLogRow {
  id: number;
  source: number;
  score: number;
  ioType: number;
  bizId: string | null;
  createdAt: Date;
}

/** A user's records, newest first; `ioType` 1 = gains only, 0 = spends only, null = all. */
export async function pageScoreLogs(db: Reader, userId: string, ioType: number | null, limit: number, offset: number): Promise<{ rows: ScoreLogRow[]; total: number }> {
  const io = ioType === null ? sql`` : sql` and io_type = ${ioType}`;
  const [rows, count] = await Promise.all([
    db.execute<{ id: number; source: number; score: number; io_type: number; biz_id: string | null; created_at: string | Date }>(sql`
      select id, source, score, io_type, biz_id, created_at from score_logs where user_id = ${userId}${io}
      order by created_at desc, id desc limit ${limit} offset ${offset}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from score_logs where user_id = ${userId}${io}`),
  ]);
  return {
    rows: rows.rows.map((r) => ({ id: Number(r.id), source: Number(r.source), score: Number(r.score), ioType: Number(r.io_type), bizId: r.biz_id, createdAt: new Date(r.created_at) })),
    total: Number(count.rows[0]?.n ?? 0),
  };
}

/** What the records add up to, and what the usable batches hold: both must equal the balance. */
export async function ledgerSums(db: Reader, userId: string): Promise<{ score: number; records: number; batches: number }> {
  const rows = await db.execute<{ score: number; records: number; batches: number }>(sql`
    select
      coalesce((select score from user_wallets where user_id = ${userId}), 0)::int as score,
      coalesce((select sum(case when io_type = 1 then score else -score end) from score_logs where user_id = ${userId}), 0)::int as records,
      coalesce((select sum(usable_score) from score_batches where user_id = ${userId} and status = 1), 0)::int as batches`);
  const row = rows.rows[0]!;
  return { score: Number(row.score), records: Number(row.records), batches: Number(row.batches) };
}

