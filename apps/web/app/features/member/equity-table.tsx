import type { MemberLevel } from '@bazaar/shared/schemas/member';
import type { Language } from '@bazaar/shared/constants/limits';
import { DISCOUNT_RANGE } from '@bazaar/shared/constants/member';
import { percentOff } from '@bazaar/shared/constants/discount-rate';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatYuan } from '../../lib/format.ts';

/** Every level of one type side by side: a column per level, a row per benefit. */
export function EquityTable({ caption, levels, paid }: { caption: string; levels: MemberLevel[]; paid: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  if (levels.length === 0) return null;
  const dash = t('member.equity.none');
  const rows: Array<{ key: string; label: string; cell: (l: MemberLevel) => string }> = [
    ...(paid
      ? [{ key: 'prices', label: t('member.equity.prices'), cell: (l: MemberLevel) => l.prices.map((p) => t('member.buy.price', { term: t(`member.terms.${p.termType}`), amount: formatYuan(p.price, lang) })).join(' / ') || dash }]
      : [{ key: 'growth', label: t('member.equity.needGrowth'), cell: (l: MemberLevel) => String(l.needGrowth) }]),
    {
      key: 'discount',
      label: t('member.equity.discount'),
      cell: (l) => (l.discount === null ? dash : t(l.discountRange === DISCOUNT_RANGE.selfRun ? 'member.equity.selfRunGoods' : 'member.equity.allGoods', { discount: l.discount, off: percentOff(l.discount) })),
    },
    { key: 'freeShipping', label: t('member.equity.freeShipping'), cell: (l) => (l.isFreeFee ? t('member.equity.yes') : dash) },
    { key: 'rateScore', label: t('member.equity.rateScore'), cell: (l) => (l.rateScore > 1 ? t('member.equity.times', { rate: l.rateScore }) : dash) },
    ...(paid ? [{ key: 'coupons', label: t('member.equity.coupons'), cell: (l: MemberLevel) => l.couponList.map((c) => c.couponName).join('、') || dash }] : []),
  ];
  return (
    <div className="member-equity__scroll">
      <table className="member-equity__table" data-testid={paid ? 'equity-paid' : 'equity-growth'}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('member.equity.level')}</th>
            {levels.map((l) => (
              <th key={l.id} scope="col">
                {l.levelName}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {levels.map((l) => (
                <td key={l.id}>{row.cell(l)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
