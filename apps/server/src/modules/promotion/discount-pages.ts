// The storefront's view of shop promotions (issue 11 §3, decision 037): the running ones of open
// shops (/special-discount), one promotion's products on the shelf (/discount-detail) and the
// tags of the promotions a product is in. The product and shop modules' named queries are handed
// in by flows/discount-pages.ts, joined into one statement each.
import { and, asc, count, desc, eq, exists, gt, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import { DISCOUNT_SCOPE, DISCOUNT_STATUS } from '@bazaar/shared/schemas/shop-promotion';
import type { Db } from '../../db/client.ts';
import { discountItems, discountProducts, discounts } from '../../db/schema/promotion.ts';
import { escapeLike } from '../../lib/sql-like.ts';

type Part<T> = SQL.Aliased<T>;

/** The product module's onShelfProductCard and the shop module's openShopCard, as this module uses them. */
export interface DiscountPageParts {
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
  openShopCard: (db: Db) => SubqueryWithSelection<{ shopId: Part<number>; shopNameZh: Part<string>; shopNameEn: Part<string | null>; shopLogo: Part<string | null> }, 'shop_card'>;
}

const running = (now: Date) => and(eq(discounts.status, DISCOUNT_STATUS.on), lte(discounts.startTime, now), gt(discounts.endTime, now));

type ProductCardQuery = ReturnType<DiscountPageParts['onShelfProductCard']>;

/** The promotion covers this product: the whole shop, or the product is listed. */
const covers = (db: Db, product: ProductCardQuery) =>
  and(
    eq(product.shopId, discounts.shopId),
    or(
      eq(discounts.suitableProdType, DISCOUNT_SCOPE.all),
      exists(
        db
          .select({ one: sql`1` })
          .from(discountProducts)
          .where(and(eq(discountProducts.discountId, discounts.id), eq(discountProducts.productId, product.prodId))),
      ),
    ),
  );

const summaryColumns = (shop: ReturnType<DiscountPageParts['openShopCard']>) => ({
  id: discounts.id,
  nameZh: discounts.nameZh,
  nameEn: discounts.nameEn,
  discountRule: discounts.discountRule,
  discountType: discounts.discountType,
  suitableProdType: discounts.suitableProdType,
  maxReduceAmount: discounts.maxReduceAmount,
  startTime: discounts.startTime,
  endTime: discounts.endTime,
  shopId: shop.shopId,
  shopNameZh: shop.shopNameZh,
  shopNameEn: shop.shopNameEn,
  shopLogo: shop.shopLogo,
});

/**
 * A page of the running promotions of open shops that cover a product on the shelf, ending soonest
 * first, each pictured by the best seller it covers (a lateral join: one statement).
 */
export async function pageRunningDiscounts(db: Db, now: Date, shopId: number | undefined, current: number, size: number, parts: DiscountPageParts) {
  const shop = parts.openShopCard(db);
  const product = parts.onShelfProductCard(db);
  const front = db.select({ pic: product.pic }).from(product).where(covers(db, product)).orderBy(desc(product.soldNum), asc(product.prodId)).limit(1).as('front');
  const where = and(running(now), shopId === undefined ? undefined : eq(discounts.shopId, shopId));
  const base = () => db.select({ ...summaryColumns(shop), pic: front.pic }).from(discounts).innerJoin(shop, eq(shop.shopId, discounts.shopId)).innerJoinLateral(front, sql`true`);
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(asc(discounts.endTime), asc(discounts.id))
      .limit(size)
      .offset((current - 1) * size),
    db.select({ n: count() }).from(discounts).innerJoin(shop, eq(shop.shopId, discounts.shopId)).innerJoinLateral(front, sql`true`).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * One promotion of an open shop, whatever its state, with its status (the flow answers an ended one
 * with 204), or undefined when there is no such promotion to show.
 */
export async function findShopperDiscount(db: Db, id: number, parts: DiscountPageParts) {
  const shop = parts.openShopCard(db);
  const [row] = await db
    .select({ ...summaryColumns(shop), status: discounts.status })
    .from(discounts)
    .innerJoin(shop, eq(shop.shopId, discounts.shopId))
    .where(and(eq(discounts.id, id), inArray(discounts.status, [DISCOUNT_STATUS.on, DISCOUNT_STATUS.ended, DISCOUNT_STATUS.takenDown])));
  return row;
}

export interface DiscountProductFilter {
  discountId: number;
  keyword?: string;
  /** 0 best-selling, 1 newest, 4 price high to low, 5 price low to high. */
  sort: number;
}


/** A page of the on-shelf products a promotion covers, by name and sort. */
export async function pageDiscountProducts(db: Db, filter: DiscountProductFilter, current: number, size: number, parts: DiscountPageParts) {
  const product = parts.onShelfProductCard(db);
  const conditions: (SQL | undefined)[] = [eq(discounts.id, filter.discountId), covers(db, product)];
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`;
    conditions.push(or(sql`${product.nameZh} ilike ${like}`, sql`${product.nameEn} ilike ${like}`));
  }
  const where = and(...conditions);
  const order = {
    0: [desc(product.soldNum), asc(product.prodId)],
    1: [desc(product.createdAt), desc(product.prodId)],
    4: [desc(product.price), asc(product.prodId)],
    5: [asc(product.price), asc(product.prodId)],
  }[filter.sort as 0 | 1 | 4 | 5] ?? [desc(product.soldNum), asc(product.prodId)];
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
      })
      .from(discounts)
      .innerJoin(product, sql`true`)
      .where(where)
      .orderBy(...order)
      .limit(size)
      .offset((current - 1) * size),
    db.select({ n: count() }).from(discounts).innerJoin(product, sql`true`).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export interface RunningDiscountProductFilter {
  keyword?: string;
  /** Fen. */
  minPrice?: number;
  maxPrice?: number;
  hasStock?: boolean;
  /** The search's codes: 0/1 oldest/newest, 2/3 sales high/low, 4/5 price high/low; none: sales. */
  sort?: number;
}

/**
 * A page of the on-shelf products of open shops that a running promotion covers (the list page's
 * special-discount tab), by name, price, stock and sort, with their shop's names (one statement
 * and a count).
 */
export async function pageRunningDiscountProducts(db: Db, now: Date, filter: RunningDiscountProductFilter, current: number, size: number, parts: DiscountPageParts) {
  const product = parts.onShelfProductCard(db);
  const shop = parts.openShopCard(db);
  const conditions: (SQL | undefined)[] = [exists(db.select({ one: sql`1` }).from(discounts).where(and(running(now), covers(db, product))))];
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`;
    conditions.push(or(sql`${product.nameZh} ilike ${like}`, sql`${product.nameEn} ilike ${like}`));
  }
  if (filter.minPrice !== undefined) conditions.push(gte(product.price, filter.minPrice));
  if (filter.maxPrice !== undefined) conditions.push(lte(product.price, filter.maxPrice));
  if (filter.hasStock) conditions.push(ne(product.totalStocks, 0));
  const where = and(...conditions);
  const order = {
    0: [asc(product.createdAt), asc(product.prodId)],
    1: [desc(product.createdAt), desc(product.prodId)],
    3: [asc(product.soldNum), asc(product.prodId)],
    4: [desc(product.price), asc(product.prodId)],
    5: [asc(product.price), asc(product.prodId)],
  }[filter.sort as 0 | 1 | 3 | 4 | 5] ?? [desc(product.soldNum), asc(product.prodId)];
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
      .from(product)
      .innerJoin(shop, eq(shop.shopId, product.shopId))
      .where(where)
      .orderBy(...order)
      .limit(size)
      .offset((current - 1) * size),
    db.select({ n: count() }).from(product).innerJoin(shop, eq(shop.shopId, product.shopId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The running promotions covering each of these on-shelf products, ending soonest first (one statement). */
export async function runningDiscountsOfProducts(db: Db, now: Date, prodIds: number[], parts: Pick<DiscountPageParts, 'onShelfProductCard'>) {
  if (prodIds.length === 0) return [];
  const product = parts.onShelfProductCard(db);
  return db
    .select({
      prodId: product.prodId,
      id: discounts.id,
      nameZh: discounts.nameZh,
      nameEn: discounts.nameEn,
      discountRule: discounts.discountRule,
      discountType: discounts.discountType,
      endTime: discounts.endTime,
    })
    .from(discounts)
    .innerJoin(product, sql`true`)
    .where(and(running(now), inArray(product.prodId, prodIds), covers(db, product)))
    .orderBy(asc(product.prodId), asc(discounts.endTime), asc(discounts.id));
}

/** The first tier of the running promotion a search card shows (json from runningDiscountTag). */
export interface DiscountTagJson {
  rule: number;
  type: number;
  need: number;
  reduce: number;
  discount: number | string | null;
}

/**
 * Named statement part: for a product (its id and shop id as SQL of the caller's statement), the
 * first tier of the running promotion covering it that ends soonest, as json, or null. The product
 * module's search page selects it per card (flows/search-products.ts hands it in), so a page stays
 * one statement.
 */
export const runningDiscountTag =
  (now: Date) =>
  (productId: SQL, shopId: SQL): SQL<DiscountTagJson | null> =>
    runningDiscountTagAt(productId, shopId, sql`${now.toISOString()}::timestamptz`);

/** runningDiscountTag at a moment given as SQL (a prepared statement's placeholder). */
export const runningDiscountTagAt = (productId: SQL, shopId: SQL, at: SQL): SQL<DiscountTagJson | null> => {
  return sql<DiscountTagJson | null>`(
      select json_build_object('rule', d.discount_rule, 'type', d.discount_type, 'need', i.need_amount, 'reduce', i.reduce_amount, 'discount', i.discount)
      from ${discounts} d
      join lateral (select need_amount, reduce_amount, discount from ${discountItems} where discount_id = d.id order by need_amount limit 1) i on true
      where d.shop_id = ${shopId} and d.status = ${DISCOUNT_STATUS.on} and d.start_time <= ${at} and d.end_time > ${at}
        and (d.suitable_prod_type = ${DISCOUNT_SCOPE.all} or exists (select 1 from ${discountProducts} dp where dp.discount_id = d.id and dp.product_id = ${productId}))
      order by d.end_time, d.id
      limit 1)`;
};
