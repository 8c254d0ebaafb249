import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema.ts';
import { getTestApp, type TestApp } from '../test/test-app.ts';
import { JOB_STATUS, cancelJob, rescheduleJob, runDueJobs, scheduleJob, type JobRow } from './jobs.ts';

let t: TestApp;
let serial = 0;
const kind = () => `test-kind-${process.pid}-${++serial}`;

async function statusOf(k: string, ref: string) {
  const [row] = await t.ctx.db.select({ status: jobs.status, attempts: jobs.attempts }).from(jobs).where(and(eq(jobs.kind, k), eq(jobs.ref, ref)));
  return row;
}

beforeAll(async () => {
  t = await getTestApp();
});

describe('jobs', () => {
  it('runs a due job once, not before its time, and never twice', async () => {
    const k = kind();
    const base = new Date('2030-01-01T00:00:00Z');
    await scheduleJob(t.ctx.db, { kind: k, ref: 'a', runAt: new Date(base.getTime() + 60_000), payload: { n: 1 } });
    await scheduleJob(t.ctx.db, { kind: k, ref: 'a', runAt: base }); // same work: ignored
    const seen: JobRow[] = [];
    const handlers = { [k]: async (job: JobRow) => void seen.push(job) };
    expect(await runDueJobs(t.ctx.db, handlers, base)).toBe(0);
    expect(await runDueJobs(t.ctx.db, handlers, new Date(base.getTime() + 61_000))).toBe(1);
    expect(seen).toHaveLength(1);
    expect(JSON.parse(seen[0]!.payload!)).toEqual({ n: 1 });
    expect(await runDueJobs(t.ctx.db, handlers, new Date(base.getTime() + 3_600_000))).toBe(0);
    expect((await statusOf(k, 'a'))?.status).toBe(JOB_STATUS.done);
  });

  it('hands each job to exactly one of several parallel sweepers', async () => {
    const k = kind();
    const now = new Date('2030-01-02T00:00:00Z');
    for (let i = 0; i < 30; i++) await scheduleJob(t.ctx.db, { kind: k, ref: `r${i}`, runAt: now });
    const runs = new Map<string, number>();
    const handlers = { [k]: async (job: JobRow) => void runs.set(job.ref, (runs.get(job.ref) ?? 0) + 1) };
    await Promise.all([0, 1, 2, 3].map(() => runDueJobs(t.ctx.db, handlers, now, undefined, 10)));
    await runDueJobs(t.ctx.db, handlers, now, undefined, 100);
    expect(runs.size).toBe(30);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
  });

  it('retries a failing job later and gives up after the last attempt', async () => {
    const k = kind();
    let now = new Date('2030-01-03T00:00:00Z');
    await scheduleJob(t.ctx.db, { kind: k, ref: 'x', runAt: now });
    const handlers = { [k]: async () => { throw new Error('courier down'); } };
    const quiet = { error: () => undefined };
    for (let i = 0; i < 5; i++) {
      expect(await runDueJobs(t.ctx.db, handlers, now, quiet)).toBe(1);
      now = new Date(now.getTime() + 3_600_000);
    }
    expect(await statusOf(k, 'x')).toEqual({ status: JOB_STATUS.failed, attempts: 5 });
  });

  it('cancels a pending job and reschedules one', async () => {
    const k = kind();
    const now = new Date('2030-01-04T00:00:00Z');
    await scheduleJob(t.ctx.db, { kind: k, ref: 'c', runAt: now });
    await cancelJob(t.ctx.db, k, 'c');
    const handlers = { [k]: async () => undefined };
    expect(await runDueJobs(t.ctx.db, handlers, now)).toBe(0);
    await rescheduleJob(t.ctx.db, k, 'c', new Date(now.getTime() + 1_000));
    expect(await runDueJobs(t.ctx.db, handlers, new Date(now.getTime() + 2_000))).toBe(1);
  });
});
