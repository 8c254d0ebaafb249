import { REVIEW_CONTENT_MAX, WriteReviewSchema, type WriteReview } from '@bazaar/shared/schemas/review';

/** The parts of the review form a problem is shown beside; 'form' is the form's own message. */
export type ReviewField = 'score' | 'content' | 'pics' | 'form';

export interface ReviewDraft {
  orderItemId: number;
  prodId: number;
  score: number | null;
  content: string;
  /** Paths of the uploaded pictures, as POST /p/file/upload/public answered them. */
  pics: string[];
  isAnonymous: boolean;
}

/** Where a message key of the review schema (or the API's error code) is shown. */
export function reviewFieldOf(key: string | null): ReviewField {
  switch (key) {
    case 'writeReview.errors.score':
      return 'score';
    case 'writeReview.errors.contentRequired':
    case 'writeReview.errors.contentTooLong':
      return 'content';
    case 'writeReview.errors.tooManyPics':
    case 'writeReview.errors.picInvalid':
      return 'pics';
    default:
      return 'form';
  }
}

/**
 * Checks a draft with the API's own schema: the body to send, or the first problem as a field and
 * its message key, in the schema's order (rating, text, pictures), as the other forms show one at a time.
 */
export function checkReview(draft: ReviewDraft): { body: WriteReview; problem: null } | { body: null; problem: { field: ReviewField; key: string } } {
  const result = WriteReviewSchema.safeParse({ ...draft, score: draft.score ?? undefined });
  if (result.success) return { body: result.data, problem: null };
  const key = result.error.issues[0]?.message ?? 'validation.invalid';
  return { body: null, problem: { field: reviewFieldOf(key), key } };
}

/** The text is over its limit, counted as the API counts it (after trimming). */
export const reviewTooLong = (content: string): boolean => content.trim().length > REVIEW_CONTENT_MAX;
