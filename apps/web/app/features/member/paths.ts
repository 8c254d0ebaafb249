// The membership pages (the specification's /member-center/* routes) and where a purchase's
// payment pages send the shopper back.
export const MEMBER_CENTER_PATH = '/member-center/member-center';
export const MEMBER_EQUITY_PATH = '/member-center/member-equity';
export const BUY_MEMBER_PATH = '/member-center/buy-member';
export const memberAfterPurchase = (payNo: string) => `${MEMBER_CENTER_PATH}?payNo=${payNo}`;
