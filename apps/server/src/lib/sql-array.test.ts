import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../test/test-app.ts';
import { intArray, pgArrayLiteral, textArray } from './sql-array.ts';

describe('sql arrays as one parameter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await getTestApp();
  });

  it('quotes every element', () => {
    expect(pgArrayLiteral(['a', 'b,c'])).toBe('{"a","b,c"}');
    expect(pgArrayLiteral([1, 2])).toBe('{"1","2"}');
  });

  it('keeps commas, braces, quotes, backslashes and spaces inside their element', async () => {
    const values = ['plain', 'a,b', '{x}', 'say "hi"', 'back\\slash', ' spaced ', 'NULL', ''];
    const rows = await t.ctx.db.execute<{ v: string }>(sql`select unnest(${textArray(values)}) as v`);
    expect(rows.rows.map((r) => r.v)).toEqual(values);
  });

  it('matches with = any and sends integers', async () => {
    const rows = await t.ctx.db.execute<{ hit: boolean; n: number }>(
      sql`select 'a,b' = any(${textArray(['a', 'a,b'])}) as hit, (select sum(x)::int from unnest(${intArray([1, 2, 39])}) x) as n`,
    );
    expect(rows.rows[0]).toEqual({ hit: true, n: 42 });
  });
});
