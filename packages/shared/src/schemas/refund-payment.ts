// Refund money (decision 060): what finance staff see of refunds a gateway has not confirmed yet
// (GET /admin/refund-payments) and the answer of a retry.
import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants/limits.ts';
import { pageOf } from './common.ts';

/** refund_payments.status: 0 to send, 1 sent (the gateway is processing), 2 refunded, 3 failing. */
export const REFUND_PAYMENT_STATUS = { toSend: 0, sent: 1, refunded: 2, failing: 3 } as const;
const STATUSES: number[] = Object.values(REFUND_PAYMENT_STATUS);

export const RefundPaymentQuerySchema = z.object({
  /** Without it: every refund not confirmed yet, failing first. */
  status: z.coerce
    .number('refundPayments.errors.status')
    .int('refundPayments.errors.status')
    .refine((s) => STATUSES.includes(s), 'refundPayments.errors.status')
    .optional(),
  current: z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(2_147_483_647, 'validation.page').default(1),
  size: z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(PAGE_SIZE_MAX, 'validation.pageSize').default(PAGE_SIZE_DEFAULT),
});
export type RefundPaymentQuery = z.infer<typeof RefundPaymentQuerySchema>;

export const RefundNoParamSchema = z.object({
  refundNo: z.string('refundPayments.errors.notFound').regex(/^\d{1,64}$/, 'refundPayments.errors.notFound'),
});

export const RefundPaymentSchema = z.object({
  refundNo: z.string(),
  refundSn: z.string(),
  orderNumber: z.string(),
  userId: z.string(),
  payNo: z.string().nullable(),
  /** 2 Alipay, 3 WeChat, 9 balance. */
  payType: z.number().int(),
  /** Fen. */
  amount: z.number().int(),
  status: z.number().int(),
  providerRefundNo: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** 'yyyy-MM-dd HH:mm:ss' GMT+8, or null. */
  nextTryAt: z.string().nullable(),
  createdAt: z.string(),
  refundedAt: z.string().nullable(),
});
export type RefundPayment = z.infer<typeof RefundPaymentSchema>;

export const RefundPaymentPageSchema = pageOf(RefundPaymentSchema);

export const RefundRetryResultSchema = z.object({ outcome: z.enum(['refunded', 'refunding']), refund: RefundPaymentSchema });
export type RefundRetryResult = z.infer<typeof RefundRetryResultSchema>;
