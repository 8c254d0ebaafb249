import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureSeeded } from '../../test/seeded.ts';
import type { TestApp } from '../../test/test-app.ts';
import { seckillSkus, seckills, shops } from '../schema.ts';
import { seckillWindows } from './seckills.ts';

let t: TestApp;
beforeAll(async () => {
  t = await ensureSeeded();
});

/** 'yyyy-MM-dd HH:mm' Beijing time as a Date. */
const beijing = (value: string) => new Date(`${value.replace(' ', 'T')}:00+08:00`);

describe('the demo flash sales', () => {
  it('lie on session boundaries around the seed time: running now, upcoming at least half an hour ahead, ended before', () => {
    for (const at of ['2026-12-06 13:00', '2026-12-06 09:10', '2026-12-06 21:30', '2026-12-06 00:20', '2026-12-06 19:50']) {
      const now = beijing(at);
      const w = seckillWindows(now);
      expect(w.running.start.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(w.running.end.getTime()).toBeGreaterThan(now.getTime() + 24 * 3_600_000);
      expect(w.upcoming.start.getTime()).toBeGreaterThanOrEqual(now.getTime() + 30 * 60_000);
      expect(w.ended.end.getTime()).toBeLessThan(w.running.start.getTime());
      for (const win of Object.values(w)) expect(new Date(win.start.getTime() + 8 * 3_600_000).toISOString().slice(11, 16)).toMatch(/^(10|14|20):00$/);
    }
  });

  it('has running, upcoming, ended and waiting activities in several shops, their flash stock taken from the SKUs', async () => {
    const rows = await t.ctx.db
      .select({ id: seckills.id, shop: shops.nameZh, start: seckills.startTime, end: seckills.endTime, audit: seckills.auditStatus })
      .from(seckills)
      .innerJoin(shops, eq(shops.id, seckills.shopId))
      .where(inArray(seckills.nameEn, ['Official store flash deal', 'Gadget flash deal', 'Official store: the last one', 'Tea ware flash sale', 'Beauty flash sale', 'Snack flash sale (ended)', 'Book flash sale (ended)', 'Official store new arrivals (in review)']));
    expect(rows).toHaveLength(8);
    expect(rows.filter((r) => r.audit === 0)).toHaveLength(1);
    expect(new Set(rows.map((r) => r.shop)).size).toBeGreaterThanOrEqual(5);
    const skusOf = await t.ctx.db.select().from(seckillSkus).where(inArray(seckillSkus.seckillId, rows.map((r) => r.id)));
    for (const s of skusOf) {
      expect(s.seckillStocks).toBe(s.originalStocks);
      expect(s.seckillPrice).toBeGreaterThan(0);
    }
    expect(skusOf.some((s) => s.originalStocks === 1)).toBe(true);
  });
});
