import { useEffect, useState } from 'react';
import { z } from 'zod';
import { PAY_STATUS_POLL_MS, parseApiTime, type PaymentInfo } from '@bazaar/shared/schemas/payment';
import { api } from '../../lib/api.ts';

/**
 * Whether the money of a payment has arrived: asks the server every 3 s until it has, until
 * `stopped` (a lapsed QR code), or until the payment's time is up. The gateway's notification can
 * land a moment after the buyer comes back, or while a phone pays a QR code.
 */
export function usePaymentArrived(info: Pick<PaymentInfo, 'payEntry' | 'payNo' | 'status' | 'endTime'>, stopped = false): boolean {
  const [paid, setPaid] = useState(info.status === 1);
  useEffect(() => {
    if (paid || stopped) return;
    let live = true;
    const endMs = parseApiTime(info.endTime);
    const timer = window.setInterval(() => {
      if (Date.now() > endMs) {
        window.clearInterval(timer);
        return;
      }
      api(`/p/order/isPay/${info.payEntry}/${info.payNo}`, { schema: z.boolean(), silent: true, noLoginPrompt: true })
        .then((done) => {
          if (live && done) setPaid(true);
        })
        .catch(() => undefined);
    }, PAY_STATUS_POLL_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [paid, stopped, info.endTime, info.payEntry, info.payNo]);
  return paid;
}
