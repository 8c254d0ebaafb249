import { z } from 'zod';
import { textInput } from './text.ts';
import { ProductLineSchema } from './product-line.ts';
import { MERCHANT_MESSAGE_MAX_LENGTH, SEARCH_KEYWORD_MAX_LENGTH } from '../constants/limits.ts';
import { AddressSchema } from './address.ts';
import { CART_ITEM_MAX } from './cart.ts';
import { PageQuerySchema } from './common.ts';
import { CheckoutInvoiceSchema } from './invoice.ts';
import { CheckoutCouponSchema, ChooseDiscountItemDtoSchema } from './pricing.ts';
import { UsePointsSchema } from './points.ts';
import { CartComboSchema, ComboItemParamSchema } from './combo.ts';

const id = (key: string) => z.coerce.number(key).int(key).min(1, key).max(2_147_483_647, key);

/** The checkout page's one-time token (reference 5.2): a fresh value per visit. */
export const CheckoutUuidSchema = z
  .string('checkout.errors.expired')
  .regex(/^[A-Za-z0-9-]{8,64}$/, 'checkout.errors.expired');

/** Buy now from the detail page: one line, bypassing the cart. The detail link carries no shopId. */
export const OrderItemParamSchema = z.object({
  prodId: id('checkout.errors.cannotBuy'),
  skuId: id('checkout.errors.cannotBuy'),
  shopId: id('checkout.errors.cannotBuy').optional(),
  prodCount: z
    .number('checkout.errors.count')
    .int('checkout.errors.count')
    .min(1, 'checkout.errors.count')
    .max(CART_ITEM_MAX, 'checkout.errors.count'),
});
export type OrderItemParam = z.infer<typeof OrderItemParamSchema>;

/** POST /p/order/confirm (reference 2.4, general orders). addrId 0 = the default address. */
export const ConfirmOrderSchema = z.object({
  addrId: z.coerce.number('checkout.errors.selectAddress').int('checkout.errors.selectAddress').min(0, 'checkout.errors.selectAddress').max(2_147_483_647, 'checkout.errors.selectAddress').default(0),
  orderItem: OrderItemParamSchema.optional().nullable(),
  /** Buy a discount package now (decision 046): all its lines, at the package price. */
  comboItem: ComboItemParamSchema.optional().nullable(),
  dvyTypes: z
    .array(z.object({ shopId: id('checkout.errors.dvyType'), dvyType: z.number('checkout.errors.dvyType').int('checkout.errors.dvyType') }))
    .max(100, 'checkout.errors.dvyType')
    .optional(),
  uuid: CheckoutUuidSchema,
  /** The shopper's coupons (user coupon ids): at most one per shop plus one platform coupon; honoured when userChangeCoupon is 1. */
  couponUserIds: z.array(id('validation.invalid')).max(100, 'validation.invalid').optional(),
  /** 1 = honour couponUserIds (none = no coupon), 0 = the server picks the best combination. */
  userChangeCoupon: z.union([z.literal(0), z.literal(1)], 'validation.invalid').default(0),
  /** 1 = use points: `userUseScore` of them (a multiple of 10), lowered to the most this checkout allows. */
  isScorePay: z.union([z.literal(0), z.literal(1)], 'validation.invalid').default(0),
  userUseScore: UsePointsSchema.default(0),
});
export type ConfirmOrder = z.infer<typeof ConfirmOrderSchema>;

export const ConfirmItemSchema = ProductLineSchema.extend({
  /** 0 for a buy-now line. */
  basketId: z.number().int(),
  shopId: z.number().int(),
  /** 0 physical, 1 virtual. */
  mold: z.number().int(),
  /** Fen of every reduction on this line (promotion, coupons, ...). */
  shareReduce: z.number().int(),
});
export type ConfirmItem = z.infer<typeof ConfirmItemSchema>;

