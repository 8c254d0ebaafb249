import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { catalogs } from '@bazaar/shared/i18n/catalogs';
import { couponCondition, couponOffer, couponValue } from './coupon-text.ts';

// The real catalogs (issue 25): a coupon's value and condition side by side read as one phrase,
// never "On orders from ¥300.00 ¥30.00".
async function translator(lng: 'zh' | 'en') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { [lng]: { translation: catalogs[lng] } }, interpolation: { escapeValue: false } });
  return i18n.t.bind(i18n) as unknown as Parameters<typeof couponOffer>[1];
}

const cash = { couponType: 1 as const, cashCondition: 30_000, reduceAmount: 3_000, couponDiscount: null };
const rate = { couponType: 2 as const, cashCondition: 10_000, reduceAmount: 0, couponDiscount: 8.5 };

describe('a coupon as one phrase', () => {
  it('says the value off orders from the threshold, in English', async () => {
    const t = await translator('en');
    expect(couponOffer(cash, t, 'en')).toBe('¥30.00 off orders from ¥300.00');
    expect(couponOffer({ ...cash, cashCondition: 0 }, t, 'en')).toBe('¥30.00 off, no minimum');
    expect(couponOffer(rate, t, 'en')).toBe('15% off orders from ¥100.00');
    expect(couponOffer({ ...rate, cashCondition: 0 }, t, 'en')).toBe('15% off, no minimum');
  });

  it('says 满…减… and 满…享…折, in Chinese', async () => {
    const t = await translator('zh');
    expect(couponOffer(cash, t, 'zh')).toBe('满¥300.00减¥30.00');
    expect(couponOffer({ ...cash, cashCondition: 0 }, t, 'zh')).toBe('无门槛减¥30.00');
    expect(couponOffer(rate, t, 'zh')).toBe('满¥100.00享8.5折');
    expect(couponOffer({ ...rate, cashCondition: 0 }, t, 'zh')).toBe('无门槛8.5折');
  });

  it('keeps the ticket’s two lines: the value, and the condition under it', async () => {
    const en = await translator('en');
    expect([couponValue(cash, en, 'en'), couponCondition(cash, en, 'en')]).toEqual(['¥30.00', 'On orders from ¥300.00']);
    const zh = await translator('zh');
    expect([couponValue(rate, zh, 'zh'), couponCondition(rate, zh, 'zh')]).toEqual(['8.5折', '满¥100.00可用']);
  });
});
