// Stock moves only through conditional updates (never read-then-write), so parallel buyers can
// never take more than there is. -1 means unlimited and is never changed. Callers run these
// inside their order transaction, so a failure rolls the whole order back.
//
// Each move is one statement, however many lines it carries: the SKU rows are updated from an
// unnest() of the lines and the products' totals follow in a data-modifying CTE of the same
// statement (decision 013). Lines are merged per SKU and sent in SKU order; a deadlock between two
// checkouts that share rows is still possible in theory, so callers retry on it (`retryOnConflict`
// in db/errors.ts). A checkout sends its move inside its own single statement (`takeStockPart`).
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { StatementPart } from '../../db/one-statement.ts';
import { intArray } from '../../lib/sql-array.ts';

export interface StockLine {
  skuId: number;
  count: number;
}

/** One entry per id, counts added up, ids ascending: the shape every statement below takes. */
function merged<K extends string>(lines: Array<Record<K, number> & { count: number }>, key: K): Array<[number, number]> {
  const byId = new Map<number, number>();
  for (const line of lines) byId.set(line[key], (byId.get(line[key]) ?? 0) + line.count);
  return [...byId].sort((a, b) => a[0] - b[0]);
}

/** The reason a checkout's one statement fails with when a stock move could not take every line. */
export const STOCK_SHORT = 'stock_short';

/**
 * The move of `takeStock` as top-level CTEs (`stock_taken` answers the SKUs taken) for a flow that
 * sends it in one statement with its own writes (`executeTogether`); its condition holds only when
 * every line was taken, so a short SKU undoes the whole statement. Null when a count is not a
 * positive integer.
 */
export function takeStockPart(lines: StockLine[]): (StatementPart & { written: SQL }) | null {
  const wanted = merged(lines, 'skuId');
  if (wanted.some(([, count]) => !Number.isInteger(count) || count <= 0)) return null;
  return {
    ctes: sql`stock_wanted as (
      select w.sku_id, w.n from unnest(${intArray(wanted.map(([id]) => id))}, ${intArray(wanted.map(([, n]) => n))}) as w(sku_id, n)
      order by w.sku_id
    ), stock_taken as (
      update skus s set
        stocks = case when s.stocks = -1 then -1 else s.stocks - w.n end,
        version = s.version + 1
      from stock_wanted w
      where s.id = w.sku_id and s.status = 1 and (s.stocks = -1 or s.stocks >= w.n)
      returning s.id, s.product_id, w.n, s.stocks = -1 as unlimited
    ), stock_totals as (
      update products p set total_stocks = greatest(p.total_stocks - t.n, 0), version = p.version + 1
      from (select product_id, sum(n)::int as n from stock_taken where not unlimited group by product_id order by product_id) t
      where p.id = t.product_id and p.total_stocks <> -1
      returning p.id
    )`,
    condition: sql`(select count(*) from stock_taken) = ${wanted.length}`,
    reason: STOCK_SHORT,
    // The SKUs and then the products are locked once this holds: a wallet the same statement
    // writes must wait for it (the mall's lock order: SKUs, products, then the wallet).
    written: sql`(select count(*) from stock_totals) >= 0`,
  };
}

/**
 * Takes `count` pieces of each SKU in one statement. Answers the first SKU (lowest id) that had too
 * few pieces, is disabled or was asked for a non-positive count, or null when every line was taken.
 * The product's total follows its SKUs. On a non-null answer the caller must roll back: the other
 * lines were taken.
 */
export async function takeStock(tx: Tx, lines: StockLine[]): Promise<number | null> {
  const wanted = merged(lines, 'skuId');
  const invalid = wanted.find(([, count]) => !Number.isInteger(count) || count <= 0);
  if (invalid) return invalid[0];
  if (wanted.length === 0) return null;
  const part = takeStockPart(lines)!;
  const taken = await tx.execute<{ id: number }>(sql`with ${part.ctes} select id from stock_taken`);
  const got = new Set(taken.rows.map((r) => Number(r.id)));
  return wanted.find(([id]) => !got.has(id))?.[0] ?? null;
}

/** Puts pieces back (order cancelled or expired) in one statement. Unlimited SKUs stay unlimited. */
export async function releaseStock(tx: Tx, lines: StockLine[]): Promise<void> {
  const part = releaseStockPart(lines);
  if (part) await tx.execute(sql`with ${part.ctes} select 1`);
}

/**
 * releaseStock as a part of another statement (db/one-statement.ts; the after-sales settle step
 * sends it with the order's and the coupons' writes): null when nothing comes back.
 */
export function releaseStockPart(lines: StockLine[]): StatementPart | null {
  const back = merged(lines, 'skuId');
  if (back.length === 0) return null;
  return {
    ctes: sql`rs_back as (
      select w.sku_id, w.n from unnest(${intArray(back.map(([id]) => id))}, ${intArray(back.map(([, n]) => n))}) as w(sku_id, n)
      order by w.sku_id
    ), rs_released as (
      update skus s set stocks = s.stocks + b.n, version = s.version + 1
      from rs_back b
      where s.id = b.sku_id and s.stocks <> -1
      returning s.product_id, b.n
    ), rs_products as (
      update products p set total_stocks = p.total_stocks + r.n, version = p.version + 1
      from (select product_id, sum(n)::int as n from rs_released group by product_id order by product_id) r
      where p.id = r.product_id and p.total_stocks <> -1
    )`,
    condition: sql`true`,
    reason: 'stock_release',
  };
}

/**
 * Locks the SKUs, then the products, whose stock a later statement of the transaction puts back, in
 * the order every stock move takes them (SKUs by id, then products by id), for a transaction that
 * must hold them before another row: the after-sales settle step takes them before the shopper's
 * wallet, as payment (products, then the wallet) and cancel (SKUs, products, wallet) do. One
 * statement: the SKUs' locks are an InitPlan, run before the first product row is locked.
 */
export async function lockStockRows(tx: Tx, lines: Array<{ skuId: number; productId: number }>): Promise<void> {
  if (lines.length === 0) return;
  const skuIds = [...new Set(lines.map((l) => l.skuId))].sort((a, b) => a - b);
  const productIds = [...new Set(lines.map((l) => l.productId))].sort((a, b) => a - b);
  await tx.execute(sql`
    with locked_skus as (select id from skus where id = any(${intArray(skuIds)}) order by id for update)
    select p.id from products p
    where p.id = any(${intArray(productIds)}) and (select count(*) from locked_skus) >= 0
    order by p.id for update`);
}

/** Counts pieces as sold once they are paid for (sales ranking, the detail page's "sold"). */
export async function addSold(tx: Tx, lines: Array<{ productId: number; count: number }>): Promise<void> {
  const sold = merged(lines, 'productId');
  if (sold.length === 0) return;
  await tx.execute(sql`
    update products p set sold_num = p.sold_num + s.n
    from unnest(${intArray(sold.map(([id]) => id))}, ${intArray(sold.map(([, n]) => n))}) as s(product_id, n)
    where p.id = s.product_id`);
}
