import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderInConsole } from '@bazaar/console-ui/test/render.tsx';
import { ADMIN_ROLE_PERMISSIONS } from '@bazaar/shared/constants/permissions';
import type { SeckillReport, SeckillRow } from '@bazaar/shared/schemas/seckill';
import { PermissionsContext } from '../lib/permissions.tsx';
import { SeckillActivitiesSection } from './seckill.tsx';
import { SeckillSessionsSection, sessionEnd } from './seckill-sessions.tsx';
import { SeckillReportsSection } from './seckill-reports.tsx';

const row = (over: Partial<SeckillRow> = {}): SeckillRow => ({
  seckillId: 7,
  shopId: 3,
  shopName: '紫砂小铺',
  nameZh: '整点秒杀',
  nameEn: 'Hourly deal',
  prodId: 30,
  prodName: '紫砂茶壶',
  pic: '/uploads/seed/teapot.svg',
  startTime: '2026-12-07 10:00:00',
  endTime: '2026-12-07 12:00:00',
  listState: 'pending',
  status: 1,
  auditStatus: 0,
  auditReason: null,
  offlineReason: null,
  maxNum: 1,
  maxCancelTime: 30,
  minSeckillPrice: 9_900,
  counts: { seckillId: 7, totalStocks: 10, stocksLeft: 10, soldNum: 0, unpaidNum: 0, paidNum: 0, cancelledNum: 0, queuedNum: 0 },
  createdAt: '2026-12-06 09:00:00',
  ...over,
});
const page = <T,>(records: T[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });

function renderAs(ui: React.ReactNode, role: keyof typeof ADMIN_ROLE_PERMISSIONS = 'operations') {
  return renderInConsole(<PermissionsContext.Provider value={ADMIN_ROLE_PERMISSIONS[role]}>{ui}</PermissionsContext.Provider>);
}

describe('the review queue', () => {
  it('lists pending activities with shop, price, limit and sales, and approves one', async () => {
    const api = fakeApi((path) => (path === '/admin/seckills' ? page([row(), row({ seckillId: 8, listState: 'running', auditStatus: 1, counts: { ...row().counts, seckillId: 8, soldNum: 4, paidNum: 3, cancelledNum: 1, stocksLeft: 6 } })]) : undefined));
    const { invalidated } = renderAs(<SeckillActivitiesSection api={api} />);
    expect(await screen.findAllByText('紫砂小铺 (#3)')).toHaveLength(2);
    expect(screen.getAllByText('seckillAdmin.priceFrom{"price":"¥99.00"}')).toHaveLength(2);
    expect(screen.getByTestId('admin-seckill-counts-8').textContent).toContain('seckillAdmin.counts{"sold":4,"paid":3,"cancelled":1}');
    expect(api).toHaveBeenCalledWith('/admin/seckills', expect.objectContaining({ query: { state: 'pending', prodName: undefined, shopId: undefined, current: 1, size: 10 } }));
    // A running one is taken offline, a pending one approved or rejected.
    expect(screen.getByRole('button', { name: 'seckillAdmin.offlineOn{"name":"整点秒杀"}' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'seckillAdmin.approveOn{"name":"整点秒杀"}' }));
    await waitFor(() => expect(api).toHaveBeenCalledWith('/admin/seckills/7/review', expect.objectContaining({ method: 'POST', body: { approve: true, reason: '' } })));
    await waitFor(() => expect(invalidated).toContainEqual(['audit']));
  });

  it('rejects with the reason it requires', async () => {
    const api = fakeApi((path) => (path === '/admin/seckills' ? page([row()]) : undefined));
    renderAs(<SeckillActivitiesSection api={api} />);
    fireEvent.click(await screen.findByRole('button', { name: 'seckillAdmin.rejectOn{"name":"整点秒杀"}' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'seckillAdmin.rejectDialog.ok' }));
    expect(await within(dialog).findByText('seckillAdmin.rejectDialog.required')).toBeTruthy();
    expect(api).not.toHaveBeenCalledWith('/admin/seckills/7/review', expect.anything());
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'seckillAdmin.rejectDialog.label' }), { target: { value: ' 价格过高 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'seckillAdmin.rejectDialog.ok' }));
    await waitFor(() => expect(api).toHaveBeenCalledWith('/admin/seckills/7/review', expect.objectContaining({ method: 'POST', body: { approve: false, reason: '价格过高' } })));
  });

  it('takes a running activity offline with the reason it requires, then reads the list again', async () => {
    let offline = false;
    const api = fakeApi((path) => {
      if (path === '/admin/seckills/7/offline') {
        offline = true;
        return undefined;
      }
      if (path === '/admin/seckills') return page([offline ? row({ listState: 'offline', status: 0, auditStatus: 1, offlineReason: '价格异常' }) : row({ listState: 'running', auditStatus: 1 })]);
      return undefined;
    });
    const { invalidated } = renderAs(<SeckillActivitiesSection api={api} />);
    const listReads = () => api.mock.calls.filter(([path]) => path === '/admin/seckills').length;
    // A running activity is not reviewed again: only taken offline.
    fireEvent.click(await screen.findByRole('button', { name: 'seckillAdmin.offlineOn{"name":"整点秒杀"}' }));
    expect(screen.queryByRole('button', { name: /seckillAdmin.rejectOn/ })).toBeNull();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('seckillAdmin.offlineDialog.title{"name":"整点秒杀"}')).toBeTruthy();
    expect(within(dialog).getByText('seckillAdmin.offlineDialog.hint')).toBeTruthy();
    // An empty reason is refused with the dialog's own message, and nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'seckillAdmin.offlineDialog.ok' }));
    expect(await within(dialog).findByText('seckillAdmin.offlineDialog.required')).toBeTruthy();
    expect(api).not.toHaveBeenCalledWith('/admin/seckills/7/offline', expect.anything());
    expect(api).not.toHaveBeenCalledWith('/admin/seckills/7/review', expect.anything());
    // With a reason: sent trimmed, then the list (and the audit log) is read again and shows the activity offline.
    const readsBefore = listReads();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'seckillAdmin.offlineDialog.label' }), { target: { value: ' 价格异常 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'seckillAdmin.offlineDialog.ok' }));
    await waitFor(() => expect(api).toHaveBeenCalledWith('/admin/seckills/7/offline', expect.objectContaining({ method: 'POST', body: { reason: '价格异常' } })));
    expect(await screen.findByText('seckillAdmin.tookOffline')).toBeTruthy();
    await waitFor(() => expect(invalidated).toEqual(expect.arrayContaining([['admin-seckills'], ['audit']])));
    await waitFor(() => expect(listReads()).toBeGreaterThan(readsBefore));
    expect(await screen.findByText('seckillAdmin.offlineReason{"reason":"价格异常"}')).toBeTruthy();
    expect(screen.getByText('seckillAdmin.state.offline')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'seckillAdmin.offlineOn{"name":"整点秒杀"}' })).toBeNull();
  });

  it('offers no decision to a role without seckill.manage', async () => {
    const api = fakeApi(() => page([row()]));
    renderAs(<SeckillActivitiesSection api={api} />, 'service');
    expect(await screen.findByRole('button', { name: 'seckillAdmin.viewOn{"name":"整点秒杀"}' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /seckillAdmin.approveOn/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /seckillAdmin.rejectOn/ })).toBeNull();
  });
});

