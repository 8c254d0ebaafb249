// Review filters of the product page (reference: evaluate -1 all, 0 good, 1 medium, 2 bad, 3 with pictures).
export const REVIEW_FILTER = { all: -1, good: 0, medium: 1, bad: 2, withPictures: 3 } as const;
export type ReviewFilter = (typeof REVIEW_FILTER)[keyof typeof REVIEW_FILTER];
