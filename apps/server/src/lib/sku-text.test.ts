import { describe, expect, it } from 'vitest';
import { localized } from './localized.ts';
import { parseProperties, propertyValues } from './sku-text.ts';

describe('a SKU’s text', () => {
  it('parses properties whose values may hold a colon, and names a SKU by its values', () => {
    expect(parseProperties('颜色:黑色; 尺码:M')).toEqual([
      ['颜色', '黑色'],
      ['尺码', 'M'],
    ]);
    expect(propertyValues('颜色:黑色;尺码:M')).toBe('黑色 M');
    expect(propertyValues('接口:USB-C:3.1;容量:')).toBe('USB-C:3.1');
    expect(propertyValues('')).toBe('');
  });
});

describe('localized', () => {
  it('answers English to an English reader when there is English, else Chinese, else nothing', () => {
    expect(localized('en', '茶杯', 'Teacup')).toBe('Teacup');
    expect(localized('zh', '茶杯', 'Teacup')).toBe('茶杯');
    expect(localized('en', '茶杯', null)).toBe('茶杯');
    expect(localized('en', null, '')).toBe('');
  });
});
