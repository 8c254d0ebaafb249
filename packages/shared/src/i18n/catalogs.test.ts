import { describe, expect, it } from 'vitest';
import { catalogs, createI18n, languageFromHeader } from './catalogs.ts';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

// A counted text has one key per plural form the language uses (i18next's `_one`, `_other`).
const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('catalogs', () => {
  it('zh and en have exactly the same keys, plural forms aside', () => {
    const bases = (lang: 'zh' | 'en') => [...new Set(keysOf(catalogs[lang]).map(baseKey))].sort();
    expect(bases('en')).toEqual(bases('zh'));
  });

  it('has every plural form each language needs', () => {
    for (const lang of ['zh', 'en'] as const) {
      const keys = new Set(keysOf(catalogs[lang]));
      const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const key of [...keys].filter((k) => k !== baseKey(k)))
        for (const form of forms) expect(keys.has(`${baseKey(key)}_${form}`), `${lang}:${baseKey(key)}_${form}`).toBe(true);
    }
  });

  it('counts in English with singular and plural', () => {
    const t = createI18n('en').t;
    expect(t('storeList.resultFor', { count: 1, name: 'tea' })).toBe('1 store matches “tea”');
    expect(t('storeList.resultFor', { count: 3, name: 'tea' })).toBe('3 stores match “tea”');
    expect(t('listPage.count', { count: 1 })).toBe('1 product found');
    expect(t('cartPage.summary.selected', { count: 2 })).toBe('2 items selected');
    expect(t('product.shop.followers', { count: 1 })).toBe('1 follower');
    expect(t('product.shop.followers', { count: 12 })).toBe('12 followers');
    expect(t('platformContent.errors.hasChildren', { count: 1 })).toBe('This category still has 1 subcategory; delete it first');
    expect(createI18n('zh').t('listPage.count', { count: 1 })).toBe('共 1 件商品');
  });

  it('has no empty texts', () => {
    for (const lang of ['zh', 'en'] as const) {
      const t = createI18n(lang);
      for (const key of keysOf(catalogs[lang])) expect(t.t(key), `${lang}:${key}`).not.toBe('');
    }
  });

  it('translates with interpolation', () => {
    expect(createI18n('en').t('errors.account.locked', { minutes: 30 })).toContain('30 minutes');
    expect(createI18n('zh').t('errors.server')).toBe('服务器出了点小差~');
  });

  it.each([
    [undefined, 'zh'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['zh-CN', 'zh'],
    ['fr', 'zh'],
    ['', 'zh'],
  ])('Accept-Language %s -> %s', (header, expected) => {
    expect(languageFromHeader(header)).toBe(expected);
  });
});
