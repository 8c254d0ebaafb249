// The merchant center's products and stock (issue 10, decision 027), and the platform's takedown.
// Every message is an i18n key (zh/en ui-merchant-products.ts).
import { z } from 'zod';
import { SKU_WEIGHT_MAX } from './freight.ts';
import { SEARCH_KEYWORD_MAX_LENGTH } from '../constants/limits.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants/limits.ts';
import { textInput } from './text.ts';

const INT_MAX = 2_147_483_647;
/** Product pictures: the first is the cover (specification: up to 9). */
export const PRODUCT_MAX_IMAGES = 9;
export const PRODUCT_NAME_MAX = 60;
export const PRODUCT_NAME_EN_MAX = 120;
export const PRODUCT_BRIEF_MAX = 200;
/** A rich description's HTML, before sanitizing. */
export const PRODUCT_CONTENT_MAX = 20_000;
export const SPEC_MAX = 3;
export const SPEC_VALUE_MAX = 20;
export const SPEC_TEXT_MAX = 20;
export const SKU_MAX = 100;
/** A SKU is "low" at this many pieces or fewer (the list's filter and the dashboard's count). */
export const LOW_STOCK_THRESHOLD = 10;
export const STOCK_MAX = 1_000_000;
/** A price in fen: at most ¥1,000,000. */
export const PRICE_MAX = 100_000_000;
export const STOCK_REASON_MAX = 100;
export const TAKEDOWN_REASON_MAX = 200;
export const SKU_CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
/** A stored public picture path: an upload, or one of the demo's pictures. */
export const PICTURE_PATH_PATTERN = /^\/uploads\/(images|seed)\/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

const page = {
  current: z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(INT_MAX, 'validation.page').default(1),
  size: z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(PAGE_SIZE_MAX, 'validation.pageSize').default(PAGE_SIZE_DEFAULT),
};
const id = (message: string) => z.coerce.number(message).int(message).min(1, message).max(INT_MAX, message);
const optionalId = (message: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), id(message).optional());

export const PRODUCT_LIST_STATUSES = ['all', 'onShelf', 'offShelf', 'takenDown'] as const;
export const PRODUCT_STOCK_FILTERS = ['all', 'inStock', 'low', 'soldOut'] as const;

/** GET /merchant/product/page. */
export const MerchantProductQuerySchema = z.object({
  keyword: textInput().trim().max(SEARCH_KEYWORD_MAX_LENGTH, 'validation.keywordTooLong').optional(),
  status: z.enum(PRODUCT_LIST_STATUSES, { error: 'merchantProducts.errors.filter' }).default('all'),
  stock: z.enum(PRODUCT_STOCK_FILTERS, { error: 'merchantProducts.errors.filter' }).default('all'),
  /** A platform category of any level (a parent stands for its subtree). */
  categoryId: optionalId('merchantProducts.errors.filter'),
  shopCategoryId: optionalId('merchantProducts.errors.filter'),
  ...page,
});
export type MerchantProductQuery = z.infer<typeof MerchantProductQuerySchema>;

export const ProductIdParamSchema = z.object({ prodId: id('validation.id') });
export const SkuIdParamSchema = z.object({ skuId: id('validation.id') });

const offence = z.object({ reason: z.string(), time: z.string() }).nullable();

export const MerchantProductRowSchema = z.object({
  prodId: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string().nullable(),
  pic: z.string(),
  price: z.number().int(),
  oriPrice: z.number().int(),
  /** -1 when a SKU is unlimited. */
  totalStocks: z.number().int(),
  soldNum: z.number().int(),
  /** 1 on the shelf, 0 off. */
  status: z.number().int(),
  mold: z.number().int(),
  categoryId: z.number().int(),
  shopCategoryId: z.number().int().nullable(),
  skuCount: z.number().int(),
  /** Enabled SKUs at LOW_STOCK_THRESHOLD pieces or fewer. */
  lowStockSkus: z.number().int(),
  /** Set while platform staff keep it off the shelf for a rule violation. */
  offence,
  updateTime: z.string(),
});
export type MerchantProductRow = z.infer<typeof MerchantProductRowSchema>;

const name = (max: number, required: string, tooLong: string) => textInput(required).trim().min(1, required).max(max, tooLong);
const optionalText = (max: number, tooLong: string) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : v), textInput(tooLong).trim().max(max, tooLong));

const SpecValueSchema = z.object({
  zh: name(SPEC_TEXT_MAX, 'merchantProducts.errors.specValue', 'merchantProducts.errors.specValue'),
  en: optionalText(SPEC_TEXT_MAX * 2, 'merchantProducts.errors.specValue'),
});
export const ProductSpecInputSchema = z.object({
  nameZh: name(SPEC_TEXT_MAX, 'merchantProducts.errors.specName', 'merchantProducts.errors.specName'),
  nameEn: optionalText(SPEC_TEXT_MAX * 2, 'merchantProducts.errors.specName'),
  values: z.array(SpecValueSchema, { error: 'merchantProducts.errors.specValues' }).min(1, 'merchantProducts.errors.specValues').max(SPEC_VALUE_MAX, 'merchantProducts.errors.specValues'),
});
export type ProductSpecInput = z.infer<typeof ProductSpecInputSchema>;

