import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { AddressInputSchema, AddressSchema, type Address, type Area } from '@bazaar/shared/schemas/address';
import { api } from '../../lib/api.ts';
import { firstIssue } from '../../lib/form-errors.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';
import { notifyAddressesChanged } from '../../lib/address-events.ts';
import { FormError } from '../../components/ui/form-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { RegionPicker, type Region } from '../../components/region-picker.tsx';

type Field = 'receiver' | 'mobile' | 'provinceId' | 'cityId' | 'areaId' | 'addr' | 'form';
const REGION_FIELDS: Field[] = ['provinceId', 'cityId', 'areaId'];

/** Add or edit one address; checks with the API's own schema, in the specification's order. */
export function AddressForm({
  provinces,
  address,
  onSaved,
  onCancel,
}: {
  provinces: Area[];
  address: Address | null;
  onSaved: (saved: Address) => void;
  /** Absent where the form stands in the page (checkout without any address): no Cancel then. */
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [receiver, setReceiver] = useState(address?.receiver ?? '');
  const [mobile, setMobile] = useState(address?.mobile ?? '');
  const [region, setRegion] = useState<Region>({ provinceId: address?.provinceId ?? 0, cityId: address?.cityId ?? 0, areaId: address?.areaId ?? 0 });
  const [addr, setAddr] = useState(address?.addr ?? '');
  const [commonAddr, setCommonAddr] = useState(address?.commonAddr ?? false);
  const { errors, busy, submit } = useFormSubmit<Field>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = AddressInputSchema.safeParse({ receiver, mobile, ...region, addr, commonAddr });
    void submit(
      async () => {
        if (!checked.success) return;
        const saved = address
          ? await api('/p/address/updateAddr', { method: 'PUT', body: { ...checked.data, addrId: address.addrId }, schema: AddressSchema, silent: true })
          : await api('/p/address/addAddr', { method: 'POST', body: checked.data, schema: AddressSchema, silent: true });
        notifyAddressesChanged();
        onSaved(saved);
      },
      { problems: firstIssue(checked, 'form' as Field, t), field: 'form' },
    );
  }

  const regionError = REGION_FIELDS.map((f) => errors[f]).find(Boolean);
  return (
    <form className="address-form" onSubmit={onSubmit} noValidate>
      <TextField
        label={t('address.receiverLabel')}
        placeholder={t('address.form.receiverPlaceholder')}
        value={receiver}
        autoComplete="name"
        error={errors.receiver}
        onChange={(e) => setReceiver(e.target.value)}
      />
      <TextField
        label={t('address.mobileLabel')}
        placeholder={t('address.form.mobilePlaceholder')}
        value={mobile}
        inputMode="numeric"
        autoComplete="tel"
        error={errors.mobile}
        onChange={(e) => setMobile(e.target.value)}
      />
      <RegionPicker provinces={provinces} value={region} onChange={setRegion} error={regionError} />
      <TextField
        label={t('address.addrLabel')}
        placeholder={t('address.form.addrPlaceholder')}
        value={addr}
        autoComplete="street-address"
        error={errors.addr}
        onChange={(e) => setAddr(e.target.value)}
      />
      <label className="address-form__default">
        <input type="checkbox" checked={commonAddr} onChange={(e) => setCommonAddr(e.target.checked)} disabled={address?.commonAddr} />
        {t('address.form.makeDefault')}
      </label>
      <FormError message={errors.form} />
      <div className="address-form__actions">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {t('address.form.cancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={busy}>
          {busy ? t('address.form.saving') : t('address.form.save')}
        </Button>
      </div>
    </form>
  );
}
