import type { MemberInfo, MemberLevel } from '@bazaar/shared/schemas/member';
import { DISCOUNT_RANGE } from '@bazaar/shared/constants/member';
import { percentOff } from '@bazaar/shared/constants/discount-rate';
import { useTranslation } from '../../lib/i18n.tsx';

type Benefits = Pick<MemberInfo['benefits'], 'discount' | 'discountRange' | 'rateScore' | 'isFreeFee'> & { couponList?: MemberLevel['couponList'] };

/** The benefits of a level as sentences; empty when it has none. */
export function benefitLines(b: Benefits, t: ReturnType<typeof useTranslation>['t']): string[] {
  return [
    b.discount !== null ? t(b.discountRange === DISCOUNT_RANGE.selfRun ? 'member.benefit.discountSelfRun' : 'member.benefit.discount', { discount: b.discount, off: percentOff(b.discount) }) : null,
    b.isFreeFee ? t('member.benefit.freeShipping') : null,
    b.rateScore > 1 ? t('member.benefit.rateScore', { rate: b.rateScore }) : null,
    b.couponList && b.couponList.length > 0 ? t('member.benefit.coupons', { names: b.couponList.map((c) => c.couponName).join('、') }) : null,
  ].filter((line): line is string => line !== null);
}

export function BenefitList({ benefits, className }: { benefits: Benefits; className?: string }) {
  const { t } = useTranslation();
  const lines = benefitLines(benefits, t);
  if (lines.length === 0) return null;
  return (
    <ul className={`member-benefits ${className ?? ''}`}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