describe('the sessions', () => {
  it('says when a session ends, the next day too', () => {
    expect(sessionEnd('10:00', 120)).toEqual({ time: '12:00', nextDay: false });
    expect(sessionEnd('23:00', 120)).toEqual({ time: '01:00', nextDay: true });
  });

  it("shows the day's sessions and saves an added one; the API's refusal is shown", async () => {
    const { ApiError } = await import('@bazaar/shared/console/api-client');
    let refuse = true;
    const api = fakeApi((_path, options) => {
      if (options.method === 'PUT') {
        if (refuse) throw new ApiError(400, '场次之间不能重叠');
        return undefined;
      }
      return { sessions: [{ startTime: '10:00', durationMinutes: 120 }] };
    });
    renderAs(<SeckillSessionsSection api={api} />);
    expect(await screen.findByDisplayValue('10:00')).toBeTruthy();
    // The end is computed from the form's watched values, which follow the loaded ones a render later.
    await waitFor(() => expect(screen.getByTestId('session-end-0').textContent).toBe('seckillAdmin.sessions.ends{"time":"12:00"}'));
    fireEvent.click(screen.getByRole('button', { name: 'seckillAdmin.sessions.add' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'seckillAdmin.sessions.startOf{"n":2}' }), { target: { value: '11:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'seckillAdmin.sessions.save' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith(
        '/admin/seckill/sessions',
        expect.objectContaining({ method: 'PUT', body: { sessions: [{ startTime: '10:00', durationMinutes: 120 }, { startTime: '11:00', durationMinutes: 120 }] } }),
      ),
    );
    expect(await screen.findByText('场次之间不能重叠')).toBeTruthy();
    refuse = false;
    fireEvent.change(screen.getByRole('textbox', { name: 'seckillAdmin.sessions.startOf{"n":2}' }), { target: { value: '14:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'seckillAdmin.sessions.save' }));
    await waitFor(() => expect(screen.queryByText('场次之间不能重叠')).toBeNull());
  });
});

describe('the reconciliation reports', () => {
  it('shows each SKU with the gate and the database, a difference marked, and filters them', async () => {
    const report = (over: Partial<SeckillReport>): SeckillReport => ({
      id: 1,
      seckillId: 7,
      seckillName: '整点秒杀',
      shopId: 3,
      shopName: '紫砂小铺',
      seckillSkuId: 70,
      skuName: '黑色',
      totalStocks: 10,
      gateStocks: 0,
      dbStocks: 1,
      acceptedNum: 10,
      orderedNum: 9,
      cancelledNum: 0,
      difference: -1,
      matched: false,
      createdAt: '2026-12-06 12:00:05',
      ...over,
    });
    const api = fakeApi(() => page([report({}), report({ id: 2, gateStocks: null, difference: 0, matched: true })]));
    renderAs(<SeckillReportsSection api={api} />);
    expect(await screen.findByText('seckillAdmin.reports.mismatched')).toBeTruthy();
    expect(screen.getByText('seckillAdmin.reports.matched')).toBeTruthy();
    expect(screen.getByText('seckillAdmin.reports.gateGone')).toBeTruthy();
    expect(screen.getByTestId('report-difference-1').textContent).toBe('-1');
    fireEvent.click(screen.getByRole('switch', { name: 'seckillAdmin.reports.onlyMismatch' }));
    await waitFor(() => expect(api).toHaveBeenLastCalledWith('/admin/seckill/reports', expect.objectContaining({ query: { onlyMismatch: 'true', current: 1, size: 20 } })));
  });
});
