// The points mall (积分商城, issue 29; reference §2.4 score confirm/submit, §2.5 payType 0, §3 order
// type 3 and points source 10, §5.7 "points orders"; decision 066). Plain constants without zod, so
// the storefront and the console can read them without the schemas.

/** points_items.status: 1 on shelf (the shopper sees and exchanges it), 0 off shelf. */
export const POINTS_ITEM_STATUS = { off: 0, on: 1 } as const;

/** maxNum -1 = no per-user limit (as the flash sale's). */
export const POINTS_ITEM_MAX_NUM_UNLIMITED = -1;
/** The largest per-user limit, and the most units one exchange may take. */
export const POINTS_ITEM_MAX_NUM_MAX = 999;
/** A points price: 1 to 100,000,000 points. */
export const POINTS_ITEM_SCORE_PRICE_MAX = 100_000_000;
/** A cash part: 0 (points only) to 1,000,000 yuan, in fen. */
export const POINTS_ITEM_CASH_PRICE_MAX = 100_000_000;
/** An item's own stock (units reserved for the mall): 0 to 1,000,000. */
export const POINTS_ITEM_STOCKS_MAX = 1_000_000;

/** GET /score/prods `sort`: 0 newest first, 1 points ascending, 2 points descending. */
export const POINTS_MALL_SORT = { newest: 0, scoreAsc: 1, scoreDesc: 2 } as const;
export type PointsMallSort = (typeof POINTS_MALL_SORT)[keyof typeof POINTS_MALL_SORT];

/** orders.order_type of a points order (reference §3). */
export const POINTS_ORDER_TYPE = 3;
/** payments.pay_type and orders.pay_type when points paid the whole order (reference §2.5). */
export const POINTS_PAY_TYPE = 0;

/** The platform console's audited writes on points items. */
export const POINTSMALL_AUDIT_ACTIONS = ['pointsmall.create', 'pointsmall.update', 'pointsmall.status'] as const;
