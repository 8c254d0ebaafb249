// Texts the storefront's server words for a page and sends in its loader data, never shipped to
// the browser as catalog code (decision 011's weight limit on the landing pages): the home page's
// coupon floor (issue 25).
export const uiHomeServer = {
  homeCoupons: {
    title: '平台优惠券',
    note: '平台发放，下单结算时抵扣',
    more: '领券中心',
  },
};
