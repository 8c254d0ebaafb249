import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import type { Language } from '@bazaar/shared/constants/limits';
import type { MyCoupon } from '@bazaar/shared/schemas/coupon';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { couponCondition, couponScope, couponValue, heldPeriod, couponGoodsPath } from './coupon-text.ts';

/** My coupons of one tab: unused ones lead to their goods ("use now"), used and expired ones can be deleted (confirmed). */
export function MyCouponList({ coupons, status, busy, onDelete }: { coupons: MyCoupon[]; status: 0 | 1 | 2; busy: boolean; onDelete: (couponUserId: number) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const [deleting, setDeleting] = useState<MyCoupon | null>(null);
  return (
    <>
      <ul className="coupon-grid coupon-grid--mine">
        {coupons.map((c) => (
          <li key={c.couponUserId} className={`coupon-ticket${status === 1 ? '' : ' coupon-ticket--done'}`}>
            <div className="coupon-ticket__value">
              <strong className="coupon-ticket__amount">{couponValue(c, t, lang)}</strong>
              <span className="coupon-ticket__condition">{couponCondition(c, t, lang)}</span>
            </div>
            <div className="coupon-ticket__body">
              <p className="coupon-ticket__name">
                <span className={`coupon-ticket__tag${c.shopId === 0 ? ' coupon-ticket__tag--platform' : ''}`}>{c.shopId === 0 ? t('coupon.card.platform') : c.shopName}</span>
                {c.couponName}
              </p>
              <p className="coupon-ticket__meta">{couponScope(c, t)}</p>
              <p className="coupon-ticket__meta">{heldPeriod(c, t)}</p>
              {c.notStarted ? <p className="coupon-ticket__meta coupon-ticket__meta--note">{t('coupon.mine.notStarted')}</p> : null}
              {status === 2 && c.usedTime ? <p className="coupon-ticket__meta">{t('coupon.mine.usedAt', { time: c.usedTime.slice(0, 16) })}</p> : null}
            </div>
            <div className="coupon-ticket__action">
              {status === 1 ? (
                <Link to={couponGoodsPath(c)} className={buttonClass({ size: 'sm' })}>
                  {t('coupon.mine.useNow')}
                </Link>
              ) : (
                <>
                  <span className="coupon-ticket__stamp">{t(`coupon.mine.stamp.${status}`)}</span>
                  <Button size="sm" variant="secondary" disabled={busy} onClick={() => setDeleting(c)} aria-label={`${t('coupon.mine.delete')} ${c.couponName}`}>
                    {t('coupon.mine.delete')}
                  </Button>
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} title={t('coupon.mine.deleteConfirm')}>
        {deleting ? (
          <div className="confirm">
            <p>{deleting.couponName}</p>
            <div className="coupon-confirm__actions">
              <Button variant="secondary" onClick={() => setDeleting(null)}>
                {t('coupon.mine.cancel')}
              </Button>
              <Button
                disabled={busy}
                onClick={() => {
                  const target = deleting;
                  setDeleting(null);
                  onDelete(target.couponUserId);
                }}
              >
                {t('coupon.mine.delete')}
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </>
  );
}
