import { and, asc, count, desc, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import { PRODUCT_STATUS, SKU_STATUS } from '@bazaar/shared/constants/product-status';
import type { FreightRule } from '@bazaar/shared/schemas/freight';
import type { Db } from '../../db/client.ts';
import { preparedPerParts } from '../../db/prepared.ts';
import { qualified } from '../../db/named-query.ts';
import { products, skus } from '../../db/schema/product.ts';

/** Named statement part: this product exists and is not deleted (reviews answer for such products only). */
export const productIsListed = (prodId: number): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${products} where ${products.id} = ${prodId} and ${products.status} <> ${PRODUCT_STATUS.deleted})`;

/** Named statement part: this product is on the shelf (a footprint records such products only). */
export const productIsOnShelf = (prodId: number): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${products} where ${products.id} = ${prodId} and ${products.status} = ${PRODUCT_STATUS.onShelf})`;

/**
 * Named query: products that are not deleted, with their card columns, as a subquery the
 * collection and footprint lists join (flows/collections.ts). Aliases start with listed_.
 */
export const listedProductCard = (db: Db) =>
  db
    .select({
      prodId: sql<number>`${products.id}`.mapWith(products.id).as('listed_prod_id'),
      nameZh: sql<string>`${products.nameZh}`.mapWith(products.nameZh).as('listed_name_zh'),
      nameEn: sql<string | null>`${products.nameEn}`.mapWith(products.nameEn).as('listed_name_en'),
      pic: sql<string>`${products.pic}`.mapWith(products.pic).as('listed_pic'),
      price: sql<number>`${products.price}`.mapWith(products.price).as('listed_price'),
      oriPrice: sql<number>`${products.oriPrice}`.mapWith(products.oriPrice).as('listed_ori_price'),
      soldNum: sql<number>`${products.soldNum}`.mapWith(products.soldNum).as('listed_sold_num'),
      totalStocks: sql<number>`${products.totalStocks}`.mapWith(products.totalStocks).as('listed_total_stocks'),
      status: sql<number>`${products.status}`.mapWith(products.status).as('listed_status'),
      shopId: sql<number>`${products.shopId}`.mapWith(products.shopId).as('listed_shop_id'),
    })
    .from(products)
    .where(ne(products.status, PRODUCT_STATUS.deleted))
    .as('listed_product');

/**
 * Named query: every product, deleted ones too, with its name and picture, as a subquery the
 * shopper's own reviews join (flows/shopper-reviews.ts): a review outlives its product's listing.
 * Aliases start with any_product_.
 */
export const anyProductName = (db: Db) =>
  db
    .select({
      prodId: sql<number>`${products.id}`.mapWith(products.id).as('any_product_id'),
      nameZh: sql<string>`${products.nameZh}`.mapWith(products.nameZh).as('any_product_name_zh'),
      nameEn: sql<string | null>`${products.nameEn}`.mapWith(products.nameEn).as('any_product_name_en'),
      pic: sql<string>`${products.pic}`.mapWith(products.pic).as('any_product_pic'),
    })
    .from(products)
    .as('any_product');

/**
 * Named query: on-shelf products with their card columns, as a subquery the home page's floors,
 * banners and activity blocks join in place of the products table (flows/catalog.ts hands it to the
 * catalog and promotion modules). Aliases start with on_shelf_.
 */
export const onShelfProductCard = (db: Db) =>
  db
    .select({
      prodId: sql<number>`${products.id}`.mapWith(products.id).as('on_shelf_prod_id'),
      nameZh: sql<string>`${products.nameZh}`.mapWith(products.nameZh).as('on_shelf_name_zh'),
      nameEn: sql<string | null>`${products.nameEn}`.mapWith(products.nameEn).as('on_shelf_name_en'),
      pic: sql<string>`${products.pic}`.mapWith(products.pic).as('on_shelf_pic'),
      price: sql<number>`${products.price}`.mapWith(products.price).as('on_shelf_price'),
      oriPrice: sql<number>`${products.oriPrice}`.mapWith(products.oriPrice).as('on_shelf_ori_price'),
      soldNum: sql<number>`${products.soldNum}`.mapWith(products.soldNum).as('on_shelf_sold_num'),
      totalStocks: sql<number>`${products.totalStocks}`.mapWith(products.totalStocks).as('on_shelf_total_stocks'),
      shopId: sql<number>`${products.shopId}`.mapWith(products.shopId).as('on_shelf_shop_id'),
      createdAt: sql<Date>`${products.createdAt}`.mapWith(products.createdAt).as('on_shelf_created_at'),
    })
    .from(products)
    .where(eq(products.status, PRODUCT_STATUS.onShelf))
    .as('on_shelf_product');

