import { describe, expect, it } from 'vitest';
import { catalogs, createI18n, languageFromHeader } from './catalogs.ts';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

describe('catalogs', () => {
  it('zh and en have exactly the same keys', () => {
    expect(keysOf(catalogs.en).sort()).toEqual(keysOf(catalogs.zh).sort());
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
