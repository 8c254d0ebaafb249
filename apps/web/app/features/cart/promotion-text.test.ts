import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { ChooseDiscountItemDto } from '@bazaar/shared/schemas/pricing';
import { promotionHint, promotionLabels, promotionSaved } from './promotion-text.ts';

// The catalog's words are not under test here: which key, with which values.
const t = ((key: string, values: Record<string, unknown>) => `${key} ${JSON.stringify(values)}`) as unknown as TFunction;

const dto = (over: Partial<ChooseDiscountItemDto>): ChooseDiscountItemDto => ({
  discountId: 1,
  discountName: 'deal',
  discountRule: 0,
  discountType: 0,
  maxReduceAmount: null,
  endTime: '2030-01-01 00:00:00',
  discountItems: [
    { needAmount: 19_900, reduceAmount: 2_000, discount: 10 },
    { needAmount: 39_900, reduceAmount: 5_000, discount: 10 },
  ],
  reachedItem: null,
  nextItem: null,
  reduceAmount: 0,
  ...over,
});

describe('the words of a cart promotion group', () => {
  it('labels every tier in the reader language', () => {
    expect(promotionLabels(dto({}), 'zh')).toBe('满199减20，满399减50');
    expect(promotionLabels(dto({ discountType: 1, discountItems: [{ needAmount: 30_000, reduceAmount: 5_000, discount: 10 }] }), 'zh')).toBe('每满300减50');
    expect(promotionLabels(dto({ discountType: 1, discountItems: [{ needAmount: 30_000, reduceAmount: 5_000, discount: 10 }] }), 'en')).toBe('¥50 off every ¥300');
    expect(promotionLabels(dto({ discountRule: 1, discountItems: [{ needAmount: 2, reduceAmount: 0, discount: 8 }] }), 'zh')).toBe('满2件8折');
  });

  it('hints the missing amount with the server numbers', () => {
    const next = { needAmount: 30_000, reduceAmount: 5_000, discount: 10, missing: 4_500 };
    expect(promotionHint(dto({ nextItem: next }), 'zh', t)).toBe('cartPage.promotion.hintReduce {"missing":"¥45.00","reduce":"50"}');
    expect(promotionHint(dto({ nextItem: next }), 'en', t)).toBe('cartPage.promotion.hintReduce {"missing":"¥45.00","reduce":"¥50"}');
    expect(promotionHint(dto({ discountRule: 1, nextItem: { needAmount: 3, reduceAmount: 0, discount: 8, missing: 1 } }), 'en', t)).toBe('cartPage.promotion.hintPieces {"count":1,"rate":8,"off":20}');
    expect(promotionHint(dto({ discountRule: 2, nextItem: { needAmount: 50_000, reduceAmount: 0, discount: 9.5, missing: 1_050 } }), 'zh', t)).toBe('cartPage.promotion.hintDiscount {"missing":"¥10.50","rate":9.5,"off":5}');
    expect(promotionHint(dto({}), 'zh', t)).toBeNull();
  });

  it('says what is saved only once a tier is reached', () => {
    expect(promotionSaved(dto({ reduceAmount: 0 }), 'zh', t)).toBeNull();
    expect(promotionSaved(dto({ reachedItem: { needAmount: 19_900, reduceAmount: 2_000, discount: 10, times: 1 }, reduceAmount: 2_000 }), 'zh', t)).toBe('cartPage.promotion.saved {"amount":"¥20.00"}');
  });
});