/**
 * Named query: every SKU with its product's card columns, as a subquery the cart and checkout join
 * in place of the SKU and product tables (flows/cart.ts, flows/place-order.ts). Aliases start with
 * sku_card_.
 */
export const skuCard = (db: Db) =>
  db
    .select({
      skuId: sql<number>`${skus.id}`.mapWith(skus.id).as('sku_card_sku_id'),
      skuStatus: sql<number>`${skus.status}`.mapWith(skus.status).as('sku_card_sku_status'),
      stocks: sql<number>`${skus.stocks}`.mapWith(skus.stocks).as('sku_card_stocks'),
      price: sql<number>`${skus.price}`.mapWith(skus.price).as('sku_card_price'),
      skuPic: sql<string | null>`${skus.pic}`.mapWith(skus.pic).as('sku_card_sku_pic'),
      weight: sql<number>`${skus.weight}`.mapWith(skus.weight).as('sku_card_weight'),
      properties: sql<string>`${skus.properties}`.mapWith(skus.properties).as('sku_card_properties'),
      skuNameZh: sql<string | null>`${skus.nameZh}`.mapWith(skus.nameZh).as('sku_card_sku_name_zh'),
      skuNameEn: sql<string | null>`${skus.nameEn}`.mapWith(skus.nameEn).as('sku_card_sku_name_en'),
      prodId: sql<number>`${products.id}`.mapWith(products.id).as('sku_card_prod_id'),
      prodStatus: sql<number>`${products.status}`.mapWith(products.status).as('sku_card_prod_status'),
      prodType: sql<number>`${products.prodType}`.mapWith(products.prodType).as('sku_card_prod_type'),
      mold: sql<number>`${products.mold}`.mapWith(products.mold).as('sku_card_mold'),
      isRefund: sql<number>`${products.isRefund}`.mapWith(products.isRefund).as('sku_card_is_refund'),
      nameZh: sql<string>`${products.nameZh}`.mapWith(products.nameZh).as('sku_card_name_zh'),
      nameEn: sql<string | null>`${products.nameEn}`.mapWith(products.nameEn).as('sku_card_name_en'),
      pic: sql<string>`${products.pic}`.mapWith(products.pic).as('sku_card_pic'),
      shopId: sql<number>`${products.shopId}`.mapWith(products.shopId).as('sku_card_shop_id'),
    })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .as('sku_card');

/** Named statement part: how many products the shop in `shopId` has on shelf (a store's header and the store search). */
export const shopOnShelfCount = (shopId: AnyColumn): SQL<number> =>
  sql<number>`(select count(*)::int from ${products} where ${qualified(products.shopId)} = ${qualified(shopId)} and ${qualified(products.status)} = ${PRODUCT_STATUS.onShelf})`;

/**
 * Named query: the best sellers of the shop in `shopId`, at most perShop, as a subquery the store
 * search joins laterally (flows/shop-search.ts). The aliases start with top_ so that the
 * consumer's unqualified names clash with none of its own columns.
 */
export const shopTopSellers = (db: Db, shopId: AnyColumn, perShop: number) =>
  db
    .select({
      id: sql<number>`${products.id}`.mapWith(products.id).as('top_id'),
      nameZh: sql<string>`${products.nameZh}`.mapWith(products.nameZh).as('top_name_zh'),
      nameEn: sql<string | null>`${products.nameEn}`.mapWith(products.nameEn).as('top_name_en'),
      pic: sql<string>`${products.pic}`.mapWith(products.pic).as('top_pic'),
      price: sql<number>`${products.price}`.mapWith(products.price).as('top_price'),
      soldNum: sql<number>`${products.soldNum}`.mapWith(products.soldNum).as('top_sold_num'),
    })
    .from(products)
    .where(and(eq(products.shopId, shopId), eq(products.status, PRODUCT_STATUS.onShelf)))
    .orderBy(desc(products.soldNum), asc(products.id))
    .limit(perShop)
    .as('top');

