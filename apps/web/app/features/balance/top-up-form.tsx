import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { BalanceOption } from '@bazaar/shared/schemas/balance';
import { PayResultSchema } from '@bazaar/shared/schemas/payment';
import { TopUpAmountSchema } from '@bazaar/shared/schemas/balance';
import { CUSTOM_TOP_UP_ID } from '@bazaar/shared/constants/balance';
import { PAY_TYPE } from '@bazaar/shared/constants/order-status';
import type { Language } from '@bazaar/shared/constants/limits';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatYuan } from '../../lib/format.ts';
import { api } from '../../lib/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { PayMethodChoice, usePayMethod, type PayMethodOption } from '../../components/pay-method-choice.tsx';
import { BALANCE_PATH } from './paths.ts';

type Method = typeof PAY_TYPE.alipay | typeof PAY_TYPE.wechat;

/** Submits the gateway's auto-posting form: the browser leaves for the cashier. */
function submitGatewayForm(html: string): void {
  const holder = document.createElement('div');
  holder.hidden = true;
  holder.innerHTML = html;
  document.body.appendChild(holder);
  holder.querySelector('form')?.submit();
}

/**
 * A preset or a custom amount, and Alipay or WeChat (never the balance). The API answers the
 * Alipay form (the browser goes to the cashier) or a pay number for the WeChat QR page; both come
 * back to this page with the pay number.
 */
export function TopUpForm({
  options,
  methods,
  onStarted,
}: {
  options: BalanceOption[];
  /** The gateways the pay switch offers, in order; null while it loads. */
  methods: Array<PayMethodOption<Method>> | null;
  onStarted: (payNo: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const navigate = useNavigate();
  const [choice, setChoice] = useState<number>(options[0]?.balanceId ?? CUSTOM_TOP_UP_ID);
  const [custom, setCustom] = useState('');
  const [customError, setCustomError] = useState<string | null>(null);
  const [selectedMethod, setMethod] = usePayMethod(methods);
  const [busy, setBusy] = useState<'paying' | 'redirecting' | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !selectedMethod) return;
    // The shopper types yuan; the call takes integer fen (decision 040).
    let customFen: number | null = null;
    if (choice === CUSTOM_TOP_UP_ID) {
      const checked = TopUpAmountSchema.safeParse(custom);
      if (!checked.success) {
        setCustomError(t(checked.error.issues[0]?.message ?? 'balance.errors.amountInvalid'));
        return;
      }
      customFen = checked.data;
    }
    setCustomError(null);
    setBusy('paying');
    try {
      const answer = await api('/p/balance/pay', {
        method: 'POST',
        body: { id: choice, ...(customFen !== null ? { customRechargeAmount: customFen } : {}), payType: selectedMethod, returnUrl: BALANCE_PATH },
      });
      const started = PayResultSchema.parse(answer);
      onStarted(started.payNo);
      if (selectedMethod === PAY_TYPE.alipay && started.form) {
        setBusy('redirecting');
        submitGatewayForm(started.form);
        return;
      }
      await navigate(`/weixin-pay?payNo=${started.payNo}`);
    } catch {
      // The API's message (the limit, a preset gone, a method turned off) is already a toast.
      setBusy(null);
    }
  }

  return (
    <section className="card uc-panel top-up" aria-labelledby="top-up-title">
      <h2 id="top-up-title" className="uc-panel__title">
        {t('balance.topUp.title')}
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className="top-up__options">
          <legend className="top-up__legend">{t('balance.topUp.options')}</legend>
          {options.length === 0 ? <p className="top-up__hint">{t('balance.topUp.noOptions')}</p> : null}
          {options.map((o) => {
            const gifts = [
              o.presAmount > 0 ? t('balance.topUp.giftAmount', { amount: formatYuan(o.presAmount, lang) }) : null,
              o.presScore > 0 ? t('balance.topUp.giftScore', { count: o.presScore }) : null,
              o.presGrowth > 0 ? t('balance.topUp.giftGrowth', { growth: o.presGrowth }) : null,
            ].filter(Boolean);
            return (
              <label key={o.balanceId} className="top-up__option">
                <input type="radio" name="option" value={o.balanceId} checked={choice === o.balanceId} onChange={() => setChoice(o.balanceId)} />
                <span className="top-up__option-text">
                  <span className="top-up__amount">{formatYuan(o.rechargeAmount, lang)}</span>
                  <span className="top-up__title">{o.balanceTitle}</span>
                  {gifts.length > 0 ? (
                    <span className="top-up__gifts">
                      {t('balance.topUp.gifts')}
                      {gifts.join(' · ')}
                    </span>
                  ) : null}
                </span>
              </label>
            );
          })}
          <label className="top-up__option">
            <input type="radio" name="option" value={CUSTOM_TOP_UP_ID} checked={choice === CUSTOM_TOP_UP_ID} onChange={() => setChoice(CUSTOM_TOP_UP_ID)} />
            <span className="top-up__option-text">
              <span className="top-up__amount">{t('balance.topUp.custom')}</span>
            </span>
          </label>
        </fieldset>
        {choice === CUSTOM_TOP_UP_ID ? (
          <div className="top-up__custom">
            <TextField
              label={t('balance.topUp.customLabel')}
              name="customRechargeAmount"
              inputMode="decimal"
              autoComplete="off"
              value={custom}
              onChange={(e) => {
                setCustom(e.target.value);
                if (customError) setCustomError(null);
              }}
              error={customError}
            />
            <p className="top-up__hint">{t('balance.topUp.customHint')}</p>
          </div>
        ) : null}
        <PayMethodChoice
          methods={methods}
          selected={selectedMethod}
          onSelect={setMethod}
          className="top-up__methods"
          legend={t('balance.topUp.method')}
          legendClassName="top-up__legend"
          none={t('balance.topUp.noMethods')}
          noneClassName="top-up__hint"
        />
        <div className="top-up__footer">
          {busy === 'redirecting' ? <span className="top-up__hint">{t('balance.topUp.redirecting')}</span> : null}
          <Button type="submit" size="lg" disabled={!selectedMethod || !!busy}>
            {busy ? t('balance.topUp.submitting') : t('balance.topUp.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
