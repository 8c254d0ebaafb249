import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderInConsole } from '@bazaar/console-ui/test/render.tsx';
import type { RefundPayment } from '@bazaar/shared/schemas/refund-payment';
import { RefundPaymentsPage } from './refund-payments.tsx';

const calls: Array<{ path: string; options: { method?: string; query?: Record<string, unknown> } }> = [];
let rows: RefundPayment[] = [];

vi.mock('../lib/api.ts', () => ({
  api: async (path: string, options: { method?: string; query?: Record<string, unknown>; schema?: { parse: (v: unknown) => unknown } }) => {
    calls.push({ path, options });
    const json = options.method === 'POST' ? { outcome: 'refunding', refund: { ...rows[0]!, status: 1, attempts: rows[0]!.attempts + 1 } } : { records: rows, total: rows.length, size: 10, current: 1, pages: 1 };
    return options.schema ? options.schema.parse(json) : json;
  },
}));

const row = (over: Partial<RefundPayment> = {}): RefundPayment => ({
  refundNo: '1234567890123456789',
  refundSn: '1234567890123456789',
  orderNumber: '9876543210987654321',
  userId: 'a'.repeat(32),
  payNo: '1111111111111111111',
  payType: 3,
  amount: 12_990,
  status: 3,
  providerRefundNo: null,
  attempts: 4,
  lastError: 'connect ETIMEDOUT',
  nextTryAt: '2026-12-06 10:20:00',
  createdAt: '2026-12-06 10:00:00',
  refundedAt: null,
  ...over,
});

beforeEach(() => {
  calls.length = 0;
});

describe('the refund payments page', () => {
  it('lists the unfinished refunds with their tries and last error, and retries one after a confirmation', async () => {
    rows = [row()];
    renderInConsole(<RefundPaymentsPage />);
    await screen.findByText('connect ETIMEDOUT');
    expect(calls[0]).toMatchObject({ path: '/admin/refund-payments', options: { query: { status: undefined, current: 1, size: 10 } } });
    expect(screen.getByText('¥129.90')).toBeTruthy();
    expect(screen.getByText('refundPaymentsUi.payType.3')).toBeTruthy();
    expect(screen.getByText('refundPaymentsUi.status.3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'refundPaymentsUi.retry' }));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: 'refundPaymentsUi.confirm' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/admin/refund-payments/1234567890123456789/retry' && c.options.method === 'POST')).toBe(true));
  });

  it('offers no retry for a refund that is done', async () => {
    rows = [row({ status: 2, lastError: null, refundedAt: '2026-12-06 10:05:00', nextTryAt: null })];
    renderInConsole(<RefundPaymentsPage />);
    await screen.findByText('refundPaymentsUi.status.2');
    expect(screen.queryByRole('button', { name: 'refundPaymentsUi.retry' })).toBeNull();
  });
});
