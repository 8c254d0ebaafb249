// Named queries of product search (the list page and a store's goods), exported by the product
// module and composed with keyword parsing and caches by flows/search-products.ts. Written as one
// SQL text for the planner: they filter on shop state, the category subtree and shop categories
// in subqueries, the joined reads decision 017 lists.
import { sql, type SQL } from 'drizzle-orm';
import { PRODUCT_STATUS } from '@bazaar/shared/constants/product-status';
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import { SEARCH_SORT } from '@bazaar/shared/schemas/catalog';
import type { Language } from '@bazaar/shared/constants/limits';
import type { Db } from '../../db/client.ts';

const PLATFORM = 0;

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
};

/**
 * Conditions on products p. Only on-shelf products of open shops; a category
 * of grade 1 or 2 stands for its whole subtree, a shop category for itself and its children.
 */
function whereOf(f: ProductFilter): SQL {
  const parts: SQL[] = [sql`p.status = ${PRODUCT_STATUS.onShelf}`, sql`p.shop_id in (select s.id from shops s where s.status = ${SHOP_STATUS.open})`];
  if (f.tsquery) parts.push(sql`p.search_vector @@ ${f.tsquery}::tsquery`);
  if (f.categoryId !== undefined) {
    parts.push(sql`p.category_id in (
      select c.id from categories c where c.shop_id = ${PLATFORM} and (c.id = ${f.categoryId} or c.parent_id = ${f.categoryId}
        or c.parent_id in (select m.id from categories m where m.shop_id = ${PLATFORM} and m.parent_id = ${f.categoryId})))`);
  }
  if (f.shopId !== undefined) parts.push(sql`p.shop_id = ${f.shopId}`);
  if (f.shopCategoryId !== undefined) {
    parts.push(sql`p.shop_category_id in (select sc.id from shop_categories sc where sc.id = ${f.shopCategoryId} or sc.parent_id = ${f.shopCategoryId})`);
  }
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

/** One page of product cards: the matches are sorted on narrow columns only, then the page's rows are joined for display. */
export async function findProductPage(
  db: Db,
  f: ProductFilter,
  sort: number | undefined,
  lang: Language,
  limit: number,
  offset: number,
): Promise<ProductCardRow[]> {
  const en = lang === 'en';
  const keys = orderKeys(f, sort);
  const rank = f.tsquery ? sql`ts_rank(p.search_vector, ${f.tsquery}::tsquery)` : sql`0`;
  const inner = (key: Key) => (key === 'rank' ? rank : sql.raw(`p.${key}`));
  const outer = (key: Key) => sql.raw(`h.${key}`);
  const result = await db.execute<ProductCardRow>(sql`
    select p.id as "prodId",
      ${en ? sql`coalesce(p.name_en, p.name_zh)` : sql`p.name_zh`} as "prodName",
      p.pic, p.price, p.ori_price as "oriPrice", p.sold_num as "soldNum", p.total_stocks as "totalStocks",
      p.shop_id as "shopId", ${en ? sql`coalesce(s.name_en, s.name_zh)` : sql`s.name_zh`} as "shopName"
    from (
      select p.id, p.sold_num, p.created_at, p.price, ${rank} as rank
      from products p
      where ${whereOf(f)}
      order by ${orderBy(keys, inner)}
      limit ${limit} offset ${offset}
    ) h
    join products p on p.id = h.id
    join shops s on s.id = p.shop_id
    order by ${orderBy(keys, outer)}`);
  return result.rows;
}

export async function countProducts(db: Db, f: ProductFilter): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from products p where ${whereOf(f)}`);
  return result.rows[0]?.n ?? 0;
}
