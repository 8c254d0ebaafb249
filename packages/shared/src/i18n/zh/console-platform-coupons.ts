// 平台后台：平台优惠券与各店铺的促销活动（issue 11 §5，decision 044）。
export const consolePlatformCoupons = {
  couponAudit: { 'coupon.create': '新建平台优惠券', 'coupon.update': '修改平台优惠券', 'coupon.end': '结束平台优惠券' },
};
