// Keeps products.search_vector in step with the names. Any code that writes a product's names or
// category calls refreshProductSearch with its ids, in the same transaction, and dropSearchCaches
// (flows/search-products.ts) once it has committed. The product module owns the names and the
// documents, the catalog module the category names; the tokens come from lib/search-tokenizer.ts.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { productSearchVector } from '../lib/search-tokenizer.ts';
import { findCategoryNames } from '../modules/catalog/repository.ts';
import { listSearchNames, listUnindexedIds, writeSearchDocuments } from '../modules/product/search-document.ts';

const BATCH = 1000;

/** Recomputes the search document of these products: three statements per 1,000. */
export async function refreshProductSearch(db: Db | Tx, productIds: readonly number[]): Promise<void> {
  for (let i = 0; i < productIds.length; i += BATCH) {
    const rows = await listSearchNames(db, productIds.slice(i, i + BATCH));
    if (rows.length === 0) continue;
    const names = await findCategoryNames(db, [...new Set(rows.map((r) => r.categoryId))]);
    await writeSearchDocuments(
      db,
      rows.map((r) => {
        const category = names.get(r.categoryId);
        return { id: r.id, doc: productSearchVector({ nameZh: r.nameZh, nameEn: r.nameEn, categoryZh: category?.nameZh ?? null, categoryEn: category?.nameEn ?? null }) };
      }),
    );
  }
}

/** Fills every product that has no search document yet (a seed, or a database from before search). */
export async function backfillProductSearch(db: Db | Tx): Promise<number> {
  let done = 0;
  for (;;) {
    const ids = await listUnindexedIds(db, BATCH);
    if (ids.length === 0) return done;
    await refreshProductSearch(db, ids);
    done += ids.length;
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
