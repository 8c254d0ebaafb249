import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderInConsole } from '@bazaar/console-ui/test/render.tsx';
import { ADMIN_ROLE_PERMISSIONS } from '@bazaar/shared/constants/permissions';
import type { AdminRefundDetail, AdminRefundListItem } from '@bazaar/shared/schemas/refund';
import { PermissionsContext } from '../lib/permissions.tsx';
import { RefundsPage } from './refunds.tsx';

const SN = '1900000000000000101';
const calls: Array<{ path: string; options: { method?: string; body?: unknown; query?: Record<string, unknown> } }> = [];
let detail: AdminRefundDetail;

const row = (over: Partial<AdminRefundListItem> = {}): AdminRefundListItem => ({
  refundSn: SN,
  orderNumber: '1900000000000000001',
  orderItemId: 11,
  refundType: 2,
  applyType: 1,
  returnMoneySts: 7,
  settleStatus: 0,
  goodsNum: 1,
  refundAmount: 12_900,
  shopId: 3,
  shopName: '紫砂小铺',
  applyTime: '2026-12-01 10:00:00',
  deadline: null,
  deadlineAction: null,
  platformStatus: 1,
  items: [{ orderItemId: 11, prodId: 70, prodName: '紫砂茶壶', skuName: '黑色 M', pic: '/uploads/seed/teapot.svg', price: 12_900, prodCount: 2, actualTotal: 25_800 }],
  userNickName: '王小明',
  buyerReason: 5,
  userId: 'a'.repeat(32),
  ...over,
});

const refused = (over: Partial<AdminRefundDetail> = {}): AdminRefundDetail => ({
  ...row(),
  isReceiver: 1,
  buyerDesc: '壶身有裂纹',
  buyerMobile: '13800000001',
  photoFiles: [],
  maxRefundAmount: 12_900,
  freightAmount: 0,
  sellerMsg: '人为损坏，不予退款',
  platformReason: null,
  orderStatus: 5,
  orderActualTotal: 25_800,
  handleTime: '2026-12-02 10:00:00',
  shipTime: null,
  receiveTime: null,
  refundTime: null,
  cancelTime: null,
  closeTime: null,
  delivery: null,
  history: [
    { id: 1, actor: 'buyer', action: 'apply', returnMoneySts: 1, note: '壶身有裂纹', refundAmount: 12_900, createTime: '2026-12-01 10:00:00' },
    { id: 2, actor: 'seller', action: 'refuse', returnMoneySts: 7, note: '人为损坏，不予退款', refundAmount: 12_900, createTime: '2026-12-02 10:00:00' },
    { id: 3, actor: 'buyer', action: 'applyPlatform', returnMoneySts: 7, note: '收到时就是裂的', refundAmount: 12_900, createTime: '2026-12-02 11:00:00' },
  ],
  platformApplyReason: '收到时就是裂的',
  canDecide: true,
  ...over,
});

vi.mock('../lib/api.ts', () => ({
  api: async (path: string, options: { method?: string; body?: unknown; query?: Record<string, unknown>; schema?: { parse: (v: unknown) => unknown } }) => {
    calls.push({ path, options });
    if (options.method === 'PUT') {
      const { reason } = options.body as { reason: string };
      detail = refused({ returnMoneySts: 5, settleStatus: 2, platformStatus: 2, platformReason: reason, canDecide: false });
      return undefined;
    }
    const json = path === '/admin/refunds' ? { records: [row({ platformStatus: detail.platformStatus, returnMoneySts: detail.returnMoneySts })], total: 1, size: 10, current: 1, pages: 1 } : detail;
    return options.schema ? options.schema.parse(json) : json;
  },
}));

function renderPage(role: keyof typeof ADMIN_ROLE_PERMISSIONS) {
  return renderInConsole(
    <PermissionsContext.Provider value={ADMIN_ROLE_PERMISSIONS[role]}>
      <RefundsPage />
    </PermissionsContext.Provider>,
  );
}
const puts = () => calls.filter((c) => c.options.method === 'PUT');

