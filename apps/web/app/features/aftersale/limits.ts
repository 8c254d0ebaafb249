// The after-sales rules the browser needs, without the zod schema module they live in (decision 011:
// the schemas stay in loaders, the browser bundle and the route manifest stay small).
// aftersale.test.ts checks that each equals schemas/refund.ts's.

/** Instructions, remarks and the platform step-in reason: at most this many characters. */
export const REFUND_DESC_MAX = 200;
/** Voucher images per request or return parcel. */
export const REFUND_PHOTOS_MAX = 5;
/** A waybill number. */
export const REFUND_EXPRESS_NO_PATTERN = /^[A-Za-z0-9-]{4,40}$/;
/** The tabs of /user-center/uc-return. */
export const REFUND_TABS = ['all', 'processing', 'success', 'refused', 'closed'] as const;
export type RefundTab = (typeof REFUND_TABS)[number];
/** platformStatus: the shopper asked the platform to step in. */
export const PLATFORM_REQUESTED = 1;
/** platformStatus: the platform decided a request the seller had refused. */
export const PLATFORM_DECIDED = 2;
