import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatYuan } from '../../lib/format.ts';
import type { Language } from '@bazaar/shared/constants/limits';
import { APPLY_TYPE } from '@bazaar/shared/constants/refund';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormError } from '../../components/ui/form-error.tsx';
import { applyFieldOf, ceilingFor, checkApply, fenToYuanText, yuanToFen, type ApplyField } from './refund-check.ts';
import { CountedText, InputField, SelectField, useAftersaleForm, useVouchers, VoucherField } from './form-parts.tsx';

/** What the form may offer (from GET /p/orderRefund/applyInfo, or from the request being edited). */
export interface ApplyLimitsInfo {
  maxGoodsNum: number;
  maxRefundAmount: number;
  unitAmount: number;
  freightAmount: number;
  applyTypes: number[];
  reasons: number[];
  /** The default cargo status (1 received); a shipped order lets the shopper choose. */
  isReceiver: number;
  canChooseCargo: boolean;
  /** A whole-order request refunds every piece: the quantity is fixed. */
  wholeOrder: boolean;
}

export interface ApplyValues {
  applyType: number;
  isReceiver: number;
  buyerReason: number;
  goodsNum: number;
  refundAmount: number;
  buyerMobile: string;
  buyerDesc: string;
  photoFiles: string[];
  freightConfirmed: boolean;
}

export interface ApplyInitial {
  applyType: number | null;
  isReceiver: number;
  buyerReason: number | null;
  goodsNum: number;
  refundAmount: number | null;
  buyerMobile: string;
  buyerDesc: string;
  photoFiles: string[];
}

/**
 * The after-sales form of /user-center/apply-return: service type, cargo status, reason, quantity,
 * amount (prefilled with the ceiling for the quantity, editable down), mobile, instructions with a
 * counter and up to 5 vouchers. The last unrefunded item asks first that the shipping goes back too.
 */