beforeEach(() => {
  calls.length = 0;
  detail = refused();
});

describe("the platform's after-sales", () => {
  it('lists every shop’s requests and narrows them to those asking the platform in one shop', async () => {
    renderPage('service');
    await screen.findByText(SN);
    expect(calls[0]).toMatchObject({ path: '/admin/refunds', options: { query: { tab: 'all', applyType: 0, platform: 0, current: 1, size: 10 } } });
    expect(screen.getByText('紫砂小铺 (3)')).toBeTruthy();
    expect(screen.getByText('refunds.platformRequested')).toBeTruthy();
    fireEvent.change(screen.getByRole('spinbutton', { name: 'refunds.filters.shopId' }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'refunds.filters.platform' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'refunds.filters.keyword' }), { target: { value: ' 1900 ' } });
    const [from, to] = screen.getAllByRole('textbox').filter((box) => /date/i.test(box.getAttribute('placeholder') ?? '')) as HTMLInputElement[];
    fireEvent.mouseDown(from!);
    fireEvent.focus(from!);
    fireEvent.change(from!, { target: { value: '2026-12-01' } });
    fireEvent.keyDown(from!, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.focus(to!);
    fireEvent.change(to!, { target: { value: '2026-12-03' } });
    fireEvent.keyDown(to!, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(screen.getByRole('button', { name: 'refunds.filters.search' }));
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({ path: '/admin/refunds', options: { query: { shopId: 3, tab: 'all', applyType: 0, keyword: '1900', platform: 1, dateFrom: '2026-12-01', dateTo: '2026-12-03', current: 1 } } }),
    );
  });

  it('decides a refused request the shopper brought to the platform: a reason is required, then a confirmation, then the audit log is read again', async () => {
    const { invalidated } = renderPage('service');
    fireEvent.click(await screen.findByRole('button', { name: `refunds.openOf{"action":"refunds.decide","refundSn":"${SN}"}` }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('人为损坏，不予退款', { selector: 'span' })).toBeTruthy();
    expect(within(drawer).getByText('收到时就是裂的', { selector: 'span' })).toBeTruthy();
    expect(within(drawer).getAllByTestId('refund-history-entry')).toHaveLength(3);

    const form = within(drawer).getByRole('form', { name: 'refundDetail.decide.title' });
    fireEvent.click(within(form).getByRole('radio', { name: 'refundDetail.decide.refund' }));
    fireEvent.click(within(form).getByRole('button', { name: 'refundDetail.decide.submit' }));
    await within(form).findByText('refundDetail.decide.decideReasonRequired{"max":200}');
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.change(within(form).getByRole('textbox', { name: 'refundDetail.decide.reason' }), { target: { value: ' 快递签收照片显示外箱破损，判定退款 ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'refundDetail.decide.submit' }));
    const confirm = await screen.findByRole('tooltip');
    expect(puts()).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'refundDetail.decide.ok' }));
    await waitFor(() => expect(puts()).toEqual([expect.objectContaining({ path: `/admin/refunds/${SN}/decide`, options: expect.objectContaining({ body: { action: 'refund', reason: '快递签收照片显示外箱破损，判定退款' } }) })]));
    await screen.findByText('refundDetail.decide.done');
    // Decided: the form goes, the reason shows as the platform's.
    await waitFor(() => expect(within(drawer).queryByRole('form', { name: 'refundDetail.decide.title' })).toBeNull());
    expect(within(drawer).getByText('refundDetail.platformDecided{"reason":"快递签收照片显示外箱破损，判定退款"}')).toBeTruthy();
    expect(invalidated).toEqual(expect.arrayContaining([['platform-refund'], ['platform-refunds'], ['audit']]));
  });

  it('lets finance read a request but not decide it', async () => {
    renderPage('finance');
    fireEvent.click(await screen.findByRole('button', { name: `refunds.openOf{"action":"refunds.view","refundSn":"${SN}"}` }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('refundDetail.decide.readOnly')).toBeTruthy();
    expect(within(drawer).queryByRole('form', { name: 'refundDetail.decide.title' })).toBeNull();
  });
});
