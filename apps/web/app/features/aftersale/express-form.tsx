import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import type { RefundDelivery } from '@bazaar/shared/schemas/refund';
import { REFUND_DESC_MAX } from './limits.ts';
import type { DeliveryCompany } from '@bazaar/shared/schemas/logistics';
import type { UploadedFile } from '@bazaar/shared/schemas/shop-application';
import { api } from '../../lib/api.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormError } from '../../components/ui/form-error.tsx';
import { checkExpress, expressFieldOf, type ExpressField } from './refund-check.ts';
import { VoucherPictures } from './voucher-pictures.tsx';

/**
 * The return waybill: courier (GET /p/delivery/list), waybill number, mobile, remarks and images.
 * New: POST submitExpress (2 -> 3); editing while the seller has not received: PUT reSubmitExpress.
 */
export function ExpressForm({
  refundSn,
  couriers,
  current,
  defaultMobile,
  editing,
  onDone,
  onCancel,
}: {
  refundSn: string;
  couriers: DeliveryCompany[];
  current: RefundDelivery | null;
  defaultMobile: string;
  editing: boolean;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [expressId, setExpressId] = useState<number | null>(editing ? (current?.dvyId ?? null) : null);
  const [expressNo, setExpressNo] = useState(editing ? (current?.dvyFlowId ?? '') : '');
  const [mobile, setMobile] = useState((editing ? current?.senderMobile : null) ?? defaultMobile);
  const [senderRemarks, setRemarks] = useState(editing ? (current?.senderRemarks ?? '') : '');
  const [imgs, setImgs] = useState<UploadedFile[]>(editing ? (current?.imgs ?? []).map((path) => ({ path, url: path })) : []);
  const [uploading, setUploading] = useState(false);
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const { errors, setErrors, busy, submit } = useFormSubmit<ExpressField>();
  const remarksTooLong = senderRemarks.length > REFUND_DESC_MAX;

  const clear = (field: ExpressField) => {
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (uploading) return;
    const problems: Partial<Record<ExpressField, string>> = {};
    for (const p of checkExpress({ expressId, expressNo, mobile, senderRemarks })) problems[p.field] ??= t(p.key);
    const courier = couriers.find((c) => c.dvyId === expressId);
    void submit(
      async () => {
        const body = { refundSn, expressId, expressName: courier?.dvyName ?? '', expressNo: expressNo.trim(), mobile: mobile.trim(), senderRemarks: senderRemarks.trim(), imgs: imgs.map((i) => i.path) };
        await api(editing ? '/p/orderRefund/reSubmitExpress' : '/p/orderRefund/submitExpress', { method: editing ? 'PUT' : 'POST', body, silent: true });
        onDone();
      },
      { problems, field: expressFieldOf },
    );
  }

  const fieldError = (field: ExpressField) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="field__error" role="alert">
        {errors[field]}
      </p>
    ) : null;
  const describedBy = (field: ExpressField) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <form className="aftersale-form express-form" onSubmit={onSubmit} noValidate aria-label={t('aftersale.detail.express.title')}>
      <div className={`field${errors.expressId ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-company`} className="field__label">
          {t('aftersale.detail.express.company')}
        </label>
        <select
          id={`${id}-company`}
          className="field__input"
          value={expressId ?? ''}
          aria-invalid={errors.expressId ? true : undefined}
          aria-describedby={describedBy('expressId')}
          onChange={(e) => {
            setExpressId(e.target.value === '' ? null : Number(e.target.value));
            clear('expressId');
          }}
        >
          <option value="">{t('aftersale.detail.express.companyPlaceholder')}</option>
          {couriers.map((c) => (
            <option key={c.dvyId} value={c.dvyId}>
              {c.dvyName}
            </option>
          ))}
        </select>
        {fieldError('expressId')}
      </div>
      <div className={`field${errors.expressNo ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-no`} className="field__label">
          {t('aftersale.detail.express.number')}
        </label>
        <input
          id={`${id}-no`}
          className="field__input"
          value={expressNo}
          aria-invalid={errors.expressNo ? true : undefined}
          aria-describedby={describedBy('expressNo')}
          onChange={(e) => {
            setExpressNo(e.target.value);
            clear('expressNo');
          }}
        />
        {fieldError('expressNo')}
      </div>
      <div className={`field${errors.mobile ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-mobile`} className="field__label">
          {t('aftersale.detail.express.mobile')}
        </label>
        <input
          id={`${id}-mobile`}
          className="field__input"
          type="tel"
          inputMode="numeric"
          value={mobile}
          aria-invalid={errors.mobile ? true : undefined}
          aria-describedby={describedBy('mobile')}
          onChange={(e) => {
            setMobile(e.target.value);
            clear('mobile');
          }}
        />
        {fieldError('mobile')}
      </div>
      <div className={`field${errors.senderRemarks || remarksTooLong ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-remarks`} className="field__label">
          {t('aftersale.detail.express.remarks')}
        </label>
        <div className="counted-box">
          <textarea
            id={`${id}-remarks`}
            className="field__input counted-box__textarea"
            rows={3}
            value={senderRemarks}
            placeholder={t('aftersale.detail.express.remarksPlaceholder')}
            aria-describedby={[describedBy('senderRemarks'), `${id}-remarks-count`].filter(Boolean).join(' ')}
            onChange={(e) => {
              setRemarks(e.target.value);
              clear('senderRemarks');
            }}
          />
          <span id={`${id}-remarks-count`} className={`counted-box__counter${remarksTooLong ? ' counted-box__counter--over' : ''}`} aria-live="polite">
            {t('aftersale.apply.counter', { count: senderRemarks.length, max: REFUND_DESC_MAX })}
          </span>
        </div>
        {fieldError('senderRemarks')}
      </div>
      <VoucherPictures
        label={t('aftersale.detail.express.images')}
        pics={imgs}
        onChange={setImgs}
        uploading={uploading}
        onUploading={setUploading}
        error={errors.imgs ?? uploadProblem}
        onError={(message) => {
          setUploadProblem(message);
          clear('imgs');
        }}
      />
      <FormError message={errors.form} />
      <div className="aftersale-form__actions">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {t('aftersale.detail.express.cancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={busy || uploading}>
          {editing ? t('aftersale.detail.express.save') : t('aftersale.detail.express.submit')}
        </Button>
      </div>
    </form>
  );
}
