// The points mall (积分商城, issue 29; decision 066): one schema per payload of every call, shared by
// the API, the storefront (/member-center/integral-mall, /member-center/integral-det/{prodId},
// /submit-integral-order) and the platform console. Money in fen; points are integers; times
// 'yyyy-MM-dd HH:mm:ss' in GMT+8. Each message is an i18n key (pointsmall.errors.* in
// i18n/{zh,en}/pointsmall-messages.ts, or the checkout's own where the rule is the checkout's).
//
// A points item is an offer of the platform: one product of a self-run shop, with its points price,
// its cash part (0 = points only), its own stock (units reserved for the mall), a per-user limit
// and a shelf status. Every SKU of the product may be chosen at the item's price; points items
// ship free (transfee is always 0). With no cash part the order is paid by points at submit
// (`paid: true`); with a cash part it waits on the payment page for the cash like any order.
import { z } from 'zod';
import { SEARCH_KEYWORD_MAX_LENGTH, MERCHANT_MESSAGE_MAX_LENGTH } from '../constants/limits.ts';
import {
  POINTS_ITEM_CASH_PRICE_MAX,
  POINTS_ITEM_MAX_NUM_MAX,
  POINTS_ITEM_MAX_NUM_UNLIMITED,
  POINTS_ITEM_SCORE_PRICE_MAX,
  POINTS_ITEM_STOCKS_MAX,
} from '../constants/points-mall.ts';
import { AddressSchema } from './address.ts';
import { PageQuerySchema, pageOf } from './common.ts';
import { CheckoutUuidSchema } from './order.ts';
import { textInput } from './text.ts';

const INT_MAX = 2_147_483_647;
const id = (key: string) => z.coerce.number(key).int(key).min(1, key).max(INT_MAX, key);
const fen = z.number().int();
const flag = (key: string) =>
  z
    .enum(['true', 'false', '1', '0'], key)
    .transform((v) => v === 'true' || v === '1')
    .optional();

// ---------------------------------------------------------------------------------------------
// The shopper: /member-center/integral-mall (GET /score/prods)
// ---------------------------------------------------------------------------------------------

/**
 * GET /score/prods: the items on shelf. Public; when a shopper's token is sent the answer carries
 * their points, and `affordable=true` keeps only the items whose points price (for one unit) they
 * can pay (401 without a token). `sort` 0 newest first, 1 points ascending, 2 points descending.
 */
export const PointsMallQuerySchema = PageQuerySchema.extend({
  sort: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .refine((v) => v === 0 || v === 1 || v === 2, 'validation.invalid')
    .default(0),
  affordable: flag('validation.invalid'),
  /** Searches the product names (zh and en). */
  prodName: textInput('validation.invalid').trim().max(SEARCH_KEYWORD_MAX_LENGTH, 'validation.invalid').optional(),
});
export type PointsMallQuery = z.infer<typeof PointsMallQuerySchema>;

/** One card of /member-center/integral-mall. */
export const PointsItemCardSchema = z.object({
  itemId: z.number().int(),
  prodId: z.number().int(),
  prodName: z.string(),
  brief: z.string(),
  pic: z.string(),
  /** Points for one unit, and the cash part for one unit in fen (0 = points only). */
  scorePrice: z.number().int(),
  cashPrice: fen,
  /** The product's usual price, fen (shown struck through). */
  price: fen,
  /** Units left in the mall, and units exchanged so far (paid and unpaid orders). */
  stocks: z.number().int(),
  soldNum: z.number().int(),
  /** Per-user limit; -1 = none. */
  maxNum: z.number().int(),
  /** 0 physical, 1 virtual (no address). */
  mold: z.number().int(),
  /** Null without a login; else whether my points pay for one unit. */
  affordable: z.boolean().nullable(),
});
export type PointsItemCard = z.infer<typeof PointsItemCardSchema>;

/** → a page of cards, and my points (null without a login). */
export const PointsMallPageSchema = pageOf(PointsItemCardSchema).extend({ myScore: z.number().int().nullable() });
export type PointsMallPage = z.infer<typeof PointsMallPageSchema>;

// ---------------------------------------------------------------------------------------------
// The shopper: /member-center/integral-det/{prodId} (GET /score/prod?prodId=)
// ---------------------------------------------------------------------------------------------

/** GET /score/prod?prodId= (public; a token adds my points and what I already exchanged). 400 pointsmall.errors.notFound when there is no item on shelf. */
export const PointsItemQuerySchema = z.object({ prodId: id('pointsmall.errors.notFound') });
export type PointsItemQuery = z.infer<typeof PointsItemQuerySchema>;

export const PointsItemSkuSchema = z.object({
  skuId: z.number().int(),
  /** 'k:v;k:v' (reference §2.2) and its display text in the reader's language. */
  properties: z.string(),
  skuName: z.string(),
  pic: z.string(),
});
export type PointsItemSku = z.infer<typeof PointsItemSkuSchema>;

