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
import { MEMBER_CENTER_PATH, memberAfterPurchase } from '../features/member/paths.ts';

/** Where a paid top-up or membership tells its news (orders stay on the result panel). */
const newsPageOf = (info: Pick<PaymentInfo, 'payEntry' | 'payNo'>) =>
  info.payEntry === PAY_ENTRY.topUp ? balanceAfterTopUp(info.payNo) : info.payEntry === PAY_ENTRY.membership ? memberAfterPurchase(info.payNo) : null;
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
  // A top-up or membership already paid: its news is on the balance page or the member center.
  const news = newsPageOf(info);
  if (news && info.status === 1) throw redirect(news);
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
  const membership = info.payEntry === PAY_ENTRY.membership;
  const news = newsPageOf(info);
  const navigate = useNavigate();

  useEffect(() => {
    rememberPayNo(info.payNo);
  }, [info.payNo]);
  // A top-up's or membership's money arrived: back to the page that shows it.
  useEffect(() => {
    if (paid && news) void navigate(news, { replace: true });
  }, [paid, news, navigate]);

  const orderNumbers = info.orderNumbers.split(',');
  if (paid && news) return null;
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
            ) : membership ? (
              <>
                <dt>{t('member.buy.payFor')}</dt>
                <dd>{t('member.buy.title')}</dd>
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
            <Link to={topUp ? BALANCE_PATH : membership ? MEMBER_CENTER_PATH : `/payment?orderNumbers=${info.orderNumbers}`} className="pay-link">
              {topUp ? t('balance.payment.backToBalance') : membership ? t('member.buy.back') : t('payment.weixin.otherMethod')}
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
