// The products a coupon applies to (reference 2.8 /coupon/prodListByCouponId, the list's coupon
// tab st=5; decision 044): the promotion module's coupon and its scope over the product module's
// on-shelf cards and the shop module's open shops. A coupon that was turned off or ended still
// lists them: shoppers who hold it can still use it.
import type { Language } from '@bazaar/shared/constants/limits';
import type { CouponProductPage, CouponProductQuery } from '@bazaar/shared/schemas/coupon-products';
import type { AppContext } from '../context.ts';
import { invalid } from '../lib/app-error.ts';
import { findCouponCard } from '../modules/promotion/coupons.ts';
import { pageCouponProducts } from '../modules/promotion/coupon-products.ts';
import { onShelfProductCard } from '../modules/product/repository.ts';
import { openShopCard } from '../modules/shop/repository.ts';
import { toCouponCard } from './coupons.ts';
import { localized } from '../lib/localized.ts';


export async function couponProducts(ctx: AppContext, userId: string | null, query: CouponProductQuery, lang: Language): Promise<CouponProductPage> {
  const card = await findCouponCard(ctx.db, { userId, couponId: query.couponId }, { openShopCard });
  // Unknown, an exchange coupon, or a coupon of a shop that is not open.
  if (!card || ![1, 2].includes(card.couponType) || (card.shopId > 0 && card.shopNameZh === null)) throw invalid('coupon.errors.notFound');
  const { rows, total } = await pageCouponProducts(ctx.db, { couponId: query.couponId, keyword: query.keyword, sort: query.sort }, query.current, query.size, { onShelfProductCard, openShopCard });
  return {
    coupon: toCouponCard(card, lang),
    records: rows.map((r) => ({
      prodId: r.prodId,
      prodName: localized(lang, r.nameZh, r.nameEn),
      pic: r.pic,
      price: r.price,
      oriPrice: r.oriPrice,
      soldNum: r.soldNum,
      totalStocks: r.totalStocks,
      shopId: r.shopId,
      shopName: localized(lang, r.shopNameZh, r.shopNameEn),
    })),
    total,
    size: query.size,
    current: query.current,
    pages: Math.ceil(total / query.size),
  };
}
