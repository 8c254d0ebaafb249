// The platform console's orders (issue 25, decision 058): every shop's orders, read-only. The
// filter and the row are the merchant center's (merchant-orders.ts, merchant.ts), extended with the
// shop, the kind and the shopper; the detail adds the amounts, payments, packages and history.
import { z } from 'zod';
import { ORDER_TYPE } from '../constants/order-status.ts';
import { OrderPackageSchema } from './logistics.ts';
import { dateRangeInOrder, MerchantOrderFilterFields } from './merchant-orders.ts';
import { MerchantOrderSchema } from './merchant.ts';
import { staffPage } from './admin-shops.ts';
import { textInput } from './text.ts';

const ORDER_TYPES: readonly number[] = Object.values(ORDER_TYPE);

/**
 * GET /admin/orders: the merchant's filter (status, number, product, shopper, days) with a shop and
 * a kind (orderType); `buyer` also matches a shopper's whole user id.
 */
export const AdminOrderQuerySchema = MerchantOrderFilterFields.extend({
  /** Part of the shopper's nickname or mobile, or the whole user id (32 hex characters). */
  buyer: textInput('merchantOrders.errors.buyer').trim().max(32, 'merchantOrders.errors.buyer').optional(),
  shopId: z.coerce.number('adminOrders.errors.shopId').int('adminOrders.errors.shopId').min(1, 'adminOrders.errors.shopId').max(2_147_483_647, 'adminOrders.errors.shopId').optional(),
  orderType: z.coerce
    .number('adminOrders.errors.orderType')
    .int('adminOrders.errors.orderType')
    .refine((v) => ORDER_TYPES.includes(v), 'adminOrders.errors.orderType')
    .optional(),
  ...staffPage,
}).refine(...dateRangeInOrder);
export type AdminOrderQuery = z.infer<typeof AdminOrderQuerySchema>;

export const AdminOrderNumberParamSchema = z.object({
  orderNumber: z.string({ error: 'adminOrders.errors.notFound' }).regex(/^\d{1,20}$/, 'adminOrders.errors.notFound'),
});

/** A row: the merchant's (the address's mobile masked) with the shop and the shopper (mobile masked). */
export const AdminOrderSchema = MerchantOrderSchema.extend({
  shopId: z.number().int(),
  shopName: z.string(),
  userId: z.string(),
  /** The shopper's account mobile, masked (138****1234). */
  buyerMobile: z.string(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

/** One payment attempt that covers the order. payType 0 points, 2 Alipay, 3 WeChat, 9 balance; status 0 unpaid, 1 paid, 2 closed. */
export const AdminOrderPaymentSchema = z.object({
  payNo: z.string(),
  payType: z.number().int(),
  /** Fen of the whole attempt (it may pay several orders of one checkout). */
  amount: z.number().int(),
  payScore: z.number().int(),
  status: z.number().int(),
  providerTradeNo: z.string().nullable(),
  createTime: z.string(),
  paidTime: z.string().nullable(),
  /** Money sent back for this payment: status 0 pending, 1 done, -1 failed. */
  refunds: z.array(z.object({ refundSn: z.string(), amount: z.number().int(), status: z.number().int(), createTime: z.string() })),
});
export type AdminOrderPayment = z.infer<typeof AdminOrderPaymentSchema>;

export const ORDER_EVENTS = ['placed', 'paid', 'shipped', 'completed', 'cancelled'] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** GET /admin/orders/{orderNumber}. */
export const AdminOrderDetailSchema = AdminOrderSchema.extend({
  /** The reductions that make up reduceAmount, in fen, and the points spent. */
  discountReduce: z.number().int(),
  shopCouponReduce: z.number().int(),
  platformCouponReduce: z.number().int(),
  levelReduce: z.number().int(),
  scoreReduce: z.number().int(),
  comboReduce: z.number().int(),
  freeFreight: z.number().int(),
  useScore: z.number().int(),
  payType: z.number().int().nullable(),
  /** 1 unpaid timeout, 2 refund, 4 cancelled by the buyer. */
  closeType: z.number().int().nullable(),
  /** 1 applying, 2 all refunded, 3 partly refunded, 4 failed. */
  refundStatus: z.number().int().nullable(),
  cancelTime: z.string().nullable(),
  payments: z.array(AdminOrderPaymentSchema),
  packages: z.array(OrderPackageSchema),
  /** What happened to the order, oldest first. */
  history: z.array(z.object({ event: z.enum(ORDER_EVENTS), time: z.string() })),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;
