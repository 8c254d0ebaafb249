import { Link } from 'react-router';

/** A coupon as the floor shows it, worded by the loader (home-coupons.server.ts). */
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

/** The home coupon floor's tickets (the route puts them in a home floor): each leads to the coupon center. */
export function HomeCouponList({ coupons }: { coupons: HomeCoupon[] }) {
  return (
    <ul className="home-coupons">
      {coupons.map((c) => (
        <li key={c.couponId}>
          <Link to={HOME_COUPONS_TO} className="home-coupon">
            <strong>{c.value}</strong>
            <span>{c.condition}</span>
            <small>{c.name}</small>
          </Link>
        </li>
      ))}
    </ul>
  );
}
