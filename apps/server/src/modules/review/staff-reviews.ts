// Every shop's reviews for platform staff (decision 056): the list, filtered and paged, and the
// review's status (1 shown, 0 hidden). The row is the shop's (shop-reviews.ts) and its shop's name,
// the shop module's named query handed in by flows/staff-reviews.ts, as the other owners' parts are.
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { Language } from '@bazaar/shared/constants/limits';
import { REVIEW_FILTER } from '@bazaar/shared/constants/review';
import type { AdminReview, AdminReviewQuery } from '@bazaar/shared/schemas/admin-reviews';
import type { Page } from '@bazaar/shared/schemas/common';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { reviews } from '../../db/schema/review.ts';
import { localized } from '../../lib/localized.ts';
import { reviewWithProductColumns } from './repository.ts';
import { reviewListWhere, toMerchantReview, type ReviewListFilter, type ShopReviewParts } from './shop-reviews.ts';

/** The shop module's named query for a shop's names (shop/repository.ts anyShopCard: every shop, whatever its status). */
export type ShopName = (db: Db) => SubqueryWithSelection<{ shopId: SQL.Aliased<number>; nameZh: SQL.Aliased<string>; nameEn: SQL.Aliased<string | null> }, 'any_shop'>;

export interface StaffReviewParts extends ShopReviewParts {
  shopName: ShopName;
}

const STATUS_OF = { all: undefined, shown: 1, hidden: 0 } as const;

const filterOf = (query: Pick<AdminReviewQuery, 'evaluate' | 'replied' | 'prodName' | 'shopId' | 'status'>): ReviewListFilter => ({
  evaluate: query.evaluate,
  replied: query.replied,
  prodName: query.prodName,
  shopId: query.shopId,
  status: STATUS_OF[query.status],
});

async function countStaffReviews(db: Db, filter: ReviewListFilter, parts: StaffReviewParts): Promise<number> {
  const product = parts.productName(db);
  const [row] = await db.select({ n: count() }).from(reviews).leftJoin(product, eq(product.prodId, reviews.productId)).where(reviewListWhere(filter, product));
  return row?.n ?? 0;
}

/** Newest first, every shop (or one: index reviews_shop_idx). */
function listStaffReviews(db: Db, filter: ReviewListFilter, limit: number, offset: number, parts: StaffReviewParts) {
  const product = parts.productName(db);
  const shop = parts.shopName(db);
  return db
    .select({ ...reviewWithProductColumns(product), nickName: parts.nickName(reviews.userId), shopId: reviews.shopId, shopNameZh: shop.nameZh, shopNameEn: shop.nameEn })
    .from(reviews)
    .leftJoin(product, eq(product.prodId, reviews.productId))
    .leftJoin(shop, eq(shop.shopId, reviews.shopId))
    .where(reviewListWhere(filter, product))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset(offset);
}

type StaffReviewRow = Awaited<ReturnType<typeof listStaffReviews>>[number];

function toAdminReview(r: StaffReviewRow, lang: Language): AdminReview {
  return { ...toMerchantReview(r, lang), shopId: r.shopId, shopName: localized(lang, r.shopNameZh, r.shopNameEn) };
}

/** GET /admin/reviews: a page of every shop's reviews (or one shop's), hidden ones too unless filtered, newest first. */
export async function staffReviewPage(ctx: AppContext, query: AdminReviewQuery, lang: Language, parts: StaffReviewParts): Promise<Page<AdminReview>> {
  const { current, size } = query;
  const filter = filterOf(query);
  const [total, rows] = await Promise.all([countStaffReviews(ctx.db, filter, parts), listStaffReviews(ctx.db, filter, size, (current - 1) * size, parts)]);
  return { records: rows.map((r) => toAdminReview(r, lang)), total, size, current, pages: Math.ceil(total / size) };
}

/** One review as staff see it; undefined when there is none. */
export async function findStaffReview(db: Db, commId: number, lang: Language, parts: StaffReviewParts): Promise<AdminReview | undefined> {
  const [row] = await listStaffReviews(db, { evaluate: REVIEW_FILTER.all, replied: 'all', commId }, 1, 0, parts);
  return row ? toAdminReview(row, lang) : undefined;
}

/**
 * Sets the review's status by one conditional update that moves only a review not already in it:
 * answers its product, or undefined when nothing moved (no such review, or already so). Parallel
 * calls take the row's lock in turn; one moves it, the others find it moved.
 */
export async function setReviewStatus(tx: Tx, commId: number, status: number): Promise<{ productId: number; shopId: number } | undefined> {
  const [moved] = await tx
    .update(reviews)
    .set({ status })
    .where(and(eq(reviews.id, commId), ne(reviews.status, status)))
    .returning({ productId: reviews.productId, shopId: reviews.shopId });
  return moved;
}
