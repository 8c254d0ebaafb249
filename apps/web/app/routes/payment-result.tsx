import { useEffect, useState } from 'react';
import { Link, data, useNavigate } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import { z } from 'zod';
import type { Route } from './+types/payment-result';
import { PAY_STATUS_POLL_MS, PaymentInfoSchema, SERIAL_NUMBER_PATTERN, parseApiTime, type PaymentInfo } from '@bazaar/shared/schemas/payment';
import { pageTitle } from '../components/page-meta.ts';
import { buttonClass } from '../components/ui/button.tsx';
import { ApiError, api } from '../lib/api.ts';
import { apiContextFor } from '../lib/request-api.server.ts';
import { recalledPayNo } from '../features/payment/pay-no.ts';
import { ORDERS_PATH, PaySuccess, PaymentProblem, PaymentSignIn } from '../features/payment/payment-panels.tsx';
import '../features/payment/payment.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'payment.title' });
}

/**
 * Where a gateway sends the buyer back (`?payNo=`, plus Alipay's signed return parameters). The
 * return itself proves nothing: the page trusts only the server's record of the payment.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const context = apiContextFor(request);
  if (!context.token) return { state: 'login' as const };
  const params = new URL(request.url).searchParams;
  const payNo = params.get('payNo') ?? params.get('out_trade_no') ?? '';
  if (!SERIAL_NUMBER_PATTERN.test(payNo)) return { state: 'recall' as const };
  try {
    const info = await api('/p/order/getPayInfoByPayNo', { ...context, query: { payNo }, schema: PaymentInfoSchema });
    return { state: 'ready' as const, info };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { state: 'login' as const };
    if (error instanceof ApiError && error.status === 400) return data({ state: 'problem' as const, message: error.text }, { status: 400 });
    throw error;
  }
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
  const [paid, setPaid] = useState(info.status === 1);

  // The gateway's notification may land a moment after the buyer: keep asking until the order's time is up.
  useEffect(() => {
    if (paid) return;
    let live = true;
    const timer = window.setInterval(() => {
      if (Date.now() > parseApiTime(info.endTime)) {
        window.clearInterval(timer);
        return;
      }
      api(`/p/order/isPay/${info.payEntry}/${info.payNo}`, { schema: z.boolean(), silent: true, noLoginPrompt: true })
        .then((done) => {
          if (live && done) setPaid(true);
        })
        .catch(() => undefined);
    }, PAY_STATUS_POLL_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [paid, info.endTime, info.payEntry, info.payNo]);

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
