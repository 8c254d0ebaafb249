import { useId, useRef } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { REVIEW_PICS_MAX } from '@bazaar/shared/constants/review';
import type { UploadedFile } from '@bazaar/shared/schemas/shop-application';
import { IMAGE_ACCEPT } from '../../lib/image-file.ts';
import { useImageUpload } from '../../lib/use-image-upload.ts';

/**
 * A review's pictures: up to 9, each checked in the browser with section 5's messages (format,
 * 2 MB) and uploaded as a public image one after another, then shown with a button to remove it.
 * Choosing more than the places left uploads what fits and says the limit.
 */
export function ReviewPictures({
  pics,
  onAdd,
  onRemove,
  uploading,
  onUploading,
  error,
  onError,
}: {
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
  const full = pics.length >= REVIEW_PICS_MAX;
  const chosen = useImageUpload({
    visibility: 'public',
    room: REVIEW_PICS_MAX - pics.length,
    tooMany: t('writeReview.errors.tooManyPics'),
    onUploaded: onAdd,
    onError,
    onUploading,
  });

  function remove(index: number) {
    onRemove(index);
    onError(null);
    // The removed picture's button is gone: the add button takes the focus.
    requestAnimationFrame(() => addButton.current?.focus());
  }

  return (
    <div className={`field review-pics${error ? ' field--invalid' : ''}`} role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="field__label">
        {t('writeReview.pictures.label')}
      </span>
      <ul className="review-pics__list">
        {pics.map((pic, index) => (
          <li key={pic.path} className="review-pics__item">
            <img src={pic.url} alt={t('writeReview.pictures.picture', { n: index + 1 })} width={80} height={80} />
            <button type="button" className="review-pics__remove" aria-label={t('writeReview.pictures.remove', { n: index + 1 })} onClick={() => remove(index)}>
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
        {full ? null : (
          <li className="review-pics__item">
            <button
              ref={addButton}
              type="button"
              className="review-pics__add"
              disabled={uploading}
              aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
              onClick={() => input.current?.click()}
            >
              <span aria-hidden="true" className="review-pics__plus">
                +
              </span>
              {uploading ? t('writeReview.pictures.uploading') : t('writeReview.pictures.add')}
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
        aria-label={t('writeReview.pictures.add')}
        onChange={(e) => void chosen(e)}
      />
      <p id={`${id}-hint`} className="review-pics__hint">
        {t('writeReview.pictures.hint', { max: REVIEW_PICS_MAX })} · {t('writeReview.pictures.count', { count: pics.length, max: REVIEW_PICS_MAX })}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
