import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { catalogs } from '@bazaar/shared/i18n/catalogs';
import { DISCOUNT_RANGE } from '@bazaar/shared/constants/member';
import { benefitLines } from './benefit-list.tsx';

// The real catalogs: a member discount reads as 折 in Chinese and as the share taken off in English.
async function translator(lng: 'zh' | 'en') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { [lng]: { translation: catalogs[lng] } }, interpolation: { escapeValue: false } });
  return i18n.t.bind(i18n) as unknown as Parameters<typeof benefitLines>[1];
}

describe('a level’s benefits as sentences', () => {
  it('writes the member discount per ten in Chinese and as per cent off in English', async () => {
    const plus = { discount: 9.5, discountRange: DISCOUNT_RANGE.all, rateScore: 2, isFreeFee: true };
    expect(benefitLines(plus, await translator('zh'))[0]).toBe('全部商品 9.5 折');
    const en = benefitLines(plus, await translator('en'));
    expect(en[0]).toBe('5% off all goods');
    expect(benefitLines({ ...plus, discount: 8.5, discountRange: DISCOUNT_RANGE.selfRun }, await translator('en'))[0]).toBe('15% off self-run goods');
  });
});
