import { useEffect, useState } from 'react';
import { Link, data, redirect, useNavigate } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/payment-result';
import { SERIAL_NUMBER_PATTERN, type PaymentInfo } from '@bazaar/shared/schemas/payment';
import { PAY_ENTRY } from '@bazaar/shared/constants/order-status';
import { pageTitle } from '../components/page-meta.ts';
import { buttonClass } from '../components/ui/button.tsx';
import { apiContextFor } from '../lib/request-api.server.ts';
import { recalledPayNo } from '../features/payment/pay-no.ts';
import { loadPaymentInfo } from '../features/payment/payment-info.server.ts';
import { usePaymentArrived } from '../features/payment/use-payment-arrived.ts';
import { ORDERS_PATH, PaySuccess, PaymentProblem, PaymentSignIn } from '../features/payment/payment-panels.tsx';
import { balanceAfterTopUp } from '../features/balance/paths.ts';
import { memberAfterPurchase } from '../features/member/paths.ts';
import '../features/payment/payment.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'payment.title' });
}

/**
 * Where a gateway sends the buyer back (`?payNo=`, plus Alipay's signed return parameters). The
 * return itself proves nothing: the page trusts only the server's record of the payment.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const payNo = params.get('payNo') ?? params.get('out_trade_no') ?? '';
  if (!SERIAL_NUMBER_PATTERN.test(payNo)) return apiContextFor(request).token ? { state: 'recall' as const } : { state: 'login' as const };
  const loaded = await loadPaymentInfo(request, payNo);
  // A top-up's result is told on the balance page, with the new balance.
  if (loaded.state === 'ready' && loaded.info.payEntry === PAY_ENTRY.topUp) throw redirect(balanceAfterTopUp(payNo));
  // A membership's, in the member center.
  if (loaded.state === 'ready' && loaded.info.payEntry === PAY_ENTRY.membership) throw redirect(memberAfterPurchase(payNo));
  return loaded.state === 'problem' ? data(loaded, { status: 400 }) : loaded;
}

export default function PaymentResult({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.state === 'login') return <PaymentSignIn />;
  if (loaderData.state === 'recall') return <RecallPayNo />;
  if (loaderData.state === 'problem') return <PaymentProblem title={t('payment.notFound.title')} message={loaderData.message} />;
  return <ResultPanel info={loaderData.info} />;
}

/** No payNo in the address: take the one kept in session storage, if any. */
function RecallPayNo() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    const payNo = recalledPayNo();
    if (payNo && SERIAL_NUMBER_PATTERN.test(payNo)) void navigate(`/payment/result?payNo=${payNo}`, { replace: true });
    else setMissing(true);
  }, [navigate]);
  return missing ? <PaymentProblem title={t('payment.notFound.title')} message={t('payment.errors.paymentNotFound')} /> : null;
}

function ResultPanel({ info }: { info: PaymentInfo }) {
  const { t } = useTranslation();
  const paid = usePaymentArrived(info);

  if (paid) {
    return (
      <div className="container page-section">
        <PaySuccess amount={info.totalFee} orderNumbers={info.orderNumbers.split(',')} />
      </div>
    );
  }
  return (
    <div className="container page-section">
      <section className="card message-panel" aria-labelledby="pay-pending-title">
        <h1 id="pay-pending-title" className="message-panel__title">
          {t('payment.pending.title')}
        </h1>
        <p className="message-panel__text" aria-live="polite">
          {t('payment.pending.text')}
        </p>
        <div className="pay-actions">
          <Link to={`/payment?orderNumbers=${info.orderNumbers}`} className={buttonClass({ variant: 'primary' })}>
            {t('payment.pending.retry')}
          </Link>
          <Link to={ORDERS_PATH} className={buttonClass({ variant: 'secondary' })}>
            {t('payment.backToOrders')}
          </Link>
        </div>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation();
  return <PaymentProblem title={t('payment.notFound.title')} message={t('payment.notFound.text')} />;
}
