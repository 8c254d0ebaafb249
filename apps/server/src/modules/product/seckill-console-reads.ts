// The product module's reads for the consoles' flash-sale lists (issue 27, decision 062): the
// products whose name matches a search (one shop's, or every shop's for staff) and the SKUs an
// activity names, with what a row shows.
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { PRODUCT_STATUS } from '@bazaar/shared/constants/product-status';
import type { Db, Tx } from '../../db/client.ts';
import { products, skus } from '../../db/schema/product.ts';
import { escapeLike } from '../../lib/sql-like.ts';

/** Products (not deleted) whose Chinese or English name contains the keyword, of the shop or of any shop; at most `limit`. */
export async function productIdsByName(db: Db, shopId: number | null, keyword: string, limit: number): Promise<number[]> {
  const like = `%${escapeLike(keyword)}%`;
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        ne(products.status, PRODUCT_STATUS.deleted),
        shopId === null ? undefined : eq(products.shopId, shopId),
        or(sql`${products.nameZh} ilike ${like}`, sql`${products.nameEn} ilike ${like}`),
      ),
    )
    .orderBy(asc(products.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The SKUs among `skuIds` (any state), with their names, properties and usual price. */
export async function skuTextsOf(db: Db | Tx, skuIds: number[]) {
  if (skuIds.length === 0) return [];
  return db
    .select({ id: skus.id, properties: skus.properties, nameZh: skus.nameZh, nameEn: skus.nameEn, price: skus.price, stocks: skus.stocks })
    .from(skus)
    .where(inArray(skus.id, skuIds))
    .orderBy(asc(skus.id));
}
