import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { UploadedFileSchema, type UploadedFile } from '@bazaar/shared/schemas/shop-application';
import { api } from '../../lib/api.ts';
import { IMAGE_ACCEPT, checkImageFile } from '../../lib/image-file.ts';
import { inlineFailure } from '../../lib/form-errors.ts';
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

  async function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      onError(t(problem));
      return;
    }
    onError(null);
    setUploading(true);
    try {
      const form = new FormData();
      form.append('file', file);
      onChange(await api(`/p/file/upload/${visibility}`, { method: 'POST', body: form, schema: UploadedFileSchema, silent: true }));
    } catch (err) {
      const message = inlineFailure(err, t);
      if (message) onError(message);
    } finally {
      setUploading(false);
    }
  }

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
