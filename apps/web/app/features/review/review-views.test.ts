// The review pages' parts as the server renders them, in both languages: the rating as a named radio
// group, the text with its count and no silent limit, and "my reviews" with its marks and links.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { escapeHtml as escape, renderHtml as render, t } from '../../test/server-render.ts';
import { ReviewedList, ToReviewList } from './my-reviews.tsx';
import { myReview, reviewItem } from './review-fixtures.ts';
import { ReviewForm } from './review-form.tsx';
import { StarRating } from './star-rating.tsx';

const pattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const item = reviewItem;
const review = myReview;

for (const lang of ['zh', 'en'] as const) {
  describe(`review parts (${lang})`, () => {
    it('names each star of the rating and links its message', () => {
      const html = render(lang, createElement(StarRating, { value: 4, onChange: () => undefined, error: t(lang, 'writeReview.errors.score') }));
      expect(html).toContain(`<legend class="field__label">${t(lang, 'writeReview.score.legend')}</legend>`);
      expect(html.match(/type="radio"/g)).toHaveLength(5);
      for (const n of [1, 5]) expect(html).toContain(`>${t(lang, 'writeReview.score.star', { count: n })}</span>`);
      expect(html).toMatch(/checked="" value="4"/);
      expect(html).toContain(t(lang, 'writeReview.score.levels.4'));
      expect(html).toMatch(new RegExp(`aria-describedby="([^"]+)".*id="\\1" class="field__error" role="alert">${pattern(escape(t(lang, 'writeReview.errors.score')))}<`));
    });

    it('shows the line with an empty form: counted text without a length cap, pictures, anonymity and submit', () => {
      const html = render(lang, createElement(ReviewForm, { item, onReviewed: () => undefined }));
      expect(html).toContain(item.prodName);
      expect(html).toContain(item.skuName);
      expect(html).toContain(`aria-label="${escape(t(lang, 'writeReview.itemLabel', { name: item.prodName }))}"`);
      expect(html).toMatch(/<textarea[^>]*>/);
      expect(html).not.toMatch(/maxlength/i);
      expect(html).toContain('>0/150<');
      expect(html).toContain(t(lang, 'writeReview.pictures.add'));
      expect(html).toContain(escape(t(lang, 'writeReview.pictures.count', { count: 0, max: 9 })));
      expect(html).toMatch(/type="checkbox"/);
      expect(html).toContain(t(lang, 'writeReview.anonymous'));
      expect(html).toMatch(new RegExp(`<button type="submit"[^>]*>${t(lang, 'writeReview.submit')}</button>`));
    });

    it('lists the lines to review with a link to review their order', () => {
      const html = render(lang, createElement(ToReviewList, { items: [item] }));
      expect(html).toContain(`href="/write-comments?orderNumber=${item.orderNumber}"`);
      expect(html).toContain(`aria-label="${escape(t(lang, 'myReviews.toReview.writeLabel', { name: item.prodName }))}"`);
      expect(html).toContain(escape(t(lang, 'orders.orderNumber', { number: item.orderNumber })));
      expect(render(lang, createElement(ToReviewList, { items: [] }))).toContain(escape(t(lang, 'myReviews.toReview.empty')));
    });

    it('shows a review with its stars, anonymity, pictures, reply, date and hidden state', () => {
      const html = render(lang, createElement(ReviewedList, { reviews: [review] }));
      expect(html).toContain(`role="img" aria-label="${escape(t(lang, 'review.score', { score: 4 }))}"`);
      expect(html).toContain(review.content);
      expect(html).toContain(t(lang, 'myReviews.reviewed.anonymous'));
      expect(html).toContain(`alt="${escape(t(lang, 'review.picture', { n: 1 }))}"`);
      expect(html).toContain(review.replyContent!);
      expect(html).toContain(escape(t(lang, 'myReviews.reviewed.time', { time: '2026-11-23 09:30' })));
      expect(html).toContain(escape(t(lang, 'myReviews.reviewed.hidden')));
      const shown = render(lang, createElement(ReviewedList, { reviews: [{ ...review, isAnonymous: false, replyContent: null, status: 1 }] }));
      expect(shown).not.toContain(t(lang, 'myReviews.reviewed.anonymous'));
      expect(shown).not.toContain(escape(t(lang, 'myReviews.reviewed.hidden')));
      expect(shown).not.toContain(t(lang, 'review.reply'));
      expect(render(lang, createElement(ReviewedList, { reviews: [] }))).toContain(escape(t(lang, 'myReviews.reviewed.empty')));
    });
  });
}
