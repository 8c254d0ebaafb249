import type { uiHomeServer as zh } from '../zh/ui-home-server.ts';
import type { Widen } from '../widen.ts';

export const uiHomeServer: Widen<typeof zh> = {
  homeCoupons: {
    title: 'Mall coupons',
    note: 'From the mall itself, taken off at checkout',
    more: 'Coupon center',
  },
};
