import type { z } from 'zod';
import { ApiError, api } from '../../lib/api.ts';
import { apiContextFor } from '../../lib/request-api.server.ts';

/**
 * A coupon read for a loader: the /p/myCoupon twin with the shopper's received states when a token
 * is sent, else (or when the token is refused) the public /coupon read (reference 2.8).
 */
export async function loadCoupons<S extends z.ZodTypeAny>(request: Request, path: string, query: Record<string, string | number>, schema: S): Promise<z.infer<S>> {
  const context = apiContextFor(request);
  if (context.token) {
    try {
      return (await api(`/p/myCoupon${path}`, { ...context, query, schema })) as z.infer<S>;
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 401) throw err;
    }
  }
  return (await api(`/coupon${path}`, { ...context, token: null, query, schema })) as z.infer<S>;
}
