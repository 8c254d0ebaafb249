// The order lines a shopper reviews (reference 2.10, 5.11): a line of the shopper's own completed
// order, once. The line's comm_sts moves 0 -> 1 by one conditional update, so of any number of
// racing writes exactly one flips it (decision 054); flows/shopper-reviews.ts writes the review
// in the same transaction.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { COMM_STATUS } from '@bazaar/shared/constants/review';
import type { Language } from '@bazaar/shared/constants/limits';
import type { Page } from '@bazaar/shared/schemas/common';
import type { ReviewItem, ReviewItemsQuery } from '@bazaar/shared/schemas/review';
import type { Db, Tx } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/order.ts';
import { formatApiTime } from '../../lib/api-time.ts';
import { localized } from '../../lib/localized.ts';
import { orderLineColumns } from './line-columns.ts';
import type { ShopCard } from './repository.ts';

/** A line as the shopper names it: `prodId`, when sent, must be the line's product. */
export interface LineToReview {
  userId: string;
  orderItemId: number;
  prodId?: number;
}

/** A visible order of this user, completed. */
const completedOrderOf = (userId: string): SQL =>
  and(eq(orders.orderNumber, orderItems.orderNumber), eq(orders.userId, userId), eq(orders.status, ORDER_STATUS.completed), eq(orders.deleteStatus, 0))!;

/**
 * Marks the line reviewed if it is this user's, of a completed order, not reviewed yet and (when
 * given) of that product; answers what the review copies, or undefined when nothing moved.
 */
export async function markLineReviewed(tx: Tx, line: LineToReview) {
  const [moved] = await tx
    .update(orderItems)
    .set({ commSts: COMM_STATUS.reviewed })
    .from(orders)
    .where(
      and(
        eq(orderItems.id, line.orderItemId),
        eq(orderItems.userId, line.userId),
        eq(orderItems.commSts, COMM_STATUS.toReview),
        line.prodId === undefined ? undefined : eq(orderItems.productId, line.prodId),
        completedOrderOf(line.userId),
      ),
    )
    .returning({
      orderNumber: orderItems.orderNumber,
      productId: orderItems.productId,
      shopId: orders.shopId,
      skuNameZh: orderItems.skuNameZh,
      skuNameEn: orderItems.skuNameEn,
    });
  return moved;
}

/**
 * Why markLineReviewed moved nothing, read afterwards: `notFound` when the line is not this user's
 * (another shopper's line is never told apart from none), its order is deleted or the product
 * differs; `reviewed` once reviewed; `notCompleted` before the order is completed; `changed` when
 * the line has become reviewable meanwhile (the order was received between the two statements).
 */
export async function reviewRefusal(db: Db | Tx, line: LineToReview): Promise<'notFound' | 'reviewed' | 'notCompleted' | 'changed'> {
  const [row] = await db
    .select({ status: orders.status, deleteStatus: orders.deleteStatus, commSts: orderItems.commSts, productId: orderItems.productId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.orderNumber, orderItems.orderNumber))
    .where(and(eq(orderItems.id, line.orderItemId), eq(orderItems.userId, line.userId), eq(orders.userId, line.userId)));
  if (!row || row.deleteStatus !== 0 || (line.prodId !== undefined && row.productId !== line.prodId)) return 'notFound';
  if (row.commSts !== COMM_STATUS.toReview) return 'reviewed';
  if (row.status !== ORDER_STATUS.completed) return 'notCompleted';
  return 'changed';
}

function lineConditions(userId: string, query: ReviewItemsQuery): SQL {
  return and(
    eq(orderItems.userId, userId),
    eq(orderItems.commSts, query.commStatus),
    query.orderNumber ? eq(orderItems.orderNumber, query.orderNumber) : undefined,
    completedOrderOf(userId),
  )!;
}

/**
 * GET /p/myOrder/myOrderItemsComment: the user's lines of completed orders to review or reviewed,
 * newest order first, with the shop's name from `shopCard` (the shop module's named query, handed
 * in by flows/shopper-reviews.ts).
 */
export async function reviewLinePage(db: Db, userId: string, query: ReviewItemsQuery, lang: Language, shopCard: ShopCard): Promise<Page<ReviewItem>> {
  const { current, size } = query;
  const shop = shopCard(db);
  const where = lineConditions(userId, query);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        ...orderLineColumns,
        commSts: orderItems.commSts,
        shopId: orders.shopId,
        finallyTime: orders.finallyTime,
        shopNameZh: shop.nameZh,
        shopNameEn: shop.nameEn,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderNumber, orderItems.orderNumber))
      .innerJoin(shop, eq(shop.shopId, orders.shopId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber), asc(orderItems.id))
      .limit(size)
      .offset((current - 1) * size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderNumber, orderItems.orderNumber))
      .where(where),
  ]);
  const total = counted?.n ?? 0;
  const records: ReviewItem[] = rows.map((r) => ({
    orderItemId: r.id,
    orderNumber: r.orderNumber,
    prodId: r.productId,
    prodName: localized(lang, r.prodNameZh, r.prodNameEn),
    skuName: localized(lang, r.skuNameZh, r.skuNameEn),
    pic: r.pic ?? '',
    price: r.price,
    prodCount: r.prodCount,
    shopId: r.shopId,
    shopName: localized(lang, r.shopNameZh, r.shopNameEn),
    commSts: r.commSts,
    finallyTime: r.finallyTime ? formatApiTime(r.finallyTime) : null,
  }));
  return { records, total, size, current, pages: Math.ceil(total / size) };
}
