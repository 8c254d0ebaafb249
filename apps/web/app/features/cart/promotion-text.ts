// The words of a cart promotion group: its labels (the shared discountTierLabel, the one wording of
// a tier everywhere), what the ticked lines save and the hint of what is missing. Every amount is
// the server's (chooseDiscountItemDto); these only format it.
import type { TFunction } from 'i18next';
import type { Language } from '@bazaar/shared/constants/limits';
import { DISCOUNT_RULE, type ChooseDiscountItemDto, type DiscountLabel } from '@bazaar/shared/schemas/pricing';
import { discountTierLabel } from '@bazaar/shared/schemas/shop-promotion';
import { percentOff } from '@bazaar/shared/constants/discount-rate';
import { formatYuan } from '../../lib/format.ts';

/** "满199减20，满399减50" / "¥20 off ¥199, ¥50 off ¥399": every tier of the promotion. */
export function promotionLabels(promotion: DiscountLabel, lang: Language): string {
  return promotion.discountItems.map((tier) => discountTierLabel(promotion.discountRule, promotion.discountType, tier, lang)).join(lang === 'zh' ? '，' : ', ');
}

/** A reduction as labels write it: whole yuan bare ("50"), else with its fen ("45.50"). */
const shortYuan = (fen: number) => (fen % 100 === 0 ? String(fen / 100) : (fen / 100).toFixed(2));

/** "再买¥45.00可减50" / "Add ¥45.00 more to save ¥50"; null when no further tier is worth anything. */
export function promotionHint(promotion: ChooseDiscountItemDto, lang: Language, t: TFunction): string | null {
  const next = promotion.nextItem;
  if (!next || next.missing <= 0) return null;
  if (promotion.discountRule === DISCOUNT_RULE.pieceDiscount) return t('cartPage.promotion.hintPieces', { count: next.missing, rate: next.discount, off: percentOff(next.discount) });
  if (promotion.discountRule === DISCOUNT_RULE.amountDiscount) return t('cartPage.promotion.hintDiscount', { missing: formatYuan(next.missing, lang), rate: next.discount, off: percentOff(next.discount) });
  const reduce = lang === 'zh' ? shortYuan(next.reduceAmount) : `¥${shortYuan(next.reduceAmount)}`;
  return t('cartPage.promotion.hintReduce', { missing: formatYuan(next.missing, lang), reduce });
}

/** "已减¥50.00" / "You save ¥50.00" once a tier is reached and saves something; null otherwise. */
export function promotionSaved(promotion: ChooseDiscountItemDto, lang: Language, t: TFunction): string | null {
  if (!promotion.reachedItem || promotion.reduceAmount <= 0) return null;
  return t('cartPage.promotion.saved', { amount: formatYuan(promotion.reduceAmount, lang) });
}
