import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureSeeded } from '../../test/seeded.ts';
import type { TestApp } from '../../test/test-app.ts';
import { areas } from '../schema.ts';
import { areaNameEn } from './area-names.ts';
import { backfillAreaNames, loadAreaRows } from './areas.ts';
import { seedIfEmpty } from './seed.ts';

describe('areaNameEn', () => {
  it('writes provinces, cities and districts as English pages expect', () => {
    expect(areaNameEn('浙江省', 1)).toBe('Zhejiang');
    expect(areaNameEn('陕西省', 1)).toBe('Shaanxi');
    expect(areaNameEn('山西省', 1)).toBe('Shanxi');
    expect(areaNameEn('内蒙古自治区', 1)).toBe('Inner Mongolia');
    expect(areaNameEn('杭州市', 2)).toBe('Hangzhou');
    expect(areaNameEn('西安市', 2)).toBe("Xi'an");
    expect(areaNameEn('重庆市', 2)).toBe('Chongqing');
    expect(areaNameEn('拉萨市', 2)).toBe('Lhasa');
    expect(areaNameEn('哈尔滨市', 2)).toBe('Harbin');
    expect(areaNameEn('乌鲁木齐市', 2)).toBe('Urumqi');
    expect(areaNameEn('西湖区', 3)).toBe('Xihu District');
    expect(areaNameEn('桐庐县', 3)).toBe('Tonglu County');
    expect(areaNameEn('义乌市', 3)).toBe('Yiwu City');
    expect(areaNameEn('万柏林区', 3)).toMatch(/^Wanb[a-z]+lin District$/);
    expect(areaNameEn('延边朝鲜族自治州', 2)).toBe('Yanbian Korean Autonomous Prefecture');
    expect(areaNameEn('围场满族蒙古族自治县', 3)).toBe('Weichang Manchu Mongol Autonomous County');
  });

  it('gives every seeded division an English name in Latin letters', () => {
    const rows = loadAreaRows();
    expect(rows.length).toBeGreaterThan(3000);
    for (const row of rows) expect(row.nameEn, row.name).toMatch(/^[A-Z][A-Za-z' ü-]*$/);
  });
});

describe('backfillAreaNames', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await ensureSeeded();
  });

  it('names in English the areas of a database seeded before migration 0010, and only those', async () => {
    // Divisions no other test's addresses use (the test database is shared).
    const ids = [150000, 540000, 540100, 540102];
    // As an old database: the column exists (migrated) but the seed had no English names to write.
    await t.ctx.db.update(areas).set({ nameEn: null }).where(inArray(areas.id, ids));
    const [edited] = await t.ctx.db.select({ id: areas.id }).from(areas).where(and(isNotNull(areas.nameEn), eq(areas.parentId, 540100))).limit(1);
    await t.ctx.db.update(areas).set({ nameEn: 'Kept As Is' }).where(eq(areas.id, edited?.id ?? 0));
    try {
      // The seed's start-up path (the database is seeded already) does the backfill.
      await seedIfEmpty(t.ctx.db, { dataDir: mkdtempSync(path.join(tmpdir(), 'bazaar-areas-')), pictures: false });
      const rows = await t.ctx.db.select({ id: areas.id, nameEn: areas.nameEn }).from(areas).where(inArray(areas.id, ids)).orderBy(areas.id);
      expect(rows.map((r) => r.nameEn)).toEqual(['Inner Mongolia', 'Tibet', 'Lhasa', 'Chengguan District']);
      const [kept] = await t.ctx.db.select({ nameEn: areas.nameEn }).from(areas).where(eq(areas.id, edited?.id ?? 0));
      expect(kept?.nameEn).toBe('Kept As Is');
      const [left] = await t.ctx.db.select({ n: count() }).from(areas).where(isNull(areas.nameEn));
      expect(left?.n).toBe(0);
      expect(await backfillAreaNames(t.ctx.db)).toBe(0);
    } finally {
      const rows = loadAreaRows();
      const original = rows.find((r) => r.id === edited?.id);
      await t.ctx.db.update(areas).set({ nameEn: original?.nameEn ?? null }).where(eq(areas.id, edited?.id ?? 0));
    }
  });
});
