// The platform console's review moderation over the API (decision 056): the list's query and its
// cache key, hiding or showing a review, and a moved review in the cached pages. The page
// (features/reviews.tsx) only lays them out.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import type { ConsoleLang } from '@bazaar/shared/console/api-client';
import { REVIEW_FILTER, type ReviewFilter } from '@bazaar/shared/constants/review';
import { AdminReviewSchema, type AdminReview, type ReviewStatusFilter } from '@bazaar/shared/schemas/admin-reviews';
import { pageOf, type Page } from '@bazaar/shared/schemas/common';

export const REVIEWS_QUERY = 'reviews';
export const REVIEW_PAGE_SIZE = 10;
const ReviewPageSchema = pageOf(AdminReviewSchema);

export interface ReviewFilters {
  shopId: number | null;
  status: ReviewStatusFilter;
  evaluate: ReviewFilter;
  /** Part of a product's name; blank for every product. */
  prodName: string;
}
export const ALL_REVIEWS: ReviewFilters = { shopId: null, status: 'all', evaluate: REVIEW_FILTER.all, prodName: '' };

/** The list's key: the language first (a row's names follow it), then every filter and the page. */
export const reviewsKey = (lang: ConsoleLang, filters: ReviewFilters, current: number) =>
  [REVIEWS_QUERY, lang, filters.shopId, filters.status, filters.evaluate, filters.prodName, current] as const;

export function fetchReviews(api: ConsoleApi, lang: ConsoleLang, filters: ReviewFilters, current: number): Promise<Page<AdminReview>> {
  return api('/admin/reviews', {
    lang,
    query: {
      shopId: filters.shopId ?? undefined,
      status: filters.status,
      evaluate: filters.evaluate,
      prodName: filters.prodName.trim() || undefined,
      current,
      size: REVIEW_PAGE_SIZE,
    },
    schema: ReviewPageSchema,
  });
}

/** Hides the review (0) or shows it again (1); answers the review as it now reads. */
export function setReviewStatus(api: ConsoleApi, lang: ConsoleLang, commId: number, status: 0 | 1): Promise<AdminReview> {
  return api(`/admin/reviews/${commId}/status`, { lang, method: 'PUT', body: { status }, schema: AdminReviewSchema });
}

/** The page with the review's row as the API answered it; other rows and the counts unchanged. */
export function withReview(page: Page<AdminReview> | undefined, review: AdminReview): Page<AdminReview> | undefined {
  if (!page?.records.some((r) => r.commId === review.commId)) return page;
  return { ...page, records: page.records.map((r) => (r.commId === review.commId ? review : r)) };
}

/**
 * After a move: the pages in this language show the new status at once, then every list (and the
 * audit log) is read again (under a status filter the row then leaves).
 */
export async function applyMovedReview(client: QueryClient, lang: ConsoleLang, review: AdminReview): Promise<void> {
  client.setQueriesData<Page<AdminReview>>({ queryKey: [REVIEWS_QUERY, lang] }, (page) => withReview(page, review));
  await Promise.all([client.invalidateQueries({ queryKey: [REVIEWS_QUERY] }), client.invalidateQueries({ queryKey: ['audit'] })]);
}

export function useReviewPage(api: ConsoleApi, lang: ConsoleLang, filters: ReviewFilters, current: number) {
  return useQuery({ queryKey: reviewsKey(lang, filters, current), queryFn: () => fetchReviews(api, lang, filters, current), placeholderData: keepPreviousData });
}

export function useMoveReview(api: ConsoleApi, lang: ConsoleLang) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ commId, status }: { commId: number; status: 0 | 1 }) => setReviewStatus(api, lang, commId, status),
    onSuccess: (review) => applyMovedReview(client, lang, review),
  });
}
