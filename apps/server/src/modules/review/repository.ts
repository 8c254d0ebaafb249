import { and, count, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { reviews } from '../../db/schema/review.ts';

/** The account's named parts for a review's author (flows/product-reviews.ts hands them in). */
export interface AuthorParts {
  nickName: (userId: AnyColumn) => SQL<string>;
  avatar: (userId: AnyColumn) => SQL<string | null>;
}

const SHOWN = 1;

/**
 * Counts per evaluation of a product's shown reviews; undefined when the product does not exist
 * (`listed`: the product module's part saying so, in the same statement).
 */
export async function summarizeReviews(db: Db, prodId: number, listed: SQL<boolean>) {
  const [row] = await db
    .select({
      listed: sql<boolean>`${listed}`,
      number: sql<number>`count(${reviews.id})::int`,
      praiseNumber: sql<number>`count(${reviews.id}) filter (where ${reviews.evaluate} = 0)::int`,
      secondaryNumber: sql<number>`count(${reviews.id}) filter (where ${reviews.evaluate} = 1)::int`,
      negativeNumber: sql<number>`count(${reviews.id}) filter (where ${reviews.evaluate} = 2)::int`,
      picNumber: sql<number>`count(${reviews.id}) filter (where cardinality(${reviews.pics}) > 0)::int`,
    })
    .from(reviews)
    .where(and(eq(reviews.productId, prodId), eq(reviews.status, SHOWN)));
  if (!row?.listed) return undefined;
  const { listed: _, ...counts } = row;
  return counts;
}

/** evaluate -1 all, 0-2 by evaluation, 3 with pictures. */
function filterOf(prodId: number, evaluate: number): SQL | undefined {
  const base = and(eq(reviews.productId, prodId), eq(reviews.status, SHOWN));
  if (evaluate === 3) return and(base, sql`cardinality(${reviews.pics}) > 0`);
  if (evaluate >= 0) return and(base, eq(reviews.evaluate, evaluate));
  return base;
}

export async function countReviews(db: Db, prodId: number, evaluate: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviews).where(filterOf(prodId, evaluate));
  return row?.n ?? 0;
}

/** A page of reviews with their authors, newest first. */
export async function listReviews(db: Db, prodId: number, evaluate: number, limit: number, offset: number, author: AuthorParts) {
  return db
    .select({
      id: reviews.id,
      score: reviews.score,
      evaluate: reviews.evaluate,
      content: reviews.content,
      pics: reviews.pics,
      isAnonymous: reviews.isAnonymous,
      skuNameZh: reviews.skuNameZh,
      skuNameEn: reviews.skuNameEn,
      replyContent: reviews.replyContent,
      replyTime: reviews.replyTime,
      createdAt: reviews.createdAt,
      nickName: author.nickName(reviews.userId),
      avatar: author.avatar(reviews.userId),
    })
    .from(reviews)
    .where(filterOf(prodId, evaluate))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset(offset);
}

// ---- The shopper's own reviews ----

/** The unique index that lets one review per order line in (decision 054). */
export const REVIEW_LINE_KEY = 'reviews_order_item_uq';

export type NewReview = typeof reviews.$inferInsert;

/** Writes a review in the caller's transaction; answers its id. */
export async function insertReview(tx: Tx, review: NewReview): Promise<number> {
  const [row] = await tx.insert(reviews).values(review).returning({ id: reviews.id });
  return row!.id;
}

type Part<T> = SQL.Aliased<T>;

/**
 * The product module's named query for a reviewed product's name and picture (product/repository.ts
 * anyProductName: every product, deleted ones too), handed in by flows/shopper-reviews.ts.
 */
export type ProductName = (db: Db) => SubqueryWithSelection<
  { prodId: Part<number>; nameZh: Part<string>; nameEn: Part<string | null>; pic: Part<string> },
  'any_product'
>;

/**
 * What a list of reviews with their products reads (the shopper's own, the shop's): the review's
 * columns and the product module's name and picture (`product`: its named query, joined).
 */
export function reviewWithProductColumns(product: ReturnType<ProductName>) {
  return {
    id: reviews.id,
    productId: reviews.productId,
    orderNumber: reviews.orderNumber,
    score: reviews.score,
    evaluate: reviews.evaluate,
    content: reviews.content,
    pics: reviews.pics,
    isAnonymous: reviews.isAnonymous,
    status: reviews.status,
    skuNameZh: reviews.skuNameZh,
    skuNameEn: reviews.skuNameEn,
    replyContent: reviews.replyContent,
    replyTime: reviews.replyTime,
    createdAt: reviews.createdAt,
    prodNameZh: product.nameZh,
    prodNameEn: product.nameEn,
    pic: product.pic,
  };
}

/** A page of the user's reviews, hidden ones too, newest first, with the product's name and picture. */
export function listUserReviews(db: Db, userId: string, limit: number, offset: number, productName: ProductName) {
  const product = productName(db);
  return db
    .select(reviewWithProductColumns(product))
    .from(reviews)
    .leftJoin(product, eq(product.prodId, reviews.productId))
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset(offset);
}

export async function countUserReviews(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviews).where(eq(reviews.userId, userId));
  return row?.n ?? 0;
}
