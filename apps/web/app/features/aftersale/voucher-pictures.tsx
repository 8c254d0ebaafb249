import { useId, useRef } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { REFUND_PHOTOS_MAX } from './limits.ts';
import type { UploadedFile } from '@bazaar/shared/schemas/shop-application';
import { IMAGE_ACCEPT } from '../../lib/image-file.ts';
import { useImageUpload } from '../../lib/use-image-upload.ts';

/**
 * Voucher images of an after-sales request or a return parcel: up to 5, each checked in the browser
 * with section 5's messages (format, 2 MB) by the storefront's one image upload (the reviews' too),
 * uploaded as public images and shown with a button to remove each.
 */
export function VoucherPictures({
  label,
  pics,
  onChange,
  uploading,
  onUploading,
  error,
  onError,
}: {
  label: string;
  pics: UploadedFile[];
  onChange: (update: (current: UploadedFile[]) => UploadedFile[]) => void;
  uploading: boolean;
  onUploading: (uploading: boolean) => void;
  error?: string | null;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const full = pics.length >= REFUND_PHOTOS_MAX;
  const chosen = useImageUpload({
    visibility: 'public',
    room: REFUND_PHOTOS_MAX - pics.length,
    tooMany: t('aftersale.apply.errors.tooManyVouchers'),
    onUploaded: (file) => onChange((current) => [...current, file]),
    onError,
    onUploading,
  });

  function remove(index: number) {
    onChange((current) => current.filter((_, i) => i !== index));
    onError(null);
    requestAnimationFrame(() => addButton.current?.focus());
  }

  return (
    <div className={`field voucher-pics${error ? ' field--invalid' : ''}`} role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="field__label">
        {label}
      </span>
      <ul className="voucher-pics__list">
        {pics.map((pic, index) => (
          <li key={pic.path} className="voucher-pics__item">
            <img src={pic.url} alt={t('aftersale.apply.voucher', { n: index + 1 })} width={80} height={80} />
            <button type="button" className="voucher-pics__remove" aria-label={t('aftersale.apply.removeVoucher', { n: index + 1 })} onClick={() => remove(index)}>
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
        {full ? null : (
          <li className="voucher-pics__item">
            <button
              ref={addButton}
              type="button"
              className="voucher-pics__add"
              disabled={uploading}
              aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
              onClick={() => input.current?.click()}
            >
              <span aria-hidden="true" className="voucher-pics__plus">
                +
              </span>
              {uploading ? t('aftersale.apply.uploading') : t('aftersale.apply.addVoucher')}
            </button>
          </li>
        )}
      </ul>
      <input
        ref={input}
        type="file"
        multiple
        accept={IMAGE_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t('aftersale.apply.addVoucher')}
        onChange={(e) => void chosen(e)}
      />
      <p id={`${id}-hint`} className="voucher-pics__hint">
        {t('aftersale.apply.vouchersHint', { max: REFUND_PHOTOS_MAX })} · {t('aftersale.apply.vouchersCount', { count: pics.length, max: REFUND_PHOTOS_MAX })}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
