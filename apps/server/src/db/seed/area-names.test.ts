import { describe, expect, it } from 'vitest';
import { areaNameEn } from './area-names.ts';
import { loadAreaRows } from './areas.ts';

describe('areaNameEn', () => {
  it('writes provinces, cities and districts as English pages expect', () => {
    expect(areaNameEn('浙江省', 1)).toBe('Zhejiang');
    expect(areaNameEn('陕西省', 1)).toBe('Shaanxi');
    expect(areaNameEn('山西省', 1)).toBe('Shanxi');
    expect(areaNameEn('内蒙古自治区', 1)).toBe('Inner Mongolia');
    expect(areaNameEn('杭州市', 2)).toBe('Hangzhou');
    expect(areaNameEn('西安市', 2)).toBe("Xi'an");
    expect(areaNameEn('重庆市', 2)).toBe('Chongqing');
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
