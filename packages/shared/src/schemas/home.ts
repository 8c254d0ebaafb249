import { z } from 'zod';
import { CategoryNodeSchema, ProductCardSchema } from './catalog.ts';

/** A carousel slide (GET /banner/list/:shopId, 0 = the home page). prodId is null when the product cannot be opened. */
export const BannerSchema = z.object({
  imgUrl: z.string(),
  prodId: z.number().int().nullable(),
  title: z.string(),
  seq: z.number().int(),
});
export type Banner = z.infer<typeof BannerSchema>;

/** A running flash sale on the home page. Money in fen; times 'yyyy-MM-dd HH:mm:ss' GMT+8. */
export const SeckillCardSchema = z.object({
  seckillId: z.number().int(),
  prodId: z.number().int(),
  prodName: z.string(),
  pic: z.string(),
  seckillPrice: z.number().int(),
  price: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
});
export type SeckillCard = z.infer<typeof SeckillCardSchema>;

/** A running group-buy activity on the home page. */
export const GroupBuyCardSchema = z.object({
  groupActivityId: z.number().int(),
  prodId: z.number().int(),
  prodName: z.string(),
  pic: z.string(),
  /** Lowest activity price, fen. */
  actPrice: z.number().int(),
  price: z.number().int(),
  groupNumber: z.number().int(),
  endTime: z.string(),
});
export type GroupBuyCard = z.infer<typeof GroupBuyCardSchema>;

/**
 * A running shop promotion with the product that fronts it (a listed product, or the shop's best
 * seller when the promotion covers the whole shop). discountRule 0 full-amount reduction,
 * 1 full-piece discount, 2 full-amount discount.
 */
export const DiscountCardSchema = z.object({
  discountId: z.number().int(),
  discountName: z.string(),
  discountRule: z.number().int(),
  /** Its first tier as shoppers read it, written by the server in the reader's language ("每满300减50", "¥50 off every ¥300"). */
  label: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  prodId: z.number().int(),
  prodName: z.string(),
  pic: z.string(),
  price: z.number().int(),
  endTime: z.string(),
});
export type DiscountCard = z.infer<typeof DiscountCardSchema>;

/** Everything the home page shows except the notices, in one answer (GET /index/home). */
export const HomeSchema = z.object({
  banners: z.array(BannerSchema),
  categories: z.array(CategoryNodeSchema),
  recommended: z.array(ProductCardSchema),
  newest: z.array(ProductCardSchema),
  seckills: z.array(SeckillCardSchema),
  groupBuys: z.array(GroupBuyCardSchema),
  discounts: z.array(DiscountCardSchema),
});
export type Home = z.infer<typeof HomeSchema>;

const INT_MAX = 2_147_483_647;
const idOrZero = z.coerce.number('validation.id').int('validation.id').min(0, 'validation.id').max(INT_MAX, 'validation.id');

/** GET /category/categoryInfo: children of parentId (0 = top level) in shopId's tree (0 = platform). */
export const CategoryInfoQuerySchema = z.object({
  parentId: idOrZero.default(0),
  shopId: idOrZero.default(0),
});

export const BannerParamsSchema = z.object({ shopId: idOrZero });
