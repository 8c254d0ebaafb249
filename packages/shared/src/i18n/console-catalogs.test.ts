import { describe, expect, it } from 'vitest';
import { consolePlatform as zh } from './zh/console-platform.ts';
import { consolePlatform as en } from './en/console-platform.ts';
import { consoleMerchant as merchantZh } from './zh/console-merchant.ts';
import { consoleMerchant as merchantEn } from './en/console-merchant.ts';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

describe('the platform console catalogs', () => {
  it('zh and en have exactly the same keys', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(zh).sort());
  });
});

describe('the merchant center catalogs', () => {
  it('zh and en have exactly the same keys', () => {
    expect(keysOf(merchantEn).sort()).toEqual(keysOf(merchantZh).sort());
  });
});