export function ApplyForm({ limits, initial, submitLabel, send }: { limits: ApplyLimitsInfo; initial: ApplyInitial; submitLabel: string; send: (values: ApplyValues) => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const yuan = (fen: number) => formatYuan(fen, lang);
  const [applyType, setApplyType] = useState<number | null>(initial.applyType ?? (limits.applyTypes.length === 1 ? (limits.applyTypes[0] ?? null) : null));
  const [isReceiver, setReceiver] = useState<number>(initial.isReceiver);
  const [buyerReason, setReason] = useState<number | null>(initial.buyerReason);
  const [goodsNum, setGoodsNum] = useState(initial.goodsNum);
  const [amount, setAmount] = useState(fenToYuanText(initial.refundAmount ?? ceilingFor(limits, initial.goodsNum).amount));
  const [buyerMobile, setMobile] = useState(initial.buyerMobile);
  const [buyerDesc, setDesc] = useState(initial.buyerDesc);
  const vouchers = useVouchers(initial.photoFiles);
  const [confirming, setConfirming] = useState(false);
  const form = useAftersaleForm<ApplyField>();
  const { errors, busy, submit, clear, described, fieldError } = form;
  const ceiling = ceilingFor(limits, goodsNum);

  function changeQuantity(value: string) {
    const n = Number(value);
    setGoodsNum(n);
    // The amount follows the quantity: the new ceiling, which the shopper may lower again.
    if (Number.isInteger(n) && n >= 1 && n <= limits.maxGoodsNum) setAmount(fenToYuanText(ceilingFor(limits, n).amount));
  }

  function values(freightConfirmed: boolean): ApplyValues {
    return {
      applyType: applyType ?? APPLY_TYPE.refundOnly,
      isReceiver: applyType === APPLY_TYPE.returnAndRefund ? 1 : isReceiver,
      buyerReason: buyerReason ?? 0,
      goodsNum,
      refundAmount: yuanToFen(amount) ?? 0,
      buyerMobile: buyerMobile.trim(),
      buyerDesc: buyerDesc.trim(),
      photoFiles: vouchers.pics.map((p) => p.path),
      freightConfirmed,
    };
  }

  function run(freightConfirmed: boolean) {
    setConfirming(false);
    const problems = checkApply(
      { applyType, isReceiver, buyerReason, goodsNum, amount, buyerMobile, buyerDesc, vouchers: vouchers.pics.length },
      { maxGoodsNum: limits.maxGoodsNum, maxAmount: ceiling.amount },
    );
    const shown: Partial<Record<ApplyField, string>> = {};
    for (const p of problems) {
      const vals = p.values && 'maxFen' in p.values ? { max: yuan(Number(p.values.maxFen)) } : p.values;
      shown[p.field] ??= t(p.key, vals);
    }
    void submit(() => send(values(freightConfirmed)), { problems: shown, field: applyFieldOf });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (vouchers.uploading || busy) return;
    // The shipping comes back only with the last piece: say so and ask first.
    if (ceiling.freight > 0 && checkApply({ applyType, isReceiver, buyerReason, goodsNum, amount, buyerMobile, buyerDesc, vouchers: vouchers.pics.length }, { maxGoodsNum: limits.maxGoodsNum, maxAmount: ceiling.amount }).length === 0) {
      setConfirming(true);
      return;
    }
    run(false);
  }

  return (
    <form className="aftersale-form" onSubmit={onSubmit} noValidate aria-label={submitLabel}>
      <fieldset className={`field aftersale-form__choices${errors.applyType ? ' field--invalid' : ''}`} aria-describedby={described('applyType')}>
        <legend className="field__label">{t('aftersale.apply.service')}</legend>
        {limits.applyTypes.map((type) => (
          <label key={type} className="aftersale-form__choice">
            <input
              type="radio"
              name="applyType"
              value={type}
              checked={applyType === type}
              onChange={() => {
                setApplyType(type);
                if (type === APPLY_TYPE.returnAndRefund) setReceiver(1);
                clear('applyType');
              }}
            />
            <span>
              {t(`aftersale.applyType.${type}`)}
              <span className="aftersale-form__hint"> {t(`aftersale.applyTypeHint.${type}`)}</span>
            </span>
          </label>
        ))}
        {fieldError('applyType')}
      </fieldset>

      <fieldset className="field aftersale-form__choices">
        <legend className="field__label">{t('aftersale.apply.cargo')}</legend>
        {[0, 1].map((value) => {
          const allowed = applyType === APPLY_TYPE.returnAndRefund ? value === 1 : limits.canChooseCargo || value === limits.isReceiver;
          return (
            <label key={value} className="aftersale-form__choice">
              <input
                type="radio"
                name="isReceiver"
                value={value}
                disabled={!allowed}
                checked={(applyType === APPLY_TYPE.returnAndRefund ? 1 : isReceiver) === value}
                onChange={() => {
                  setReceiver(value);
                  clear('isReceiver');
                }}
              />
              <span>{t(`aftersale.cargo.${value}`)}</span>
            </label>
          );
        })}
        {fieldError('isReceiver')}
      </fieldset>

      <SelectField
        form={form}
        field="buyerReason"
        label={t('aftersale.apply.reason')}
        value={buyerReason}
        placeholder={t('aftersale.apply.reasonPlaceholder')}
        options={limits.reasons.filter((r) => r >= 0 && r <= 6).map((r) => ({ value: r, label: t(`aftersale.reasons.${r}`) }))}
        onValue={setReason}
      />
      <InputField
        form={form}
        field="goodsNum"
        label={t('aftersale.apply.quantity')}
        hint={{ text: t('aftersale.apply.quantityHint', { max: limits.maxGoodsNum }) }}
        className="aftersale-form__number"
        type="number"
        inputMode="numeric"
        min={1}
        max={limits.maxGoodsNum}
        step={1}
        value={Number.isNaN(goodsNum) ? '' : goodsNum}
        readOnly={limits.wholeOrder}
        onValue={changeQuantity}
        alsoClears={['refundAmount']}
      />
      <InputField
        form={form}
        field="refundAmount"
        label={t('aftersale.apply.amount')}
        hint={{
          text: ceiling.freight > 0 ? t('aftersale.apply.amountHintFreight', { max: yuan(ceiling.amount), freight: yuan(ceiling.freight) }) : t('aftersale.apply.amountHint', { max: yuan(ceiling.amount) }),
          testId: 'refund-ceiling',
        }}
        className="aftersale-form__amount"
        type="text"
        inputMode="decimal"
        value={amount}
        onValue={setAmount}
      />
      <InputField form={form} field="buyerMobile" label={t('aftersale.apply.mobile')} type="tel" inputMode="numeric" autoComplete="tel" value={buyerMobile} onValue={setMobile} />
      <CountedText
        form={form}
        field="buyerDesc"
        label={t('aftersale.apply.desc')}
        rows={4}
        value={buyerDesc}
        placeholder={t('aftersale.apply.descPlaceholder')}
        overMessage={t('aftersale.apply.errors.descTooLong')}
        onValue={setDesc}
      />
      <VoucherField form={form} field="photoFiles" label={t('aftersale.apply.vouchers')} vouchers={vouchers} />

      <FormError message={errors.form} />
      <div className="aftersale-form__actions">
        <Button type="submit" disabled={busy || vouchers.uploading}>
          {busy ? t('aftersale.apply.submitting') : submitLabel}
        </Button>
      </div>

      <Dialog open={confirming} onClose={() => setConfirming(false)} title={t('aftersale.apply.freightConfirm.title')}>
        <div className="confirm">
          <p>{t('aftersale.apply.freightConfirm.body', { freight: yuan(ceiling.freight), max: yuan(ceiling.amount) })}</p>
          <div className="order-dialog__actions">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('aftersale.apply.freightConfirm.back')}
            </Button>
            <Button onClick={() => run(true)}>{t('aftersale.apply.freightConfirm.confirm')}</Button>
          </div>
        </div>
      </Dialog>
    </form>
  );
}
