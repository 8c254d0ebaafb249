import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { PRODUCT_STATUS } from '@bazaar/shared/constants/product-status';
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import type { Db } from '../../db/client.ts';
import { products, skus } from '../../db/schema/product.ts';
import { shops } from '../../db/schema/shop.ts';


/** Named statement part: this product exists and is not deleted (reviews answer for such products only). */
export const productIsListed = (prodId: number): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${products} where ${products.id} = ${prodId} and ${products.status} <> ${PRODUCT_STATUS.deleted})`;

/** An on-shelf product of an open shop, with its shop's card columns; undefined otherwise. */
export async function findSaleableProduct(db: Db, prodId: number) {
  const [row] = await db
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
      shopId: shops.id,
      shopNameZh: shops.nameZh,
      shopNameEn: shops.nameEn,
      shopIntroZh: shops.introZh,
      shopIntroEn: shops.introEn,
      shopLogo: shops.logo,
      shopType: shops.type,
      shopScore: shops.score,
      shopProvinceId: shops.provinceId,
      shopProvince: shops.province,
      shopFreight: shops.freight,
      shopFreeFreightFrom: shops.freeFreightFrom,
      isRefund: products.isRefund,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(eq(products.id, prodId), eq(products.status, PRODUCT_STATUS.onShelf), eq(shops.status, SHOP_STATUS.open)));
  return row;
}
export type SaleableProductRow = NonNullable<Awaited<ReturnType<typeof findSaleableProduct>>>;

/** The enabled SKUs of a product, in their listed order. */
export async function listEnabledSkus(db: Db, prodId: number) {
  return db
    .select({
      id: skus.id,
      properties: skus.properties,
      nameZh: skus.nameZh,
      nameEn: skus.nameEn,
      price: skus.price,
      oriPrice: skus.oriPrice,
      stocks: skus.stocks,
      pic: skus.pic,
    })
    .from(skus)
    .where(and(eq(skus.productId, prodId), eq(skus.status, 1)))
    .orderBy(asc(skus.id));
}

export async function countShopProducts(db: Db, shopId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.shopId, shopId), eq(products.status, PRODUCT_STATUS.onShelf)));
  return row?.n ?? 0;
}
