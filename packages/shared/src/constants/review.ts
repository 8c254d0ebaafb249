// Review filters of the product page (reference: evaluate -1 all, 0 good, 1 medium, 2 bad, 3 with pictures).
export const REVIEW_FILTER = { all: -1, good: 0, medium: 1, bad: 2, withPictures: 3 } as const;
export type ReviewFilter = (typeof REVIEW_FILTER)[keyof typeof REVIEW_FILTER];

/** A review's text: required, at most 150 characters (spec section 9). */
export const REVIEW_CONTENT_MAX = 150;
/** Pictures on one review (spec section 9). */
export const REVIEW_PICS_MAX = 9;
/** An order line's review state (order_items.comm_sts; the call's `commStatus`). */
export const COMM_STATUS = { toReview: 0, reviewed: 1 } as const;

/** A review's status (reviews.status): shown on the product page, or hidden by staff (still in the shopper's and the shop's lists, marked). */
export const REVIEW_STATUS = { hidden: 0, shown: 1 } as const;

/** The audit log's actions of review moderation (decision 056). */
export const REVIEW_AUDIT_ACTIONS = ['review.hide', 'review.show'] as const;
