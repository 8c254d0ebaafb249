// The platform console: platform coupons and every shop's promotions (issue 11 §5, decision 044).
export const consolePlatformCoupons = {
  couponAudit: { 'coupon.create': 'Created a platform coupon', 'coupon.update': 'Edited a platform coupon', 'coupon.end': 'Ended a platform coupon' },
};
