// The product side of search: the names a search document is made from, and the documents
// themselves (products.search_vector). The document is built by flows/product-search.ts, which
// adds the category names the catalog module answers.
import { inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { productChanges, products } from '../../db/schema/product.ts';
import type { IndexedProduct } from '../../lib/search-index.ts';
import { intArray, textArray } from '../../lib/sql-array.ts';

export async function listSearchNames(db: Db | Tx, productIds: readonly number[]) {
  return db
    .select({ id: products.id, nameZh: products.nameZh, nameEn: products.nameEn, categoryId: products.categoryId })
    .from(products)
    .where(inArray(products.id, [...productIds]));
}

/** Products that have no search document yet, in id order. */
export async function listUnindexedIds(db: Db | Tx, limit: number): Promise<number[]> {
  const rows = await db.select({ id: products.id }).from(products).where(isNull(products.searchVector)).orderBy(products.id).limit(limit);
  return rows.map((r) => r.id);
}

/** Writes many documents in one statement. */
export async function writeSearchDocuments(db: Db | Tx, documents: readonly { id: number; doc: string }[]): Promise<void> {
  if (documents.length === 0) return;
  await db.execute(sql`
    update products p set search_vector = v.doc::tsvector
    from (select unnest(${intArray(documents.map((d) => d.id))}) as id, unnest(${textArray(documents.map((d) => d.doc))}) as doc) v
    where p.id = v.id`);
}

/** What the API's in-memory search index holds of a product (lib/search-index.ts), as one statement reads it. */
const indexColumns = sql`p.id, p.status, p.shop_id as "shopId", p.category_id as "categoryId", p.shop_category_id as "shopCategoryId",
  p.price, p.total_stocks as "totalStocks", p.sold_num as "soldNum",
  (extract(epoch from p.created_at) * 1000000)::int8::text as "createdAtUs", p.search_vector::text as doc`;

type IndexRow = Omit<IndexedProduct, 'createdAtUs'> & { createdAtUs: string };
const toIndexed = (r: IndexRow): IndexedProduct => ({ ...r, createdAtUs: Number(r.createdAtUs) });

/**
 * The oldest transaction still running now, as text (pg_snapshot_xmin): every change that a later
 * read may not have seen was made by a transaction at or past it. Read it before the rows.
 */
export async function currentXmin(db: Db): Promise<string> {
  const result = await db.execute<{ xmin: string }>(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`);
  return result.rows[0]!.xmin;
}

/** Indexed products (those with a search document) after this id, in id order: the index's first load, in batches. */
export async function listIndexProducts(db: Db, afterId: number, limit: number): Promise<IndexedProduct[]> {
  const result = await db.execute<IndexRow>(sql`
    select ${indexColumns} from products p where p.id > ${afterId} and p.search_vector is not null order by p.id limit ${limit}`);
  return result.rows.map(toIndexed);
}

/**
 * The products written by transactions at or past `sinceXmin` (product_changes, kept by a trigger),
 * with the oldest transaction running now and the open shops (the shop module's named part), all
 * in one statement. A product that no longer exists comes back in `gone`.
 */
export async function listChangedProducts(db: Db, sinceXmin: string, openShopIds: () => SQL): Promise<{ xmin: string; openShops: number[]; products: IndexedProduct[]; gone: number[] }> {
  const result = await db.execute<{ xmin: string; openShops: number[] | null; changedId: number | null } & Partial<IndexRow>>(sql`
    select s.xmin::text as xmin, s.open_shops as "openShops", c.product_id as "changedId", ${indexColumns}
    from (select pg_snapshot_xmin(pg_current_snapshot()) as xmin, array(${openShopIds()}) as open_shops) s
    left join (select distinct product_id from ${productChanges} where xid >= ${sinceXmin}::xid8) c on true
    left join products p on p.id = c.product_id`);
  const rows = result.rows;
  const products: IndexedProduct[] = [];
  const gone: number[] = [];
  for (const r of rows) {
    if (r.changedId === null || r.changedId === undefined) continue;
    if (r.id === null || r.id === undefined) gone.push(r.changedId);
    else products.push(toIndexed(r as IndexRow));
  }
  const first = rows[0]!;
  return { xmin: first.xmin, openShops: (first.openShops ?? []).map(Number), products, gone };
}

/** Forgets changes older than `olderThanMs` (an index that has not read them for that long loads afresh). */
export async function dropOldProductChanges(db: Db, olderThanMs: number): Promise<void> {
  await db.execute(sql`delete from ${productChanges} where at < now() - make_interval(secs => ${olderThanMs / 1000})`);
}
