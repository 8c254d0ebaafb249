// The products a coupon applies to (issue 11 §2 and §5, decision 044): the list's coupon tab, st=5
// (reference: /coupon/prodListByCouponId). A shop coupon covers its shop's products, a platform
// coupon every open shop's, each by its scope (all, listed, all except listed). The product
// module's on-shelf card and the shop module's open-shop card are handed in by a flow.
import { and, asc, count, desc, eq, exists, not, or, sql, type SQL } from 'drizzle-orm';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import { COUPON_SCOPE } from '@bazaar/shared/schemas/coupon';
import type { Db } from '../../db/client.ts';
import { couponProducts, coupons } from '../../db/schema/promotion.ts';
import { escapeLike } from '../../lib/sql-like.ts';

type Part<T> = SQL.Aliased<T>;

export interface CouponProductParts {
  onShelfProductCard: (db: Db) => SubqueryWithSelection<
    {
      prodId: Part<number>;
      nameZh: Part<string>;
      nameEn: Part<string | null>;
      pic: Part<string>;
      price: Part<number>;
      oriPrice: Part<number>;
      soldNum: Part<number>;
      totalStocks: Part<number>;
      shopId: Part<number>;
      createdAt: Part<Date>;
    },
    'on_shelf_product'
  >;
  openShopCard: (db: Db) => SubqueryWithSelection<{ shopId: Part<number>; shopNameZh: Part<string>; shopNameEn: Part<string | null> }, 'shop_card'>;
}

export interface CouponProductFilter {
  couponId: number;
  keyword?: string;
  /** 1 newest, 2 best-selling (the default), 4 dearest first, 5 cheapest first. */
  sort?: number;
}


/** A page of the on-shelf products of open shops the coupon covers, by name and sort (two statements). */
export async function pageCouponProducts(db: Db, filter: CouponProductFilter, current: number, size: number, parts: CouponProductParts) {
  const product = parts.onShelfProductCard(db);
  const shop = parts.openShopCard(db);
  const listed = exists(
    db
      .select({ one: sql`1` })
      .from(couponProducts)
      .where(and(eq(couponProducts.couponId, coupons.id), eq(couponProducts.productId, product.prodId))),
  );
  const conditions: (SQL | undefined)[] = [
    eq(coupons.id, filter.couponId),
    or(eq(coupons.shopId, 0), eq(product.shopId, coupons.shopId)),
    or(eq(coupons.suitableProdType, COUPON_SCOPE.all), and(eq(coupons.suitableProdType, COUPON_SCOPE.listed), listed), and(eq(coupons.suitableProdType, COUPON_SCOPE.allExcept), not(listed))),
  ];
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`;
    conditions.push(or(sql`${product.nameZh} ilike ${like}`, sql`${product.nameEn} ilike ${like}`));
  }
  const where = and(...conditions);
  const order = {
    1: [desc(product.createdAt), desc(product.prodId)],
    4: [desc(product.price), asc(product.prodId)],
    5: [asc(product.price), asc(product.prodId)],
  }[filter.sort as 1 | 4 | 5] ?? [desc(product.soldNum), asc(product.prodId)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        prodId: product.prodId,
        nameZh: product.nameZh,
        nameEn: product.nameEn,
        pic: product.pic,
        price: product.price,
        oriPrice: product.oriPrice,
        soldNum: product.soldNum,
        totalStocks: product.totalStocks,
        shopId: product.shopId,
        shopNameZh: shop.shopNameZh,
        shopNameEn: shop.shopNameEn,
      })
      .from(coupons)
      .innerJoin(product, sql`true`)
      .innerJoin(shop, eq(shop.shopId, product.shopId))
      .where(where)
      .orderBy(...order)
      .limit(size)
      .offset((current - 1) * size),
    db.select({ n: count() }).from(coupons).innerJoin(product, sql`true`).innerJoin(shop, eq(shop.shopId, product.shopId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
