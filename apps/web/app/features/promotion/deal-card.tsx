import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatDateTime, formatYuan } from '../../lib/format.ts';
import type { Language } from '@bazaar/shared/constants/limits';
import type { DiscountSummary } from '@bazaar/shared/schemas/shop-promotion';
import { buttonClass } from '../../components/ui/button.tsx';
import { DealCountdown } from './deal-countdown.tsx';

/** The tiers of a promotion as chips ("满199减20" "满399减50"), written by the server in the reader's language. */
export function DealLabels({ labels }: { labels: string[] }) {
  return (
    <ul className="deal-labels" data-testid="deal-labels">
      {labels.map((label) => (
        <li key={label} className="deal-labels__item">
          {label}
        </li>
      ))}
    </ul>
  );
}

/** One running promotion on /special-discount: its picture, kind, name, tiers, shop, cap and countdown. */
export function DealCard({ deal }: { deal: DiscountSummary }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const to = `/discount-detail?discountId=${deal.discountId}`;
  const titleId = `deal-${deal.discountId}`;
  const pic = deal.pic ?? deal.shopLogo;
  return (
    <article className="deal-card" aria-labelledby={titleId} data-testid="deal-card">
      <Link to={to} className="deal-card__media" tabIndex={-1} aria-hidden="true">
        {pic ? <img src={pic} alt="" width={160} height={160} loading="lazy" decoding="async" /> : null}
      </Link>
      <div className="deal-card__body">
        <p className="deal-card__kind">{t(`discountPage.kinds.${deal.discountRule}`)}</p>
        <h2 id={titleId} className="deal-card__name">
          <Link to={to}>{deal.discountName}</Link>
        </h2>
        <DealLabels labels={deal.labels} />
        <p className="deal-card__meta">
          <Link to={`/shopIndex?sid=${deal.shopId}`} className="deal-card__shop">
            {t('discountPage.shop', { name: deal.shopName })}
          </Link>
          {deal.maxReduceAmount !== null ? <span>{t('discountPage.cap', { amount: formatYuan(deal.maxReduceAmount, lang) })}</span> : null}
        </p>
        <div className="deal-card__foot">
          <DealCountdown endTime={deal.endTime} />
          <Link to={to} className={buttonClass({ size: 'sm' })} aria-label={t('discountPage.openLabel', { name: deal.discountName })}>
            {t('discountPage.open')}
          </Link>
        </div>
      </div>
    </article>
  );
}

/** The head of /discount-detail: the promotion with its shop, tiers, time window and countdown. */
export function DealHead({ deal }: { deal: DiscountSummary }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  return (
    <section className="card deal-head" aria-labelledby="deal-head-title" data-testid="deal-head">
      {deal.shopLogo ? <img className="deal-head__logo" src={deal.shopLogo} alt="" width={64} height={64} /> : null}
      <div className="deal-head__body">
        <p className="deal-card__kind">{t(`discountPage.kinds.${deal.discountRule}`)}</p>
        <h1 id="deal-head-title" className="deal-head__title">
          {deal.discountName}
        </h1>
        <DealLabels labels={deal.labels} />
        <p className="deal-card__meta">
          <Link to={`/shopIndex?sid=${deal.shopId}`} className="deal-card__shop">
            {t('discountPage.shop', { name: deal.shopName })}
          </Link>
          {deal.maxReduceAmount !== null ? <span>{t('discountPage.cap', { amount: formatYuan(deal.maxReduceAmount, lang) })}</span> : null}
          <span>{t('discountPage.window', { start: formatDateTime(deal.startTime, lang), end: formatDateTime(deal.endTime, lang) })}</span>
        </p>
      </div>
      <DealCountdown endTime={deal.endTime} />
    </section>
  );
}
