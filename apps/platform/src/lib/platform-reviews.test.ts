import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { AdminReview } from '@bazaar/shared/schemas/admin-reviews';
import type { Page } from '@bazaar/shared/schemas/common';
import { fakeApi } from '@bazaar/console-ui/test/render.tsx';
import { reviewPage as pageOf, reviewRow } from '../test/reviews.ts';
import { ALL_REVIEWS, applyMovedReview, fetchReviews, reviewsKey, setReviewStatus, withReview } from './platform-reviews.ts';

describe('the review moderation data layer', () => {
  it('reads a page with the filters, the shop and product name left out when blank', async () => {
    const api = fakeApi(() => pageOf([reviewRow()]));
    const page = await fetchReviews(api, 'zh', { shopId: 3, status: 'hidden', evaluate: 2, prodName: '  茶壶 ' }, 2);
    expect(page.records[0]!.shopName).toBe('茶具小铺');
    expect(api).toHaveBeenCalledWith('/admin/reviews', expect.objectContaining({ lang: 'zh', query: { shopId: 3, status: 'hidden', evaluate: 2, prodName: '茶壶', current: 2, size: 10 } }));
    await fetchReviews(api, 'en', { ...ALL_REVIEWS, prodName: '  ' }, 1);
    expect(api).toHaveBeenLastCalledWith('/admin/reviews', expect.objectContaining({ lang: 'en', query: { shopId: undefined, status: 'all', evaluate: -1, prodName: undefined, current: 1, size: 10 } }));
  });

  it('keys a page by language, every filter and the page', () => {
    expect(reviewsKey('en', { shopId: 5, status: 'shown', evaluate: 3, prodName: '壶' }, 4)).toEqual(['reviews', 'en', 5, 'shown', 3, '壶', 4]);
  });

  it('hides and shows with PUT and answers the review as the API reads it', async () => {
    const api = fakeApi((_path, options) => reviewRow({ status: (options.body as { status: 0 | 1 }).status }));
    expect((await setReviewStatus(api, 'zh', 7, 0)).status).toBe(0);
    expect(api).toHaveBeenCalledWith('/admin/reviews/7/status', expect.objectContaining({ lang: 'zh', method: 'PUT', body: { status: 0 } }));
    expect((await setReviewStatus(api, 'en', 7, 1)).status).toBe(1);
  });

  it('refuses an answer that is not a review', async () => {
    const api = fakeApi(() => ({ commId: 'x' }));
    await expect(setReviewStatus(api, 'zh', 7, 0)).rejects.toThrow();
  });

  it('replaces only the moved row of a page', () => {
    const page = pageOf([reviewRow(), reviewRow({ commId: 8 })]);
    const next = withReview(page, reviewRow({ status: 0 }))!;
    expect(next.records.map((r) => r.status)).toEqual([0, 1]);
    expect(withReview(pageOf([reviewRow({ commId: 9 })]), reviewRow({ status: 0 }))?.records[0]!.status).toBe(1);
    expect(withReview(undefined, reviewRow())).toBeUndefined();
  });

  it('shows a moved review in the cached pages of its language at once, then has every list and the audit log read again', async () => {
    const client = new QueryClient();
    const zhKey = reviewsKey('zh', ALL_REVIEWS, 1);
    const shownKey = reviewsKey('zh', { ...ALL_REVIEWS, status: 'shown' }, 1);
    const enKey = reviewsKey('en', ALL_REVIEWS, 1);
    client.setQueryData(zhKey, pageOf([reviewRow(), reviewRow({ commId: 8 })]));
    client.setQueryData(shownKey, pageOf([reviewRow()]));
    client.setQueryData(enKey, pageOf([reviewRow({ prodName: 'Clay teapot' })]));
    client.setQueryData(['audit', 'zh'], { records: [] });
    await applyMovedReview(client, 'zh', reviewRow({ status: 0 }));
    expect(client.getQueryData<Page<AdminReview>>(zhKey)!.records.map((r) => r.status)).toEqual([0, 1]);
    expect(client.getQueryData<Page<AdminReview>>(enKey)!.records[0]).toMatchObject({ prodName: 'Clay teapot', status: 1 });
    for (const key of [zhKey, shownKey, enKey, ['audit', 'zh']]) expect(client.getQueryState(key)!.isInvalidated).toBe(true);
  });
});
