// After-sales codes shared by server and web (reference section 3, specification section 4).

/** returnMoneySts: where a request stands. 5 only once the money is confirmed back. */
export const REFUND_STATUS = {
  applied: 1,
  /** Seller agreed: a refund only is being paid out; a return waits for the buyer's waybill. */
  accepted: 2,
  /** The buyer sent the goods back (waybill recorded). */
  buyerShipped: 3,
  /** The seller received the goods back; the refund is being paid out. */
  sellerReceived: 4,
  success: 5,
  withdrawn: 6,
  refused: 7,
  closed: -1,
} as const;
export type RefundStatus = (typeof REFUND_STATUS)[keyof typeof REFUND_STATUS];

/** Requests still in progress: one per item at a time (a database index holds it). */
export const OPEN_REFUND_STATUSES = [1, 2, 3, 4] as const;

/**
 * settleStatus: the money's own state, apart from the request's. 0 not due yet; 1 due or refunding
 * (the gateway has not confirmed; a job retries with the same refund number); 2 refunded (the request
 * is then 5); 3 failing (retries keep going; finance staff see it).
 */
export const REFUND_SETTLE_STATUS = { none: 0, refunding: 1, refunded: 2, failing: 3 } as const;

/** refundType: 1 the whole order, 2 one item. applyType: 1 refund only, 2 return and refund. */
export const REFUND_TYPE = { order: 1, item: 2 } as const;
export const APPLY_TYPE = { refundOnly: 1, returnAndRefund: 2 } as const;

/** Order refundStatus (reference section 3). 0 = none. */
export const ORDER_REFUND_STATUS = { none: 0, applying: 1, allRefunded: 2, partlyRefunded: 3, failed: 4 } as const;

/**
 * buyerReason 0-7. 7 is the system's (a failed group-buy team) and is never offered to a shopper.
 * The labels live in the catalogs under aftersale.reasons.<n>.
 */
export const BUYER_REASONS = [0, 1, 2, 3, 4, 5, 6] as const;
export const SYSTEM_REFUND_REASON = 7;

/** Invoice codes (reference section 3). */
export const INVOICE_HEADER_TYPE = { unit: 1, personal: 2 } as const;
export const INVOICE_STATE = { applying: 1, invoiced: 2, failed: 3 } as const;

/** Default after-sales periods (specification 4, reference 5.4), each a platform setting. */
export const REFUND_DEFAULT_PERIODS = {
  /** Days after receipt during which a shopper may apply. */
  applyDays: 7,
  /** Seller silent this long in status 1: counts as agreed. */
  sellerHandleDays: 7,
  /** Buyer sends no waybill this long in status 2 (returns): closed. */
  buyerShipDays: 7,
  /** Seller does not confirm receipt this long in status 3: counts as received and refunded. */
  sellerReceiveDays: 7,
  /** The reminder before each deadline. */
  reminderHours: 12,
} as const;