/**
 * The shop module's named query a product page joins: open shops only, with the columns the page
 * shows (shop/repository.ts openShopCard, handed in by flows/product-detail.ts).
 */
export type OpenShopCard = SubqueryWithSelection<
  {
    shopId: SQL.Aliased<number>;
    shopNameZh: SQL.Aliased<string>;
    shopNameEn: SQL.Aliased<string | null>;
    shopIntroZh: SQL.Aliased<string | null>;
    shopIntroEn: SQL.Aliased<string | null>;
    shopLogo: SQL.Aliased<string | null>;
    shopType: SQL.Aliased<number>;
    shopScore: SQL.Aliased<number>;
    shopProvinceId: SQL.Aliased<number | null>;
    shopProvince: SQL.Aliased<string | null>;
    shopFreightRule: SQL.Aliased<FreightRule>;
  },
  'shop_card'
>;

/**
 * The part the shop module lends the detail's statement (flows/product-detail.ts): the open-shop
 * card. The flow hands in one constant object, so the statement is prepared once per handle.
 */
export interface SaleableProductParts {
  openShopCard: (db: Db) => OpenShopCard;
}

/**
 * Every uncached detail asks this, so it is a prepared statement (parsed and planned once per
 * connection, and built by drizzle once per process): the product, its open shop's card columns
 * and its enabled SKUs in one round trip.
 */
const saleableProductStatement = preparedPerParts((db, parts: SaleableProductParts) => {
  const shop = parts.openShopCard(db);
  return db
    .select({
      id: products.id,
      nameZh: products.nameZh,
      nameEn: products.nameEn,
      briefZh: products.briefZh,
      briefEn: products.briefEn,
      contentZh: products.contentZh,
      contentEn: products.contentEn,
      pic: products.pic,
      imgs: products.imgs,
      price: products.price,
      oriPrice: products.oriPrice,
      totalStocks: products.totalStocks,
      soldNum: products.soldNum,
      prodType: products.prodType,
      mold: products.mold,
      shopId: shop.shopId,
      shopNameZh: shop.shopNameZh,
      shopNameEn: shop.shopNameEn,
      shopIntroZh: shop.shopIntroZh,
      shopIntroEn: shop.shopIntroEn,
      shopLogo: shop.shopLogo,
      shopType: shop.shopType,
      shopScore: shop.shopScore,
      shopProvinceId: shop.shopProvinceId,
      shopProvince: shop.shopProvince,
      shopFreightRule: shop.shopFreightRule,
      isRefund: products.isRefund,
      // The enabled SKUs ride in the same statement (one round trip for an uncached detail).
      skus: sql<EnabledSku[]>`(
        select coalesce(json_agg(json_build_object(
          'id', s.id, 'properties', s.properties, 'nameZh', s.name_zh, 'nameEn', s.name_en,
          'price', s.price, 'oriPrice', s.ori_price, 'stocks', s.stocks, 'pic', s.pic) order by s.id), '[]'::json)
        from ${skus} s where s.product_id = ${products.id} and s.status = ${SKU_STATUS.enabled})`,
    })
    .from(products)
    .innerJoin(shop, eq(shop.shopId, products.shopId))
    .where(and(eq(products.id, sql.placeholder('prodId')), eq(products.status, PRODUCT_STATUS.onShelf)))
    .prepare('product_saleable_detail');
});

/** The on-shelf product of an open shop with its enabled SKUs, or undefined. */
export async function findSaleableProduct(db: Db, prodId: number, parts: SaleableProductParts) {
  const [row] = await saleableProductStatement(db, parts).execute({ prodId });
  return row;
}

/** An enabled SKU as the detail page shows it. */
export interface EnabledSku {
  id: number;
  properties: string;
  nameZh: string | null;
  nameEn: string | null;
  price: number;
  oriPrice: number;
  stocks: number;
  pic: string | null;
}
export type SaleableProductRow = NonNullable<Awaited<ReturnType<typeof findSaleableProduct>>>;

export async function countShopProducts(db: Db, shopId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.shopId, shopId), eq(products.status, PRODUCT_STATUS.onShelf)));
  return row?.n ?? 0;
}
