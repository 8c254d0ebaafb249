import { eq, getTableColumns, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../test/test-app.ts';
import { jobs } from './schema.ts';
import { insertJsonRows, jsonObjectOf, rowFromJson } from './json-rows.ts';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

describe('insertJsonRows', () => {
  it('writes every row with its types (timestamps, nulls, text with quotes) and leaves the rest to column defaults', async () => {
    const at = new Date('2026-11-23T01:02:03.456Z');
    const ref = `json-rows-${Date.now()}`;
    await t.ctx.db.execute(
      insertJsonRows(jobs, [
        { kind: 'test.jsonRows', ref: `${ref}-a`, runAt: at, payload: '{"quote":"\\"it\'s\\""}' },
        { kind: 'test.jsonRows', ref: `${ref}-b`, runAt: at, payload: null },
      ]),
    );
    const rows = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'test.jsonRows'));
    const mine = rows.filter((r) => r.ref.startsWith(ref)).sort((a, b) => a.ref.localeCompare(b.ref));
    expect(mine.map((r) => [r.ref, r.runAt.toISOString(), r.payload, r.status, r.attempts])).toEqual([
      [`${ref}-a`, at.toISOString(), '{"quote":"\\"it\'s\\""}', 0, 0],
      [`${ref}-b`, at.toISOString(), null, 0, 0],
    ]);
    expect(mine[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('can skip rows that already exist', async () => {
    const ref = `json-rows-dup-${Date.now()}`;
    const row = { kind: 'test.jsonRows', ref, runAt: new Date() };
    await t.ctx.db.execute(insertJsonRows(jobs, [row]));
    await t.ctx.db.execute(insertJsonRows(jobs, [row], { onConflictDoNothing: true }));
    await expect(t.ctx.db.execute(insertJsonRows(jobs, [row]))).rejects.toThrow();
    expect(await t.ctx.db.$count(jobs, eq(jobs.ref, ref))).toBe(1);
  });
});

describe('jsonObjectOf and rowFromJson', () => {
  it('read a row back exactly as the query builder does (timestamps, nulls, numbers)', async () => {
    const at = new Date('2026-11-23T01:02:03.456Z');
    const ref = `json-object-${Date.now()}`;
    await t.ctx.db.insert(jobs).values({ kind: 'test.jsonObject', ref, runAt: at, payload: null });
    const [built] = await t.ctx.db.select().from(jobs).where(eq(jobs.ref, ref));
    const { rows } = await t.ctx.db.execute<{ row: unknown }>(sql`select ${jsonObjectOf(getTableColumns(jobs))} as "row" from ${jobs} where "jobs"."ref" = ${ref}`);
    expect(rowFromJson(getTableColumns(jobs), rows[0]!.row)).toEqual(built);
  });

  it('read a row wider than json_build_object takes (50 keys) in parts', async () => {
    const ref = `json-object-wide-${Date.now()}`;
    await t.ctx.db.insert(jobs).values({ kind: 'test.jsonObject', ref, runAt: new Date('2026-11-23T01:02:03.456Z'), payload: null });
    const columns = getTableColumns(jobs);
    const wide = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`ref${i}`, columns.ref])) as Record<string, typeof columns.ref>;
    const { rows } = await t.ctx.db.execute<{ row: unknown }>(sql`select ${jsonObjectOf({ ...columns, ...wide })} as "row" from ${jobs} where "jobs"."ref" = ${ref}`);
    const row = rowFromJson<Record<string, unknown>>({ ...columns, ...wide }, rows[0]!.row);
    expect(Object.keys(row)).toHaveLength(Object.keys(columns).length + 120);
    expect(row.ref119).toBe(ref);
    expect(row.runAt).toEqual(new Date('2026-11-23T01:02:03.456Z'));
  });
});
