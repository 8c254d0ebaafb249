// Named queries of product search (the list page and a store's goods), exported by the product
// module and composed with keyword parsing and caches by flows/search-products.ts. Written as one
// SQL text for the planner over this module's products table; the filters on shop state, the
// category subtree and shop categories, and the shop's name, are the owners' named parts that the
// flow hands in (PageParts).
import { sql, type SQL } from 'drizzle-orm';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import { PRODUCT_STATUS } from '@bazaar/shared/constants/product-status';
import { SEARCH_SORT } from '@bazaar/shared/schemas/catalog';
import type { Language } from '@bazaar/shared/constants/limits';
import type { Db } from '../../db/client.ts';

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

export interface ProductFilter {
  /** A tsquery literal from parseKeyword; null = browse. */
  tsquery: string | null;
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
  if (f.tsquery) parts.push(sql`p.search_vector @@ ${f.tsquery}::tsquery`);
  if (f.categoryId !== undefined) parts.push(sql`p.category_id in (${named.categorySubtree(f.categoryId)})`);
  if (f.shopId !== undefined) parts.push(sql`p.shop_id = ${f.shopId}`);
  if (f.shopCategoryId !== undefined) parts.push(sql`p.shop_category_id in (${named.shopCategorySubtree(f.shopCategoryId)})`);
  if (f.minPrice !== undefined) parts.push(sql`p.price >= ${f.minPrice}`);
  if (f.maxPrice !== undefined) parts.push(sql`p.price <= ${f.maxPrice}`);
  if (f.hasStock) parts.push(sql`p.total_stocks <> 0`);
  return sql.join(parts, sql` and `);
}

type Key = 'rank' | 'sold_num' | 'created_at' | 'price' | 'id';

/** Sort keys; relevance is ts_rank over the weighted document, and sales then id break ties so pages are stable. */
function orderKeys(f: ProductFilter, sort: number | undefined): [Key, 'asc' | 'desc'][] {
  switch (sort) {
    case SEARCH_SORT.createdAsc:
      return [['created_at', 'asc'], ['id', 'asc']];
    case SEARCH_SORT.createdDesc:
      return [['created_at', 'desc'], ['id', 'desc']];
    case SEARCH_SORT.salesDesc:
      return [['sold_num', 'desc'], ['id', 'desc']];
    case SEARCH_SORT.salesAsc:
      return [['sold_num', 'asc'], ['id', 'asc']];
    case SEARCH_SORT.priceDesc:
      return [['price', 'desc'], ['id', 'desc']];
    case SEARCH_SORT.priceAsc:
      return [['price', 'asc'], ['id', 'asc']];
    default:
      return f.tsquery ? [['rank', 'desc'], ['sold_num', 'desc'], ['id', 'desc']] : [['sold_num', 'desc'], ['id', 'desc']];
  }
}

const orderBy = (keys: [Key, 'asc' | 'desc'][], column: (key: Key) => SQL) =>
  sql.join(
    keys.map(([key, dir]) => sql`${column(key)} ${sql.raw(dir)}`),
    sql`, `,
  );

/**
 * One page of product cards: the matches are sorted on narrow columns only, then the page's rows are
 * joined for display. A keyword page also answers how many products match (`matches`): the ranking
 * visits every match anyway, so the count rides on it as a window (decision 006) instead of a second
 * statement. A browse walks an index for one page only, so it answers null and the caller counts.
 */
export async function findProductPage(
  db: Db,
  f: ProductFilter,
  sort: number | undefined,
  lang: Language,
  limit: number,
  offset: number,
  parts: PageParts,
): Promise<{ rows: ProductCardRow[]; matches: number | null }> {
  const en = lang === 'en';
  const shop = parts.shopCard(db);
  const keys = orderKeys(f, sort);
  const rank = f.tsquery ? sql`ts_rank(p.search_vector, ${f.tsquery}::tsquery)` : sql`0`;
  const inner = (key: Key) => (key === 'rank' ? rank : sql.raw(`p.${key}`));
  const outer = (key: Key) => sql.raw(`h.${key}`);
  const counted = f.tsquery !== null;
  const result = await db.execute<ProductCardRow & { matches?: number }>(sql`
    select p.id as "prodId",
      ${en ? sql`coalesce(p.name_en, p.name_zh)` : sql`p.name_zh`} as "prodName",
      p.pic, p.price, p.ori_price as "oriPrice", p.sold_num as "soldNum", p.total_stocks as "totalStocks",
      p.shop_id as "shopId", ${en ? sql`coalesce(${shop.nameEn}, ${shop.nameZh})` : shop.nameZh} as "shopName",
      ${parts.discountTag(sql`p.id`, sql`p.shop_id`)} as "discountTag"${counted ? sql`, h.matches::int as "matches"` : sql``}
    from (
      select p.id, p.sold_num, p.created_at, p.price, ${rank} as rank${counted ? sql`, count(*) over () as matches` : sql``}
      from products p
      where ${whereOf(f, parts)}
      order by ${orderBy(keys, inner)}
      limit ${limit} offset ${offset}
    ) h
    join products p on p.id = h.id
    join ${shop} on ${shop.shopId} = p.shop_id
    order by ${orderBy(keys, outer)}`);
  const matches = counted ? (result.rows[0]?.matches ?? null) : null;
  return { rows: result.rows.map(({ matches: _matches, ...row }) => row), matches };
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
