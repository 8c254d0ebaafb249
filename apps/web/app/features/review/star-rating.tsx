import { useId } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';

const SCORES = [1, 2, 3, 4, 5] as const;

/**
 * The rating as a group of five radio buttons ("1 星" … "5 星"): arrow keys move between them, and
 * each star is the whole click target. The stars up to the chosen one are lit, and the level is named.
 */
export function StarRating({ value, onChange, error }: { value: number | null; onChange: (score: number) => void; error?: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className={`star-rating${error ? ' field--invalid' : ''}`} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">{t('writeReview.score.legend')}</legend>
      <div className="star-rating__row">
        <div className="star-rating__stars">
          {SCORES.map((score) => (
            <label key={score} className={`star-rating__star${value !== null && score <= value ? ' star-rating__star--on' : ''}`}>
              <input type="radio" name={`${id}-score`} value={score} checked={value === score} onChange={() => onChange(score)} />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{t('writeReview.score.star', { count: score })}</span>
            </label>
          ))}
        </div>
        <span className="star-rating__level" aria-hidden="true">
          {value ? t(`writeReview.score.levels.${value}`) : t('writeReview.score.none')}
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
