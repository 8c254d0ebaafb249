import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account.ts';
import { adminRoutes } from './admin.ts';
import { contentRoutes } from './content.ts';
import { searchRoutes } from './search.ts';
import { catalogRoutes } from './catalog.ts';
import { shopRoutes } from './shop.ts';
import { productRoutes } from './product.ts';
import { reviewRoutes } from './review.ts';
import { collectionRoutes } from './collection.ts';
import { cartRoutes } from './cart.ts';
import { addressRoutes } from './address.ts';
import { orderRoutes } from './order.ts';
import { logisticsRoutes } from './logistics.ts';
import { merchantRoutes } from './merchant.ts';
import { paymentRoutes } from './payment.ts';
import { docsHelperRoutes } from './docs-helpers.ts';
import { shopApplicationRoutes } from './shop-application.ts';
import { uploadRoutes } from './upload.ts';

/** Every HTTP route, registered in one place. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
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
  await app.register(uploadRoutes);
  await app.register(shopApplicationRoutes);
  await app.register(adminRoutes);
  await app.register(docsHelperRoutes);
}