export const PointsItemDetailSchema = PointsItemCardSchema.omit({ affordable: true }).extend({
  shopId: z.number().int(),
  shopName: z.string(),
  imgs: z.array(z.string()),
  /** The product's sanitized rich description. */
  content: z.string(),
  /** The enabled SKUs to choose from; all at the item's points price and cash part. A product without variants has one. */
  skuList: z.array(PointsItemSkuSchema),
  /** Null without a login. `boughtNum`: units I hold in unpaid and paid points orders of this item. */
  myScore: z.number().int().nullable(),
  boughtNum: z.number().int().nullable(),
  /** The most one order may take now: min(stock, what the limit leaves, what my points pay for); null without a login. */
  canBuyNum: z.number().int().nullable(),
});
export type PointsItemDetail = z.infer<typeof PointsItemDetailSchema>;

// ---------------------------------------------------------------------------------------------
// The shopper: /submit-integral-order (POST /p/score/confirm, /p/score/submit; reference §2.4)
// ---------------------------------------------------------------------------------------------

export const PointsOrderItemSchema = z.object({
  prodId: id('pointsmall.errors.notFound'),
  skuId: id('pointsmall.errors.sku'),
  prodCount: z
    .number('pointsmall.errors.count')
    .int('pointsmall.errors.count')
    .min(1, 'pointsmall.errors.count')
    .max(POINTS_ITEM_MAX_NUM_MAX, 'pointsmall.errors.count'),
});
export type PointsOrderItem = z.infer<typeof PointsOrderItemSchema>;

/**
 * POST /p/score/confirm. addrId 0 = my default address; a virtual item needs none (addrId is then
 * ignored). The result is kept per user + uuid for 30 minutes for submit (reference §5.2).
 */
export const PointsConfirmSchema = z.object({
  addrId: z.coerce
    .number('checkout.errors.selectAddress')
    .int('checkout.errors.selectAddress')
    .min(0, 'checkout.errors.selectAddress')
    .max(INT_MAX, 'checkout.errors.selectAddress')
    .default(0),
  orderItem: PointsOrderItemSchema,
  uuid: CheckoutUuidSchema,
});
export type PointsConfirm = z.infer<typeof PointsConfirmSchema>;

/** The line of a points order (reference's productItemDto). */
export const PointsProductItemSchema = z.object({
  itemId: z.number().int(),
  prodId: z.number().int(),
  skuId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  prodName: z.string(),
  skuName: z.string(),
  pic: z.string(),
  prodCount: z.number().int(),
  /** Per unit: points and cash part (fen). */
  scorePrice: z.number().int(),
  cashPrice: fen,
  /** 0 physical, 1 virtual. */
  mold: z.number().int(),
});
export type PointsProductItem = z.infer<typeof PointsProductItemSchema>;

export const PointsConfirmResultSchema = z.object({
  productItemDto: PointsProductItemSchema,
  /** Cash due in fen (cashPrice × prodCount + transfee); 0 = paid by points alone at submit. */
  actualTotal: fen,
  /** Points due (scorePrice × prodCount). */
  totalScore: z.number().int(),
  /** Freight in fen: points items ship free, so always 0. */
  transfee: fen,
  /** Null for a virtual item, or while I have no address (submit then refuses a physical item). */
  userAddr: AddressSchema.nullable(),
  /** My points now, and whether they cover totalScore (submit refuses otherwise). */
  myScore: z.number().int(),
  enoughScore: z.boolean(),
  /** -1 = no limit; units I hold in unpaid and paid points orders of the item; the most this order may take. */
  maxNum: z.number().int(),
  boughtNum: z.number().int(),
  canBuyNum: z.number().int(),
  stocks: z.number().int(),
});
export type PointsConfirmResult = z.infer<typeof PointsConfirmResultSchema>;

/** POST /p/score/submit: takes what confirm chose under this uuid (400 checkout.errors.expired when absent, checkout.errors.duplicate while another submit holds it). */
export const PointsSubmitSchema = z.object({
  remarks: textInput('checkout.errors.remarksTooLong').trim().max(MERCHANT_MESSAGE_MAX_LENGTH, 'checkout.errors.remarksTooLong').optional().default(''),
  uuid: CheckoutUuidSchema,
});
export type PointsSubmit = z.infer<typeof PointsSubmitSchema>;

/**
 * → the order's number. `paid` is true when there is no cash part: the points paid it at once
 * (payType 0) and the order is already pending delivery (a virtual one has its codes). Otherwise
 * the points are taken and the order waits for its cash on /payment like any order (30 minutes;
 * a timeout or a cancel gives the points and the stock back).
 */
export const PointsSubmitResultSchema = z.object({ orderNumbers: z.string(), paid: z.boolean() });
export type PointsSubmitResult = z.infer<typeof PointsSubmitResultSchema>;

// ---------------------------------------------------------------------------------------------
// The platform console (/admin/pointsMall/..., permission platform pointsmall.manage)
// ---------------------------------------------------------------------------------------------

const scorePrice = z
  .number('pointsmall.errors.scorePrice')
  .int('pointsmall.errors.scorePrice')
  .min(1, 'pointsmall.errors.scorePrice')
  .max(POINTS_ITEM_SCORE_PRICE_MAX, 'pointsmall.errors.scorePrice');
