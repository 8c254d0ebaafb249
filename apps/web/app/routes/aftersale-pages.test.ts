// @vitest-environment happy-dom
// The after-sales pages in the browser, in both languages, from the API's answers (QA 1, 6, 7, 12):
// 修改申请 offers the apply ceilings (the detail's editLimits: the whole line, the shipping with the
// last item(s)), not a share of the request's own ceiling; a quantity of 0 shows only the quantity
// message; a refused request offers 修改申请 / 申请平台介入, and says so, only as the API allows;
// the platform step-in's too-long reason has its own message; a platform decision reads as the
// platform's; the list and detail show the request's pieces, not the ordered count.
import { createElement, type ComponentType } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@bazaar/shared/constants/limits';
import type { RefundDetail, RefundEditLimits, RefundListItem } from '@bazaar/shared/schemas/refund';
import { I18nProvider } from '../lib/i18n.tsx';
import { formatYuan } from '../lib/format.ts';
import { t } from '../test/server-render.ts';
import ApplyReturn from './user-center.apply-return.tsx';
import ReturnDetailPage from './return-detail.tsx';
import UserCenterReturns from './user-center.uc-return.tsx';

const LANGUAGES = ['zh', 'en'] as const satisfies readonly Language[];

/** A cup at ¥87.20, 3 ordered (¥261.60), ¥8 shipping; a request for 2 refused by the shop. */
const cup = { orderItemId: 26, prodId: 9, prodName: 'Cup', skuName: '', pic: '/p.png', price: 8_720, prodCount: 3, actualTotal: 26_160 };
const listItem: RefundListItem = {
  refundSn: '1900000000000000001',
  orderNumber: '1800000000000000001',
  orderItemId: 26,
  refundType: 2,
  applyType: 1,
  returnMoneySts: 7,
  settleStatus: 0,
  goodsNum: 2,
  refundAmount: 17_440,
  shopId: 3,
  shopName: 'Shop',
  applyTime: '2026-12-01 10:00:00',
  deadline: null,
  deadlineAction: null,
  platformStatus: 0,
  items: [cup],
};
const editLimits: RefundEditLimits = { maxGoodsNum: 3, maxRefundAmount: 26_160, unitAmount: 8_720, isLastItem: true, freightAmount: 800, applyTypes: [1, 2], isReceiver: 1, reasons: [0, 1, 2, 3, 4, 5, 6] };
const detail = (overrides: Partial<RefundDetail> = {}): RefundDetail => ({
  ...listItem,
  isReceiver: 1,
  buyerReason: 2,
  buyerDesc: '',
  buyerMobile: '13800138000',
  photoFiles: [],
  // The request's own ceiling: 2 cups, no shipping.
  maxRefundAmount: 17_440,
  freightAmount: 0,
  sellerMsg: '不同意',
  platformReason: null,
  orderStatus: 5,
  orderActualTotal: 26_960,
  handleTime: '2026-12-02 10:00:00',
  shipTime: null,
  receiveTime: null,
  refundTime: null,
  cancelTime: null,
  closeTime: null,
  delivery: null,
  history: [],
  canCancel: false,
  canEdit: true,
  canUpdateAmount: false,
  canSubmitExpress: false,
  canEditExpress: false,
  canApplyPlatform: true,
  otherOpenRequest: false,
  editLimits,
  ...overrides,
});

const root = { isLoggedIn: true, user: { userId: 'f'.repeat(32), nickName: 'qa' } };

/** A route module's component (its typed props come from the stub's loader data). */
type RouteComponent = ComponentType<never>;

function renderPage(lang: Language, Component: RouteComponent, path: string, loaderData: unknown) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: Outlet,
      loader: () => root,
      children: [{ id: 'page', path: path.slice(1), Component: Component as ComponentType, loader: () => loaderData }],
    },
  ]);
  return render(createElement(I18nProvider, { lang, children: createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { root, page: loaderData } } }) }));
}

