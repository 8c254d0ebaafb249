import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './modules/account/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { shopRoutes } from './modules/shop/routes.ts';
import { productRoutes } from './modules/product/routes.ts';
import { reviewRoutes } from './modules/review/routes.ts';
import { collectionRoutes } from './modules/collection/routes.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { addressRoutes } from './modules/address/routes.ts';
import { orderRoutes } from './modules/order/routes.ts';
import { logisticsRoutes } from './modules/logistics/routes.ts';
import { merchantRoutes } from './modules/merchant/routes.ts';
import { paymentRoutes } from './modules/payment/routes.ts';

/** Every domain module's routes, registered in one place. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(accountRoutes);
  await app.register(contentRoutes);
  await app.register(searchRoutes);
  await app.register(catalogRoutes);
  await app.register(shopRoutes);
  await app.register(productRoutes);
  await app.register(reviewRoutes);
  await app.register(collectionRoutes);
  await app.register(cartRoutes);
  await app.register(addressRoutes);
  await app.register(orderRoutes);
  await app.register(logisticsRoutes);
  await app.register(merchantRoutes);
  await app.register(paymentRoutes);
}
