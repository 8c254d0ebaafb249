import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { REVIEW_CONTENT_MAX, REVIEW_PICS_MAX } from '@bazaar/shared/constants/review';
import type { ReviewItem } from '@bazaar/shared/schemas/review';
import type { UploadedFile } from '@bazaar/shared/schemas/shop-application';
import { api } from '../../lib/api.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormError } from '../../components/ui/form-error.tsx';
import { checkReview, reviewFieldOf, reviewTooLong, type ReviewField } from './review-check.ts';
import { PicturePicker } from '../../components/picture-picker.tsx';
import { StarRating } from './star-rating.tsx';

const REVIEW_PICTURE_TEXTS = {
  picture: 'writeReview.pictures.picture',
  remove: 'writeReview.pictures.remove',
  add: 'writeReview.pictures.add',
  uploading: 'writeReview.pictures.uploading',
  hint: 'writeReview.pictures.hint',
  count: 'writeReview.pictures.count',
  tooMany: 'writeReview.errors.tooManyPics',
};

/**
 * One line of the order to review: its product, then the rating, the text with its live count, the
 * pictures and the anonymous choice. Checked with the API's schema before anything is sent; the
 * API's refusal (400, in the shopper's language) is shown beside the part it is about.
 */
export function ReviewForm({ item, onReviewed }: { item: ReviewItem; onReviewed: (item: ReviewItem) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [score, setScore] = useState<number | null>(null);
  const [content, setContent] = useState('');
  const [pics, setPics] = useState<UploadedFile[]>([]);
  const [isAnonymous, setAnonymous] = useState(false);
  const [uploading, setUploading] = useState(false);
  // An upload's problem arrives after the await: kept apart from the submit's errors so neither overwrites the other.
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const { errors, setErrors, busy, submit } = useFormSubmit<ReviewField>();
  const tooLong = reviewTooLong(content);
  const contentError = errors.content ?? (tooLong ? t('writeReview.errors.contentTooLong') : null);

  /** Clears what the shopper just changed. */
  const clear = (field: ReviewField) => {
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (uploading) return;
    const checked = checkReview({ orderItemId: item.orderItemId, prodId: item.prodId, score, content, pics: pics.map((p) => p.path), isAnonymous });
    void submit(
      async () => {
        if (!checked.body) return;
        await api('/p/prodComm', { method: 'POST', body: checked.body, silent: true });
        onReviewed(item);
      },
      { problems: checked.problem ? { [checked.problem.field]: t(checked.problem.key) } : {}, field: reviewFieldOf },
    );
  }

  const titleId = `${id}-title`;
  return (
    <section className="card review-line" aria-labelledby={titleId}>
      <div className="review-line__product">
        <img className="review-line__pic" src={item.pic} alt="" width={96} height={96} loading="lazy" />
        <div className="review-line__text">
          <h2 id={titleId} className="review-line__name">
            <Link to={`/detail/${item.prodId}`}>{item.prodName}</Link>
          </h2>
          {item.skuName ? <p className="review-line__sku">{item.skuName}</p> : null}
          <p className="review-line__shop">{item.shopName}</p>
        </div>
      </div>
      <form className="review-form" onSubmit={onSubmit} noValidate aria-label={t('writeReview.itemLabel', { name: item.prodName })}>
        <StarRating
          value={score}
          error={errors.score}
          onChange={(next) => {
            setScore(next);
            clear('score');
          }}
        />
        <div className={`field${contentError ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-content`} className="field__label">
            {t('writeReview.content.label')}
          </label>
          <div className="counted-box">
            <textarea
              id={`${id}-content`}
              className="field__input counted-box__textarea review-form__textarea"
              rows={4}
              value={content}
              placeholder={t('writeReview.content.placeholder')}
              aria-invalid={contentError ? true : undefined}
              aria-describedby={contentError ? `${id}-count ${id}-content-error` : `${id}-count`}
              onChange={(e) => {
                setContent(e.target.value);
                clear('content');
              }}
            />
            <span id={`${id}-count`} className={`counted-box__counter${tooLong ? ' counted-box__counter--over' : ''}`} aria-live="polite">
              {t('writeReview.content.counter', { count: content.length, max: REVIEW_CONTENT_MAX })}
            </span>
          </div>
          {contentError ? (
            <p id={`${id}-content-error`} className="field__error" role="alert">
              {contentError}
            </p>
          ) : null}
        </div>
        <PicturePicker
          label={t('writeReview.pictures.label')}
          max={REVIEW_PICS_MAX}
          texts={REVIEW_PICTURE_TEXTS}
          pics={pics}
          onAdd={(file) => setPics((current) => [...current, file])}
          onRemove={(index) => setPics((current) => current.filter((_, i) => i !== index))}
          uploading={uploading}
          onUploading={setUploading}
          error={errors.pics ?? uploadProblem}
          onError={(message) => {
            setUploadProblem(message);
            clear('pics');
          }}
        />
        <div className="consent review-form__anonymous">
          <label className="consent__label">
            <input type="checkbox" checked={isAnonymous} onChange={(e) => setAnonymous(e.target.checked)} aria-describedby={`${id}-anonymous`} />
            <span>{t('writeReview.anonymous')}</span>
          </label>
          <p id={`${id}-anonymous`} className="review-form__hint">
            {t('writeReview.anonymousHint')}
          </p>
        </div>
        <FormError message={errors.form} />
        <div className="review-form__actions">
          <Button type="submit" disabled={busy || uploading}>
            {busy ? t('writeReview.submitting') : t('writeReview.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
