import { useEffect } from 'react';
import { Link, data, redirect, useNavigate } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/weixin-pay';
import { PAY_ENTRY, PAY_TYPE } from '@bazaar/shared/constants/order-status';
import type { PaymentInfo } from '@bazaar/shared/schemas/payment';
import { pageTitle } from '../components/page-meta.ts';
import { Price } from '../components/ui/price.tsx';
import { formatCountdown, useCountdown } from '../lib/countdown.ts';
import { rememberPayNo } from '../features/payment/pay-no.ts';
import { PaySuccess, PaymentProblem, PaymentSignIn } from '../features/payment/payment-panels.tsx';
import { loadPaymentInfo } from '../features/payment/payment-info.server.ts';
import { qrCodeSvg } from '../features/payment/qr-code.server.ts';
import { usePaymentArrived } from '../features/payment/use-payment-arrived.ts';
import { BALANCE_PATH, balanceAfterTopUp } from '../features/balance/paths.ts';
import '../features/payment/payment.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'payment.weixin.title' });
}

/** `/weixin-pay?payNo=&orderNumbers=`: the QR of the payment link, drawn here on the server. */
export async function loader({ request }: Route.LoaderArgs) {
  const loaded = await loadPaymentInfo(request, new URL(request.url).searchParams.get('payNo') ?? '');
  if (loaded.state === 'problem') return data(loaded, { status: 400 });
  if (loaded.state === 'login') return loaded;
  const { info } = loaded;
  if (info.payType !== PAY_TYPE.wechat) return data({ state: 'problem' as const, message: '' }, { status: 404 });
  // A top-up already paid: its news and the new balance are on the balance page.
  if (info.payEntry === PAY_ENTRY.topUp && info.status === 1) throw redirect(balanceAfterTopUp(info.payNo));
  return { state: 'ready' as const, info, qrSvg: info.codeUrl ? await qrCodeSvg(info.codeUrl) : null };
}

export default function WeixinPay({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.state === 'login') return <PaymentSignIn />;
  if (loaderData.state === 'problem') return <PaymentProblem title={t('payment.notFound.title')} message={loaderData.message || t('payment.notFound.text')} />;
  return <WeixinQr info={loaderData.info} qrSvg={loaderData.qrSvg} />;
}

function WeixinQr({ info, qrSvg }: { info: PaymentInfo; qrSvg: string | null }) {
  const { t } = useTranslation();
  const left = useCountdown(info.endTime);
  const lapsed = left === 0 || !qrSvg;
  const paid = usePaymentArrived(info, lapsed);
  const expired = !paid && lapsed;
  const topUp = info.payEntry === PAY_ENTRY.topUp;
  const navigate = useNavigate();

  useEffect(() => {
    rememberPayNo(info.payNo);
  }, [info.payNo]);
  // A top-up's money arrived: back to the balance page, which shows it with the new balance.
  useEffect(() => {
    if (paid && topUp) void navigate(balanceAfterTopUp(info.payNo), { replace: true });
  }, [paid, topUp, info.payNo, navigate]);

  const orderNumbers = info.orderNumbers.split(',');
  if (paid && topUp) return null;
  if (paid) {
    return (
      <div className="container page-section">
        <PaySuccess amount={info.totalFee} orderNumbers={orderNumbers} />
      </div>
    );
  }

  const sandboxLink = info.codeUrl && /^https?:\/\//.test(info.codeUrl) ? info.codeUrl : null;
  return (
    <div className="container page-section pay-page">
      <section className="card wx-pay" aria-labelledby="wx-title">
        <div className="wx-pay__info">
          <h1 id="wx-title" className="wx-pay__title">
            {t('payment.weixin.title')}
          </h1>
          <dl className="pay-summary__facts">
            {topUp ? (
              <>
                <dt>{t('balance.payment.topUpFor')}</dt>
                <dd>{t('balance.payment.topUpName')}</dd>
              </>
            ) : (
              <>
                <dt>{t('payment.orderNumbers')}</dt>
                <dd>{orderNumbers.join(', ')}</dd>
              </>
            )}
            <dt>{t('payment.weixin.amount')}</dt>
            <dd>
              <Price fen={info.totalFee} />
            </dd>
          </dl>
          {expired || left === null ? null : <p className="pay-countdown">{t('payment.weixin.countdown', { time: formatCountdown(left) })}</p>}
          <p>
            <Link to={topUp ? BALANCE_PATH : `/payment?orderNumbers=${info.orderNumbers}`} className="pay-link">
              {topUp ? t('balance.payment.backToBalance') : t('payment.weixin.otherMethod')}
            </Link>
          </p>
        </div>
        <div className={`wx-pay__qr${expired ? ' wx-pay__qr--expired' : ''}`}>
          {qrSvg ? <div className="wx-pay__qr-code" role="img" aria-label={t('payment.weixin.qrLabel')} dangerouslySetInnerHTML={{ __html: qrSvg }} /> : null}
          {expired ? (
            <p className="wx-pay__expired" role="alert">
              {t('payment.errors.qrExpired')}
            </p>
          ) : (
            <>
              <p className="wx-pay__scan">{t('payment.weixin.scan')}</p>
              <p className="pay-note" aria-live="polite">
                {t('payment.weixin.polling')}
              </p>
              {sandboxLink ? (
                <a href={sandboxLink} target="_blank" rel="noreferrer" className="pay-link">
                  {t('payment.weixin.openOnPhone')}
                </a>
              ) : null}
            </>
          )}
        </div>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation();
  return <PaymentProblem title={t('payment.notFound.title')} message={t('payment.notFound.text')} />;
}