const yuan = (fen: number, lang: Language) => formatYuan(fen, lang);
const ceilingText = () => screen.getByTestId('refund-ceiling').textContent;

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});
afterEach(() => {
  cleanup();
  const errors = consoleError.mock.calls;
  consoleError.mockRestore();
  expect(errors).toEqual([]);
});

for (const lang of LANGUAGES) {
  describe(`修改申请 (${lang})`, () => {
    it('offers the whole line for every piece and the shipping with the last one, as applying does', async () => {
      renderPage(lang, ApplyReturn, '/user-center/apply-return', { loaded: { mode: 'edit', detail: detail(), editLimits } });
      const quantity = await screen.findByLabelText(t(lang, 'aftersale.apply.quantity'));
      expect(quantity).toHaveProperty('value', '2');
      expect(ceilingText()).toBe(t(lang, 'aftersale.apply.amountHint', { max: yuan(17_440, lang) }));
      fireEvent.change(quantity, { target: { value: '3' } });
      expect(ceilingText()).toBe(t(lang, 'aftersale.apply.amountHintFreight', { max: yuan(26_960, lang), freight: yuan(800, lang) }));
      expect(screen.getByLabelText(t(lang, 'aftersale.apply.amount'))).toHaveProperty('value', '269.60');
    });

    it('a whole-order request: what is left of the order with its shipping, every piece', async () => {
      const whole = detail({ refundType: 1, orderItemId: 0, goodsNum: 1, refundAmount: 1_945, maxRefundAmount: 1_945 });
      const limits = { ...editLimits, maxGoodsNum: 1, maxRefundAmount: 3_890, unitAmount: 3_890 };
      renderPage(lang, ApplyReturn, '/user-center/apply-return', { loaded: { mode: 'edit', detail: whole, editLimits: limits } });
      await screen.findByLabelText(t(lang, 'aftersale.apply.quantity'));
      expect(ceilingText()).toBe(t(lang, 'aftersale.apply.amountHintFreight', { max: yuan(4_690, lang), freight: yuan(800, lang) }));
    });

    it('a quantity of 0 says only what is wrong with the quantity', async () => {
      renderPage(lang, ApplyReturn, '/user-center/apply-return', { loaded: { mode: 'edit', detail: detail(), editLimits } });
      const quantity = await screen.findByLabelText(t(lang, 'aftersale.apply.quantity'));
      fireEvent.change(quantity, { target: { value: '0' } });
      fireEvent.click(screen.getByRole('button', { name: t(lang, 'aftersale.apply.resubmit') }));
      await screen.findByText(t(lang, 'aftersale.apply.errors.quantity', { max: 3 }));
      expect(document.body.textContent).not.toContain(t(lang, 'aftersale.apply.errors.amountTooHigh', { max: yuan(0, lang) }));
    });
  });

  describe(`/return-detail (${lang})`, () => {
    const show = (overrides: Partial<RefundDetail>) => renderPage(lang, ReturnDetailPage, '/return-detail', { loggedIn: true, refund: detail(overrides), couriers: [] });
    const button = (key: string) => screen.queryByRole('button', { name: t(lang, key) }) ?? screen.queryByRole('link', { name: t(lang, key) });

    it('a refusal with both ways open offers them and says so', async () => {
      show({});
      const note = await screen.findByTestId('refund-waiting');
      expect(note.textContent).toBe(`${t(lang, 'aftersale.detail.waiting.7')} ${t(lang, 'aftersale.detail.refusedNext.both')}`);
      expect(button('aftersale.detail.actions.edit')).not.toBeNull();
      expect(button('aftersale.detail.actions.intervene')).not.toBeNull();
    });

    it('another open request of the same goods: neither 修改申请 nor the platform, and no hint that they are', async () => {
      show({ canEdit: false, canApplyPlatform: false, otherOpenRequest: true, editLimits: null });
      const note = await screen.findByTestId('refund-waiting');
      expect(note.textContent).toBe(`${t(lang, 'aftersale.detail.waiting.7')} ${t(lang, 'aftersale.detail.refusedNext.otherOpen')}`);
      expect(button('aftersale.detail.actions.edit')).toBeNull();
      expect(button('aftersale.detail.actions.intervene')).toBeNull();
    });

    it('the platform asked to step in: only that it is handling it', async () => {
      show({ platformStatus: 1, canEdit: false, canApplyPlatform: false, editLimits: null });
      const note = await screen.findByTestId('refund-waiting');
      expect(note.textContent).toBe(t(lang, 'aftersale.detail.waiting.7'));
      expect(screen.getByText(t(lang, 'aftersale.detail.intervene.requested'))).toBeTruthy();
      expect(document.body.textContent).not.toContain(t(lang, 'aftersale.detail.refusedNext.both'));
    });

    it('a refund the platform decided reads as the platform\'s, not the seller\'s', async () => {
      show({ returnMoneySts: 2, platformStatus: 2, platformReason: '商品确有问题', canEdit: false, canApplyPlatform: false, editLimits: null });
      expect((await screen.findByTestId('refund-status')).textContent).toBe(t(lang, 'aftersale.statusPlatformRefund'));
      expect(screen.getByTestId('refund-waiting').textContent).toBe(t(lang, 'aftersale.detail.waiting.platformRefund'));
      expect(document.body.textContent).not.toContain(t(lang, 'aftersale.statusAcceptedRefund'));
    });

    it('the step-in reason over 200 characters has its own message', async () => {
      show({});
      fireEvent.click(await screen.findByRole('button', { name: t(lang, 'aftersale.detail.actions.intervene') }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText(t(lang, 'aftersale.detail.intervene.reason')), { target: { value: 'x'.repeat(201) } });
      fireEvent.click(within(dialog).getByRole('button', { name: t(lang, 'aftersale.detail.intervene.submit') }));
      await within(dialog).findByText(t(lang, 'aftersale.detail.intervene.reasonTooLong', { max: 200 }));
      expect(dialog.textContent).not.toContain(t(lang, 'aftersale.apply.errors.descTooLong'));
    });

    it('shows the request\'s pieces beside the ordered count', async () => {
      show({ goodsNum: 1, refundAmount: 8_720 });
      const count = await screen.findByTestId('refund-item-count');
      expect(count.textContent).toContain(t(lang, 'aftersale.list.refundCount', { count: 1, total: 3 }));
      expect(count.textContent).not.toContain('×3');
    });
  });

  describe(`/user-center/uc-return (${lang})`, () => {
    const page = (records: RefundListItem[]) => ({ tab: 'all', page: { records, total: records.length, size: 10, current: 1, pages: 1 } });

    it('shows each request\'s pieces, and a whole order\'s total', async () => {
      const whole: RefundListItem = { ...listItem, refundSn: '1900000000000000002', refundType: 1, orderItemId: 0, goodsNum: 4, items: [cup, { ...cup, orderItemId: 27, prodCount: 2 }] };
      renderPage(lang, UserCenterReturns, '/user-center/uc-return', page([{ ...listItem, goodsNum: 1 }, whole]));
      const counts = await screen.findAllByTestId('refund-item-count');
      expect(counts[0]!.textContent).toContain(t(lang, 'aftersale.list.refundCount', { count: 1, total: 3 }));
      expect(counts[0]!.textContent).not.toContain('×3');
      expect(screen.getByTestId('refund-goods-num').textContent).toBe(t(lang, 'aftersale.list.wholeOrder', { count: 4 }));
    });

    it('a platform decision reads as the platform\'s', async () => {
      renderPage(lang, UserCenterReturns, '/user-center/uc-return', page([{ ...listItem, returnMoneySts: 2, platformStatus: 2 }]));
      expect((await screen.findByTestId('refund-state')).textContent).toBe(t(lang, 'aftersale.statusPlatformRefund'));
    });
  });
}
