import { describe, expect, it } from 'vitest';
import { ensureSeeded } from '../test/seeded.ts';
import { countQueries } from './query-count.ts';

describe('countQueries', () => {
  it('counts the statements of one request and nothing from outside it', async () => {
    const { app } = await ensureSeeded();
    const outside = app.inject({ method: 'GET', url: '/shop/notice/topNoticeList/0' });
    const { result, queries } = await countQueries(() => app.inject({ method: 'GET', url: '/shop/notice/noticeList/0?current=1&size=5' }));
    await outside;
    expect(result.statusCode).toBe(200);
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.length).toBeLessThanOrEqual(2);
    expect(queries.every((q) => /notices/i.test(q))).toBe(true);
  });
});
