import type { Language } from '@bazaar/shared/constants/limits';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatYuan } from '../../lib/format.ts';

/** How the top-up the shopper came back from stands: waiting for the gateway, or arrived. */
export type TopUpState = { state: 'pending' } | { state: 'arrived'; amount: number } | null;

/** The balance, and the news of a top-up the shopper just paid. */
export function BalanceSummary({ balance, topUp }: { balance: number; topUp: TopUpState }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  return (
    <section className="card uc-panel balance-summary" aria-labelledby="uc-balance-title">
      <h1 id="uc-balance-title" className="uc-panel__title">
        {t('balance.title')}
      </h1>
      <p className="balance-summary__balance">
        <span className="balance-summary__label">{t('balance.current')}</span>
        <span className="balance-summary__amount" data-testid="balance-amount">
          {formatYuan(balance, lang)}
        </span>
      </p>
      <div role="status" className="balance-summary__news">
        {topUp?.state === 'pending' ? <p className="balance-summary__pending">{t('balance.topUp.pending')}</p> : null}
        {topUp?.state === 'arrived' ? (
          <p className="balance-summary__arrived">{t('balance.topUp.arrived', { amount: formatYuan(topUp.amount, lang), balance: formatYuan(balance, lang) })}</p>
        ) : null}
      </div>
    </section>
  );
}