/** One future order: a shop's physical goods, or its virtual goods (own order, no freight, dvyType 3). */
export const ShopCartOrderSchema = z.object({
  shopId: z.number().int(),
  shopName: z.string(),
  orderMold: z.number().int(),
  dvyType: z.number().int(),
  /** Goods amount. */
  total: z.number().int(),
  totalCount: z.number().int(),
  transFee: z.number().int(),
  /** Freight the shopper's membership waived (free shipping on self-run shops' goods; not in transFee). */
  freeTransfee: z.number().int(),
  /** The shop's rule, for the "free from" hint: null = never free. */
  freeFreightFrom: z.number().int().nullable(),
  /** Fen the shop's coupon takes off (the platform coupon is the checkout's platformCouponReduce). */
  couponReduce: z.number().int(),
  discountReduce: z.number().int(),
  /** Fen the discount packages take off. */
  comboReduce: z.number().int(),
  scoreReduce: z.number().int(),
  levelReduce: z.number().int(),
  /** The shop's subtotal: goods and freight less the shop's own reductions and the points (not the platform coupon). */
  actualTotal: z.number().int(),
  /** The shop's coupons (on the shop's first order of the checkout; empty on its virtual-goods order). */
  coupons: z.array(CheckoutCouponSchema),
  shopCartItemDiscounts: z.array(z.object({ chooseDiscountItemDto: ChooseDiscountItemDtoSchema.nullable(), combo: CartComboSchema.nullable(), shopCartItems: z.array(ConfirmItemSchema) })),
});
export type ShopCartOrder = z.infer<typeof ShopCartOrderSchema>;

export const ConfirmResultSchema = z.object({
  actualTotal: z.number().int(),
  total: z.number().int(),
  totalCount: z.number().int(),
  orderReduce: z.number().int(),
  /** Fen the platform coupon takes off the whole checkout (in orderReduce; not in any shop's lines). */
  platformCouponReduce: z.number().int(),
  totalTransFee: z.number().int(),
  /** Freight the membership waived, and the member discount (also in the orders' levelReduce). */
  totalFreeTransfee: z.number().int(),
  totalLevelReduce: z.number().int(),
  /** The level whose benefits apply (null: none). */
  memberLevelName: z.string().nullable(),
  /** Null while the shopper has no address: the goods and totals are priced, submit is refused. */
  userAddr: AddressSchema.nullable(),
  shopCartOrders: z.array(ShopCartOrderSchema),
  /** The shopper's platform coupons. */
  coupons: z.array(CheckoutCouponSchema),
  /** The most points this checkout may use (a multiple of 10), and the fen they would take off. */
  maxUsableScore: z.number().int(),
  maxScoreAmount: z.number().int(),
  /** Points worth one yuan. */
  shopUseScore: z.number().int(),
  /** The shopper's points. */
  userScore: z.number().int(),
  /** Points used (0 unless isScorePay), and the fen they take off (also in the orders' scoreReduce). */
  useScore: z.number().int(),
  scoreAmount: z.number().int(),
});
export type ConfirmResult = z.infer<typeof ConfirmResultSchema>;

/** POST /p/order/submit. */
export const SubmitOrderSchema = z.object({
  orderShopParams: z
    .array(
      z.object({
        shopId: id('checkout.errors.cannotBuy'),
        remarks: textInput('checkout.errors.remarksTooLong')
          .trim()
          .max(MERCHANT_MESSAGE_MAX_LENGTH, 'checkout.errors.remarksTooLong')
          .optional()
          .default(''),
      }),
    )
    .max(100, 'validation.invalid')
    .default([]),
  uuid: CheckoutUuidSchema,
  /** One invoice per shop's order (decision 061); none when absent. */
  orderInvoiceList: z.array(CheckoutInvoiceSchema).max(100, 'validation.invalid').optional(),
});
export type SubmitOrder = z.infer<typeof SubmitOrderSchema>;

export const SubmitResultSchema = z.object({ orderNumbers: z.string() });

/** The list's filter: 0 all, 1 unpaid, 2 to ship, 3 to receive, 4 to evaluate, 5 completed, 7 grouping (group-buy teams not yet full). */
export const MY_ORDER_TABS = [0, 1, 2, 3, 4, 5, 7] as const;

export const OrderNumberSchema = z.string('orders.errors.notFound').regex(/^\d{1,20}$/, 'orders.errors.notFound');

export const MyOrderQuerySchema = PageQuerySchema.extend({
  status: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .refine((v) => (MY_ORDER_TABS as readonly number[]).includes(v), 'validation.invalid')
    .default(0),
  prodName: textInput().trim().max(SEARCH_KEYWORD_MAX_LENGTH, 'validation.keywordTooLong').optional(),
  orderNumber: z
    .string()
    .trim()
    .regex(/^\d{0,20}$/, 'orders.errors.orderNumberInvalid')
    .optional(),
});
export type MyOrderQuery = z.infer<typeof MyOrderQuerySchema>;

