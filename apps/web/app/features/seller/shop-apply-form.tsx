import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { defaultPinFor } from '@bazaar/shared/constants/region-centres';
import type { Area } from '@bazaar/shared/schemas/address';
import { ShopApplicationSchema, ShopApplySchema, type ShopApplication, type UploadedFile } from '@bazaar/shared/schemas/shop-application';
import { api } from '../../lib/api.ts';
import { firstIssue } from '../../lib/form-errors.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';
import { FormError } from '../../components/ui/form-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { RegionPicker, type Region } from '../../components/region-picker.tsx';
import { ImageUploadField } from './image-upload-field.tsx';
import { AmapPicker, type AmapConfig } from './map-picker.tsx';

const IMAGES = [
  { field: 'shopLogo', visibility: 'public' },
  { field: 'businessLicense', visibility: 'private' },
  { field: 'identityCardFront', visibility: 'private' },
  { field: 'identityCardLater', visibility: 'private' },
] as const;
type ImageField = (typeof IMAGES)[number]['field'];
type Field = 'shopName' | 'tel' | 'provinceId' | 'cityId' | 'areaId' | 'shopAddress' | 'shopLat' | 'shopLng' | 'intro' | ImageField | 'form';
const REGION_FIELDS: Field[] = ['provinceId', 'cityId', 'areaId'];

const stored = (path: string, url: string): UploadedFile | null => (path ? { path, url } : null);
const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** The application form (section 5's rules, checked with the API's own schema); also the resubmission after a rejection. */
export function ShopApplyForm({ provinces, application, amap }: { provinces: Area[]; application: ShopApplication | null; amap: AmapConfig | null }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [shopName, setShopName] = useState(application?.shopName ?? '');
  const [tel, setTel] = useState(application?.tel ?? '');
  const [region, setRegion] = useState<Region>({ provinceId: application?.provinceId ?? 0, cityId: application?.cityId ?? 0, areaId: application?.areaId ?? 0 });
  const [shopAddress, setShopAddress] = useState(application?.shopAddress ?? '');
  const [pin, setPin] = useState(application ? { lat: String(application.shopLat), lng: String(application.shopLng) } : { lat: '', lng: '' });
  const [intro, setIntro] = useState(application?.intro ?? '');
  const [images, setImages] = useState<Record<ImageField, UploadedFile | null>>({
    shopLogo: application ? stored(application.shopLogo, application.shopLogo) : null,
    businessLicense: application ? stored(application.businessLicense, application.businessLicenseUrl) : null,
    identityCardFront: application ? stored(application.identityCardFront, application.identityCardFrontUrl) : null,
    identityCardLater: application ? stored(application.identityCardLater, application.identityCardLaterUrl) : null,
  });
  const { errors, setErrors, busy, submit } = useFormSubmit<Field>();

  function changeRegion(next: Region) {
    setRegion(next);
    // The pin starts at the chosen region's default; the shopper moves it from there.
    const start = defaultPinFor(next.areaId || next.cityId || next.provinceId);
    if (start) setPin({ lat: String(start.lat), lng: String(start.lng) });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = {
      shopName,
      tel,
      ...region,
      shopAddress,
      ...(pin.lat.trim() ? { shopLat: pin.lat } : {}),
      ...(pin.lng.trim() ? { shopLng: pin.lng } : {}),
      intro,
      shopLogo: images.shopLogo?.path ?? '',
      businessLicense: images.businessLicense?.path ?? '',
      identityCardFront: images.identityCardFront?.path ?? '',
      identityCardLater: images.identityCardLater?.path ?? '',
    };
    const checked = ShopApplySchema.safeParse(body);
    void submit(
      async () => {
        if (!checked.success) return;
        await api('/p/shop/apply', { method: 'POST', body: checked.data, schema: ShopApplicationSchema, silent: true });
        showToast(t('shopApply.submitted'), { kind: 'success' });
        await revalidator.revalidate();
      },
      { problems: firstIssue(checked, 'form' as Field, t), field: 'form' },
    );
  }

  const regionError = REGION_FIELDS.map((f) => errors[f]).find(Boolean);
  const lat = Number(pin.lat);
  const lng = Number(pin.lng);
  return (
    <form className="shop-apply" onSubmit={onSubmit} noValidate>
      <TextField
        label={t('shopApply.fields.shopName')}
        placeholder={t('shopApply.placeholders.shopName')}
        value={shopName}
        error={errors.shopName}
        onChange={(e) => setShopName(e.target.value)}
      />
      <TextField
        label={t('shopApply.fields.tel')}
        placeholder={t('shopApply.placeholders.tel')}
        value={tel}
        inputMode="tel"
        autoComplete="tel"
        error={errors.tel}
        onChange={(e) => setTel(e.target.value)}
      />
      <RegionPicker provinces={provinces} value={region} onChange={changeRegion} error={regionError} />
      <TextField
        label={t('shopApply.fields.shopAddress')}
        placeholder={t('shopApply.placeholders.shopAddress')}
        value={shopAddress}
        error={errors.shopAddress}
        onChange={(e) => setShopAddress(e.target.value)}
      />
      <fieldset className="shop-apply__location">
        <legend className="field__label">{t('shopApply.fields.location')}</legend>
        {amap && Number.isFinite(lat) && Number.isFinite(lng) && pin.lat && pin.lng ? (
          <AmapPicker config={amap} lat={lat} lng={lng} onPick={(a, b) => setPin({ lat: String(round(a)), lng: String(round(b)) })} />
        ) : (
          <p className="shop-apply__note">{amap ? t('shopApply.mapPick') : t('shopApply.mapNoKey')}</p>
        )}
        <div className="shop-apply__coords">
          <TextField
            label={t('shopApply.fields.lat')}
            value={pin.lat}
            inputMode="decimal"
            error={errors.shopLat}
            onChange={(e) => setPin({ ...pin, lat: e.target.value })}
          />
          <TextField
            label={t('shopApply.fields.lng')}
            value={pin.lng}
            inputMode="decimal"
            error={errors.shopLng}
            onChange={(e) => setPin({ ...pin, lng: e.target.value })}
          />
        </div>
      </fieldset>
      <div className={`field${errors.intro ? ' field--invalid' : ''}`}>
        <label htmlFor="shop-apply-intro" className="field__label">
          {t('shopApply.fields.intro')}
        </label>
        <textarea
          id="shop-apply-intro"
          className="field__input shop-apply__intro"
          placeholder={t('shopApply.placeholders.intro')}
          value={intro}
          rows={4}
          aria-invalid={errors.intro ? true : undefined}
          aria-describedby={errors.intro ? 'shop-apply-intro-error' : undefined}
          onChange={(e) => setIntro(e.target.value)}
        />
        {errors.intro ? (
          <p id="shop-apply-intro-error" className="field__error" role="alert">
            {errors.intro}
          </p>
        ) : null}
      </div>
      <div className="shop-apply__images">
        {IMAGES.map(({ field, visibility }) => (
          <ImageUploadField
            key={field}
            label={t(`shopApply.fields.${field}`)}
            visibility={visibility}
            value={images[field]}
            error={errors[field]}
            onError={(message) => setErrors(message ? { [field]: message } : {})}
            onChange={(file) => {
              setImages((current) => ({ ...current, [field]: file }));
              setErrors({});
            }}
          />
        ))}
      </div>
      <FormError message={errors.form} />
      <div className="shop-apply__actions">
        <Button type="submit" disabled={busy}>
          {busy ? t('shopApply.submitting') : application ? t('shopApply.resubmit') : t('shopApply.submit')}
        </Button>
      </div>
    </form>
  );
}
