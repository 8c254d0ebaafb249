import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { fakeApi, renderInConsole } from '@bazaar/console-ui/test/render.tsx';
import type { GroupActivityDetail, GroupActivityRow, GroupTeamRow } from '@bazaar/shared/schemas/group-admin';
import { GroupActivitiesPage, GroupActivityDetailPage } from './groupbuy.tsx';
import { GroupActivityCreatePage, groupActivityBody } from './groupbuy-create.tsx';

const counts = (over: Partial<GroupActivityRow['counts']> = {}) => ({ teamNum: 5, groupingNum: 1, successNum: 3, failedNum: 1, orderNum: 8, ...over });
const row = (over: Partial<GroupActivityRow> = {}): GroupActivityRow => ({
  groupActivityId: 7,
  shopId: 1,
  shopName: '茶具小店',
  nameZh: '三人团',
  nameEn: 'Team of three',
  prodId: 3,
  prodName: '青花茶杯',
  pic: '/uploads/seed/cup.svg',
  startTime: '2026-12-06 10:00:00',
  endTime: '2026-12-13 10:00:00',
  listState: 'running',
  status: 1,
  offlineReason: null,
  groupNumber: 3,
  validHours: 24,
  hasRobot: true,
  hasMaxNum: true,
  maxNum: 2,
  minActPrice: 3_990,
  counts: counts(),
  createdAt: '2026-12-05 09:00:00',
  ...over,
});
const page = <T,>(records: T[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });
const detail = (over: Partial<GroupActivityDetail> = {}): GroupActivityDetail => ({
  ...row(),
  skus: [{ groupSkuId: 70, skuId: 30, skuName: '白色', price: 5_900, actPrice: 3_990, sellNum: 4 }],
  ...over,
});
const team = (over: Partial<GroupTeamRow> = {}): GroupTeamRow => ({
  groupTeamId: 41,
  status: 2,
  joinNum: 3,
  groupNumber: 3,
  startTime: '2026-12-06 11:00:00',
  endTime: '2026-12-07 11:00:00',
  createdAt: '2026-12-06 10:59:00',
  members: [
    { nickName: '小王', robot: false, leader: true, orderNumber: '1900000000000000001', status: 1, prodCount: 1, joinTime: '2026-12-06 11:00:00' },
    { nickName: '小李', robot: false, leader: false, orderNumber: '1900000000000000002', status: 1, prodCount: 1, joinTime: '2026-12-06 12:00:00' },
    { nickName: '', robot: true, leader: false, orderNumber: null, status: 1, prodCount: 1, joinTime: '2026-12-07 11:00:00' },
  ],
  ...over,
});

