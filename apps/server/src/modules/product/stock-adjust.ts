// A merchant's hand adjustment of one SKU's stock (decision 027): by a delta or to a value, with a
// reason, in one statement. The SKU row is locked by the statement itself and the new count
// computed from the locked row, so parallel adjustments and checkouts serialize on the row and
// none is lost; a delta that would go below zero or above STOCK_MAX moves nothing, nor does a
// disabled SKU (its stock is counted nowhere). The product's total follows by
// the same difference, and a stock_logs row records who, when, why and the count after.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, skus, stockLogs } from '../../db/schema/product.ts';
import { SKU_STATUS } from '@bazaar/shared/constants/product-status';
import { STOCK_MAX } from '@bazaar/shared/schemas/merchant-product';

export interface StockAdjustment {
  shopId: number;
  skuId: number;
  mode: 'delta' | 'set';
  amount: number;
  reason: string;
  actor: { accountId: number; name: string };
}

/** Answers the SKU's change and new count, or undefined when nothing moved (the caller explains why). */
export async function adjustSkuStock(db: Db, a: StockAdjustment): Promise<{ delta: number; stocks: number } | undefined> {
  const isSet = a.mode === 'set';
  const result = await db.execute<{ old: number; stocks: number }>(sql`
    with target as (
      select s.id, s.product_id, s.stocks as old
      from ${skus} s join ${products} p on p.id = s.product_id
      where s.id = ${a.skuId} and p.shop_id = ${a.shopId} and p.status <> -1 and s.status = ${SKU_STATUS.enabled} and s.stocks <> -1
        and (${isSet} or s.stocks + ${a.amount}::int >= 0)
        and (case when ${isSet} then ${a.amount}::int else s.stocks + ${a.amount}::int end) <= ${STOCK_MAX}
      for update of s
    ), moved as (
      update ${skus} s set stocks = case when ${isSet} then ${a.amount}::int else t.old + ${a.amount}::int end, version = s.version + 1
      from target t where s.id = t.id
      returning s.id, s.product_id, t.old, s.stocks
    ), total as (
      update ${products} p set total_stocks = p.total_stocks + (m.stocks - m.old), version = p.version + 1
      from moved m where p.id = m.product_id and p.total_stocks <> -1
    ), logged as (
      insert into ${stockLogs} (sku_id, product_id, shop_id, account_id, actor_name, delta, stocks_after, reason)
      select m.id, m.product_id, ${a.shopId}, ${a.actor.accountId}, ${a.actor.name}, m.stocks - m.old, m.stocks, ${a.reason} from moved m
    )
    select old, stocks from moved`);
  const row = result.rows[0];
  return row ? { delta: Number(row.stocks) - Number(row.old), stocks: Number(row.stocks) } : undefined;
}

/** The SKU of this shop (product not deleted; enabled unless asked otherwise): its stock and product, to say why an adjustment did not move. */
export async function findShopSku(db: Db, shopId: number, skuId: number, enabledOnly = true) {
  const [row] = await db
    .select({ id: skus.id, productId: skus.productId, stocks: skus.stocks })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(skus.id, skuId), eq(products.shopId, shopId), enabledOnly ? eq(skus.status, SKU_STATUS.enabled) : undefined, sql`${products.status} <> -1`));
  return row;
}

/** A page of one SKU's adjustments, newest first (the SKU is the shop's: checked by the caller). */
export async function pageStockLogs(db: Db, shopId: number, skuId: number, current: number, size: number) {
  const where = and(eq(stockLogs.shopId, shopId), eq(stockLogs.skuId, skuId));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(stockLogs)
      .where(where)
      .orderBy(desc(stockLogs.createdAt), desc(stockLogs.id))
      .limit(size)
      .offset((current - 1) * size),
    db.select({ n: count() }).from(stockLogs).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
