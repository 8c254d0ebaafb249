// A shop's low-stock SKUs for the merchant center's dashboard: enabled SKUs of its products (on or
// off the shelf, not deleted) with a limited stock at or below the threshold. -1 is unlimited.
import { and, asc, between, count, eq, ne } from 'drizzle-orm';
import { PRODUCT_STATUS } from '@bazaar/shared/constants/product-status';
import type { Db, Tx } from '../../db/client.ts';
import { products, skus } from '../../db/schema/product.ts';

type Queryable = Db | Tx;

export async function lowStockSkus(db: Queryable, shopId: number, threshold: number, limit: number) {
  const where = and(eq(products.shopId, shopId), ne(products.status, PRODUCT_STATUS.deleted), eq(skus.status, 1), between(skus.stocks, 0, threshold));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        skuId: skus.id,
        prodId: products.id,
        prodNameZh: products.nameZh,
        prodNameEn: products.nameEn,
        skuNameZh: skus.nameZh,
        skuNameEn: skus.nameEn,
        stocks: skus.stocks,
      })
      .from(skus)
      .innerJoin(products, eq(products.id, skus.productId))
      .where(where)
      .orderBy(asc(skus.stocks), asc(skus.id))
      .limit(limit),
    db.select({ n: count() }).from(skus).innerJoin(products, eq(products.id, skus.productId)).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}
