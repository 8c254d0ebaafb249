import { lazy, Suspense, type ComponentProps } from 'react';
import type { CouponTickets } from './coupon-ticket.tsx';

// Every page reaches the tickets through this one lazy import, so the bundler keeps them in their own
// chunk: the product page is a landing page (decision 011) and loads them only when the shopper opens them.
const Tickets = lazy(() => import('./coupon-ticket.tsx').then((m) => ({ default: m.CouponTickets })));

/** The coupon tickets with their receive buttons, loaded on first render. */
export function LazyCouponTickets(props: ComponentProps<typeof CouponTickets>) {
  return (
    <Suspense fallback={null}>
      <Tickets {...props} />
    </Suspense>
  );
}
