// The promotion module: shop and platform activities (group buys, full-reduction
// promotions; coupons and combos are stored here too). It owns db/schema/promotion.ts. The home
// page's activity blocks join the product and shop modules' named queries in place of their tables;
// flows/catalog.ts hands them in.
import { and, asc, desc, eq, exists, gt, min, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { CardParts } from '../../db/card-parts.ts';
import { discountItems, discountProducts, discounts, groupActivities, groupSkus } from '../../db/schema/promotion.ts';

const ENABLED = 1;
/** A promotion's suitableProdType: 0 covers every product of the shop. */
const EVERY_PRODUCT = 0;

/** The product and shop modules' named queries an activity list joins (db/card-parts.ts). */
export type ActivityParts = CardParts;

/**
 * Activities are read "not ended", earliest start first, so the running ones come first and the
 * first coming one tells the caller when its cached answer goes stale.
 */
const notEnded = (endColumn: AnyPgColumn, now: Date) => gt(endColumn, now);

/** Enabled group-buy activities that have not ended, with the lowest activity price. */
export async function listGroupActivities(db: Db, now: Date, limit: number, parts: ActivityParts) {
  const product = parts.onShelfProductCard(db);
  const shop = parts.openShopCard(db);
  return db
    .select({
      groupActivityId: groupActivities.id,
      prodId: product.prodId,
      nameZh: product.nameZh,
      nameEn: product.nameEn,
      pic: product.pic,
      price: product.price,
      actPrice: min(groupSkus.actPrice),
      groupNumber: groupActivities.groupNumber,
      startTime: groupActivities.startTime,
      endTime: groupActivities.endTime,
    })
    .from(groupActivities)
    .innerJoin(groupSkus, eq(groupSkus.groupActivityId, groupActivities.id))
    .innerJoin(product, eq(product.prodId, groupActivities.productId))
    .innerJoin(shop, eq(shop.shopId, product.shopId))
    .where(and(eq(groupActivities.status, ENABLED), notEnded(groupActivities.endTime, now)))
    .groupBy(groupActivities.id, product.prodId, product.nameZh, product.nameEn, product.pic, product.price)
    .orderBy(asc(groupActivities.startTime), asc(groupActivities.endTime), asc(groupActivities.id))
    .limit(limit);
}

/**
 * Enabled promotions of open shops that have not ended, each with its first ladder step and the
 * product that fronts it: the best-selling listed product, or the shop's best seller when the
 * promotion covers every product. One statement (lateral joins), whatever the number of promotions.
 */
export async function listDiscounts(db: Db, now: Date, limit: number, parts: ActivityParts) {
  const product = parts.onShelfProductCard(db);
  const shop = parts.openShopCard(db);
  const front = db
    .select({ id: product.prodId, nameZh: product.nameZh, nameEn: product.nameEn, pic: product.pic, price: product.price })
    .from(product)
    .where(
      and(
        eq(product.shopId, discounts.shopId),
        or(
          eq(discounts.suitableProdType, EVERY_PRODUCT),
          exists(
            db
              .select({ one: sql`1` })
              .from(discountProducts)
              .where(and(eq(discountProducts.discountId, discounts.id), eq(discountProducts.productId, product.prodId))),
          ),
        ),
      ),
    )
    .orderBy(desc(product.soldNum), asc(product.prodId))
    .limit(1)
    .as('front');
  const step = db
    .select({ needAmount: discountItems.needAmount, reduceAmount: discountItems.reduceAmount, discount: discountItems.discount })
    .from(discountItems)
    .where(eq(discountItems.discountId, discounts.id))
    .orderBy(asc(discountItems.needAmount))
    .limit(1)
    .as('step');
  return db
    .select({
      discountId: discounts.id,
      nameZh: discounts.nameZh,
      nameEn: discounts.nameEn,
      discountRule: discounts.discountRule,
      discountType: discounts.discountType,
      startTime: discounts.startTime,
      endTime: discounts.endTime,
      shopId: shop.shopId,
      shopNameZh: shop.shopNameZh,
      shopNameEn: shop.shopNameEn,
      needAmount: step.needAmount,
      reduceAmount: step.reduceAmount,
      discount: step.discount,
      prodId: front.id,
      prodNameZh: front.nameZh,
      prodNameEn: front.nameEn,
      pic: front.pic,
      price: front.price,
    })
    .from(discounts)
    .innerJoin(shop, eq(shop.shopId, discounts.shopId))
    .innerJoinLateral(front, sql`true`)
    .leftJoinLateral(step, sql`true`)
    .where(and(eq(discounts.status, ENABLED), notEnded(discounts.endTime, now)))
    .orderBy(asc(discounts.startTime), asc(discounts.endTime), asc(discounts.id))
    .limit(limit);
}

/** The home page's group-buy and store-deal blocks, read in parallel (the flash-sale block is modules/seckill's). */
export async function listActivities(db: Db, now: Date, limit: number, parts: ActivityParts) {
  const [groupBuys, discountRows] = await Promise.all([listGroupActivities(db, now, limit, parts), listDiscounts(db, now, limit, parts)]);
  return { groupBuys, discounts: discountRows };
}
