import { describe, expect, it } from 'vitest';
import { consolePlatform as zh } from './zh/console-platform.ts';
import { consolePlatform as en } from './en/console-platform.ts';
import { consoleMerchant as merchantZh } from './zh/console-merchant.ts';
import { consoleMerchant as merchantEn } from './en/console-merchant.ts';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

// A counted text has one key per plural form the language uses (i18next's `_one`, `_other`).
const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const bases = (catalog: unknown) => [...new Set(keysOf(catalog).map(baseKey))].sort();

function expectPluralForms(catalog: unknown, lang: 'zh' | 'en') {
  const keys = new Set(keysOf(catalog));
  const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  for (const key of [...keys].filter((k) => k !== baseKey(k)))
    for (const form of forms) expect(keys.has(`${baseKey(key)}_${form}`), `${lang}:${baseKey(key)}_${form}`).toBe(true);
}

describe('the platform console catalogs', () => {
  it('zh and en have exactly the same keys, plural forms aside', () => {
    expect(bases(en)).toEqual(bases(zh));
  });
  it('have every plural form each language needs', () => {
    expectPluralForms(zh, 'zh');
    expectPluralForms(en, 'en');
  });
});

describe('the merchant center catalogs', () => {
  it('zh and en have exactly the same keys, plural forms aside', () => {
    expect(bases(merchantEn)).toEqual(bases(merchantZh));
  });
  it('have every plural form each language needs', () => {
    expectPluralForms(merchantZh, 'zh');
    expectPluralForms(merchantEn, 'en');
  });
});
