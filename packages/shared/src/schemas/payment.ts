import { z } from 'zod';
import { textInput } from './text.ts';

/** A 19-digit serial number (orderNumber, payNo), sent as a string (reference section 1). */
export const SERIAL_NUMBER_PATTERN = /^\d{19}$/;
/** Most orders one payment may cover (one checkout makes one order per shop). */
export const PAY_ORDERS_MAX = 50;
/** The WeChat QR page asks whether the payment arrived this often (reference 2.5, proposed). */
export const PAY_STATUS_POLL_MS = 3_000;

/** Comma-joined order numbers, as the checkout hands them to the payment page. */
export const OrderNumbersSchema = z
  .string('payment.errors.orderNotFound')
  .trim()
  .min(1, 'payment.errors.orderNotFound')
  .max(PAY_ORDERS_MAX * 20, 'payment.errors.orderNotFound')
  .transform((value) => [...new Set(value.split(',').map((n) => n.trim()))])
  .refine((numbers) => numbers.length <= PAY_ORDERS_MAX && numbers.every((n) => SERIAL_NUMBER_PATTERN.test(n)), 'payment.errors.orderNotFound');

export const PayNoSchema = z.string('payment.errors.paymentNotFound').regex(SERIAL_NUMBER_PATTERN, 'payment.errors.paymentNotFound');

export const OrderPayInfoQuerySchema = z.object({ orderNumbers: OrderNumbersSchema });

/** GET /p/order/getOrderPayInfoByOrderNumber: what the payment page shows (reference 2.5). */
export const OrderPayInfoSchema = z.object({
  orderNumbers: z.string(),
  prodNameList: z.array(z.string()),
  receiver: z.string(),
  userAddr: z.string(),
  mobile: z.string(),
  status: z.number().int(),
  /** created + the unpaid timeout, 'yyyy-MM-dd HH:mm:ss' GMT+8. */
  endTime: z.string(),
  /** Fen. */
  totalFee: z.number().int(),
  /** Points a points-mall order (type 3) took at submit beside this cash part; 0 for other orders (reference 2.5). */
  totalScore: z.number().int(),
});
export type OrderPayInfo = z.infer<typeof OrderPayInfoSchema>;

/** payType 2 Alipay PC, 3 WeChat QR, 9 balance (reference section 3). */
export const PayTypeSchema = z.union([z.literal(2), z.literal(3), z.literal(9)], { error: 'payment.errors.payType' });

export const PayRequestSchema = z.object({
  orderNumbers: OrderNumbersSchema,
  payType: PayTypeSchema,
  /** Where the browser comes back to: a path of the storefront (the result page by default). */
  returnUrl: textInput().max(500, 'payment.errors.returnUrl').optional(),
  systemType: z.number().int().optional(),
});
export type PayRequest = z.input<typeof PayRequestSchema>;

/** POST /p/order/pay: nothing for balance; a form to submit (Alipay) or a link to show as a QR (WeChat). */
export const PayResultSchema = z.object({
  payNo: z.string(),
  form: z.string().optional(),
  codeUrl: z.string().optional(),
});
export type PayResult = z.infer<typeof PayResultSchema>;

export const PayStatusParamsSchema = z.object({
  payEntry: z.coerce.number('payment.errors.paymentNotFound').int('payment.errors.paymentNotFound').min(0, 'payment.errors.paymentNotFound').max(2, 'payment.errors.paymentNotFound'),
  payNo: z.string().regex(/^\d{19}(,\d{19}){0,49}$/, 'payment.errors.paymentNotFound'),
});

export const PayNoQuerySchema = z.object({ payNo: PayNoSchema });

/** GET /p/order/getPayInfoByPayNo: one payment attempt, for the QR and result pages. */
export const PaymentInfoSchema = z.object({
  payNo: z.string(),
  payType: z.number().int(),
  payEntry: z.number().int(),
  orderNumbers: z.string(),
  totalFee: z.number().int(),
  endTime: z.string(),
  /** 0 unpaid, 1 paid, 2 closed. */
  status: z.number().int(),
  /** The WeChat payment link while it can still be paid; null otherwise. */
  codeUrl: z.string().nullable(),
});
export type PaymentInfo = z.infer<typeof PaymentInfoSchema>;

export { parseApiTime } from '../constants/api-time.ts';
