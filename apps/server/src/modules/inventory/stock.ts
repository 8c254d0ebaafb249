// Stock moves only through conditional updates (never read-then-write), so parallel buyers can
// never take more than there is. -1 means unlimited and is never changed. Callers run these
// inside their order transaction, so a failure rolls the whole order back.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

export interface StockLine {
  skuId: number;
  count: number;
}

/**
 * Takes `count` pieces of each SKU, in SKU order (a fixed lock order, so two checkouts of the same
 * SKUs cannot deadlock). Answers the first SKU that had too few pieces (or is disabled), or null
 * when every line was taken. The product's total follows its SKUs.
 */
export async function takeStock(tx: Tx, lines: StockLine[]): Promise<number | null> {
  for (const line of [...lines].sort((a, b) => a.skuId - b.skuId)) {
    if (!Number.isInteger(line.count) || line.count <= 0) return line.skuId;
    const taken = await tx.execute<{ product_id: number; was_unlimited: boolean }>(sql`
      update skus set
        stocks = case when stocks = -1 then -1 else stocks - ${line.count} end,
        version = version + 1
      where id = ${line.skuId} and status = 1 and (stocks = -1 or stocks >= ${line.count})
      returning product_id, stocks = -1 as was_unlimited`);
    const row = taken.rows[0];
    if (!row) return line.skuId;
    if (!row.was_unlimited) {
      await tx.execute(sql`
        update products set total_stocks = greatest(total_stocks - ${line.count}, 0), version = version + 1
        where id = ${row.product_id} and total_stocks <> -1`);
    }
  }
  return null;
}

/** Puts pieces back (order cancelled or expired). Unlimited SKUs stay unlimited. */
export async function releaseStock(tx: Tx, lines: StockLine[]): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.skuId - b.skuId)) {
    const released = await tx.execute<{ product_id: number }>(sql`
      update skus set stocks = stocks + ${line.count}, version = version + 1
      where id = ${line.skuId} and stocks <> -1
      returning product_id`);
    const row = released.rows[0];
    if (row) {
      await tx.execute(sql`
        update products set total_stocks = total_stocks + ${line.count}, version = version + 1
        where id = ${row.product_id} and total_stocks <> -1`);
    }
  }
}

/** Counts pieces as sold once they are paid for (sales ranking, the detail page's "sold"). */
export async function addSold(tx: Tx, lines: Array<{ productId: number; count: number }>): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
    await tx.execute(sql`update products set sold_num = sold_num + ${line.count} where id = ${line.productId}`);
  }
}
