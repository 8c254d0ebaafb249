// Keeps products.search_vector in step with the names. Any code that writes a product's names or
// category calls refreshProductSearch with its ids, in the same transaction, and dropSearchCaches
// (service.ts) once it has committed.
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { categories, products } from '../../db/schema/catalog.ts';
import { productSearchVector } from './tokenizer.ts';

const BATCH = 1000;

/** A PostgreSQL array literal, sent as one text parameter (both drivers accept it the same way). */
const arrayLiteral = (values: readonly (string | number)[]) => `{${values.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/** Recomputes the search document of these products: one read and one write per 1,000. */
export async function refreshProductSearch(db: Db | Tx, productIds: readonly number[]): Promise<void> {
  for (let i = 0; i < productIds.length; i += BATCH) {
    const ids = productIds.slice(i, i + BATCH);
    const rows = await db
      .select({ id: products.id, nameZh: products.nameZh, nameEn: products.nameEn, categoryZh: categories.nameZh, categoryEn: categories.nameEn })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(inArray(products.id, ids));
    if (rows.length === 0) continue;
    const vectors = rows.map((r) => productSearchVector(r));
    await db.execute(sql`
      update products p set search_vector = v.doc::tsvector
      from (select unnest(${arrayLiteral(rows.map((r) => r.id))}::int[]) as id, unnest(${arrayLiteral(vectors)}::text[]) as doc) v
      where p.id = v.id`);
  }
}

/** Fills every product that has no search document yet (a seed, or a database from before search). */
export async function backfillProductSearch(db: Db | Tx): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await db.select({ id: products.id }).from(products).where(isNull(products.searchVector)).orderBy(products.id).limit(BATCH);
    if (rows.length === 0) return done;
    await refreshProductSearch(
      db,
      rows.map((r) => r.id),
    );
    done += rows.length;
  }
}

/**
 * After a seed: documents for products that lack one, then fresh planner statistics and a
 * visibility map (PGlite has no autovacuum; without them a count walks the heap and search plans
 * guess). Runs outside any transaction, as VACUUM requires.
 */
export async function prepareProductSearch(db: Db, changed: boolean, log: { info: (msg: string) => void }): Promise<void> {
  const filled = await backfillProductSearch(db);
  if (filled > 0) log.info(`indexed ${filled} products for search`);
  if (changed || filled > 0) await db.execute(sql`vacuum analyze`);
}
