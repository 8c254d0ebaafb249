import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderInConsole } from '@bazaar/console-ui/test/render.tsx';
import { ADMIN_ROLE_PERMISSIONS } from '@bazaar/shared/constants/permissions';
import type { GroupActivityDetail, GroupActivityRow } from '@bazaar/shared/schemas/group-admin';
import { PermissionsContext } from '../lib/permissions.tsx';
import { GroupBuyPage } from './groupbuy.tsx';

const row = (over: Partial<GroupActivityRow> = {}): GroupActivityRow => ({
  groupActivityId: 7,
  shopId: 3,
  shopName: '紫砂小铺',
  nameZh: '两人团',
  nameEn: 'Pair deal',
  prodId: 30,
  prodName: '紫砂茶壶',
  pic: '/uploads/seed/teapot.svg',
  startTime: '2026-12-06 10:00:00',
  endTime: '2026-12-13 10:00:00',
  listState: 'running',
  status: 1,
  offlineReason: null,
  groupNumber: 2,
  validHours: 24,
  hasRobot: false,
  hasMaxNum: false,
  maxNum: null,
  minActPrice: 9_900,
  counts: { teamNum: 4, groupingNum: 1, successNum: 2, failedNum: 1, orderNum: 6 },
  createdAt: '2026-12-06 09:00:00',
  ...over,
});
const page = <T,>(records: T[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });

function renderAs(ui: React.ReactNode, role: keyof typeof ADMIN_ROLE_PERMISSIONS = 'operations') {
  return renderInConsole(<PermissionsContext.Provider value={ADMIN_ROLE_PERMISSIONS[role]}>{ui}</PermissionsContext.Provider>);
}

describe("every shop's group buys", () => {
  it('lists running activities with shop, price and teams, filters by name and shop', async () => {
    const api = fakeApi((path) => (path === '/admin/group-activities' ? page([row()]) : undefined));
    renderAs(<GroupBuyPage api={api} />);
    expect(await screen.findByText('紫砂小铺 (#3)')).toBeTruthy();
    expect(screen.getByText('groupbuyPlatform.priceFrom{"price":"¥99.00"}')).toBeTruthy();
    expect(screen.getByTestId('admin-group-counts-7').textContent).toBe('groupbuyPlatform.counts{"teams":4,"grouping":1,"success":2,"failed":1,"orders":6}');
    expect(api).toHaveBeenCalledWith('/admin/group-activities', expect.objectContaining({ query: { state: 'running', name: undefined, shopId: undefined, current: 1, size: 10 } }));
    fireEvent.change(screen.getByRole('textbox', { name: 'groupbuyPlatform.search' }), { target: { value: ' 茶壶 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'groupbuyPlatform.searchButton' }));
    await waitFor(() => expect(api).toHaveBeenLastCalledWith('/admin/group-activities', expect.objectContaining({ query: { state: 'running', name: '茶壶', shopId: undefined, current: 1, size: 10 } })));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'groupbuyPlatform.shop' }), { target: { value: '3' } });
    await waitFor(() => expect(api).toHaveBeenLastCalledWith('/admin/group-activities', expect.objectContaining({ query: { state: 'running', name: '茶壶', shopId: 3, current: 1, size: 10 } })));
  });

  it('takes one offline with the reason it requires, and reads the list and the audit log again', async () => {
    const api = fakeApi((path) => (path === '/admin/group-activities' ? page([row()]) : undefined));
    const { invalidated } = renderAs(<GroupBuyPage api={api} />);
    fireEvent.click(await screen.findByRole('button', { name: 'groupbuyPlatform.offlineOn{"name":"两人团"}' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'groupbuyPlatform.offlineDialog.ok' }));
    expect(await within(dialog).findByText('groupbuyPlatform.offlineDialog.required')).toBeTruthy();
    expect(api).not.toHaveBeenCalledWith('/admin/group-activities/7/offline', expect.anything());
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'groupbuyPlatform.offlineDialog.label' }), { target: { value: ' 拼团价虚高 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'groupbuyPlatform.offlineDialog.ok' }));
    await waitFor(() => expect(api).toHaveBeenCalledWith('/admin/group-activities/7/offline', expect.objectContaining({ method: 'POST', body: { reason: '拼团价虚高' } })));
    await waitFor(() => expect(invalidated).toContainEqual(['audit']));
  });

  it('shows an offline one with its reason and puts it back online after a confirmation', async () => {
    const api = fakeApi((path) => (path === '/admin/group-activities' ? page([row({ listState: 'offline', status: 2, offlineReason: '拼团价虚高' })]) : undefined));
    renderAs(<GroupBuyPage api={api} />);
    expect(await screen.findByText('groupbuyPlatform.offlineReason{"reason":"拼团价虚高"}')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /groupbuyPlatform.offlineOn/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'groupbuyPlatform.onlineOn{"name":"两人团"}' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'groupbuyPlatform.online' }));
    await waitFor(() => expect(api).toHaveBeenCalledWith('/admin/group-activities/7/online', expect.objectContaining({ method: 'POST' })));
  });

  it('views one with its group prices and teams', async () => {
    const detail: GroupActivityDetail = { ...row(), skus: [{ groupSkuId: 70, skuId: 30, skuName: '黑色', price: 12_900, actPrice: 9_900, sellNum: 6 }] };
    const api = fakeApi((path) => {
      if (path === '/admin/group-activities') return page([row()]);
      if (path === '/admin/group-activities/7') return detail;
      return page([
        {
          groupTeamId: 41,
          status: 1,
          joinNum: 1,
          groupNumber: 2,
          startTime: '2026-12-06 11:00:00',
          endTime: '2026-12-07 11:00:00',
          createdAt: '2026-12-06 11:00:00',
          members: [{ nickName: '小王', robot: false, leader: true, orderNumber: '1900000000000000001', status: 1, prodCount: 1, joinTime: '2026-12-06 11:00:00' }],
        },
      ]);
    });
    renderAs(<GroupBuyPage api={api} />);
    fireEvent.click(await screen.findByRole('button', { name: 'groupbuyPlatform.viewOn{"name":"两人团"}' }));
    expect(await screen.findByText('黑色')).toBeTruthy();
    expect(screen.getByText('¥129.00')).toBeTruthy();
    expect((await screen.findByTestId('admin-group-team-41')).textContent).toBe('groupbuyPlatform.teams.leaderName{"name":"小王"}');
    expect(api).toHaveBeenCalledWith('/admin/group-activities/7/teams', expect.objectContaining({ query: { current: 1, size: 10 } }));
  });

  it('offers no decision to a role without groupbuy.manage', async () => {
    const api = fakeApi(() => page([row()]));
    renderAs(<GroupBuyPage api={api} />, 'service');
    expect(await screen.findByRole('button', { name: 'groupbuyPlatform.viewOn{"name":"两人团"}' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /groupbuyPlatform.offlineOn/ })).toBeNull();
  });
});
