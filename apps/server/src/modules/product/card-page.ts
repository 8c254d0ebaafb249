// Named queries of product search (the list page and a store's goods), exported by the product
// module and composed with keyword parsing and caches by flows/search-products.ts. Written as one
// SQL text for the planner over this module's products table; the filters on shop state, the
// category subtree and shop categories, and the shop's name, are the owners' named parts that the
// flow hands in (PageParts).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import { PRODUCT_STATUS } from '@bazaar/shared/constants/product-status';
import { SEARCH_SORT } from '@bazaar/shared/schemas/catalog';
import type { Language } from '@bazaar/shared/constants/limits';
import type { Db } from '../../db/client.ts';
import { preparedPerParts } from '../../db/prepared.ts';
import { products } from '../../db/schema/product.ts';

/**
 * The other owners' named parts the search page is built from (flows/search-products.ts hands them
 * in): the shop module's open-shop ids, shop-category subtree and shop card, and the catalog
 * module's platform-category subtree. Each id part is a subquery for `... in (...)`.
 */
export interface PageParts {
  openShopIds: () => SQL;
  categorySubtree: (categoryId: number) => SQL;
  shopCategorySubtree: (shopCategoryId: number) => SQL;
  shopCard: (db: Db) => SubqueryWithSelection<{ shopId: SQL.Aliased<number>; nameZh: SQL.Aliased<string>; nameEn: SQL.Aliased<string | null> }, 'any_shop'>;
  /** The promotion module's tag of the running promotion a product is in (json or null), selected per card. */
  discountTag: (productId: SQL, shopId: SQL) => SQL<unknown>;
}

/** A browse's filters (a keyword page's are the in-memory index's, lib/search-index.ts). */
export interface ProductFilter {
  categoryId?: number;
  shopId?: number;
  shopCategoryId?: number;
  minPrice?: number;
  maxPrice?: number;
  hasStock?: boolean;
}

export type ProductCardRow = {
  prodId: number;
  prodName: string;
  pic: string;
  price: number;
  oriPrice: number;
  soldNum: number;
  totalStocks: number;
  shopId: number;
  shopName: string;
  /** What parts.discountTag answers. */
  discountTag: unknown;
};

/**
 * Conditions on products p. Only on-shelf products of open shops; a category
 * of grade 1 or 2 stands for its whole subtree, a shop category for itself and its children.
 */
function whereOf(f: ProductFilter, named: Omit<PageParts, 'discountTag'>): SQL {
  const parts: SQL[] = [sql`p.status = ${PRODUCT_STATUS.onShelf}`, sql`p.shop_id in (${named.openShopIds()})`];
  if (f.categoryId !== undefined) parts.push(sql`p.category_id in (${named.categorySubtree(f.categoryId)})`);
  if (f.shopId !== undefined) parts.push(sql`p.shop_id = ${f.shopId}`);
  if (f.shopCategoryId !== undefined) parts.push(sql`p.shop_category_id in (${named.shopCategorySubtree(f.shopCategoryId)})`);
  if (f.minPrice !== undefined) parts.push(sql`p.price >= ${f.minPrice}`);
  if (f.maxPrice !== undefined) parts.push(sql`p.price <= ${f.maxPrice}`);
  if (f.hasStock) parts.push(sql`p.total_stocks <> 0`);
  return sql.join(parts, sql` and `);
}

type Key = 'sold_num' | 'created_at' | 'price' | 'id';

/** Sort keys of a browse; sales then id by default, and id breaks ties so pages are stable. */
function orderKeys(sort: number | undefined): [Key, 'asc' | 'desc'][] {
  switch (sort) {
    case SEARCH_SORT.createdAsc:
      return [
        ['created_at', 'asc'],
        ['id', 'asc'],
      ];
    case SEARCH_SORT.createdDesc:
      return [
        ['created_at', 'desc'],
        ['id', 'desc'],
      ];
    case SEARCH_SORT.salesAsc:
      return [
        ['sold_num', 'asc'],
        ['id', 'asc'],
      ];
    case SEARCH_SORT.priceDesc:
      return [
        ['price', 'desc'],
        ['id', 'desc'],
      ];
    case SEARCH_SORT.priceAsc:
      return [
        ['price', 'asc'],
        ['id', 'asc'],
      ];
    default:
      return [
        ['sold_num', 'desc'],
        ['id', 'desc'],
      ];
  }
}

