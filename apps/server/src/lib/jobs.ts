// Background work as rows in `jobs`: auto-cancel of unpaid orders, auto-receipt, courier updates,
// deadlines. Any number of API instances sweep the same table; FOR UPDATE SKIP LOCKED hands each
// due row to exactly one of them. (kind, ref) is unique, so scheduling twice is a no-op.
import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { insertJsonRows } from '../db/json-rows.ts';
import { jobs } from '../db/schema.ts';
import { textArray } from './sql-array.ts';

export const JOB_STATUS = { pending: 0, running: 1, done: 2, failed: 3, cancelled: 4 } as const;
/** A claimed job may run this long before another instance may take it again. */
const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 5;

export interface JobRow {
  id: number;
  kind: string;
  ref: string;
  payload: string | null;
  attempts: number;
}

export type JobHandler = (job: JobRow) => Promise<void>;

export async function scheduleJob(db: Db | Tx, job: { kind: string; ref: string; runAt: Date; payload?: unknown }): Promise<void> {
  await db
    .insert(jobs)
    .values({ kind: job.kind, ref: job.ref, runAt: job.runAt, payload: job.payload === undefined ? null : JSON.stringify(job.payload) })
    .onConflictDoNothing();
}

/** Several jobs in one statement (a checkout schedules one per order); null when there are none. */
export function scheduleJobsStatement(list: Array<{ kind: string; ref: string; runAt: Date; payload?: unknown }>) {
  if (list.length === 0) return null;
  return insertJsonRows(
    jobs,
    list.map((job) => ({ kind: job.kind, ref: job.ref, runAt: job.runAt, payload: job.payload === undefined ? null : JSON.stringify(job.payload) })),
    { onConflictDoNothing: true },
  );
}

export async function scheduleJobs(db: Db | Tx, list: Array<{ kind: string; ref: string; runAt: Date; payload?: unknown }>): Promise<void> {
  const statement = scheduleJobsStatement(list);
  if (statement) await db.execute(statement);
}

/** A scalar subquery: the run time of the job of `kind` whose ref is `ref` (a column of the outer query), null when none. */
export function jobRunAtSql(kind: string, ref: SQL | AnyColumn) {
  return sql<Date | null>`(select ${jobs.runAt} from ${jobs} where ${jobs.kind} = ${kind} and ${jobs.ref} = ${ref})`.mapWith(jobs.runAt);
}

/** Moves a pending job (for example a courier's next step) to another time. */
export async function rescheduleJob(db: Db | Tx, kind: string, ref: string, runAt: Date, payload?: unknown): Promise<void> {
  await db
    .insert(jobs)
    .values({ kind, ref, runAt, payload: payload === undefined ? null : JSON.stringify(payload) })
    .onConflictDoUpdate({
      target: [jobs.kind, jobs.ref],
      set: { runAt, status: JOB_STATUS.pending, attempts: 0, lockedUntil: null, lastError: null, updatedAt: new Date(), ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) },
    });
}

/** rescheduleJob for several jobs in one statement (a step's deadline and its reminder). */
export async function rescheduleJobs(db: Db | Tx, list: Array<{ kind: string; ref: string; runAt: Date }>): Promise<void> {
  if (list.length === 0) return;
  await db.execute(rescheduleJobsPart(db, list));
}

/**
 * rescheduleJobs as a statement part, for a caller that runs it inside a statement of its own (a CTE).
 * With `when`, the jobs are booked only while it holds (the caller's condition, e.g. that its own
 * update moved a row), as cancelJobsPart's.
 */
export function rescheduleJobsPart(db: Db | Tx, list: Array<{ kind: string; ref: string; runAt: Date }>, when?: SQL): SQL {
  if (when) {
    const rows = sql.join(
      list.map((job) => sql`(${job.kind}::varchar, ${job.ref}::varchar, ${job.runAt.toISOString()}::timestamptz)`),
      sql`, `,
    );
    return sql`insert into ${jobs} (kind, ref, run_at) select v.kind, v.ref, v.run_at from (values ${rows}) as v(kind, ref, run_at) where ${when}
      on conflict (kind, ref) do update set run_at = excluded.run_at, status = ${JOB_STATUS.pending}, attempts = 0, locked_until = null, last_error = null, updated_at = now()`;
  }
  return db
    .insert(jobs)
    .values(list.map((job) => ({ kind: job.kind, ref: job.ref, runAt: job.runAt, payload: null })))
    .onConflictDoUpdate({
      target: [jobs.kind, jobs.ref],
      set: { runAt: sql`excluded.run_at`, status: JOB_STATUS.pending, attempts: 0, lockedUntil: null, lastError: null, updatedAt: new Date() },
    })
    .getSQL();
}

