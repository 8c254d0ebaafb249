import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import type { Page } from '@bazaar/shared/schemas/common';
import { REVIEW_FILTER, type ReviewFilter } from '@bazaar/shared/constants/review';
import type { Review, ReviewSummary } from '@bazaar/shared/schemas/review';
import { Dialog } from '../../components/ui/dialog.tsx';
import { pageWindow } from '../../components/ui/pagination.tsx';
import { Stars } from '../../components/ui/stars.tsx';
import { apiData } from '../../lib/api.ts';

const PAGE_SIZE = 10;
type ReviewPage = { records: Review[]; total: number; pages: number; current: number };

const FILTERS: { value: ReviewFilter; key: string; count: (s: ReviewSummary) => number }[] = [
  { value: REVIEW_FILTER.all, key: 'review.filters.all', count: (s) => s.number },
  { value: REVIEW_FILTER.good, key: 'review.filters.good', count: (s) => s.praiseNumber },
  { value: REVIEW_FILTER.medium, key: 'review.filters.medium', count: (s) => s.secondaryNumber },
  { value: REVIEW_FILTER.bad, key: 'review.filters.bad', count: (s) => s.negativeNumber },
  { value: REVIEW_FILTER.withPictures, key: 'review.filters.pictures', count: (s) => s.picNumber },
];

function ReviewItem({ review, onPicture }: { review: Review; onPicture: (src: string) => void }) {
  const { t } = useTranslation();
  return (
    <li className="review">
      <div className="review__author">
        {review.userAvatar ? (
          <img src={review.userAvatar} alt="" width={40} height={40} className="review__avatar" loading="lazy" />
        ) : (
          <span className="review__avatar review__avatar--letter" aria-hidden="true">
            {Array.from(review.nickName)[0]}
          </span>
        )}
        <span className="review__name">{review.nickName}</span>
      </div>
      <div className="review__body">
        <div className="review__meta">
          <Stars score={review.score} />
          <time dateTime={review.recTime.replace(' ', 'T')}>{review.recTime.slice(0, 16)}</time>
          {review.skuName ? <span>{review.skuName}</span> : null}
        </div>
        <p className="review__text">{review.content}</p>
        {review.pics.length ? (
          <ul className="review__pics" aria-label={t('review.pictures')}>
            {review.pics.map((src, i) => (
              <li key={src}>
                <button type="button" className="review__pic" onClick={() => onPicture(src)} aria-label={t('review.picture', { n: i + 1 })}>
                  <img src={src} alt="" width={72} height={72} loading="lazy" decoding="async" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {review.replyContent ? (
          <p className="review__reply">
            <strong>{t('review.reply')}</strong>
            {review.replyContent}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** The review summary, filters and a paged list, loaded in the browser when first shown. */
export function ProductReviews({ prodId, summary }: { prodId: number; summary: ReviewSummary }) {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<ReviewFilter>(REVIEW_FILTER.all);
  const [current, setCurrent] = useState(1);
  const [page, setPage] = useState<ReviewPage | null>(null);
  const [failed, setFailed] = useState(false);
  const [picture, setPicture] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    apiData<Page<Review>>('/prod/prodCommPageByProd', { query: { prodId, evaluate: filter, current, size: PAGE_SIZE }, signal: controller.signal, silent: true })
      .then(setPage)
      .catch((err: Error) => {
        if (err.name !== 'AbortError') setFailed(true);
      });
    return () => controller.abort();
  }, [prodId, filter, current, i18n.language]);

  function choose(next: ReviewFilter) {
    setFilter(next);
    setCurrent(1);
  }

  return (
    <div className="reviews">
      <div className="reviews__summary">
        <div className="reviews__rate">
          <strong>{summary.positiveRating}%</strong>
          <span>{t('review.goodRate')}</span>
        </div>
        <div className="reviews__filters" role="group" aria-label={t('review.filters.label')}>
          {FILTERS.map((f) => (
            <button key={f.value} type="button" className="chip" aria-pressed={filter === f.value} onClick={() => choose(f.value)}>
              {t(f.key, { count: f.count(summary) })}
            </button>
          ))}
        </div>
      </div>
      {failed ? (
        <p className="empty-text" role="alert">
          {t('review.loadFailed')}
        </p>
      ) : !page ? (
        <p className="empty-text">{t('review.loading')}</p>
      ) : page.records.length === 0 ? (
        <p className="empty-text">{t('review.empty')}</p>
      ) : (
        <ul className="reviews__list" aria-busy={page.current !== current}>
          {page.records.map((review) => (
            <ReviewItem key={review.commId} review={review} onPicture={setPicture} />
          ))}
        </ul>
      )}
      {page && page.pages > 1 ? (
        <nav className="pagination" aria-label={t('common.pagination.label')}>
          <button type="button" className="pagination__item" disabled={current <= 1} onClick={() => setCurrent(current - 1)}>
            {t('common.pagination.prev')}
          </button>
          {pageWindow(current, page.pages).map((n, i) =>
            n === 'gap' ? (
              <span key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
                …
              </span>
            ) : (
              <button
                key={n}
                type="button"
                className={`pagination__item${n === current ? ' pagination__item--current' : ''}`}
                aria-current={n === current ? 'page' : undefined}
                onClick={() => setCurrent(n)}
              >
                {n}
              </button>
            ),
          )}
          <button type="button" className="pagination__item" disabled={current >= page.pages} onClick={() => setCurrent(current + 1)}>
            {t('common.pagination.next')}
          </button>
        </nav>
      ) : null}
      <Dialog open={picture !== null} onClose={() => setPicture(null)} title={t('review.pictures')} className="gallery-dialog">
        {picture ? <img src={picture} alt="" width={480} height={480} className="gallery-dialog__img" /> : null}
      </Dialog>
    </div>
  );
}
