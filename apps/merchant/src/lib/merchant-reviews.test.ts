import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Page } from '@bazaar/shared/schemas/common';
import { REVIEW_REPLY_MAX, type MerchantReview } from '@bazaar/shared/schemas/merchant-reviews';
import { fakeApi } from '@bazaar/console-ui/test/render.tsx';
import { reviewPage as pageOf, reviewRow } from '../test/reviews.ts';
import { ALL_REVIEWS, applySavedReply, fetchReviews, replyProblem, reviewsKey, saveReply, withReview } from './merchant-reviews.ts';

describe('the reviews data layer', () => {
  it('reads a page with the filters, the product name trimmed and left out when blank', async () => {
    const api = fakeApi(() => pageOf([reviewRow()]));
    const page = await fetchReviews(api, 'zh', { evaluate: 2, replied: 'unreplied', prodName: '  茶壶 ' }, 3);
    expect(page.records[0]!.commId).toBe(7);
    expect(api).toHaveBeenCalledWith('/merchant/reviews', expect.objectContaining({ lang: 'zh', query: { evaluate: 2, replied: 'unreplied', prodName: '茶壶', current: 3, size: 10 } }));
    await fetchReviews(api, 'en', { ...ALL_REVIEWS, prodName: '   ' }, 1);
    expect(api).toHaveBeenLastCalledWith('/merchant/reviews', expect.objectContaining({ lang: 'en', query: { evaluate: -1, replied: 'all', prodName: undefined, current: 1, size: 10 } }));
  });

  it('keys a page by language, every filter and the page', () => {
    expect(reviewsKey('zh', { evaluate: 3, replied: 'replied', prodName: '壶' }, 2)).toEqual(['reviews', 'zh', 3, 'replied', '壶', 2]);
  });

  it('saves a reply with PUT, trimmed, and answers the review as the API reads it', async () => {
    const api = fakeApi(() => reviewRow({ replyContent: '抱歉，已为您补寄', replyTime: '2026-11-29 09:00:00' }));
    const saved = await saveReply(api, 'zh', 7, '  抱歉，已为您补寄 ');
    expect(saved.replyContent).toBe('抱歉，已为您补寄');
    expect(api).toHaveBeenCalledWith('/merchant/reviews/7/reply', expect.objectContaining({ lang: 'zh', method: 'PUT', body: { content: '抱歉，已为您补寄' } }));
  });

  it('replaces only the saved row of a page', () => {
    const page = pageOf([reviewRow(), reviewRow({ commId: 8 })]);
    const saved = reviewRow({ replyContent: '谢谢', replyTime: '2026-11-29 09:00:00' });
    const next = withReview(page, saved)!;
    expect(next.records.map((r) => r.replyContent)).toEqual(['谢谢', null]);
    expect(next.total).toBe(2);
    expect(withReview(pageOf([reviewRow({ commId: 9 })]), saved)?.records[0]!.commId).toBe(9);
    expect(withReview(undefined, saved)).toBeUndefined();
  });

  it('shows a saved reply in the cached pages of its language at once, then has every list read again', async () => {
    const client = new QueryClient();
    const zhKey = reviewsKey('zh', ALL_REVIEWS, 1);
    const unrepliedKey = reviewsKey('zh', { ...ALL_REVIEWS, replied: 'unreplied' }, 1);
    const enKey = reviewsKey('en', ALL_REVIEWS, 1);
    client.setQueryData(zhKey, pageOf([reviewRow(), reviewRow({ commId: 8 })]));
    client.setQueryData(unrepliedKey, pageOf([reviewRow()]));
    client.setQueryData(enKey, pageOf([reviewRow({ prodName: 'Clay teapot' })]));
    await applySavedReply(client, 'zh', reviewRow({ replyContent: '谢谢', replyTime: '2026-11-29 09:00:00' }));
    expect(client.getQueryData<Page<MerchantReview>>(zhKey)!.records.map((r) => r.replyContent)).toEqual(['谢谢', null]);
    expect(client.getQueryData<Page<MerchantReview>>(enKey)!.records[0]).toMatchObject({ prodName: 'Clay teapot', replyContent: null });
    for (const key of [zhKey, unrepliedKey, enKey]) expect(client.getQueryState(key)!.isInvalidated).toBe(true);
  });

  it("checks a reply with the API's schema and names the console's text", () => {
    expect(replyProblem('谢谢惠顾')).toBeNull();
    expect(replyProblem(` ${'好'.repeat(REVIEW_REPLY_MAX)} `)).toBeNull();
    expect(replyProblem('')).toEqual({ key: 'reviews.replyErrors.replyRequired', vars: { max: REVIEW_REPLY_MAX } });
    expect(replyProblem(' \n ')?.key).toBe('reviews.replyErrors.replyRequired');
    expect(replyProblem('好'.repeat(REVIEW_REPLY_MAX + 1))?.key).toBe('reviews.replyErrors.replyTooLong');
    expect(replyProblem('谢谢\u0007')?.key).toBe('reviews.replyErrors.invalid');
  });
});