/** cancelJob for several kinds of one ref in one statement. */
export async function cancelJobs(db: Db | Tx, kinds: readonly string[], ref: string): Promise<void> {
  if (kinds.length === 0) return;
  await db
    .update(jobs)
    .set({ status: JOB_STATUS.cancelled, updatedAt: new Date() })
    .where(and(inArray(jobs.kind, [...kinds]), eq(jobs.ref, ref), eq(jobs.status, JOB_STATUS.pending)));
}

/**
 * cancelJobs as a statement part, for a caller that runs it inside a statement of its own (a CTE):
 * cancels only while `when` holds (the caller's condition, e.g. that its own update moved a row).
 */
export function cancelJobsPart(kinds: readonly string[], ref: string, when: SQL): SQL {
  return sql`update ${jobs} set status = ${JOB_STATUS.cancelled}, updated_at = now() where kind in ${[...kinds]} and ref = ${ref} and status = ${JOB_STATUS.pending} and ${when}`;
}

/** Cancels the pending jobs of one kind for several refs: unsent, for a statement with other writes (`executeTogether`). */
export function cancelJobsStatement(kind: string, refs: readonly string[], now: Date): SQL {
  return sql`update ${jobs} set status = ${JOB_STATUS.cancelled}, updated_at = ${now.toISOString()}::timestamptz where kind = ${kind} and ref = any(${textArray(refs)}) and status = ${JOB_STATUS.pending}`;
}

export async function cancelJob(db: Db | Tx, kind: string, ref: string): Promise<void> {
  await db
    .update(jobs)
    .set({ status: JOB_STATUS.cancelled, updatedAt: new Date() })
    .where(and(eq(jobs.kind, kind), eq(jobs.ref, ref), eq(jobs.status, JOB_STATUS.pending)));
}

/**
 * Claims up to `limit` due jobs (and leases that ran out) and runs their handlers one by one.
 * A handler that throws is retried later with a growing delay, and marked failed after
 * MAX_ATTEMPTS. Answers how many jobs ran.
 */
export async function runDueJobs(db: Db, handlers: Record<string, JobHandler>, now: Date, log?: Pick<FastifyBaseLogger, 'error'>, limit = 20): Promise<number> {
  const kinds = Object.keys(handlers);
  if (kinds.length === 0) return 0;
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const claimed = await db.execute<{ id: number; kind: string; ref: string; payload: string | null; attempts: number }>(sql`
    update jobs set status = ${JOB_STATUS.running}, attempts = attempts + 1, locked_until = ${leaseUntil}, updated_at = ${now}
    where id in (
      select id from jobs
      where kind in ${kinds} and run_at <= ${now}
        and (status = ${JOB_STATUS.pending} or (status = ${JOB_STATUS.running} and locked_until < ${now}))
      order by run_at
      limit ${limit}
      for update skip locked)
    returning id, kind, ref, payload, attempts`);
  for (const job of claimed.rows) {
    const handler = handlers[job.kind]!;
    try {
      await handler({ ...job, id: Number(job.id) });
      await db.update(jobs).set({ status: JOB_STATUS.done, lockedUntil: null, updatedAt: new Date() }).where(eq(jobs.id, Number(job.id)));
    } catch (err) {
      log?.error({ err, job: { id: job.id, kind: job.kind, ref: job.ref } }, 'job failed');
      const failed = job.attempts >= MAX_ATTEMPTS;
      await db
        .update(jobs)
        .set({
          status: failed ? JOB_STATUS.failed : JOB_STATUS.pending,
          runAt: new Date(now.getTime() + 2 ** job.attempts * 1_000),
          lockedUntil: null,
          lastError: String((err as Error)?.message ?? err).slice(0, 1000),
          updatedAt: new Date(),
        })
        .where(eq(jobs.id, Number(job.id)));
    }
  }
  return claimed.rows.length;
}

/** Sweeps every `intervalMs` until stopped; one sweep at a time per instance. */
export function startJobSweeper(db: Db, handlers: Record<string, JobHandler>, now: () => Date, log: Pick<FastifyBaseLogger, 'error'>, intervalMs = 2_000) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    // Drain: keep sweeping while full batches come back.
    const sweep = async () => {
      while ((await runDueJobs(db, handlers, now(), log)) >= 20);
    };
    sweep()
      .catch((err) => log.error({ err }, 'job sweep failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
