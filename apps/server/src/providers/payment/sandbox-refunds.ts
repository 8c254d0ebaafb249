// The sandbox gateways' refund side, kept as Alipay's and WeChat's servers keep theirs: one record
// per (pay type, refund number) in sandbox_gateway_refunds, so the same number twice refunds once,
// and never more than the payment took in all. A new refund is answered "processing" (as WeChat
// answers, and as Alipay does without fund_change) and is done SANDBOX_REFUND_DELAY_MS later; a query
// or a repeat then answers "success", and WeChat's sandbox posts a signed REFUND.SUCCESS notification
// to the notify URL (delivered by the sandbox routes, http/sandbox-payment.ts).
import { createHash } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxGatewayRefunds } from '../../db/schema/payment.ts';
import type { GatewayRefund, RefundRequest } from './payment-provider.ts';

export type SandboxRefundRow = typeof sandboxGatewayRefunds.$inferSelect;
export type RefundCompleted = (payType: number, row: SandboxRefundRow, notifyUrl: string) => void;

export interface SandboxRefundGateway {
  accept(payType: number, input: RefundRequest): Promise<GatewayRefund>;
  query(payType: number, refundNo: string): Promise<GatewayRefund>;
  /** What the gateway holds, for its pages and for tests. */
  list(payType: number, payNo?: string): Promise<SandboxRefundRow[]>;
  /** Called once per new refund when it is done (the sandbox routes send WeChat's notification). */
  onCompleted(listener: RefundCompleted): void;
}

function gatewayRefundNo(payType: number, refundNo: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(`${payType}:${refundNo}`).digest('hex').slice(0, 15)}`).toString().padStart(18, '0').slice(0, 18);
  return payType === 3 ? `50300${digits}` : `2088${digits}`;
}

export function createSandboxRefundGateway(db: Db, now: () => Date, delayMs = 0): SandboxRefundGateway {
  const listeners: RefundCompleted[] = [];
  const stateOf = (row: SandboxRefundRow): GatewayRefund => ({ state: row.completesAt <= now() ? 'success' : 'processing', providerRefundNo: row.gatewayRefundNo });
  const find = async (payType: number, refundNo: string) => {
    const [row] = await db.select().from(sandboxGatewayRefunds).where(and(eq(sandboxGatewayRefunds.payType, payType), eq(sandboxGatewayRefunds.refundNo, refundNo)));
    return row;
  };
  return {
    async accept(payType, input) {
      if (!Number.isInteger(input.amount) || input.amount <= 0 || input.amount > input.payAmount) return { state: 'refused', message: 'INVALID_REQUEST: amount' };
      const existing = await find(payType, input.refundNo);
      if (existing) return existing.amount === input.amount ? stateOf(existing) : { state: 'refused', message: 'INVALID_REQUEST: the refund number was used with another amount' };
      const at = now();
      // Never more than the payment took, over all of its refunds (the gateway's own rule). The
      // sum and the insert run under the payment's lock, so parallel refunds of one payment are
      // checked one after the other and cannot together pass what it took.
      const outcome = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sandbox-refund:${payType}:${input.payNo}`}, 0))`);
        const [others] = await tx
          .select({ n: sql<string>`coalesce(sum(${sandboxGatewayRefunds.amount}), 0)` })
          .from(sandboxGatewayRefunds)
          .where(and(eq(sandboxGatewayRefunds.payType, payType), eq(sandboxGatewayRefunds.payNo, input.payNo), ne(sandboxGatewayRefunds.refundNo, input.refundNo)));
        if (Number(others?.n ?? 0) + input.amount > input.payAmount) return 'notEnough' as const;
        return tx
          .insert(sandboxGatewayRefunds)
          .values({ payType, refundNo: input.refundNo, payNo: input.payNo, gatewayRefundNo: gatewayRefundNo(payType, input.refundNo), amount: input.amount, completesAt: new Date(at.getTime() + delayMs), createdAt: at })
          .onConflictDoNothing()
          .returning();
      });
      if (outcome === 'notEnough') return { state: 'refused', message: 'NOT_ENOUGH: the refunds pass the payment' };
      const created = outcome;
      const row = created[0] ?? (await find(payType, input.refundNo))!;
      if (created[0]) {
        const fire = () => {
          for (const listener of listeners) listener(payType, row, input.notifyUrl);
        };
        setTimeout(fire, delayMs).unref();
        // A new refund is being processed, whatever its delay (as the gateways answer).
        return { state: 'processing', providerRefundNo: row.gatewayRefundNo };
      }
      return row.amount === input.amount ? stateOf(row) : { state: 'refused', message: 'INVALID_REQUEST: the refund number was used with another amount' };
    },
    async query(payType, refundNo) {
      const row = await find(payType, refundNo);
      return row ? stateOf(row) : { state: 'absent' };
    },
    async list(payType, payNo) {
      return db
        .select()
        .from(sandboxGatewayRefunds)
        .where(and(eq(sandboxGatewayRefunds.payType, payType), ...(payNo ? [eq(sandboxGatewayRefunds.payNo, payNo)] : [])))
        .orderBy(sandboxGatewayRefunds.createdAt);
    },
    onCompleted(listener) {
      listeners.push(listener);
    },
  };
}