/** GET /p/myOrder/myOrderSearch's time filter (reference 2.6): 0 all, 1 the last 7 days, 2 the last 3 months, 3 older. */
export const ORDER_TIME_STATUS = { all: 0, lastWeek: 1, lastThreeMonths: 2, older: 3 } as const;

/**
 * GET /p/myOrder/myOrderSearch (reference 2.6): the order list's tabs (status) and page, searched by
 * product name (orderName) or order number, a time span, the order type (0 general, 1 group,
 * 2 seckill, 3 points) and the mold (0 physical, 1 virtual).
 */
export const MyOrderSearchQuerySchema = MyOrderQuerySchema.omit({ prodName: true }).extend({
  orderName: textInput().trim().max(SEARCH_KEYWORD_MAX_LENGTH, 'validation.keywordTooLong').optional(),
  orderTimeStatus: z.coerce.number('validation.invalid').int('validation.invalid').min(0, 'validation.invalid').max(3, 'validation.invalid').default(0),
  orderType: z.coerce.number('validation.invalid').int('validation.invalid').min(0, 'validation.invalid').max(3, 'validation.invalid').optional(),
  orderMold: z.coerce.number('validation.invalid').int('validation.invalid').min(0, 'validation.invalid').max(1, 'validation.invalid').optional(),
});
export type MyOrderSearchQuery = z.infer<typeof MyOrderSearchQuerySchema>;

export const OrderNumberQuerySchema = z.object({ orderNumber: OrderNumberSchema });
export const OrderNumberParamSchema = z.object({ orderNumber: OrderNumberSchema });

export const OrderItemSchema = ProductLineSchema.extend({
  orderItemId: z.number().int(),
  shopId: z.number().int(),
  actualTotal: z.number().int(),
  /** 0 not reviewed, 1 reviewed. */
  commSts: z.number().int(),
  /** The discount package the line was bought in (decision 046), null = none. */
  comboId: z.number().int().nullable(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

export const MyOrderSchema = z.object({
  orderNumber: z.string(),
  status: z.number().int(),
  orderType: z.number().int(),
  orderMold: z.number().int(),
  refundStatus: z.number().int().nullable(),
  shopId: z.number().int(),
  shopName: z.string(),
  total: z.number().int(),
  freight: z.number().int(),
  actualTotal: z.number().int(),
  /** Points the order took: checkout points, or a points-mall order's price in points (type 3). */
  useScore: z.number().int(),
  productNums: z.number().int(),
  createTime: z.string(),
  /** Unpaid orders: when they expire ('yyyy-MM-dd HH:mm:ss', GMT+8). */
  endTime: z.string().nullable(),
  orderItemDtos: z.array(OrderItemSchema),
});
export type MyOrder = z.infer<typeof MyOrderSchema>;

export const OrderAddressSchema = z.object({
  receiver: z.string(),
  mobile: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  addr: z.string(),
});

export const VirtualCodeSchema = z.object({
  code: z.string(),
  /** 0 unused, 1 used, -1 void. */
  status: z.number().int(),
  expiresTime: z.string().nullable(),
});

export const OrderDetailSchema = MyOrderSchema.extend({
  dvyType: z.number().int(),
  userAddrDto: OrderAddressSchema.nullable(),
  reduceAmount: z.number().int(),
  transfee: z.number().int(),
  /** Fen the points used took off, and those points. */
  scoreAmount: z.number().int(),
  useScore: z.number().int(),
  memberAmount: z.number().int(),
  /** Fen the discount packages took off (part of reduceAmount). */
  comboReduce: z.number().int(),
  /** What was paid: the actual total once paid, 0 before. */
  payAmount: z.number().int(),
  isPayed: z.boolean(),
  payType: z.number().int().nullable(),
  remarks: z.string(),
  payTime: z.string().nullable(),
  dvyTime: z.string().nullable(),
  finallyTime: z.string().nullable(),
  cancelTime: z.string().nullable(),
  closeType: z.number().int().nullable(),
  /** The shopper deleted it: still shown, read-only, to its after-sales requests' links (absent otherwise). */
  deleted: z.literal(true).optional(),
  virtualInfoList: z.array(VirtualCodeSchema),
  /** The order's invoice (decision 061), null when none was asked. */
  orderInvoiceId: z.number().int().nullable(),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export const OrderStatusResultSchema = z.object({
  status: z.number().int(),
  refundStatus: z.number().int().nullable(),
  orderMold: z.number().int(),
});
