import { describe, expect, it } from 'vitest';
import { createTranslator } from './translator.ts';
import { consoleMerchant as merchantZh } from '../i18n/zh/console-merchant.ts';
import { consoleMerchant as merchantEn } from '../i18n/en/console-merchant.ts';
import { consolePlatform as platformZh } from '../i18n/zh/console-platform.ts';
import { consolePlatform as platformEn } from '../i18n/en/console-platform.ts';

describe('the consoles’ translator', () => {
  const merchant = createTranslator({ zh: merchantZh, en: merchantEn });
  const platform = createTranslator({ zh: platformZh, en: platformEn });

  it('counts in English with i18next’s plural keys: one product, two products', () => {
    const en = merchant('en');
    expect(en('products.total', { count: 1 })).toBe('1 product');
    expect(en('products.total', { count: 2 })).toBe('2 products');
    expect(en('products.total', { count: 0 })).toBe('0 products');
    expect(en('products.lowSkus', { count: 1 })).toBe('1 SKU low');
    expect(en('products.lowSkus', { count: 3 })).toBe('3 SKUs low');
    expect(en('products.shelfDone', { count: 1 })).toBe('1 product updated');
    expect(en('orders.total', { count: 1 })).toBe('1 order');
    expect(en('orders.pieces', { count: 1 })).toBe('1 item');
    expect(en('orders.pieces', { count: 5 })).toBe('5 items');
    expect(en('ship.remaining', { count: 1 })).toBe('1 item is not in a package yet');
    expect(en('ship.remaining', { count: 2 })).toBe('2 items are not in a package yet');
    expect(platform('en')('products.total', { count: 1 })).toBe('1 product');
  });

  it('uses the one form Chinese has', () => {
    expect(merchant('zh')('products.total', { count: 1 })).toBe('共 1 件商品');
    expect(platform('zh')('products.total', { count: 12 })).toBe('共 12 件商品');
  });

  it('still reads keys with dots in them and plain keys with a count', () => {
    expect(platform('en')('audit.actions.shop.approve')).toBe('Approved a store application');
    expect(merchant('en')('products.selected', { count: 1 })).toBe('1 selected');
  });
});
