// The merchant center's reviews over the API (decision 055): the list's query and its cache key,
// the reply and what a saved reply does to the cached pages, and the reply's check with the API's
// own schema. The page (features/reviews.tsx) only lays them out.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import type { ConsoleLang } from '@bazaar/shared/console/api-client';
import { REVIEW_FILTER, type ReviewFilter } from '@bazaar/shared/constants/review';
import { pageOf, type Page } from '@bazaar/shared/schemas/common';
import { MerchantReviewReplySchema, MerchantReviewSchema, REVIEW_REPLY_MAX, type MerchantReview, type ReplyFilter } from '@bazaar/shared/schemas/merchant-reviews';

export const REVIEWS_QUERY = 'reviews';
export const REVIEW_PAGE_SIZE = 10;
const ReviewPageSchema = pageOf(MerchantReviewSchema);

export interface ReviewFilters {
  evaluate: ReviewFilter;
  replied: ReplyFilter;
  /** Part of a product's name; blank for every product. */
  prodName: string;
}
export const ALL_REVIEWS: ReviewFilters = { evaluate: REVIEW_FILTER.all, replied: 'all', prodName: '' };

/** The list's key: the language first (a row's names follow it), then every filter and the page. */
export const reviewsKey = (lang: ConsoleLang, filters: ReviewFilters, current: number) => [REVIEWS_QUERY, lang, filters.evaluate, filters.replied, filters.prodName, current] as const;

export function fetchReviews(api: ConsoleApi, lang: ConsoleLang, filters: ReviewFilters, current: number): Promise<Page<MerchantReview>> {
  return api('/merchant/reviews', {
    lang,
    query: { evaluate: filters.evaluate, replied: filters.replied, prodName: filters.prodName.trim() || undefined, current, size: REVIEW_PAGE_SIZE },
    schema: ReviewPageSchema,
  });
}

/** Writes the shop's reply or replaces it; answers the review as it now reads. */
export function saveReply(api: ConsoleApi, lang: ConsoleLang, commId: number, content: string): Promise<MerchantReview> {
  return api(`/merchant/reviews/${commId}/reply`, { lang, method: 'PUT', body: { content: content.trim() }, schema: MerchantReviewSchema });
}

/** The page with the review's row as the API answered it; other rows and the counts unchanged. */
export function withReview(page: Page<MerchantReview> | undefined, review: MerchantReview): Page<MerchantReview> | undefined {
  if (!page?.records.some((r) => r.commId === review.commId)) return page;
  return { ...page, records: page.records.map((r) => (r.commId === review.commId ? review : r)) };
}

/**
 * After a save: the pages in this language that show the review show the reply at once, then every
 * list is read again (under "not replied" the row leaves; the other language's names are not these).
 */
export async function applySavedReply(client: QueryClient, lang: ConsoleLang, review: MerchantReview): Promise<void> {
  client.setQueriesData<Page<MerchantReview>>({ queryKey: [REVIEWS_QUERY, lang] }, (page) => withReview(page, review));
  await client.invalidateQueries({ queryKey: [REVIEWS_QUERY] });
}

/** What the API would refuse in a reply, as the console's text key and values; null when it can be sent. */
export function replyProblem(content: string): { key: string; vars: { max: number } } | null {
  const parsed = MerchantReviewReplySchema.safeParse({ content });
  if (parsed.success) return null;
  // The schema's message keys end in the console's: merchantReviews.errors.replyRequired, validation.invalid...
  const code = parsed.error.issues[0]?.message.split('.').at(-1) ?? 'invalid';
  return { key: `reviews.replyErrors.${code}`, vars: { max: REVIEW_REPLY_MAX } };
}

export function useReviewPage(api: ConsoleApi, lang: ConsoleLang, filters: ReviewFilters, current: number) {
  return useQuery({ queryKey: reviewsKey(lang, filters, current), queryFn: () => fetchReviews(api, lang, filters, current), placeholderData: keepPreviousData });
}

export function useSaveReply(api: ConsoleApi, lang: ConsoleLang) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ commId, content }: { commId: number; content: string }) => saveReply(api, lang, commId, content),
    onSuccess: (review) => applySavedReply(client, lang, review),
  });
}
