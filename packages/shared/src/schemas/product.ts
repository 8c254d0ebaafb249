import { z } from 'zod';
import { ProductFreightRegionSchema } from './freight.ts';
import { ShopCardSchema } from './catalog.ts';
import { GroupActivityVOSchema } from './group-activity.ts';

const INT_MAX = 2_147_483_647;
/** A positive id in a query string ('12'); anything else answers 400 "the id is invalid". */
export const idParam = () => z.coerce.number('validation.id').int('validation.id').min(1, 'validation.id').max(INT_MAX, 'validation.id');

export const ProdIdQuerySchema = z.object({ prodId: idParam() });
export type ProdIdQuery = z.infer<typeof ProdIdQuerySchema>;

/** GET /prod/prodInfo: the query may also carry the detail page's activity ids. */
export const ProdInfoQuerySchema = ProdIdQuerySchema.extend({ groupActivityId: idParam().optional(), addrId: idParam().optional() });

/** A saleable variant. properties is 'k:v;k:v' in the reader's language; money in fen; stocks -1 = unlimited. */
export const SkuSchema = z.object({
  skuId: z.number().int(),
  properties: z.string(),
  skuName: z.string(),
  price: z.number().int(),
  oriPrice: z.number().int(),
  stocks: z.number().int(),
  pic: z.string(),
});
export type Sku = z.infer<typeof SkuSchema>;

/** One dimension of the SKU picker (Color: Black, White...), in the order the SKUs list it. */
export const SpecGroupSchema = z.object({ name: z.string(), values: z.array(z.string()) });
export type SpecGroup = z.infer<typeof SpecGroupSchema>;

/** The detail page's shop card: its on-shelf products and how many shoppers follow it. */
export const ProductShopSchema = ShopCardSchema.extend({ prodCount: z.number().int(), followers: z.number().int() });
export type ProductShop = z.infer<typeof ProductShopSchema>;

/** Where the product ships from and on what terms: the detail page's delivery and service rows. */
export const ProductDeliverySchema = z.object({
  /** The shop's province (GB/T 2260 code), where parcels leave from; null when unknown. */
  fromProvinceId: z.number().int().nullable(),
  /** Its name in the reader's language ('' when unknown). */
  fromProvince: z.string(),
  /**
   * The shop's freight for one piece (or the first weight step) in fen, and the goods amount from
   * which it is free (null = never), everywhere no region of the rule lists (decision 043).
   */
  freight: z.number().int(),
  freeFreightFrom: z.number().int().nullable(),
  /** The same for the provinces the rule lists with their own fee. */
  regionFreight: z.array(ProductFreightRegionSchema),
  /** Whether the 7-day no-reason return applies. */
  returnable: z.boolean(),
});
export type ProductDelivery = z.infer<typeof ProductDeliverySchema>;

/** GET /prod/prodInfo. Texts in the reader's language (zh fallback); content is sanitized HTML. */
export const ProductDetailSchema = z.object({
  prodId: z.number().int(),
  prodName: z.string(),
  brief: z.string(),
  content: z.string(),
  pic: z.string(),
  imgs: z.array(z.string()),
  price: z.number().int(),
  oriPrice: z.number().int(),
  totalStocks: z.number().int(),
  soldNum: z.number().int(),
  /** 0 normal, 1 group, 2 seckill, 3 points, 4 combo, 5 activity. */
  prodType: z.number().int(),
  /** 0 physical, 1 virtual. */
  mold: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  shop: ProductShopSchema,
  skuList: z.array(SkuSchema),
  specs: z.array(SpecGroupSchema),
  delivery: ProductDeliverySchema,
  /**
   * Only when the query carried groupActivityId (the /detail link of a group activity): the activity's
   * group panel, or null when it names no running or upcoming activity of this product (schemas/group-activity.ts).
   */
  groupActivityVO: GroupActivityVOSchema.nullable().optional(),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;
