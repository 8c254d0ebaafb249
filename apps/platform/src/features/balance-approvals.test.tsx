import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderInConsole } from '@bazaar/console-ui/test/render.tsx';
import type { BalanceRequest } from '@bazaar/shared/schemas/balance';
import { BalanceApprovalsPage } from './balance-approvals.tsx';

const calls: Array<{ path: string; options: { method?: string; body?: unknown; query?: Record<string, unknown> } }> = [];
let rows: BalanceRequest[] = [];

vi.mock('../lib/api.ts', () => ({
  api: async (path: string, options: { method?: string; body?: unknown; query?: Record<string, unknown>; schema?: { parse: (v: unknown) => unknown } }) => {
    calls.push({ path, options });
    const json = options.method === 'POST' ? { ...rows[0]!, status: path.endsWith('/approve') ? 1 : 2 } : { records: rows, total: rows.length, size: 10, current: 1, pages: 1 };
    return options.schema ? options.schema.parse(json) : json;
  },
}));

const row = (over: Partial<BalanceRequest> = {}): BalanceRequest => ({
  id: 7,
  userId: 'a'.repeat(32),
  nickName: '小明',
  mobile: '138****0001',
  change: 150_000,
  reason: '物流丢件补偿',
  status: 0,
  requestedBy: { adminId: 5, username: 'fin01' },
  mine: false,
  decidedBy: null,
  rejectReason: null,
  createTime: '2026-12-05 10:00:00',
  decideTime: null,
  ...over,
});

beforeEach(() => {
  calls.length = 0;
});

describe('the balance approvals page', () => {
  it('lists pending requests first by default and approves another staff member’s request after a confirmation', async () => {
    rows = [row()];
    renderInConsole(<BalanceApprovalsPage />);
    await screen.findByText('物流丢件补偿');
    expect(calls[0]).toMatchObject({ path: '/admin/balance/requests', options: { query: { status: 0, current: 1, size: 10 } } });
    expect(screen.getByText('+¥1500.00')).toBeTruthy();
    expect(screen.getByText('138****0001')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'balanceApprovals.approve' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('balanceApprovals.approveConfirm{"direction":"balanceApprovals.add","amount":"1500.00"}')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'balanceApprovals.confirm' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/admin/balance/requests/7/approve' && c.options.method === 'POST')).toBe(true));
  });

  it('disables both decisions on the reader’s own request and says why', async () => {
    rows = [row({ mine: true })];
    renderInConsole(<BalanceApprovalsPage />);
    await screen.findByText('balanceApprovals.mine');
    expect((screen.getByRole('button', { name: 'balanceApprovals.approve' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'balanceApprovals.reject' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByLabelText('balanceApprovals.ownTooltip')).toBeTruthy();
  });

  it('rejects with the reason typed', async () => {
    rows = [row({ change: -200_000 })];
    renderInConsole(<BalanceApprovalsPage />);
    expect(await screen.findByText('-¥2000.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'balanceApprovals.reject' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('balanceApprovals.rejectReason'), { target: { value: '没有工单' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'balanceApprovals.reject' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/admin/balance/requests/7/reject')?.options.body).toEqual({ reason: '没有工单' }));
  });
});