const price = (message: string) => z.coerce.number(message).int(message).min(0, message).max(PRICE_MAX, message);

export const SkuInputSchema = z.object({
  /** The combination's values in Chinese, one per specification, in their order (empty without specifications). */
  values: z.array(textInput('merchantProducts.errors.skuCombination').trim(), { error: 'merchantProducts.errors.skuCombination' }).max(SPEC_MAX, 'merchantProducts.errors.skuCombination'),
  price: price('merchantProducts.errors.price').refine((v) => v > 0, 'merchantProducts.errors.price'),
  oriPrice: price('merchantProducts.errors.oriPrice'),
  /** The opening stock of a new SKU; an existing SKU's stock moves only by adjustments. */
  stocks: z.coerce.number('merchantProducts.errors.stocks').int('merchantProducts.errors.stocks').min(0, 'merchantProducts.errors.stocks').max(STOCK_MAX, 'merchantProducts.errors.stocks'),
  code: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string({ error: 'merchantProducts.errors.skuCode' }).trim().regex(SKU_CODE_PATTERN, 'merchantProducts.errors.skuCode').nullish(),
  ),
  /** Shipping weight in grams, for shops charging freight by weight (decision 043); 0 when not given. */
  weight: z.coerce.number('merchantProducts.errors.weight').int('merchantProducts.errors.weight').min(0, 'merchantProducts.errors.weight').max(SKU_WEIGHT_MAX, 'merchantProducts.errors.weight').default(0),
});
export type SkuInput = z.infer<typeof SkuInputSchema>;

/** POST /merchant/product (create) and PUT /merchant/product/:prodId (edit). */
export const MerchantProductInputSchema = z.object({
  nameZh: name(PRODUCT_NAME_MAX, 'merchantProducts.errors.nameZh', 'merchantProducts.errors.nameZhLong'),
  nameEn: optionalText(PRODUCT_NAME_EN_MAX, 'merchantProducts.errors.nameEnLong'),
  briefZh: optionalText(PRODUCT_BRIEF_MAX, 'merchantProducts.errors.briefLong'),
  briefEn: optionalText(PRODUCT_BRIEF_MAX, 'merchantProducts.errors.briefLong'),
  contentZh: optionalText(PRODUCT_CONTENT_MAX, 'merchantProducts.errors.contentLong'),
  contentEn: optionalText(PRODUCT_CONTENT_MAX, 'merchantProducts.errors.contentLong'),
  categoryId: id('merchantProducts.errors.category'),
  shopCategoryId: z.preprocess((v) => (v === '' || v === undefined ? null : v), id('merchantProducts.errors.shopCategory').nullable()),
  imgs: z
    .array(z.string({ error: 'merchantProducts.errors.image' }).regex(PICTURE_PATH_PATTERN, 'merchantProducts.errors.image'), { error: 'merchantProducts.errors.imagesRequired' })
    .min(1, 'merchantProducts.errors.imagesRequired')
    .max(PRODUCT_MAX_IMAGES, 'merchantProducts.errors.imagesTooMany'),
  /** 0 physical, 1 virtual (delivered by voucher codes, decision 014). */
  mold: z.union([z.literal(0), z.literal(1)], { error: 'merchantProducts.errors.mold' }),
  specs: z.array(ProductSpecInputSchema, { error: 'merchantProducts.errors.specs' }).max(SPEC_MAX, 'merchantProducts.errors.specs'),
  skus: z.array(SkuInputSchema, { error: 'merchantProducts.errors.skus' }).min(1, 'merchantProducts.errors.skus').max(SKU_MAX, 'merchantProducts.errors.skus'),
  /** Put on the shelf on saving (create only; an edit keeps the shelf state). */
  onShelf: z.boolean({ error: 'validation.invalid' }).default(false),
});
export type MerchantProductInput = z.infer<typeof MerchantProductInputSchema>;
/** What a client sends (defaults may be left out). */
export type MerchantProductBody = z.input<typeof MerchantProductInputSchema>;

export const MerchantSkuSchema = z.object({
  skuId: z.number().int(),
  values: z.array(z.string()),
  properties: z.string(),
  nameZh: z.string().nullable(),
  nameEn: z.string().nullable(),
  price: z.number().int(),
  oriPrice: z.number().int(),
  stocks: z.number().int(),
  code: z.string().nullable(),
  /** Grams. */
  weight: z.number().int(),
  /** 0 once its combination left the product (kept for the orders that name it). */
  status: z.number().int(),
});
export type MerchantSku = z.infer<typeof MerchantSkuSchema>;

