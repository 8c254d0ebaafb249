// The courier job (`courier.advance`): logistics follows its packages, and asks here where each
// one travels, which is the order's address copy and its shop's city.
import type { AppContext } from '../context.ts';
import type { JobHandler } from '../lib/jobs.ts';
import { courierAdvanceHandler, type PackageRoute } from '../modules/logistics/tracking.ts';
import { findDeliveryRoute } from '../modules/order/delivery-reads.ts';
import { findShopCity } from '../modules/shop/repository.ts';

async function routeOf(ctx: AppContext, orderNumber: string): Promise<PackageRoute | null> {
  const order = await findDeliveryRoute(ctx.db, orderNumber);
  if (!order) return null;
  return { fromCity: await findShopCity(ctx.db, order.shopId), toCity: order.toCity, toArea: order.toArea, phone: order.phone };
}

export function trackDeliveryHandler(ctx: AppContext): JobHandler {
  return courierAdvanceHandler(ctx, (orderNumber) => routeOf(ctx, orderNumber));
}
