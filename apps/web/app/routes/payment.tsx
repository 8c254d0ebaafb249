import { useState } from 'react';
import { data, useNavigate } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import { formatYuan, maskMobile } from '../lib/format.ts';
import { z } from 'zod';
import type { Route } from './+types/payment';
import { PAY_TYPE } from '@bazaar/shared/constants/order-status';
import type { Language } from '@bazaar/shared/constants/limits';
import { OrderPayInfoSchema, PayResultSchema } from '@bazaar/shared/schemas/payment';
import { pageTitle } from '../components/page-meta.ts';
import { Button } from '../components/ui/button.tsx';
import { Price } from '../components/ui/price.tsx';
import { ApiError, api } from '../lib/api.ts';
import { apiContextFor } from '../lib/request-api.server.ts';
import { formatCountdown, useCountdown } from '../lib/countdown.ts';
import { rememberPayNo } from '../features/payment/pay-no.ts';
import { usePaySwitch } from '../features/payment/pay-switch.ts';
import { PaySuccess, PaymentProblem, PaymentSignIn } from '../features/payment/payment-panels.tsx';
import { PayMark, type PayMarkKey } from '../features/payment/pay-mark.tsx';
import '../features/payment/payment.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'payment.title' });
}

/** The checkout counter for `?orderNumbers=n1,n2`: the caller's unpaid orders and their balance. */
export async function loader({ request }: Route.LoaderArgs) {
  const context = apiContextFor(request);
  if (!context.token) return { state: 'login' as const };
  const orderNumbers = new URL(request.url).searchParams.get('orderNumbers') ?? '';
  try {
    const [info, balance] = await Promise.all([
      api('/p/order/getOrderPayInfoByOrderNumber', { ...context, query: { orderNumbers }, schema: OrderPayInfoSchema }),
      api('/p/userBalance/getBalanceInfo', { ...context, schema: z.number() }),
    ]);
    // What the balance lacks, worked out here on the server from the API's two amounts (the browser computes no money).
    return { state: 'ready' as const, info, balance, shortfall: Math.max(0, info.totalFee - balance) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { state: 'login' as const };
    // Expired, already paid or cancelled, or not this shopper's: the API's message says which.
    if (error instanceof ApiError && error.status === 400) return data({ state: 'problem' as const, message: error.text, code: error.code }, { status: 400 });
    throw error;
  }
}

type Method = typeof PAY_TYPE.balance | typeof PAY_TYPE.alipay | typeof PAY_TYPE.wechat;

/** Submits the gateway's auto-posting form: the browser leaves for the cashier. */
function submitGatewayForm(html: string): void {
  const holder = document.createElement('div');
  holder.hidden = true;
  holder.innerHTML = html;
  document.body.appendChild(holder);
  holder.querySelector('form')?.submit();
}

export default function Payment({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.state === 'login') return <PaymentSignIn />;
  if (loaderData.state === 'problem') {
    const expired = loaderData.code === 'payment.errors.orderExpired';
    return <PaymentProblem title={t(expired ? 'payment.expiredTitle' : 'payment.notFound.title')} message={loaderData.message || t('payment.notFound.text')} />;
  }
  return <PaymentCounter info={loaderData.info} balance={loaderData.balance} shortfall={loaderData.shortfall} />;
}

function PaymentCounter({ info, balance, shortfall }: { info: z.infer<typeof OrderPayInfoSchema>; balance: number; shortfall: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const navigate = useNavigate();
  const switches = usePaySwitch();
  const left = useCountdown(info.endTime);
  const expired = left === 0;
  const [chosen, setChosen] = useState<Method | null>(null);
  const [busy, setBusy] = useState<'paying' | 'redirecting' | null>(null);
  const [paid, setPaid] = useState(false);
  const orderNumbers = info.orderNumbers.split(',');

  const methods: Array<{ type: Method; key: PayMarkKey }> = switches
    ? [
        ...(switches.balancePaySwitch ? [{ type: PAY_TYPE.balance, key: 'balance' as const }] : []),
        ...(switches.aliPaySwitch ? [{ type: PAY_TYPE.alipay, key: 'alipay' as const }] : []),
        ...(switches.wxPaySwitch ? [{ type: PAY_TYPE.wechat, key: 'wechat' as const }] : []),
      ]
    : [];
  // A balance that cannot cover the amount cannot pay: it is shown with what it lacks, and the
  // first method that can pay is chosen instead.
  const canPay = (type: Method) => type !== PAY_TYPE.balance || shortfall === 0;
  const payable = methods.filter((m) => canPay(m.type));
  const selected = chosen && payable.some((m) => m.type === chosen) ? chosen : (payable[0]?.type ?? null);

  async function pay() {
    if (!selected || busy || expired) return;
    setBusy('paying');
    try {
      const answer = await api('/p/order/pay', { method: 'POST', body: { orderNumbers: info.orderNumbers, payType: selected, returnUrl: '/payment/result' } });
      if (selected === PAY_TYPE.balance) {
        setPaid(true);
        setBusy(null);
        return;
      }
      const started = PayResultSchema.parse(answer);
      rememberPayNo(started.payNo);
      if (selected === PAY_TYPE.alipay && started.form) {
        setBusy('redirecting');
        submitGatewayForm(started.form);
        return;
      }
      await navigate(`/weixin-pay?payNo=${started.payNo}&orderNumbers=${info.orderNumbers}`);
    } catch {
      // The API's message (insufficient balance with the balance, expired, status changed) is already a toast.
      setBusy(null);
    }
  }

  if (paid) {
    return (
      <div className="container page-section">
        <PaySuccess amount={info.totalFee} orderNumbers={orderNumbers} />
      </div>
    );
  }

  return (
    <div className="container page-section pay-page">
      <section className="card pay-summary" aria-labelledby="pay-title">
        <div>
          <h1 id="pay-title" className="pay-summary__heading">
            {t('payment.heading')}
          </h1>
          <dl className="pay-summary__facts">
            <dt>{t('payment.orderNumbers')}</dt>
            <dd data-testid="pay-order-numbers">{orderNumbers.join(', ')}</dd>
            <dt>{t('payment.products')}</dt>
            <dd>{info.prodNameList.join('、')}</dd>
            <dt>{t('payment.address')}</dt>
            <dd>
              {info.receiver} {maskMobile(info.mobile)} {info.userAddr}
            </dd>
          </dl>
        </div>
        <div className="pay-summary__amount">
          <span className="pay-summary__amount-label">{t('payment.amount')}</span>
          <Price fen={info.totalFee} />
          {info.totalScore > 0 ? (
            <p className="pay-summary__points" data-testid="pay-points">
              {t('integralMall.order.pointsLabel')}: {t('integralMall.order.points', { count: info.totalScore })}
            </p>
          ) : null}
          {expired ? (
            <p className="pay-countdown" role="alert">
              {t('payment.errors.orderExpired')}
            </p>
          ) : (
            <p className="pay-countdown" aria-live="off">
              {left === null ? null : <span>{t('payment.countdown', { time: formatCountdown(left) })}</span>}
            </p>
          )}
        </div>
      </section>

      <section className="card pay-methods" aria-labelledby="pay-methods-title">
        <h2 id="pay-methods-title" className="pay-methods__title">
          {t('payment.methodsTitle')}
        </h2>
        {switches === null ? (
          <p className="pay-note">{t('payment.methodsLoading')}</p>
        ) : methods.length === 0 ? (
          <p className="pay-note">{t('payment.noMethods')}</p>
        ) : (
          <fieldset className="pay-methods__list" aria-labelledby="pay-methods-title">
            {methods.map((m) => (
              <label key={m.type} className="pay-method">
                <input type="radio" name="payType" value={m.type} checked={selected === m.type} disabled={!canPay(m.type)} onChange={() => setChosen(m.type)} />
                <PayMark method={m.key} className={`pay-method__logo pay-method__logo--${m.key}`} />
                <span className="pay-method__text">
                  <span className="pay-method__name">{t(`payment.methods.${m.key}`)}</span>
                  {m.type === PAY_TYPE.balance ? (
                    <span className={`pay-method__note${shortfall > 0 ? ' pay-method__note--short' : ''}`} data-testid="pay-balance-note">
                      {t('payment.balanceAvailable', { balance: formatYuan(balance, lang) })}
                      {shortfall > 0 ? ` · ${t('payment.balanceShort', { amount: formatYuan(shortfall, lang) })}` : ''}
                    </span>
                  ) : null}
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <div className="pay-methods__footer">
          {busy === 'redirecting' ? <span className="pay-note">{t('payment.redirecting')}</span> : null}
          <Button size="lg" onClick={() => void pay()} disabled={!selected || !!busy || expired || left === null}>
            {busy ? t('payment.paying') : t('payment.payNow')}
          </Button>
        </div>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation();
  return <PaymentProblem title={t('payment.notFound.title')} message={t('payment.notFound.text')} />;
}
