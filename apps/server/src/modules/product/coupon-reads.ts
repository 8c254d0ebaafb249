// The product module's reads for the platform's coupons (decision 044): a platform coupon may list
// any shop's products, so these are not bound to one shop (the shop's own are promotion-reads.ts).
import { and, asc, inArray, ne } from 'drizzle-orm';
import { PRODUCT_STATUS } from '@bazaar/shared/constants/product-status';
import type { Db, Tx } from '../../db/client.ts';
import { products } from '../../db/schema/product.ts';

/** The ids among `prodIds` that are products (not deleted) of any shop. */
export async function existingProductIds(db: Db | Tx, prodIds: number[]): Promise<Set<number>> {
  if (prodIds.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, prodIds), ne(products.status, PRODUCT_STATUS.deleted)));
  return new Set(rows.map((r) => r.id));
}

/** The products among `prodIds` (not deleted), by id, with what the console's form shows. */
export async function productCardsOf(db: Db | Tx, prodIds: number[]) {
  if (prodIds.length === 0) return [];
  return db
    .select({ id: products.id, nameZh: products.nameZh, nameEn: products.nameEn, pic: products.pic, price: products.price, status: products.status })
    .from(products)
    .where(and(inArray(products.id, prodIds), ne(products.status, PRODUCT_STATUS.deleted)))
    .orderBy(asc(products.id));
}