const cashPrice = z
  .number('pointsmall.errors.cashPrice')
  .int('pointsmall.errors.cashPrice')
  .min(0, 'pointsmall.errors.cashPrice')
  .max(POINTS_ITEM_CASH_PRICE_MAX, 'pointsmall.errors.cashPrice');
const stocks = z
  .number('pointsmall.errors.stocks')
  .int('pointsmall.errors.stocks')
  .min(0, 'pointsmall.errors.stocks')
  .max(POINTS_ITEM_STOCKS_MAX, 'pointsmall.errors.stocks');
const maxNum = z
  .number('pointsmall.errors.maxNum')
  .int('pointsmall.errors.maxNum')
  .min(POINTS_ITEM_MAX_NUM_UNLIMITED, 'pointsmall.errors.maxNum')
  .max(POINTS_ITEM_MAX_NUM_MAX, 'pointsmall.errors.maxNum')
  .refine((v) => v !== 0, 'pointsmall.errors.maxNum');

/** GET /admin/pointsMall/items: every item, newest first; `status` 1 on shelf, 0 off. */
export const AdminPointsItemQuerySchema = PageQuerySchema.extend({
  status: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .refine((v) => v === 0 || v === 1, 'validation.invalid')
    .optional(),
  prodName: textInput('validation.invalid').trim().max(SEARCH_KEYWORD_MAX_LENGTH, 'validation.invalid').optional(),
});
export type AdminPointsItemQuery = z.infer<typeof AdminPointsItemQuerySchema>;

export const AdminPointsItemRowSchema = z.object({
  itemId: z.number().int(),
  prodId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  prodName: z.string(),
  pic: z.string(),
  /** The product's usual price (fen) and its own status (1 on shelf, 0 off, -1 deleted): an item shows only while both are on. */
  price: fen,
  prodStatus: z.number().int(),
  mold: z.number().int(),
  scorePrice: z.number().int(),
  cashPrice: fen,
  stocks: z.number().int(),
  maxNum: z.number().int(),
  /** Units in unpaid and paid points orders. */
  soldNum: z.number().int(),
  /** 1 on shelf, 0 off. */
  status: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPointsItemRow = z.infer<typeof AdminPointsItemRowSchema>;
export const AdminPointsItemPageSchema = pageOf(AdminPointsItemRowSchema);

/** GET /admin/pointsMall/items/:id → a row. */
export const PointsItemIdParamSchema = z.object({ id: id('pointsmall.errors.itemNotFound') });

/** POST /admin/pointsMall/items → {itemId}: a product of a self-run shop (one item per product), off shelf unless `status` 1. */
export const AdminPointsItemCreateSchema = z.object({
  prodId: id('pointsmall.errors.product'),
  scorePrice,
  cashPrice: cashPrice.default(0),
  stocks,
  maxNum: maxNum.default(POINTS_ITEM_MAX_NUM_UNLIMITED),
  status: z.union([z.literal(0), z.literal(1)], 'validation.invalid').default(0),
});
export type AdminPointsItemCreate = z.infer<typeof AdminPointsItemCreateSchema>;
export const AdminPointsItemCreatedSchema = z.object({ itemId: z.number().int() });

/**
 * PUT /admin/pointsMall/items/:id → the row. `stocks` is the new stock and `baseStocks` the stock
 * the form was loaded with: the server moves the stock by their difference, so units exchanged
 * meanwhile stay taken (400 pointsmall.errors.stocksChanged if that would go below 0).
 */
export const AdminPointsItemUpdateSchema = z.object({
  scorePrice,
  cashPrice,
  stocks,
  baseStocks: stocks,
  maxNum,
});
export type AdminPointsItemUpdate = z.infer<typeof AdminPointsItemUpdateSchema>;

/** POST /admin/pointsMall/items/:id/status {status}: 1 on shelf (the product must be on shelf), 0 off. → the row. */
export const AdminPointsItemStatusSchema = z.object({ status: z.union([z.literal(0), z.literal(1)], 'validation.invalid') });
export type AdminPointsItemStatus = z.infer<typeof AdminPointsItemStatusSchema>;

/** GET /admin/pointsMall/products: the self-run shops' products (not deleted) without an item yet, to create one on. */
export const AdminPointsProductQuerySchema = PageQuerySchema.extend({
  prodName: textInput('validation.invalid').trim().max(SEARCH_KEYWORD_MAX_LENGTH, 'validation.invalid').optional(),
});
export type AdminPointsProductQuery = z.infer<typeof AdminPointsProductQuerySchema>;
export const AdminPointsProductSchema = z.object({
  prodId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  prodName: z.string(),
  pic: z.string(),
  price: fen,
  mold: z.number().int(),
  status: z.number().int(),
  totalStocks: z.number().int(),
});
export type AdminPointsProduct = z.infer<typeof AdminPointsProductSchema>;
export const AdminPointsProductPageSchema = pageOf(AdminPointsProductSchema);
