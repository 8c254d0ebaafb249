import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import type { RefundDelivery } from '@bazaar/shared/schemas/refund';
import type { DeliveryCompany } from '@bazaar/shared/schemas/logistics';
import { api } from '../../lib/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormError } from '../../components/ui/form-error.tsx';
import { checkExpress, expressFieldOf, type ExpressField } from './refund-check.ts';
import { CountedText, InputField, SelectField, useAftersaleForm, useVouchers, VoucherField } from './form-parts.tsx';

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
  const [expressId, setExpressId] = useState<number | null>(editing ? (current?.dvyId ?? null) : null);
  const [expressNo, setExpressNo] = useState(editing ? (current?.dvyFlowId ?? '') : '');
  const [mobile, setMobile] = useState((editing ? current?.senderMobile : null) ?? defaultMobile);
  const [senderRemarks, setRemarks] = useState(editing ? (current?.senderRemarks ?? '') : '');
  const imgs = useVouchers(editing ? (current?.imgs ?? []) : []);
  const form = useAftersaleForm<ExpressField>();
  const { errors, busy, submit } = form;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (imgs.uploading) return;
    const problems: Partial<Record<ExpressField, string>> = {};
    for (const p of checkExpress({ expressId, expressNo, mobile, senderRemarks })) problems[p.field] ??= t(p.key);
    const courier = couriers.find((c) => c.dvyId === expressId);
    void submit(
      async () => {
        const body = { refundSn, expressId, expressName: courier?.dvyName ?? '', expressNo: expressNo.trim(), mobile: mobile.trim(), senderRemarks: senderRemarks.trim(), imgs: imgs.pics.map((i) => i.path) };
        await api(editing ? '/p/orderRefund/reSubmitExpress' : '/p/orderRefund/submitExpress', { method: editing ? 'PUT' : 'POST', body, silent: true });
        onDone();
      },
      { problems, field: expressFieldOf },
    );
  }

  return (
    <form className="aftersale-form express-form" onSubmit={onSubmit} noValidate aria-label={t('aftersale.detail.express.title')}>
      <SelectField
        form={form}
        field="expressId"
        label={t('aftersale.detail.express.company')}
        value={expressId}
        placeholder={t('aftersale.detail.express.companyPlaceholder')}
        options={couriers.map((c) => ({ value: c.dvyId, label: c.dvyName }))}
        onValue={setExpressId}
      />
      <InputField form={form} field="expressNo" label={t('aftersale.detail.express.number')} value={expressNo} onValue={setExpressNo} />
      <InputField form={form} field="mobile" label={t('aftersale.detail.express.mobile')} type="tel" inputMode="numeric" value={mobile} onValue={setMobile} />
      <CountedText
        form={form}
        field="senderRemarks"
        label={t('aftersale.detail.express.remarks')}
        rows={3}
        value={senderRemarks}
        placeholder={t('aftersale.detail.express.remarksPlaceholder')}
        onValue={setRemarks}
      />
      <VoucherField form={form} field="imgs" label={t('aftersale.detail.express.images')} vouchers={imgs} />
      <FormError message={errors.form} />
      <div className="aftersale-form__actions">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {t('aftersale.detail.express.cancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={busy || imgs.uploading}>
          {editing ? t('aftersale.detail.express.save') : t('aftersale.detail.express.submit')}
        </Button>
      </div>
    </form>
  );
}