const orderBy = (keys: [Key, 'asc' | 'desc'][], alias: string) =>
  sql.join(
    keys.map(([key, dir]) => sql.raw(`${alias}.${key} ${dir}`)),
    sql`, `,
  );

/**
 * One page of a browse (no keyword; keyword pages come from the in-memory index, decision 050 and
 * findProductCards): an index walk sorts on narrow columns for one page, then the page's rows are
 * joined for display. The caller counts only when the page is full (countProducts).
 */
export async function findProductPage(db: Db, f: ProductFilter, sort: number | undefined, lang: Language, limit: number, offset: number, parts: PageParts): Promise<{ rows: ProductCardRow[] }> {
  const en = lang === 'en';
  const shop = parts.shopCard(db);
  const keys = orderKeys(sort);
  const result = await db.execute<ProductCardRow>(sql`
    select p.id as "prodId",
      ${en ? sql`coalesce(p.name_en, p.name_zh)` : sql`p.name_zh`} as "prodName",
      p.pic, p.price, p.ori_price as "oriPrice", p.sold_num as "soldNum", p.total_stocks as "totalStocks",
      p.shop_id as "shopId", ${en ? sql`coalesce(${shop.nameEn}, ${shop.nameZh})` : shop.nameZh} as "shopName",
      ${parts.discountTag(sql`p.id`, sql`p.shop_id`)} as "discountTag"
    from (
      select p.id, p.sold_num, p.created_at, p.price
      from products p
      where ${whereOf(f, parts)}
      order by ${orderBy(keys, 'p')}
      limit ${limit} offset ${offset}
    ) h
    join products p on p.id = h.id
    join ${shop} on ${shop.shopId} = p.shop_id
    order by ${orderBy(keys, 'h')}`);
  return { rows: result.rows };
}

/**
 * How many products match, counting no further than `cap + 1`: past the cap the shopper is told
 * "10,000+" (as large malls do) and the scan stops there instead of visiting every product.
 */
export async function countProducts(db: Db, f: ProductFilter, parts: Omit<PageParts, 'discountTag'>, cap: number): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (select 1 from products p where ${whereOf(f, parts)} limit ${cap + 1}) m`);
  return result.rows[0]?.n ?? 0;
}

/** The other owners' named parts the cards of a keyword page are read with (constant, so the statement is prepared once). */
export interface CardParts {
  openShopIds: PageParts['openShopIds'];
  shopCard: PageParts['shopCard'];
  /** The promotion module's tag, at a moment given as SQL (the statement's placeholder). */
  discountTagAt: (productId: SQL, shopId: SQL, at: SQL) => SQL<unknown>;
}

const cardStatements = preparedPerParts((db, parts: CardParts) => {
  const prepare = (lang: Language) => {
    const en = lang === 'en';
    const shop = parts.shopCard(db);
    return db
      .select({
        prodId: products.id,
        prodName: en ? sql<string>`coalesce(${products.nameEn}, ${products.nameZh})` : products.nameZh,
        pic: products.pic,
        price: products.price,
        oriPrice: products.oriPrice,
        soldNum: products.soldNum,
        totalStocks: products.totalStocks,
        shopId: products.shopId,
        shopName: en ? sql<string>`coalesce(${shop.nameEn}, ${shop.nameZh})` : shop.nameZh,
        discountTag: parts.discountTagAt(sql`${products.id}`, sql`${products.shopId}`, sql`${sql.placeholder('now')}::timestamptz`),
      })
      .from(products)
      .innerJoin(shop, eq(shop.shopId, products.shopId))
      .where(and(sql`${products.id} = any(${sql.placeholder('ids')}::int[])`, eq(products.status, PRODUCT_STATUS.onShelf), sql`${products.shopId} in (${parts.openShopIds()})`))
      .prepare(`search_cards_${lang}`);
  };
  return { zh: prepare('zh'), en: prepare('en') };
});

/**
 * The cards of these products, in the order given: a keyword page whose ids the in-memory search
 * index chose (decision 050), in one prepared statement (planned once per connection). Checks again
 * that each is on the shelf in an open shop, so a product taken off since the index last read the
 * database is left out rather than shown.
 */
export async function findProductCards(db: Db, ids: readonly number[], lang: Language, now: Date, parts: CardParts): Promise<ProductCardRow[]> {
  if (ids.length === 0) return [];
  const rows = (await cardStatements(db, parts)[lang === 'en' ? 'en' : 'zh'].execute({ ids: [...ids], now: now.toISOString() })) as ProductCardRow[];
  const byId = new Map(rows.map((r) => [r.prodId, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
