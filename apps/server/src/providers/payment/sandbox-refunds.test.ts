// The sandbox gateways' refund cap (decision 060): all refunds of a payment never pass what it took,
// even when 50 refunds of it arrive at once (PGlite, and PostgreSQL with DATABASE_URL).
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxGatewayRefunds } from '../../db/schema/payment.ts';
import { nextSerialNumber } from '../../lib/serial-number.ts';
import { ensureSeeded } from '../../test/seeded.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createSandboxRefundGateway } from './sandbox-refunds.ts';

let t: TestApp;

beforeAll(async () => {
  t = await ensureSeeded();
});

const request = (payNo: string, amount: number, payAmount: number, refundNo = nextSerialNumber()) => ({
  refundNo,
  payNo,
  providerTradeNo: null,
  amount,
  payAmount,
  reason: 'test',
  notifyUrl: 'http://127.0.0.1/api/notice/refund/2',
});

describe('the sandbox gateway refund cap', () => {
  it('50 parallel refunds of one payment: only what it took is refunded', async () => {
    const gateway = createSandboxRefundGateway(t.ctx.db, () => t.ctx.now());
    const payNo = nextSerialNumber();
    // 50 refunds of 300 fen against a payment of 3,000: ten fit, forty are refused.
    const answers = await Promise.all(Array.from({ length: 50 }, () => gateway.accept(2, request(payNo, 300, 3_000))));
    expect(answers.filter((a) => a.state === 'processing')).toHaveLength(10);
    for (const a of answers.filter((x) => x.state !== 'processing')) expect(a).toEqual({ state: 'refused', message: 'NOT_ENOUGH: the refunds pass the payment' });
    const held = await t.ctx.db.select().from(sandboxGatewayRefunds).where(and(eq(sandboxGatewayRefunds.payType, 2), eq(sandboxGatewayRefunds.payNo, payNo)));
    expect(held).toHaveLength(10);
    expect(held.reduce((n, r) => n + r.amount, 0)).toBe(3_000);
  });

  it('the same refund number sent 50 times at once refunds once; the other gateway keeps its own record', async () => {
    const gateway = createSandboxRefundGateway(t.ctx.db, () => t.ctx.now());
    const payNo = nextSerialNumber();
    const refundNo = nextSerialNumber();
    const answers = await Promise.all(Array.from({ length: 50 }, () => gateway.accept(3, request(payNo, 1_000, 1_000, refundNo))));
    expect(answers.every((a) => a.state === 'processing' || a.state === 'success')).toBe(true);
    expect(await gateway.list(3, payNo)).toHaveLength(1);
    expect(await gateway.accept(3, request(payNo, 1, 1_000))).toEqual({ state: 'refused', message: 'NOT_ENOUGH: the refunds pass the payment' });
    expect(await gateway.list(2, payNo)).toHaveLength(0);
  });
});
