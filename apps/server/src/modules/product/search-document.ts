// The product side of search: the names a search document is made from, and the documents
// themselves (products.search_vector). The document is built by flows/product-search.ts, which
// adds the category names the catalog module answers.
import { inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { products } from '../../db/schema/product.ts';

/** A PostgreSQL array literal, sent as one text parameter (both drivers accept it the same way). */
const arrayLiteral = (values: readonly (string | number)[]) => `{${values.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

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
    from (select unnest(${arrayLiteral(documents.map((d) => d.id))}::int[]) as id, unnest(${arrayLiteral(documents.map((d) => d.doc))}::text[]) as doc) v
    where p.id = v.id`);
}
