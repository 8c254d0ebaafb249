import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import type { Language } from '@bazaar/shared/constants/limits';
import type { CouponCard, ReceiveResult } from '@bazaar/shared/schemas/coupon';
import { apiData, ApiError } from '../../lib/api.ts';
import { emitApiEvent } from '../../lib/api-events.ts';
import { Button } from '../../components/ui/button.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { couponCondition, couponScope, couponValidity, couponValue } from './coupon-text.ts';

/**
 * Receives a coupon for the logged-in shopper (a visitor gets the login popup) and answers the
 * coupon as the API now sees it; the API client shows a refusal (limit, sold out) as a toast.
 */
export function useReceive(isLoggedIn: boolean, onReceived: (card: CouponCard) => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<number | null>(null);
  async function receive(couponId: number) {
    if (!isLoggedIn) {
      emitApiEvent({ type: 'login-required' });
      return;
    }
    if (busy !== null) return;
    setBusy(couponId);
    try {
      const result = await apiData<ReceiveResult>('/p/myCoupon/receive', { method: 'POST', body: { couponId } });
      onReceived(result.coupon);
      showToast(t('coupon.card.receivedToast'), { kind: 'success' });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(null);
    }
  }
  return { receive, busy };
}

/**
 * A coupon to receive: its value, condition, scope, validity, stock and the button of its state.
 * The button waits for hydration: the tickets are a lazy chunk, hydrated after the page, and a
 * click on the server's button before then would be lost.
 */
export function CouponTicket({ coupon, onReceive, busy, compact = false }: { coupon: CouponCard; onReceive: (couponId: number) => void; busy: boolean; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const lang = i18n.language as Language;
  const done = coupon.state !== 'receivable';
  const label =
    coupon.state === 'soldOut' ? t('coupon.card.soldOut') : coupon.state === 'received' ? t('coupon.card.received') : coupon.receivedCount > 0 ? t('coupon.card.receiveAgain') : t('coupon.card.receive');
  return (
    <article className={`coupon-ticket${done ? ' coupon-ticket--done' : ''}${compact ? ' coupon-ticket--compact' : ''}`} aria-label={`${couponValue(coupon, t, lang)} ${coupon.couponName}`}>
      <div className="coupon-ticket__value">
        <strong className="coupon-ticket__amount">{couponValue(coupon, t, lang)}</strong>
        <span className="coupon-ticket__condition">{couponCondition(coupon, t, lang)}</span>
      </div>
      <div className="coupon-ticket__body">
        <p className="coupon-ticket__name">
          <span className={`coupon-ticket__tag${coupon.shopId === 0 ? ' coupon-ticket__tag--platform' : ''}`}>{coupon.shopId === 0 ? t('coupon.card.platform') : coupon.shopName}</span>
          {coupon.couponName}
        </p>
        <p className="coupon-ticket__meta">{couponScope(coupon, t)}</p>
        <p className="coupon-ticket__meta">{couponValidity(coupon, t)}</p>
        {compact ? null : (
          <p className="coupon-ticket__meta">
            {t('coupon.card.limit', { count: coupon.limitNum })}
            {coupon.state === 'soldOut' ? null : ` · ${t('coupon.card.left', { count: coupon.stocks })}`}
          </p>
        )}
      </div>
      <div className="coupon-ticket__action">
        <Button size="sm" variant={done ? 'secondary' : 'primary'} disabled={done || busy || !hydrated} onClick={() => onReceive(coupon.couponId)}>
          {label}
        </Button>
      </div>
    </article>
  );
}

/** Coupons with their receive buttons; a received one takes the state the API answered. */
export function CouponTickets({ coupons, isLoggedIn, compact = false, className = 'coupon-grid' }: { coupons: CouponCard[]; isLoggedIn: boolean; compact?: boolean; className?: string }) {
  const [updated, setUpdated] = useState<Record<number, CouponCard>>({});
  const { receive, busy } = useReceive(isLoggedIn, (card) => setUpdated((u) => ({ ...u, [card.couponId]: card })));
  return (
    <div className={className}>
      {coupons.map((c) => {
        const coupon = updated[c.couponId] ?? c;
        return <CouponTicket key={c.couponId} coupon={coupon} busy={busy === c.couponId} compact={compact} onReceive={(id) => void receive(id)} />;
      })}
    </div>
  );
}