describe('the group-buy list', () => {
  it('shows each activity with its price, rules, teams and state, and one taken offline with the reason', async () => {
    const api = fakeApi(() => page([row(), row({ groupActivityId: 8, listState: 'offline', status: 2, offlineReason: '虚假拼团价', hasMaxNum: false, maxNum: null, hasRobot: false, counts: counts({ teamNum: 0 }) })]));
    renderInConsole(<GroupActivitiesPage api={api} onOpen={() => undefined} onCreate={() => undefined} />);
    expect(await screen.findAllByText('三人团')).toHaveLength(2);
    expect(screen.getAllByText('groupbuy.priceFrom{"price":"¥39.90"}')).toHaveLength(2);
    expect(screen.getByTestId('groupbuy-counts-7').textContent).toContain('groupbuy.counts{"teams":5,"success":3,"failed":1}');
    expect(screen.getByTestId('groupbuy-counts-7').textContent).toContain('groupbuy.orders{"n":8}');
    expect(screen.getByText('groupbuy.offlineReason{"reason":"虚假拼团价"}')).toBeTruthy();
    // Taken offline by the platform, it offers no early end: only the running one does.
    expect(screen.getAllByRole('button', { name: /groupbuy\.end/ })).toHaveLength(1);
    expect(screen.getByText(/groupbuy.limitPieces\{"n":2\}/)).toBeTruthy();
    expect(screen.getByText(/groupbuy.unlimited/)).toBeTruthy();
    expect(api).toHaveBeenLastCalledWith('/merchant/group-activities', expect.objectContaining({ query: { state: undefined, name: undefined, current: 1, size: 10 } }));

    fireEvent.click(screen.getByRole('tab', { name: 'groupbuy.tabs.offline' }));
    await waitFor(() => expect(api).toHaveBeenLastCalledWith('/merchant/group-activities', expect.objectContaining({ query: { state: 'offline', name: undefined, current: 1, size: 10 } })));
    fireEvent.change(screen.getByRole('textbox', { name: 'groupbuy.search' }), { target: { value: ' 茶杯 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'groupbuy.searchButton' }));
    await waitFor(() => expect(api).toHaveBeenLastCalledWith('/merchant/group-activities', expect.objectContaining({ query: { state: 'offline', name: '茶杯', current: 1, size: 10 } })));
  });

  it('ends a running activity after a confirmation and reads the list again; an ended one has no end button', async () => {
    const api = fakeApi((path) => (path === '/merchant/group-activities' ? page([row(), row({ groupActivityId: 9, nameZh: '旧团', listState: 'ended', status: 0 })]) : undefined));
    const { invalidated } = renderInConsole(<GroupActivitiesPage api={api} onOpen={() => undefined} onCreate={() => undefined} />);
    expect(await screen.findByText('旧团')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /groupbuy.end/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'groupbuy.actionOn{"action":"groupbuy.end","name":"三人团"}' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'groupbuy.endOk' }));
    await waitFor(() => expect(api).toHaveBeenCalledWith('/merchant/group-activities/7/end', expect.objectContaining({ method: 'POST' })));
    await waitFor(() => expect(invalidated).toContainEqual(['group-activities']));
  });
});

describe('one group buy', () => {
  it('shows its rules, group prices, counts and teams with their members', async () => {
    const api = fakeApi((path, options) => {
      if (path === '/merchant/group-activities/7') return detail();
      if (path === '/merchant/group-activities/7/teams') return options.query?.status === 1 ? page([team({ groupTeamId: 42, status: 1, joinNum: 1, members: [team().members[0]!] })]) : page([team()]);
      return undefined;
    });
    renderInConsole(<GroupActivityDetailPage api={api} groupActivityId={7} onBack={() => undefined} />);
    expect(await screen.findByText('白色')).toBeTruthy();
    expect(screen.getByText('¥39.90')).toBeTruthy();
    expect(screen.getByTestId('groupbuy-state').textContent).toBe('groupbuy.state.running');
    const members = await screen.findByTestId('groupbuy-team-41');
    expect(members.textContent).toContain('小王');
    expect(members.textContent).toContain('groupbuy.teams.leader');
    expect(members.textContent).toContain('groupbuy.teams.robot');
    expect(screen.getByText('groupbuy.teams.state.2')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'groupbuy.teams.tabs.1' }));
    expect(await screen.findByTestId('groupbuy-team-42')).toBeTruthy();
    expect(api).toHaveBeenLastCalledWith('/merchant/group-activities/7/teams', expect.objectContaining({ query: { status: 1, current: 1, size: 10 } }));
  });

  it("says when the activity is not the shop's", async () => {
    const { ApiError } = await import('@bazaar/shared/console/api-client');
    const api = fakeApi(() => {
      throw new ApiError(404, '该拼团活动不存在');
    });
    renderInConsole(<GroupActivityDetailPage api={api} groupActivityId={9} onBack={() => undefined} />);
    expect(await screen.findByText('该拼团活动不存在')).toBeTruthy();
  });
});

describe('creating a group buy', () => {
  it('sends the ticked options in fen, the team rules and the window', () => {
    const lines = new Map([
      [30, { include: true, price: 39.9 }],
      [31, { include: false, price: 9 }],
    ]);
    const values = { nameZh: '三人团', nameEn: '', prodId: 3, groupNumber: 3, validHours: 24, hasRobot: true, hasMaxNum: false, maxNum: 4, start: dayjs('2026-12-07 10:00:00'), end: dayjs('2026-12-14 10:00:00') };
    expect(groupActivityBody(values, lines)).toEqual({
      nameZh: '三人团',
      nameEn: null,
      prodId: 3,
      groupNumber: 3,
      validHours: 24,
      hasRobot: true,
      hasMaxNum: false,
      maxNum: null,
      startTime: '2026-12-07 10:00:00',
      endTime: '2026-12-14 10:00:00',
      skus: [{ skuId: 30, actPrice: 3_990 }],
    });
    expect(groupActivityBody({ ...values, hasMaxNum: true, start: null }, lines)).toMatchObject({ hasMaxNum: true, maxNum: 4, startTime: '' });
  });

  it('asks for the product before sending anything', async () => {
    const api = fakeApi((path) => (path === '/merchant/product/page' ? { records: [], total: 0, size: 20, current: 1, pages: 0 } : undefined));
    renderInConsole(<GroupActivityCreatePage api={api} onDone={() => undefined} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'groupbuy.form.nameZh' }), { target: { value: '三人团' } });
    fireEvent.click(screen.getByRole('button', { name: 'groupbuy.form.submit' }));
    expect(await screen.findByText('groupbuy.form.required{"field":"groupbuy.form.product"}')).toBeTruthy();
    expect(api).not.toHaveBeenCalledWith('/merchant/group-activities', expect.objectContaining({ method: 'POST' }));
  });
});
