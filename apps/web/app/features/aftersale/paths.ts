// The after-sales pages' addresses, in one place for the order pages and the after-sales pages.

export const returnDetailPath = (refundSn: string): string => `/return-detail?refundSn=${refundSn}`;

/** No item: the whole order. */
export const applyReturnPath = (orderNumber: string, orderItemId?: number): string =>
  orderItemId ? `/user-center/apply-return?orderNumber=${orderNumber}&orderItemId=${orderItemId}` : `/user-center/apply-return?orderNumber=${orderNumber}`;

export const editReturnPath = (refundSn: string): string => `/user-center/apply-return?refundSn=${refundSn}`;
