import { and, asc, count, desc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import type { FreightRule } from '@bazaar/shared/schemas/freight';
import type { Db } from '../../db/client.ts';
import { preparedPer } from '../../db/prepared.ts';
import { shopAudits, shopCategories, shops } from '../../db/schema/shop.ts';
import { escapeLike } from '../../lib/sql-like.ts';

const SHOWN = 1;

/** The product module's count part: on-shelf products of the shop in a shop-id column (product/repository.ts shopOnShelfCount). */
export type OnShelfCount = (shopId: AnyColumn) => SQL<number>;

/** The product module's named query: a shop's best sellers, joined laterally (product/repository.ts shopTopSellers). */
export type TopSellers = (
  db: Db,
  shopId: AnyColumn,
  perShop: number,
) => SubqueryWithSelection<
  {
    id: SQL.Aliased<number>;
    nameZh: SQL.Aliased<string>;
    nameEn: SQL.Aliased<string | null>;
    pic: SQL.Aliased<string>;
    price: SQL.Aliased<number>;
    soldNum: SQL.Aliased<number>;
  },
  'top'
>;

/**
 * Named query: open shops with the columns a product page shows, as a subquery the product module
 * joins (flows/product-detail.ts composes it). Each column keeps its decoder (score is numeric); the
 * aliases are the consumer's unqualified names, so they start with card_ to clash with no column.
 */
export const openShopCard = (db: Db) =>
  db
    .select({
      shopId: sql<number>`${shops.id}`.mapWith(shops.id).as('card_shop_id'),
      shopNameZh: sql<string>`${shops.nameZh}`.mapWith(shops.nameZh).as('card_shop_name_zh'),
      shopNameEn: sql<string | null>`${shops.nameEn}`.mapWith(shops.nameEn).as('card_shop_name_en'),
      shopIntroZh: sql<string | null>`${shops.introZh}`.mapWith(shops.introZh).as('card_shop_intro_zh'),
      shopIntroEn: sql<string | null>`${shops.introEn}`.mapWith(shops.introEn).as('card_shop_intro_en'),
      shopLogo: sql<string | null>`${shops.logo}`.mapWith(shops.logo).as('card_shop_logo'),
      shopType: sql<number>`${shops.type}`.mapWith(shops.type).as('card_shop_type'),
      shopScore: sql<number>`${shops.score}`.mapWith(shops.score).as('card_shop_score'),
      shopProvinceId: sql<number | null>`${shops.provinceId}`.mapWith(shops.provinceId).as('card_shop_province_id'),
      shopProvince: sql<string | null>`${shops.province}`.mapWith(shops.province).as('card_shop_province'),
      shopFreightRule: sql<FreightRule>`${shops.freightRule}`.mapWith(shops.freightRule).as('card_shop_freight_rule'),
    })
    .from(shops)
    .where(eq(shops.status, SHOP_STATUS.open))
    .as('shop_card');

/** Named statement part: this shop is open (only open shops can be followed); the shop by id or by a column of the caller's statement. */
export const shopIsOpen = (shopId: number | SQL): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${shops} where ${shops.id} = ${shopId} and ${shops.status} = ${SHOP_STATUS.open})`;

/**
 * Named statement part: the ids of the open shops, a subquery for `shop_id in (...)` (the search
 * page, product/card-page.ts, through flows/search-products.ts). Its names are bare: inside the
 * parentheses they resolve to this subquery's own table first.
 */
export const openShopIds = (): SQL => sql`select ${shops.id} from ${shops} where ${shops.status} = ${SHOP_STATUS.open}`;

/** Named read: the ids of the open shops (the in-memory search index shows only their products). */
export async function listOpenShopIds(db: Db): Promise<number[]> {
  const result = await db.execute<{ id: number }>(openShopIds());
  return result.rows.map((r) => r.id);
}

/** Named read: a shop category and its children's ids (shopCategorySubtree run on its own). */
export async function listShopCategorySubtree(db: Db, shopCategoryId: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(shopCategorySubtree(shopCategoryId));
  return result.rows.map((r) => r.id);
}

/** Named statement part: the ids of a shop category and its children, a subquery for `... in (...)` (the store's goods page). */
export const shopCategorySubtree = (shopCategoryId: number): SQL =>
  sql`select ${shopCategories.id} from ${shopCategories} where ${shopCategories.id} = ${shopCategoryId} or ${shopCategories.parentId} = ${shopCategoryId}`;

/**
 * Named query: every shop, whatever its status, with its card columns and its freight rule, as a
 * subquery the collection lists, the cart, checkout and the order list join (flows/collections.ts,
 * flows/cart.ts, flows/place-order.ts, flows/my-orders.ts). Aliases start with any_shop_.
 */
export const anyShopCard = (db: Db) =>
  db
    .select({
      shopId: sql<number>`${shops.id}`.mapWith(shops.id).as('any_shop_id'),
      nameZh: sql<string>`${shops.nameZh}`.mapWith(shops.nameZh).as('any_shop_name_zh'),
      nameEn: sql<string | null>`${shops.nameEn}`.mapWith(shops.nameEn).as('any_shop_name_en'),
      introZh: sql<string | null>`${shops.introZh}`.mapWith(shops.introZh).as('any_shop_intro_zh'),
      introEn: sql<string | null>`${shops.introEn}`.mapWith(shops.introEn).as('any_shop_intro_en'),
      logo: sql<string | null>`${shops.logo}`.mapWith(shops.logo).as('any_shop_logo'),
      type: sql<number>`${shops.type}`.mapWith(shops.type).as('any_shop_type'),
      score: sql<number>`${shops.score}`.mapWith(shops.score).as('any_shop_score'),
      status: sql<number>`${shops.status}`.mapWith(shops.status).as('any_shop_status'),
      /** Why staff took it offline (the merchant login says so); null while open. */
      offlineReason: sql<string | null>`${shops.offlineReason}`.mapWith(shops.offlineReason).as('any_shop_offline_reason'),
      freightRule: sql<FreightRule>`${shops.freightRule}`.mapWith(shops.freightRule).as('any_shop_freight_rule'),
    })
    .from(shops)
    .as('any_shop');

/**
 * A shop with its counts, whatever its status (the service decides what may be shown).
 * `followers` is the collection module's count part for a shop-id column and `onShelf` the
 * product module's (flows/shop-head.ts hands them in).
 */
export async function findShopHead(db: Db, shopId: number, parts: { followers: (shopId: AnyColumn) => SQL<number>; onShelf: OnShelfCount }) {
  const [row] = await db
    .select({
      id: shops.id,
      status: shops.status,
      nameZh: shops.nameZh,
      nameEn: shops.nameEn,
      introZh: shops.introZh,
      introEn: shops.introEn,
      logo: shops.logo,
      banner: shops.banner,
      type: shops.type,
      score: shops.score,
      prodCount: parts.onShelf(shops.id),
      collectionNum: parts.followers(shops.id),
    })
    .from(shops)
    .where(eq(shops.id, shopId));
  return row;
}

/** The shop's status and its shown categories in one statement (no rows: no such shop). */
export async function listShopCategories(db: Db, shopId: number) {
  return db
    .select({
      status: shops.status,
      id: shopCategories.id,
      parentId: shopCategories.parentId,
      nameZh: shopCategories.nameZh,
      nameEn: shopCategories.nameEn,
    })
    .from(shops)
    .leftJoin(shopCategories, and(eq(shopCategories.shopId, shops.id), eq(shopCategories.status, SHOWN)))
    .where(eq(shops.id, shopId))
    .orderBy(asc(shopCategories.parentId), asc(shopCategories.seq), asc(shopCategories.id));
}


function openShopsNamed(term: string): SQL | undefined {
  const open = eq(shops.status, SHOP_STATUS.open);
  if (!term) return open;
  const pattern = `%${escapeLike(term)}%`;
  return and(open, or(ilike(shops.nameZh, pattern), ilike(shops.nameEn, pattern)));
}

/** A page of open shops whose name (either language, any case) contains term; self-run first. */
export async function searchShops(db: Db, term: string, limit: number, offset: number, onShelf: OnShelfCount) {
  return db
    .select({
      id: shops.id,
      nameZh: shops.nameZh,
      nameEn: shops.nameEn,
      introZh: shops.introZh,
      introEn: shops.introEn,
      logo: shops.logo,
      type: shops.type,
      score: shops.score,
      prodCount: onShelf(shops.id),
    })
    .from(shops)
    .where(openShopsNamed(term))
    .orderBy(asc(shops.type), desc(shops.score), asc(shops.id))
    .limit(limit)
    .offset(offset);
}

export async function countShops(db: Db, term: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(shops).where(openShopsNamed(term));
  return row?.n ?? 0;
}

/**
 * The best sellers of several shops at once, at most perShop each: one statement, a lateral
 * top-N per shop rather than ranking every product of every shop.
 */
export async function listTopProducts(db: Db, shopIds: number[], perShop: number, topSellers: TopSellers) {
  if (shopIds.length === 0) return [];
  const top = topSellers(db, shops.id, perShop);
  return db
    .select({ shopId: shops.id, id: top.id, nameZh: top.nameZh, nameEn: top.nameEn, pic: top.pic, price: top.price })
    .from(shops)
    .innerJoinLateral(top, sql`true`)
    .where(inArray(shops.id, shopIds))
    .orderBy(asc(shops.id), desc(top.soldNum), asc(top.id));
}

/** The user's shop with its latest review decision, if the user ever applied. */
const userShopStatement = preparedPer((db) => {
  const latestAudit = db
    .select({ status: shopAudits.status })
    .from(shopAudits)
    .where(eq(shopAudits.shopId, shops.id))
    .orderBy(desc(shopAudits.createdAt), desc(shopAudits.id))
    .limit(1);
  return db
    .select({ id: shops.id, status: shops.status, auditStatus: sql<number | null>`(${latestAudit})` })
    .from(shops)
    .where(eq(shops.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('shop_of_user');
});

export async function findUserShop(db: Db, userId: string) {
  const [row] = await userShopStatement(db).execute({ userId });
  return row;
}

/** The city a shop ships from (the courier's route start). */
export async function findShopCity(db: Db, shopId: number): Promise<string | null> {
  const [row] = await db.select({ city: shops.city }).from(shops).where(eq(shops.id, shopId)).limit(1);
  return row?.city ?? null;
}

/** A shop's name in a shop-id column, whatever its status (the invoice lists name the shop they ask). */
export const anyShopName = (shopId: AnyColumn, lang: 'zh' | 'en'): SQL<string> =>
  lang === 'en'
    ? sql<string>`coalesce((select coalesce(nullif(${shops.nameEn}, ''), ${shops.nameZh}) from ${shops} where ${shops.id} = ${shopId}), '')`
    : sql<string>`coalesce((select ${shops.nameZh} from ${shops} where ${shops.id} = ${shopId}), '')`;
