import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import type { UploadedFile } from '@bazaar/shared/schemas/shop-application';
import { IMAGE_ACCEPT } from '../../lib/image-file.ts';
import { useImageUpload } from '../../lib/use-image-upload.ts';
import { Button } from '../../components/ui/button.tsx';

/**
 * One image of the application: checked in the browser with section 5's two messages, uploaded
 * (public for the logo, private for documents), then previewed through the link the API answers.
 */
export function ImageUploadField({
  label,
  visibility,
  value,
  onChange,
  error,
  onError,
}: {
  label: string;
  visibility: 'public' | 'private';
  value: UploadedFile | null;
  onChange: (file: UploadedFile) => void;
  error?: string | null;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const chosen = useImageUpload({ visibility, onUploaded: onChange, onError, onUploading: setUploading });

  return (
    <div className={`field image-field${error ? ' field--invalid' : ''}`} data-field={label}>
      <span id={`${id}-label`} className="field__label">
        {label}
      </span>
      <div className="image-field__row">
        <div className="image-field__preview">{value ? <img src={value.url} alt={label} /> : <span aria-hidden="true">+</span>}</div>
        <div className="image-field__actions">
          <input
            ref={input}
            id={`${id}-input`}
            type="file"
            accept={IMAGE_ACCEPT}
            className="visually-hidden"
            tabIndex={-1}
            aria-labelledby={`${id}-label`}
            onChange={(e) => void chosen(e)}
          />
          <Button variant="secondary" size="sm" disabled={uploading} aria-describedby={error ? `${id}-error` : `${id}-hint`} onClick={() => input.current?.click()}>
            {uploading ? t('shopApply.uploading') : value ? t('shopApply.reupload') : t('shopApply.upload')}
            <span className="visually-hidden">{` ${label}`}</span>
          </Button>
          <p id={`${id}-hint`} className="image-field__hint">
            {t('shopApply.uploadHint')}
          </p>
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
