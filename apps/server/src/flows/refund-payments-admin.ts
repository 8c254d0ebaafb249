// Finance staff and refund money (decision 060): the refunds a gateway has not confirmed, and a
// try now with the same refund number (the try itself is recorded on the ledger row: attempts, last error).
import type { Page } from '@bazaar/shared/schemas/common';
import type { RefundPayment, RefundPaymentQuery, RefundRetryResult } from '@bazaar/shared/schemas/refund-payment';
import type { AppContext } from '../context.ts';
import { notFound } from '../lib/app-error.ts';
import * as ledger from '../modules/payment/refund-ledger.ts';
import { formatGmt8 } from '../providers/payment/payment-provider.ts';
import { retryRefundNow } from './refund-money.ts';

function describe(row: ledger.RefundPaymentRow): RefundPayment {
  return {
    refundNo: row.refundNo,
    refundSn: row.refundSn,
    orderNumber: row.orderNumber,
    userId: row.userId,
    payNo: row.payNo,
    payType: row.payType,
    amount: row.amount,
    status: row.status,
    providerRefundNo: row.providerRefundNo,
    attempts: row.attempts,
    lastError: row.lastError,
    nextTryAt: row.nextTryAt ? formatGmt8(row.nextTryAt) : null,
    createdAt: formatGmt8(row.createdAt),
    refundedAt: row.refundedAt ? formatGmt8(row.refundedAt) : null,
  };
}

export async function pageRefundPayments(ctx: AppContext, query: RefundPaymentQuery): Promise<Page<RefundPayment>> {
  const { rows, total } = await ledger.pageOpenRefundPayments(ctx.db, { status: query.status }, query.size, (query.current - 1) * query.size);
  return { records: rows.map(describe), total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
}

export async function retryRefundPayment(ctx: AppContext, refundNo: string): Promise<RefundRetryResult> {
  if (!(await ledger.findRefundPayment(ctx.db, refundNo))) throw notFound('refundPayments.errors.notFound');
  const outcome = await retryRefundNow(ctx, refundNo);
  const row = await ledger.findRefundPayment(ctx.db, refundNo);
  return { outcome, refund: describe(row!) };
}
