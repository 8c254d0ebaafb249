import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { MemberInfo, MemberLevel } from '@bazaar/shared/schemas/member';
import { PayResultSchema } from '@bazaar/shared/schemas/payment';
import { PAY_TYPE } from '@bazaar/shared/constants/order-status';
import type { Language } from '@bazaar/shared/constants/limits';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatYuan } from '../../lib/format.ts';
import { api } from '../../lib/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { PayMethodChoice, usePayMethod, type PayMethodOption } from '../../components/pay-method-choice.tsx';
import { BenefitList } from './benefit-list.tsx';
import { MEMBER_CENTER_PATH, memberAfterPurchase } from './paths.ts';

export type MemberPayMethod = typeof PAY_TYPE.alipay | typeof PAY_TYPE.wechat | typeof PAY_TYPE.balance;

/** Submits the gateway's auto-posting form: the browser leaves for the cashier. */
function submitGatewayForm(html: string): void {
  const holder = document.createElement('div');
  holder.hidden = true;
  holder.innerHTML = html;
  document.body.appendChild(holder);
  holder.querySelector('form')?.submit();
}

/**
 * A paid level, one of its periods and a way to pay. The prices are the API's; the browser only
 * shows them. Balance is settled at once and returns to the member center; Alipay leaves for the
 * cashier and WeChat opens the QR page, both coming back to the member center with the pay number.
 */
export function BuyMemberForm({ levels, info, methods }: { levels: MemberLevel[]; info: MemberInfo; methods: Array<PayMethodOption<MemberPayMethod>> | null }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const navigate = useNavigate();
  const [levelId, setLevelId] = useState<number | null>(levels[0]?.id ?? null);
  const level = levels.find((l) => l.id === levelId) ?? null;
  const [termType, setTermType] = useState<number | null>(null);
  const term = level?.prices.find((p) => p.termType === termType) ?? level?.prices[0] ?? null;
  const [selectedMethod, setMethod] = usePayMethod(methods);
  const [busy, setBusy] = useState<'paying' | 'redirecting' | null>(null);
  const paid = info.paidLevel;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !level || !term || !selectedMethod) return;
    setBusy('paying');
    try {
      const started = PayResultSchema.parse(await api('/p/level/payLevel', { method: 'POST', body: { id: level.id, termType: term.termType, payType: selectedMethod, returnUrl: MEMBER_CENTER_PATH } }));
      if (selectedMethod === PAY_TYPE.balance) {
        await navigate(memberAfterPurchase(started.payNo));
        return;
      }
      if (selectedMethod === PAY_TYPE.alipay && started.form) {
        setBusy('redirecting');
        submitGatewayForm(started.form);
        return;
      }
      await navigate(`/weixin-pay?payNo=${started.payNo}`);
    } catch {
      // The API's message (a lower level, the balance short, a method turned off) is already a toast.
      setBusy(null);
    }
  }

  if (levels.length === 0) return <p className="member-buy__hint">{t('member.buy.none')}</p>;
  return (
    <form className="member-buy" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className="member-buy__group">
        <legend className="member-buy__legend">{t('member.buy.level')}</legend>
        <div className="member-buy__levels">
          {levels.map((l) => (
            <label key={l.id} className="member-buy__level">
              <input
                type="radio"
                name="level"
                value={l.id}
                checked={levelId === l.id}
                onChange={() => {
                  setLevelId(l.id);
                  setTermType(null);
                }}
              />
              <span className="member-buy__level-text">
                <span className="member-buy__level-name">{l.levelName}</span>
                <BenefitList benefits={l} className="member-benefits--small" />
              </span>
            </label>
          ))}
        </div>
        {paid && level ? (
          <p className="member-buy__hint" role="note">
            {paid.id === level.id
              ? t('member.buy.extend', { time: info.vipEndTime })
              : paid.level > level.level
                ? t('member.buy.lower', { level: paid.levelName })
                : t('member.buy.replace', { level: paid.levelName })}
          </p>
        ) : null}
      </fieldset>
      {level ? (
        <fieldset className="member-buy__group">
          <legend className="member-buy__legend">{t('member.buy.term')}</legend>
          <div className="member-buy__terms">
            {level.prices.map((p) => (
              <label key={p.termType} className="member-buy__term">
                <input type="radio" name="termType" value={p.termType} checked={term?.termType === p.termType} onChange={() => setTermType(p.termType)} />
                <span>
                  <span className="member-buy__term-name">{t(`member.terms.${p.termType}`)}</span>
                  <span className="member-buy__term-price">{formatYuan(p.price, lang)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <PayMethodChoice
        methods={methods}
        selected={selectedMethod}
        onSelect={setMethod}
        className="member-buy__group"
        legend={t('member.buy.method')}
        legendClassName="member-buy__legend"
        none={t('member.buy.noMethods')}
        noneClassName="member-buy__hint"
      />
      <div className="member-buy__footer">
        {term ? <span className="member-buy__total">{formatYuan(term.price, lang)}</span> : null}
        {busy === 'redirecting' ? <span className="member-buy__hint">{t('member.buy.redirecting')}</span> : null}
        <Button type="submit" size="lg" disabled={!term || !selectedMethod || !!busy} data-testid="member-buy-submit">
          {busy ? t('member.buy.submitting') : t('member.buy.submit')}
        </Button>
      </div>
    </form>
  );
}
