import { PaymentInfoSchema } from '@bazaar/shared/schemas/payment';
import { ApiError, api } from '../../lib/api.ts';
import { apiContextFor } from '../../lib/request-api.server.ts';

/**
 * One payment of the shopper's, by its pay number, as a page's loader shows it: the login panel
 * without a valid token, the API's own words when it is not theirs or not payable (the page
 * answers 400 then), or the payment.
 */
export async function loadPaymentInfo(request: Request, payNo: string) {
  const context = apiContextFor(request);
  if (!context.token) return { state: 'login' as const };
  try {
    const info = await api('/p/order/getPayInfoByPayNo', { ...context, query: { payNo }, schema: PaymentInfoSchema });
    return { state: 'ready' as const, info };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { state: 'login' as const };
    if (error instanceof ApiError && error.status === 400) return { state: 'problem' as const, message: error.text };
    throw error;
  }
}
