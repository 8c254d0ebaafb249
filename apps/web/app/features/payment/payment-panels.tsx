import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatYuan } from '../../lib/format.ts';
import type { Language } from '@bazaar/shared/constants/limits';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { emitApiEvent } from '../../lib/api-events.ts';
import { apiData } from '../../lib/api.ts';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';

export const ORDERS_PATH = '/user-center/uc-order';
export const orderDetailPath = (orderNumber: string) => `/order-detail?orderNumber=${orderNumber}`;

// The app shell opens the login popup on this event (features do not import each other).
const openLogin = () => emitApiEvent({ type: 'login-required' });

/** Paying needs a login: the popup opens at once and this panel offers it again. */
export function PaymentSignIn() {
  const { t } = useTranslation();
  useEffect(() => {
    openLogin();
  }, []);
  return (
    <div className="container page-section">
      <section className="card message-panel" aria-labelledby="pay-login-title">
        <h1 id="pay-login-title" className="message-panel__title">
          {t('payment.login.title')}
        </h1>
        <p className="message-panel__text">{t('payment.login.text')}</p>
        <Button onClick={openLogin}>{t('payment.login.button')}</Button>
      </section>
    </div>
  );
}

/** Nothing to pay: expired, already moved on, or not this shopper's (the API's own words). */
export function PaymentProblem({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation();
  return (
    <div className="container page-section">
      <section className="card message-panel" aria-labelledby="pay-problem-title">
        <h1 id="pay-problem-title" className="message-panel__title">
          {title}
        </h1>
        <p className="message-panel__text" role="alert">
          {message}
        </p>
        <div className="pay-actions">
          <Link to={ORDERS_PATH} className={buttonClass({ variant: 'primary' })}>
            {t('payment.backToOrders')}
          </Link>
          <Link to="/" className={buttonClass({ variant: 'secondary' })}>
            {t('payment.success.home')}
          </Link>
        </div>
      </section>
    </div>
  );
}

/**
 * Whether the one order just paid is a group order whose team is still forming (status 7): it ships
 * once the team is complete, so the page says so (QA2 item 11). Read after the payment, in the browser.
 */
function useGrouping(orderNumbers: string[], initial: boolean): boolean {
  const [grouping, setGrouping] = useState(initial);
  const only = orderNumbers.length === 1 ? orderNumbers[0]! : null;
  useEffect(() => {
    if (!only) return;
    let live = true;
    apiData<{ status?: number }>('/p/myOrder/orderDetail', { query: { orderNumber: only }, silent: true })
      .then((order) => {
        if (live) setGrouping(order.status === ORDER_STATUS.grouping);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [only]);
  return grouping;
}

/** The money arrived: where to go next. */
export function PaySuccess({ amount, orderNumbers, grouping: knownGrouping = false }: { amount: number; orderNumbers: string[]; grouping?: boolean }) {
  const { t, i18n } = useTranslation();
  const grouping = useGrouping(orderNumbers, knownGrouping);
  return (
    <section className="card message-panel pay-success" aria-labelledby="pay-success-title">
      <span className="pay-success__icon" aria-hidden="true">
        ✓
      </span>
      <h1 id="pay-success-title" className="message-panel__title">
        {t('payment.success.title')}
      </h1>
      <p className="message-panel__text">{t(grouping ? 'payment.success.groupingText' : 'payment.success.text', { amount: formatYuan(amount, i18n.language as Language) })}</p>
      <div className="pay-actions">
        {orderNumbers.length === 1 ? (
          <Link to={orderDetailPath(orderNumbers[0]!)} className={buttonClass({ variant: 'primary' })}>
            {t('payment.success.viewOrder')}
          </Link>
        ) : null}
        <Link to={ORDERS_PATH} className={buttonClass({ variant: orderNumbers.length === 1 ? 'secondary' : 'primary' })}>
          {t('payment.success.viewOrders')}
        </Link>
        <Link to="/" className={buttonClass({ variant: 'secondary' })}>
          {t('payment.success.home')}
        </Link>
      </div>
    </section>
  );
}