/** GET /merchant/product/info/:prodId: everything the editor shows. */
export const MerchantProductDetailSchema = z.object({
  prodId: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  briefZh: z.string(),
  briefEn: z.string(),
  contentZh: z.string(),
  contentEn: z.string(),
  categoryId: z.number().int(),
  /** The leaf's ancestors first, for the cascader. */
  categoryPath: z.array(z.number().int()),
  shopCategoryId: z.number().int().nullable(),
  imgs: z.array(z.object({ path: z.string(), url: z.string() })),
  mold: z.number().int(),
  status: z.number().int(),
  specs: z.array(z.object({ nameZh: z.string(), nameEn: z.string(), values: z.array(z.object({ zh: z.string(), en: z.string() })) })),
  skus: z.array(MerchantSkuSchema),
  offence,
});
export type MerchantProductDetail = z.infer<typeof MerchantProductDetailSchema>;

/** POST /merchant/product/shelf: put products on or off the shelf (one or many). */
export const ShelfInputSchema = z.object({
  prodIds: z.array(id('validation.id'), { error: 'merchantProducts.errors.selectProducts' }).min(1, 'merchantProducts.errors.selectProducts').max(PAGE_SIZE_MAX, 'merchantProducts.errors.selectProducts'),
  onShelf: z.boolean({ error: 'validation.invalid' }),
});
export type ShelfInput = z.infer<typeof ShelfInputSchema>;

export const ShelfResultSchema = z.object({
  /** Moved by this call. */
  changed: z.array(z.number().int()),
  /** Left as they were: taken down by the platform, without an enabled SKU, or already there. */
  refused: z.array(z.object({ prodId: z.number().int(), reason: z.string() })),
});
export type ShelfResult = z.infer<typeof ShelfResultSchema>;

export const STOCK_MODES = ['delta', 'set'] as const;

/** POST /merchant/sku/stock: add or remove pieces (delta), or set the count (set), with a reason. */
export const StockAdjustSchema = z.object({
  skuId: id('merchantProducts.errors.skuNotFound'),
  mode: z.enum(STOCK_MODES, { error: 'merchantProducts.errors.stockMode' }),
  amount: z.coerce
    .number('merchantProducts.errors.stockAmount')
    .int('merchantProducts.errors.stockAmount')
    .min(-STOCK_MAX, 'merchantProducts.errors.stockAmount')
    .max(STOCK_MAX, 'merchantProducts.errors.stockAmount'),
  reason: textInput('merchantProducts.errors.stockReason').trim().min(1, 'merchantProducts.errors.stockReason').max(STOCK_REASON_MAX, 'merchantProducts.errors.stockReasonLong'),
});
export type StockAdjustInput = z.infer<typeof StockAdjustSchema>;

export const StockAdjustResultSchema = z.object({ skuId: z.number().int(), delta: z.number().int(), stocks: z.number().int() });

export const StockLogQuerySchema = z.object({ skuId: id('merchantProducts.errors.skuNotFound'), ...page });
export const StockLogSchema = z.object({
  id: z.number().int(),
  skuId: z.number().int(),
  delta: z.number().int(),
  stocksAfter: z.number().int(),
  reason: z.string(),
  actorName: z.string(),
  createTime: z.string(),
});
export type StockLog = z.infer<typeof StockLogSchema>;

/** GET /merchant/product/shop-categories: the shop's own categories for the editor and filter. */
export const ShopCategoryOptionSchema = z.object({ id: z.number().int(), parentId: z.number().int(), name: z.string(), shown: z.boolean() });

// ---- The platform console (admin audience) ----

export const AdminProductQuerySchema = z.object({
  keyword: textInput().trim().max(SEARCH_KEYWORD_MAX_LENGTH, 'validation.keywordTooLong').optional(),
  shopId: optionalId('merchantProducts.errors.filter'),
  status: z.enum(PRODUCT_LIST_STATUSES, { error: 'merchantProducts.errors.filter' }).default('all'),
  ...page,
});
export type AdminProductQuery = z.infer<typeof AdminProductQuerySchema>;

export const AdminProductRowSchema = MerchantProductRowSchema.extend({ shopId: z.number().int(), shopName: z.string() });
export type AdminProductRow = z.infer<typeof AdminProductRowSchema>;

/** POST /admin/products/:prodId/takedown. */
export const TakedownSchema = z.object({
  reason: textInput('merchantProducts.errors.takedownReason').trim().min(1, 'merchantProducts.errors.takedownReason').max(TAKEDOWN_REASON_MAX, 'merchantProducts.errors.takedownReasonLong'),
});
export type TakedownInput = z.infer<typeof TakedownSchema>;
