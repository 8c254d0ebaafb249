import { Suspense, lazy, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import type { ReviewSummary } from '@bazaar/shared/schemas/review';

// The review list (filters, pages, picture viewer) downloads when its tab is first opened.
const ProductReviews = lazy(() => import('./product-reviews.tsx').then((m) => ({ default: m.ProductReviews })));

type Tab = 'description' | 'reviews';

/**
 * The description (sanitized by the API) and, when the product has reviews, the reviews,
 * as tabs. The review list loads only once its tab is opened.
 */
export function ProductTabs({ prodId, content, summary, reviewsRequest = 0 }: { prodId: number; content: string; summary: ReviewSummary | null; reviewsRequest?: number }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('description');
  const tabs: Tab[] = summary && summary.number > 0 ? ['description', 'reviews'] : ['description'];
  const section = useRef<HTMLElement>(null);

  // The rating beside the price asks for the reviews: open their tab and bring it into view. Only a
  // request made while this product's tabs are shown counts: the count lives in the page, which
  // stays mounted when the shopper goes on to another product, and a reload of the loader data
  // must not scroll the page again. (The rating shows only when there are reviews.)
  const handledRequest = useRef(reviewsRequest);
  useEffect(() => {
    if (reviewsRequest === handledRequest.current) return;
    handledRequest.current = reviewsRequest;
    setTab('reviews');
    section.current?.scrollIntoView({ block: 'start' });
    document.getElementById('product-tab-reviews')?.focus({ preventScroll: true });
  }, [reviewsRequest]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = tabs[(tabs.indexOf(tab) + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]!;
    setTab(next);
    document.getElementById(`product-tab-${next}`)?.focus();
  }

  return (
    <section className="card product-tabs" ref={section}>
      <div className="tabs product-tabs__list" role="tablist" aria-label={t('product.tabs.label')} onKeyDown={onKeyDown}>
        {tabs.map((name) => (
          <button
            key={name}
            id={`product-tab-${name}`}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={tab === name}
            aria-controls={`product-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
          >
            {name === 'description' ? t('product.tabs.description') : t('product.tabs.reviews', { count: summary?.number ?? 0 })}
          </button>
        ))}
      </div>
      <div id="product-panel-description" role="tabpanel" aria-labelledby="product-tab-description" hidden={tab !== 'description'} className="product-tabs__panel">
        {content ? (
          // Sanitized by the API with an allowlist (modules/product/sanitize.ts).
          <div className="rich-text product-description" dangerouslySetInnerHTML={{ __html: content }} />
        ) : (
          <p className="empty-text">{t('product.noDescription')}</p>
        )}
      </div>
      {tab === 'reviews' && summary ? (
        <div id="product-panel-reviews" role="tabpanel" aria-labelledby="product-tab-reviews" className="product-tabs__panel">
          <Suspense fallback={<p className="empty-text">{t('product.reviewsLoading')}</p>}>
            <ProductReviews prodId={prodId} summary={summary} />
          </Suspense>
        </div>
      ) : null}
    </section>
  );
}
