import { useId, useRef } from 'react';
import type { UploadedFile } from '@bazaar/shared/schemas/shop-application';
import { useTranslation } from '../lib/i18n.tsx';
import { IMAGE_ACCEPT } from '../lib/image-file.ts';
import { useImageUpload } from '../lib/use-image-upload.ts';
import './picture-picker.css';

/** The message keys a picker speaks with ({n}: a picture's place; {count}, {max}: how many). */
export interface PicturePickerTexts {
  picture: string;
  remove: string;
  add: string;
  uploading: string;
  hint: string;
  count: string;
  tooMany: string;
}

/**
 * Pictures the shopper adds to a form (a review's, an after-sales request's or its return parcel's):
 * up to `max`, each checked in the browser with section 5's messages (format, 2 MB) and uploaded as
 * a public image one after another, then shown with a button to remove it. Choosing more than the
 * places left uploads what fits and says the limit. Not in the shell chunk (vite.config.ts): only
 * the forms that use it load it.
 */
export function PicturePicker({
  label,
  max,
  texts,
  pics,
  onAdd,
  onRemove,
  uploading,
  onUploading,
  error,
  onError,
}: {
  label: string;
  max: number;
  texts: PicturePickerTexts;
  pics: UploadedFile[];
  onAdd: (file: UploadedFile) => void;
  onRemove: (index: number) => void;
  uploading: boolean;
  onUploading: (uploading: boolean) => void;
  error?: string | null;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const full = pics.length >= max;
  const chosen = useImageUpload({ visibility: 'public', room: max - pics.length, tooMany: t(texts.tooMany), onUploaded: onAdd, onError, onUploading });

  function remove(index: number) {
    onRemove(index);
    onError(null);
    // The removed picture's button is gone: the add button takes the focus.
    requestAnimationFrame(() => addButton.current?.focus());
  }

  return (
    <div className={`field picture-picker${error ? ' field--invalid' : ''}`} role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="field__label">
        {label}
      </span>
      <ul className="picture-picker__list">
        {pics.map((pic, index) => (
          <li key={pic.path} className="picture-picker__item">
            <img src={pic.url} alt={t(texts.picture, { n: index + 1 })} width={80} height={80} />
            <button type="button" className="picture-picker__remove" aria-label={t(texts.remove, { n: index + 1 })} onClick={() => remove(index)}>
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
        {full ? null : (
          <li className="picture-picker__item">
            <button
              ref={addButton}
              type="button"
              className="picture-picker__add"
              disabled={uploading}
              aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
              onClick={() => input.current?.click()}
            >
              <span aria-hidden="true" className="picture-picker__plus">
                +
              </span>
              {uploading ? t(texts.uploading) : t(texts.add)}
            </button>
          </li>
        )}
      </ul>
      <input ref={input} type="file" multiple accept={IMAGE_ACCEPT} className="visually-hidden" tabIndex={-1} aria-label={t(texts.add)} onChange={(e) => void chosen(e)} />
      <p id={`${id}-hint`} className="picture-picker__hint">
        {t(texts.hint, { max })} · {t(texts.count, { count: pics.length, max })}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
