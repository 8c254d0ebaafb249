import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatYuan } from '../../lib/format.ts';
import type { Language } from '@bazaar/shared/constants/limits';
import { APPLY_TYPE } from '@bazaar/shared/constants/refund';
import { REFUND_DESC_MAX } from './limits.ts';
import type { UploadedFile } from '@bazaar/shared/schemas/shop-application';
import { useFormSubmit } from '../../lib/use-form-submit.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormError } from '../../components/ui/form-error.tsx';
import { applyFieldOf, ceilingFor, checkApply, fenToYuanText, yuanToFen, type ApplyField } from './refund-check.ts';
import { VoucherPictures } from './voucher-pictures.tsx';

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
  const id = useId();
  const yuan = (fen: number) => formatYuan(fen, lang);
  const [applyType, setApplyType] = useState<number | null>(initial.applyType ?? (limits.applyTypes.length === 1 ? (limits.applyTypes[0] ?? null) : null));
  const [isReceiver, setReceiver] = useState<number>(initial.isReceiver);
  const [buyerReason, setReason] = useState<number | null>(initial.buyerReason);
  const [goodsNum, setGoodsNum] = useState(initial.goodsNum);
  const [amount, setAmount] = useState(fenToYuanText(initial.refundAmount ?? ceilingFor(limits, initial.goodsNum).amount));
  const [buyerMobile, setMobile] = useState(initial.buyerMobile);
  const [buyerDesc, setDesc] = useState(initial.buyerDesc);
  const [pics, setPics] = useState<UploadedFile[]>(initial.photoFiles.map((path) => ({ path, url: path })));
  const [uploading, setUploading] = useState(false);
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { errors, setErrors, busy, submit } = useFormSubmit<ApplyField>();
  const ceiling = ceilingFor(limits, goodsNum);
  const descTooLong = buyerDesc.length > REFUND_DESC_MAX;

  const clear = (field: ApplyField) => {
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  function changeQuantity(value: string) {
    const n = Number(value);
    setGoodsNum(n);
    // The amount follows the quantity: the new ceiling, which the shopper may lower again.
    if (Number.isInteger(n) && n >= 1 && n <= limits.maxGoodsNum) setAmount(fenToYuanText(ceilingFor(limits, n).amount));
    clear('goodsNum');
    clear('refundAmount');
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
      photoFiles: pics.map((p) => p.path),
      freightConfirmed,
    };
  }

  function run(freightConfirmed: boolean) {
    setConfirming(false);
    const problems = checkApply(
      { applyType, isReceiver, buyerReason, goodsNum, amount, buyerMobile, buyerDesc, vouchers: pics.length },
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
    if (uploading || busy) return;
    // The shipping comes back only with the last piece: say so and ask first.
    if (ceiling.freight > 0 && checkApply({ applyType, isReceiver, buyerReason, goodsNum, amount, buyerMobile, buyerDesc, vouchers: pics.length }, { maxGoodsNum: limits.maxGoodsNum, maxAmount: ceiling.amount }).length === 0) {
      setConfirming(true);
      return;
    }
    run(false);
  }

  const described = (field: ApplyField, extra?: string) => [errors[field] ? `${id}-${field}-error` : null, extra].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: ApplyField) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="field__error" role="alert">
        {errors[field]}
      </p>
    ) : null;

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

      <div className={`field${errors.buyerReason ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-reason`} className="field__label">
          {t('aftersale.apply.reason')}
        </label>
        <select
          id={`${id}-reason`}
          className="field__input"
          value={buyerReason ?? ''}
          aria-invalid={errors.buyerReason ? true : undefined}
          aria-describedby={described('buyerReason')}
          onChange={(e) => {
            setReason(e.target.value === '' ? null : Number(e.target.value));
            clear('buyerReason');
          }}
        >
          <option value="">{t('aftersale.apply.reasonPlaceholder')}</option>
          {limits.reasons
            .filter((r) => r >= 0 && r <= 6)
            .map((r) => (
              <option key={r} value={r}>
                {t(`aftersale.reasons.${r}`)}
              </option>
            ))}
        </select>
        {fieldError('buyerReason')}
      </div>

      <div className={`field${errors.goodsNum ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-num`} className="field__label">
          {t('aftersale.apply.quantity')}
        </label>
        <input
          id={`${id}-num`}
          className="field__input aftersale-form__number"
          type="number"
          inputMode="numeric"
          min={1}
          max={limits.maxGoodsNum}
          step={1}
          value={Number.isNaN(goodsNum) ? '' : goodsNum}
          readOnly={limits.wholeOrder}
          aria-invalid={errors.goodsNum ? true : undefined}
          aria-describedby={described('goodsNum', `${id}-num-hint`)}
          onChange={(e) => changeQuantity(e.target.value)}
        />
        <p id={`${id}-num-hint`} className="aftersale-form__hint">
          {t('aftersale.apply.quantityHint', { max: limits.maxGoodsNum })}
        </p>
        {fieldError('goodsNum')}
      </div>

      <div className={`field${errors.refundAmount ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-amount`} className="field__label">
          {t('aftersale.apply.amount')}
        </label>
        <input
          id={`${id}-amount`}
          className="field__input aftersale-form__amount"
          type="text"
          inputMode="decimal"
          value={amount}
          aria-invalid={errors.refundAmount ? true : undefined}
          aria-describedby={described('refundAmount', `${id}-amount-hint`)}
          onChange={(e) => {
            setAmount(e.target.value);
            clear('refundAmount');
          }}
        />
        <p id={`${id}-amount-hint`} className="aftersale-form__hint" data-testid="refund-ceiling">
          {ceiling.freight > 0 ? t('aftersale.apply.amountHintFreight', { max: yuan(ceiling.amount), freight: yuan(ceiling.freight) }) : t('aftersale.apply.amountHint', { max: yuan(ceiling.amount) })}
        </p>
        {fieldError('refundAmount')}
      </div>

      <div className={`field${errors.buyerMobile ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-mobile`} className="field__label">
          {t('aftersale.apply.mobile')}
        </label>
        <input
          id={`${id}-mobile`}
          className="field__input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          value={buyerMobile}
          aria-invalid={errors.buyerMobile ? true : undefined}
          aria-describedby={described('buyerMobile')}
          onChange={(e) => {
            setMobile(e.target.value);
            clear('buyerMobile');
          }}
        />
        {fieldError('buyerMobile')}
      </div>

      <div className={`field${errors.buyerDesc || descTooLong ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-desc`} className="field__label">
          {t('aftersale.apply.desc')}
        </label>
        <div className="counted-box">
          <textarea
            id={`${id}-desc`}
            className="field__input counted-box__textarea"
            rows={4}
            value={buyerDesc}
            placeholder={t('aftersale.apply.descPlaceholder')}
            aria-invalid={errors.buyerDesc || descTooLong ? true : undefined}
            aria-describedby={described('buyerDesc', `${id}-desc-count`)}
            onChange={(e) => {
              setDesc(e.target.value);
              clear('buyerDesc');
            }}
          />
          <span id={`${id}-desc-count`} className={`counted-box__counter${descTooLong ? ' counted-box__counter--over' : ''}`} aria-live="polite">
            {t('aftersale.apply.counter', { count: buyerDesc.length, max: REFUND_DESC_MAX })}
          </span>
        </div>
        {errors.buyerDesc ? fieldError('buyerDesc') : descTooLong ? <p className="field__error">{t('aftersale.apply.errors.descTooLong')}</p> : null}
      </div>

      <VoucherPictures
        label={t('aftersale.apply.vouchers')}
        pics={pics}
        onChange={setPics}
        uploading={uploading}
        onUploading={setUploading}
        error={errors.photoFiles ?? uploadProblem}
        onError={(message) => {
          setUploadProblem(message);
          clear('photoFiles');
        }}
      />

      <FormError message={errors.form} />
      <div className="aftersale-form__actions">
        <Button type="submit" disabled={busy || uploading}>
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
