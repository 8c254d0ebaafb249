import { useRef, useState } from 'react';
import { Link, useRevalidator, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/write-comments';
import { PAGE_SIZE_MAX } from '@bazaar/shared/constants/limits';
import { pageOf } from '@bazaar/shared/schemas/common';
import { OrderNumberSchema } from '@bazaar/shared/schemas/order';
import { COMM_STATUS, ReviewItemSchema, type ReviewItem } from '@bazaar/shared/schemas/review';
import type { RootData } from '../root.tsx';
import { api, ApiError } from '../lib/api.ts';
import { pageTitle } from '../components/page-meta.ts';
import { buttonClass } from '../components/ui/button.tsx';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { UserCenterSignIn } from '../features/account/user-center-gate.tsx';
import { ReviewForm } from '../features/review/review-form.tsx';
import '../features/review/review.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'writeReview.title' });
}

/**
 * /write-comments?orderNumber=: the order's lines still to review. A malformed, unknown or someone
 * else's order number has none, and the page says so (the API answers an empty page, or a 400).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const requested = OrderNumberSchema.safeParse(new URL(request.url).searchParams.get('orderNumber'));
  const orderNumber = requested.success ? requested.data : null;
  const items = await fetchAsUser(request, async (ctx): Promise<ReviewItem[]> => {
    if (!orderNumber) return [];
    try {
      const query = { commStatus: COMM_STATUS.toReview, orderNumber, current: 1, size: PAGE_SIZE_MAX };
      return (await api('/p/myOrder/myOrderItemsComment', { ...ctx, query, schema: pageOf(ReviewItemSchema) })).records;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 400 || error.status === 404)) return [];
      throw error;
    }
  });
  return { orderNumber, items };
}

export default function WriteComments({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootData>('root');
  const { orderNumber, items } = loaderData;
  if (!root?.isLoggedIn || !items) return <UserCenterSignIn />;
  return <WriteReviews key={orderNumber ?? ''} orderNumber={orderNumber} items={items} />;
}

function WriteReviews({ orderNumber, items }: { orderNumber: string | null; items: ReviewItem[] }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  // Lines reviewed on this visit leave the list at once, before the list is asked for again.
  const [reviewed, setReviewed] = useState<number[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const remaining = items.filter((item) => !reviewed.includes(item.orderItemId));

  function onReviewed(item: ReviewItem) {
    setReviewed((current) => [...current, item.orderItemId]);
    setMessage(t('writeReview.submitted', { name: item.prodName }));
    // The form that had the focus is gone: the message takes it.
    requestAnimationFrame(() => status.current?.focus());
    void revalidator.revalidate();
  }

  return (
    <div className="container page-section write-reviews">
      <nav className="breadcrumb" aria-label={t('writeReview.title')}>
        <Link to="/user-center/uc-order">{t('orders.title')}</Link>
        <span aria-hidden="true"> / </span>
        <span>{t('writeReview.title')}</span>
      </nav>
      <header className="card write-reviews__head">
        <h1 className="write-reviews__title">{t('writeReview.title')}</h1>
        {orderNumber ? <p className="write-reviews__order">{t('writeReview.orderNumber', { number: orderNumber })}</p> : null}
        {remaining.length > 0 ? <p className="write-reviews__intro">{t('writeReview.intro')}</p> : null}
      </header>
      <p ref={status} className={message ? 'write-reviews__done' : 'visually-hidden'} role="status" tabIndex={-1}>
        {message}
      </p>
      {remaining.length > 0 ? (
        <div className="write-reviews__list">
          {remaining.map((item) => (
            <ReviewForm key={item.orderItemId} item={item} onReviewed={onReviewed} />
          ))}
        </div>
      ) : (
        <section className="card message-panel" aria-labelledby="write-reviews-empty">
          <h2 id="write-reviews-empty" className="message-panel__title">
            {t(reviewed.length > 0 ? 'writeReview.allDone.title' : 'writeReview.empty.title')}
          </h2>
          <p className="message-panel__text">{t(reviewed.length > 0 ? 'writeReview.allDone.text' : 'writeReview.empty.text')}</p>
          <div className="write-reviews__links">
            <Link className={buttonClass({ variant: 'secondary' })} to="/user-center/uc-order">
              {t('writeReview.toOrders')}
            </Link>
            <Link className={buttonClass()} to="/user-center/uc-comments?tab=reviewed">
              {t('writeReview.toMyReviews')}
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
