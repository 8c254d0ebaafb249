import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import type { MyReview, ReviewItem } from '@bazaar/shared/schemas/review';
import { buttonClass } from '../../components/ui/button.tsx';
import { Stars } from '../../components/ui/stars.tsx';
import { writeReviewsPath } from '../../lib/review-paths.ts';

function Product({ prodId, pic, name, sku }: { prodId: number; pic: string; name: string; sku: string }) {
  return (
    <Link to={`/detail/${prodId}`} className="order-item my-review__product">
      <img className="order-item__pic" src={pic} alt="" width={64} height={64} loading="lazy" />
      <span className="order-item__text">
        <span className="order-item__name">{name}</span>
        {sku ? <span className="order-item__sku">{sku}</span> : null}
      </span>
    </Link>
  );
}

/** Lines of completed orders still to review, each with a link to review its order. */
export function ToReviewList({ items }: { items: ReviewItem[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="empty-text">{t('myReviews.toReview.empty')}</p>;
  return (
    <ul className="my-reviews">
      {items.map((item) => (
        <li key={item.orderItemId} className="my-review my-review--to-review">
          <Product prodId={item.prodId} pic={item.pic} name={item.prodName} sku={item.skuName} />
          <div className="my-review__order">
            <span>{t('orders.orderNumber', { number: item.orderNumber })}</span>
            <span>{item.shopName}</span>
            {item.finallyTime ? <span>{t('myReviews.toReview.completed', { time: item.finallyTime })}</span> : null}
          </div>
          <Link className={buttonClass({ size: 'sm' })} to={writeReviewsPath(item.orderNumber)} aria-label={t('myReviews.toReview.writeLabel', { name: item.prodName })}>
            {t('myReviews.toReview.write')}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The shopper's own reviews: product, stars, text, pictures, anonymity, the seller's reply and the date. */
export function ReviewedList({ reviews }: { reviews: MyReview[] }) {
  const { t } = useTranslation();
  if (reviews.length === 0) return <p className="empty-text">{t('myReviews.reviewed.empty')}</p>;
  return (
    <ul className="my-reviews">
      {reviews.map((review) => (
        <li key={review.commId} className="my-review my-review--reviewed">
          <Product prodId={review.prodId} pic={review.pic} name={review.prodName} sku={review.skuName} />
          <div className="my-review__body">
            <div className="my-review__meta">
              <Stars score={review.score} />
              <time dateTime={review.recTime.replace(' ', 'T')}>{t('myReviews.reviewed.time', { time: review.recTime.slice(0, 16) })}</time>
              {review.isAnonymous ? <span className="my-review__tag">{t('myReviews.reviewed.anonymous')}</span> : null}
            </div>
            <p className="my-review__text">{review.content}</p>
            {review.pics.length ? (
              <ul className="my-review__pics" aria-label={t('review.pictures')}>
                {review.pics.map((src, i) => (
                  <li key={src}>
                    <a href={src} target="_blank" rel="noreferrer" className="my-review__pic-link">
                      <img src={src} alt={t('review.picture', { n: i + 1 })} width={64} height={64} loading="lazy" />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            {review.replyContent ? (
              <p className="my-review__reply">
                <strong>{t('review.reply')}</strong>
                {review.replyContent}
              </p>
            ) : null}
            {review.status === 0 ? <p className="my-review__hidden">{t('myReviews.reviewed.hidden')}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
