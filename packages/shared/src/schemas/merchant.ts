import { z } from 'zod';
import { textInput } from './text.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants/limits.ts';
import { OrderPackageSchema } from './logistics.ts';
import { OrderAddressSchema } from './order.ts';
import { dateRangeInOrder, MerchantOrderFilterFields } from './merchant-orders.ts';
import { MERCHANT_PERMISSIONS } from '../constants/permissions.ts';
import { MerchantRoleSchema } from './merchant-staff.ts';

/**
 * The merchant center's login (a shop's store account, not a shopper). The password travels in the
 * shopper login's transport cipher (packages/shared/src/crypto/password-cipher.ts).
 */
export const MerchantLoginSchema = z.object({
  username: textInput('merchant.errors.usernameRequired').trim().min(1, 'merchant.errors.usernameRequired').max(32, 'merchant.errors.wrongCredentials'),
  password: textInput('merchant.errors.passwordRequired').min(1, 'merchant.errors.passwordRequired').max(512, 'merchant.errors.passwordRequired'),
});
export type MerchantLoginInput = z.infer<typeof MerchantLoginSchema>;

export const MerchantTokenSchema = z.object({ accessToken: z.string(), expiresIn: z.number().int(), shopId: z.number().int(), shopName: z.string() });
export type MerchantToken = z.infer<typeof MerchantTokenSchema>;

/**
 * GET /merchant/me: the signed-in store account and its shop, with the account's role and what it
 * may do (decision 057: the center shows only what the role permits).
 */
export const MerchantProfileSchema = z.object({
  /** The store account's id: the chat socket's userId for this account (decision 063). */
  accountId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  username: z.string(),
  displayName: z.string().nullable(),
  role: MerchantRoleSchema,
  permissions: z.array(z.enum(MERCHANT_PERMISSIONS)),
});
export type MerchantProfile = z.infer<typeof MerchantProfileSchema>;

/** GET /merchant/order/page: the filter (merchant-orders.ts) and the page. */
export const MerchantOrderQuerySchema = MerchantOrderFilterFields.extend({
  current: z.coerce.number().int('validation.page').min(1, 'validation.page').default(1),
  size: z.coerce.number().int('validation.page').min(1, 'validation.page').max(PAGE_SIZE_MAX, 'validation.pageSize').default(PAGE_SIZE_DEFAULT),
}).refine(...dateRangeInOrder);
export type MerchantOrderQuery = z.infer<typeof MerchantOrderQuerySchema>;

export const MerchantOrderItemSchema = z.object({
  orderItemId: z.number().int(),
  prodId: z.number().int(),
  skuId: z.number().int(),
  prodName: z.string(),
  skuName: z.string(),
  pic: z.string().nullable(),
  price: z.number().int(),
  prodCount: z.number().int(),
  /** Pieces of this line already in a package. */
  shippedCount: z.number().int(),
});


export const MerchantOrderSchema = z.object({
  orderNumber: z.string(),
  status: z.number().int(),
  orderType: z.number().int(),
  orderMold: z.number().int(),
  dvyType: z.number().int(),
  total: z.number().int(),
  freight: z.number().int(),
  reduceAmount: z.number().int(),
  actualTotal: z.number().int(),
  remarks: z.string(),
  /** The buyer's nickname. */
  buyerName: z.string(),
  createTime: z.string(),
  payTime: z.string().nullable(),
  dvyTime: z.string().nullable(),
  finallyTime: z.string().nullable(),
  address: OrderAddressSchema.nullable(),
  items: z.array(MerchantOrderItemSchema),
});
export type MerchantOrder = z.infer<typeof MerchantOrderSchema>;

/**
 * A line as the order's detail shows it: also the pieces a settled refund took back (decision 059).
 * Before shipment those pieces are not shipped: the ship form packs prodCount - refundedCount.
 */
export const MerchantOrderDetailItemSchema = MerchantOrderItemSchema.extend({ refundedCount: z.number().int() });
export type MerchantOrderDetailItem = z.infer<typeof MerchantOrderDetailItemSchema>;

export const MerchantOrderDetailSchema = MerchantOrderSchema.extend({ items: z.array(MerchantOrderDetailItemSchema), packages: z.array(OrderPackageSchema) });
export type MerchantOrderDetail = z.infer<typeof MerchantOrderDetailSchema>;

export const MAX_PACKAGES = 20;
/** Waybill numbers: letters, digits and dashes, as couriers print them. */
export const WAYBILL_PATTERN = /^[A-Za-z0-9-]{6,32}$/;

const positiveInt = (message: string) => z.coerce.number(message).int(message).min(1, message).max(2_147_483_647, message);

export const DeliveryPackageInputSchema = z.object({
  dvyId: positiveInt('merchant.errors.courierInvalid'),
  dvyFlowId: z.string({ error: 'merchant.errors.waybillInvalid' }).trim().regex(WAYBILL_PATTERN, 'merchant.errors.waybillInvalid'),
  items: z
    .array(z.object({ orderItemId: positiveInt('merchant.errors.itemsMismatch'), count: positiveInt('merchant.errors.itemsMismatch') }), {
      error: 'merchant.errors.itemsMismatch',
    })
    .min(1, 'merchant.errors.packageEmpty')
    .max(100, 'merchant.errors.itemsMismatch'),
});

/** Ship an order in one or more packages; every piece of the order must be in one of them. */
export const DeliveryInputSchema = z.object({
  orderNumber: z.string({ error: 'merchant.errors.orderNotFound' }).regex(/^\d{1,20}$/, 'merchant.errors.orderNotFound'),
  packages: z
    .array(DeliveryPackageInputSchema, { error: 'merchant.errors.packageEmpty' })
    .min(1, 'merchant.errors.packageEmpty')
    .max(MAX_PACKAGES, 'merchant.errors.tooManyPackages'),
});
export type DeliveryInput = z.infer<typeof DeliveryInputSchema>;
