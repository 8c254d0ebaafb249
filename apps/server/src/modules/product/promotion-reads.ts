// The product module's reads for a shop's promotions (decision 037): which of the listed ids are
// the shop's own products, and their cards for the merchant's promotion form.
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { PRODUCT_STATUS } from '@bazaar/shared/constants/product-status';
import type { Db, Tx } from '../../db/client.ts';
import { products } from '../../db/schema/product.ts';

/** The ids among `prodIds` that are products of the shop (not deleted). */
export async function ownProductIds(db: Db | Tx, shopId: number, prodIds: number[]): Promise<Set<number>> {
  if (prodIds.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.shopId, shopId), inArray(products.id, prodIds), ne(products.status, PRODUCT_STATUS.deleted)));
  return new Set(rows.map((r) => r.id));
}

/** The shop's products among `prodIds` (not deleted), by id, with what the form shows. */
export async function shopProductCards(db: Db | Tx, shopId: number, prodIds: number[]) {
  if (prodIds.length === 0) return [];
  return db
    .select({ id: products.id, nameZh: products.nameZh, nameEn: products.nameEn, pic: products.pic, price: products.price, status: products.status })
    .from(products)
    .where(and(eq(products.shopId, shopId), inArray(products.id, prodIds), ne(products.status, PRODUCT_STATUS.deleted)))
    .orderBy(asc(products.id));
}
