import { useEffect, useId, useState } from 'react';
import type { Language } from '@bazaar/shared/constants/limits';
import type { ConfirmResult } from '@bazaar/shared/schemas/order';
import { UsePointsSchema } from '@bazaar/shared/schemas/points';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatYuan } from '../../lib/format.ts';
import { Button } from '../../components/ui/button.tsx';

export interface PointsChoice {
  on: boolean;
  amount: number;
}

/**
 * Points at checkout: what the shopper has, the most this order can use and what that saves (all
 * as confirm answers them), a switch and the amount (a multiple of 10). Each change asks confirm
 * again; the amount shown is the one confirm used. Too many is refused here with the most this order
 * can use (confirm lowers it to that maximum should another client ask for more).
 */
export function CheckoutPoints({ result, disabled, onChange }: { result: ConfirmResult; disabled: boolean; onChange: (choice: PointsChoice) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const id = useId();
  const on = result.useScore > 0;
  const [typed, setTyped] = useState(String(on ? result.useScore : result.maxUsableScore));
  const [problem, setProblem] = useState<string | null>(null);
  // The amount follows what confirm used (or the maximum while off).
  useEffect(() => setTyped(String(result.useScore > 0 ? result.useScore : result.maxUsableScore)), [result.useScore, result.maxUsableScore]);

  const canUse = result.maxUsableScore > 0;
  function apply(switchOn: boolean) {
    if (!switchOn) {
      setProblem(null);
      onChange({ on: false, amount: 0 });
      return;
    }
    const asked = typed.trim() === '' ? Number.NaN : Number(typed);
    // More than this order allows: the message names the most it can use (not the tens rule).
    if (asked > result.maxUsableScore) {
      setProblem(t('points.errors.tooMany', { max: result.maxUsableScore }));
      return;
    }
    const parsed = UsePointsSchema.safeParse(asked);
    if (!parsed.success) {
      setProblem(t(parsed.error.issues[0]?.message ?? 'points.errors.multipleOfTen'));
      return;
    }
    setProblem(null);
    onChange({ on: true, amount: parsed.data });
  }

  return (
    <section className="card checkout-section checkout-points" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="checkout-section__title">
        {t('points.checkout.title')}
      </h2>
      <p className="checkout-points__info">
        {canUse
          ? t('points.checkout.have', { count: result.userScore, max: result.maxUsableScore, amount: formatYuan(result.maxScoreAmount, lang) })
          : t('points.checkout.none', { count: result.userScore })}
      </p>
      {canUse || on ? (
        <div className="checkout-points__row">
          <label className="checkout-points__switch">
            <input type="checkbox" role="switch" checked={on} disabled={disabled} onChange={(e) => apply(e.currentTarget.checked)} />
            {t('points.checkout.use')}
          </label>
          <label className="visually-hidden" htmlFor={`${id}-amount`}>
            {t('points.checkout.amount')}
          </label>
          <input
            id={`${id}-amount`}
            className="field__input checkout-points__amount"
            type="number"
            inputMode="numeric"
            min={0}
            step={10}
            max={result.maxUsableScore}
            value={typed}
            disabled={disabled}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(e) => setTyped(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') apply(true);
            }}
          />
          <Button variant="secondary" size="sm" disabled={disabled} onClick={() => apply(true)}>
            {t('points.checkout.apply')}
          </Button>
          {on ? <span className="checkout-points__saves">{t('points.checkout.saves', { count: result.useScore, amount: formatYuan(result.scoreAmount, lang) })}</span> : null}
        </div>
      ) : null}
      {problem ? (
        <p id={`${id}-problem`} className="checkout-points__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
