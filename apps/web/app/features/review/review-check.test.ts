import { describe, expect, it } from 'vitest';
import { REVIEW_CONTENT_MAX, REVIEW_PICS_MAX } from '@bazaar/shared/constants/review';
import { catalogs } from '@bazaar/shared/i18n/catalogs';
import { checkReview, reviewFieldOf, reviewTooLong, type ReviewDraft } from './review-check.ts';

const draft: ReviewDraft = { orderItemId: 7, prodId: 3, score: 5, content: '很好用，物流也快', pics: [], isAnonymous: true };

describe('checkReview', () => {
  it('answers the body the API takes', () => {
    expect(checkReview({ ...draft, content: '  很好用  ', pics: ['/uploads/public/a.png'] })).toEqual({
      body: { orderItemId: 7, prodId: 3, score: 5, content: '很好用', pics: ['/uploads/public/a.png'], isAnonymous: true },
      problem: null,
    });
  });

  it('asks for a rating first, then the text, with the API’s messages', () => {
    expect(checkReview({ ...draft, score: null, content: '' }).problem).toEqual({ field: 'score', key: 'writeReview.errors.score' });
    expect(checkReview({ ...draft, content: '' }).problem).toEqual({ field: 'content', key: 'writeReview.errors.contentRequired' });
    expect(checkReview({ ...draft, content: '   ' }).problem).toEqual({ field: 'content', key: 'writeReview.errors.contentRequired' });
  });

  it('refuses a text over 150 characters and more than 9 pictures', () => {
    expect(checkReview({ ...draft, content: '好'.repeat(REVIEW_CONTENT_MAX) }).problem).toBeNull();
    expect(checkReview({ ...draft, content: '好'.repeat(REVIEW_CONTENT_MAX + 1) }).problem).toEqual({ field: 'content', key: 'writeReview.errors.contentTooLong' });
    const pics = Array.from({ length: REVIEW_PICS_MAX + 1 }, (_, i) => `/uploads/public/${i}.png`);
    expect(checkReview({ ...draft, pics }).problem).toEqual({ field: 'pics', key: 'writeReview.errors.tooManyPics' });
    expect(checkReview({ ...draft, pics: pics.slice(1) }).problem).toBeNull();
  });

  it('has each message in both languages', () => {
    for (const key of ['writeReview.errors.score', 'writeReview.errors.contentRequired', 'writeReview.errors.contentTooLong', 'writeReview.errors.tooManyPics'])
      for (const lang of ['zh', 'en'] as const) {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogs[lang]);
        expect(typeof text, `${lang}:${key}`).toBe('string');
      }
  });
});

describe('reviewFieldOf', () => {
  it('puts the API’s refusals beside the part they are about, anything else on the form', () => {
    expect(reviewFieldOf('writeReview.errors.picInvalid')).toBe('pics');
    expect(reviewFieldOf('writeReview.errors.contentTooLong')).toBe('content');
    expect(reviewFieldOf('writeReview.errors.alreadyReviewed')).toBe('form');
    expect(reviewFieldOf(null)).toBe('form');
  });
});

describe('reviewTooLong', () => {
  it('counts the text as the API does, after trimming', () => {
    expect(reviewTooLong(` ${'好'.repeat(REVIEW_CONTENT_MAX)} `)).toBe(false);
    expect(reviewTooLong('好'.repeat(REVIEW_CONTENT_MAX + 1))).toBe(true);
  });
});
