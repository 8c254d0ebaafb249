/** A coupon as the home page's floor shows it (routes/home.tsx draws it), worded by the loader (home-coupons.server.ts). */
export interface HomeCoupon {
  couponId: number;
  name: string;
  value: string;
  condition: string;
}

/** The floor as the loader words it: its title, note and link text travel with the coupons. */
export interface HomeCouponFloor {
  title: string;
  note: string;
  more: string;
  coupons: HomeCoupon[];
}

/** The platform coupon tab of the coupon center, where a visitor receives them. */
export const HOME_COUPONS_TO = '/coupons?shopType=1';
