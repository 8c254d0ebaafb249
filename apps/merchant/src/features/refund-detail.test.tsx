import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderInConsole } from '@bazaar/console-ui/test/render.tsx';
import { MERCHANT_ROLE_PERMISSIONS } from '@bazaar/shared/constants/permissions';
import type { MerchantRefundDetail } from '@bazaar/shared/schemas/refund';
import { PermissionsContext } from '../lib/access.tsx';
import { refundDetail } from '../test/refunds.ts';
import { RefundDetailPage } from './refund-detail.tsx';

const SN = '1900000000000000101';
const ADDRESS = { receiverName: '李店长', receiverMobile: '13900000002', receiverAddr: '浙江省杭州市西湖区文三路 90 号' };

/** The page for an account of `role`, over an API that answers `detail` (and what a decision turns it into). */
function renderDetail(detail: MerchantRefundDetail, role: keyof typeof MERCHANT_ROLE_PERMISSIONS = 'service', onPut?: (path: string, body: unknown) => MerchantRefundDetail) {
  let current = detail;
  const api = fakeApi((path, options) => {
    if (options.method === 'PUT') {
      if (onPut) current = onPut(path, options.body);
      return undefined;
    }
    if (path === '/merchant/refunds/return-address') return ADDRESS;
    return current;
  });
  const view = renderInConsole(
    <PermissionsContext.Provider value={MERCHANT_ROLE_PERMISSIONS[role]}>
      <RefundDetailPage api={api} refundSn={SN} onBack={() => undefined} onOrder={() => undefined} />
    </PermissionsContext.Provider>,
  );
  return { api, ...view };
}
const puts = (api: ReturnType<typeof fakeApi>) => api.mock.calls.filter(([, options]) => (options as { method?: string }).method === 'PUT');

describe('an after-sales request in the merchant center', () => {
  it('shows the request, its vouchers, its history and the deadline as the shopper sees it, and accepts a refund only after a confirmation', async () => {
    const { api, invalidated } = renderDetail(refundDetail(), 'service', () => refundDetail({ returnMoneySts: 2, canAccept: false, canRefuse: false }));
    expect(await screen.findByText('壶盖有裂纹', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText('refunds.reasons.2')).toBeTruthy();
    expect(screen.getByTestId('refund-amount').textContent).toBe('¥129.00');
    expect(screen.getByRole('img', { name: 'refundDetail.voucher{"n":1}' }).getAttribute('src')).toBe('/uploads/v1.png');
    expect(within(screen.getByTestId('refund-history-entry')).getByText('refundDetail.actor.buyer · refundDetail.historyActions.apply')).toBeTruthy();
    expect(screen.getByTestId('refund-deadline').textContent).toContain('refundDetail.deadline.agree{"time":"2099-12-08 10:00:00","then":"refundDetail.deadline.agreeRefund"}');
    // A refund only: no return address to send.
    expect(screen.queryByRole('form', { name: 'refundDetail.returnAddress' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'refundDetail.actions.acceptRefund' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('refundDetail.actions.acceptConfirm{"amount":"¥129.00"}')).toBeTruthy();
    expect(puts(api)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'refundDetail.actions.confirm' }));
    await waitFor(() => expect(puts(api)).toEqual([[`/merchant/refunds/${SN}/accept`, expect.objectContaining({ method: 'PUT', body: {} })]]));
    await screen.findByText('refundDetail.actions.accepted');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'refundDetail.actions.acceptRefund' })).toBeNull());
    expect(invalidated).toEqual(expect.arrayContaining([['refunds'], ['refund-counts'], ['refund', SN]]));
  });

  it('refuses only with a reason, checked before anything is sent', async () => {
    const { api } = renderDetail(refundDetail(), 'owner', () => refundDetail({ returnMoneySts: 7, sellerMsg: '已签收且无质量问题', canAccept: false, canRefuse: false }));
    fireEvent.click(await screen.findByRole('button', { name: 'refundDetail.actions.refuse' }));
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByRole('textbox', { name: 'refundDetail.refuse.reason' });
    expect(box.getAttribute('maxlength')).toBe('200');
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'refundDetail.refuse.submit' }));
    await within(dialog).findByText('refundDetail.refuse.refuseReasonRequired{"max":200}');
    expect(puts(api)).toHaveLength(0);

    fireEvent.change(box, { target: { value: '  已签收且无质量问题 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'refundDetail.refuse.submit' }));
    await waitFor(() => expect(puts(api)).toEqual([[`/merchant/refunds/${SN}/refuse`, expect.objectContaining({ body: { reason: '已签收且无质量问题' } })]]));
    await screen.findByText('refundDetail.actions.refused');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('已签收且无质量问题')).toBeTruthy();
  });

  it("accepts a return with the address it sends, prefilled from the shop's and checked first", async () => {
    const { api } = renderDetail(refundDetail({ applyType: 2 }), 'owner', () => refundDetail({ applyType: 2, returnMoneySts: 2, canAccept: false, canRefuse: false }));
    const form = await screen.findByRole('form', { name: 'refundDetail.returnAddress' });
    const addr = within(form).getByRole('textbox', { name: 'refundDetail.address.address' }) as HTMLTextAreaElement;
    await waitFor(() => expect(addr.value).toBe(ADDRESS.receiverAddr));
    expect(screen.getByTestId('refund-deadline').textContent).toContain('"then":"refundDetail.deadline.agreeReturn"');

    fireEvent.change(within(form).getByRole('textbox', { name: 'refundDetail.address.mobile' }), { target: { value: '12345' } });
    fireEvent.click(within(form).getByRole('button', { name: 'refundDetail.actions.acceptReturn' }));
    await within(form).findByText('refundDetail.address.returnMobileInvalid');
    expect(puts(api)).toHaveLength(0);

    fireEvent.change(within(form).getByRole('textbox', { name: 'refundDetail.address.mobile' }), { target: { value: '0571-88886666' } });
    // Kept as the shop's own address too: saved first, then the return is accepted with it.
    fireEvent.click(within(form).getByRole('checkbox', { name: 'refundDetail.address.saveAsDefault' }));
    fireEvent.click(within(form).getByRole('button', { name: 'refundDetail.actions.acceptReturn' }));
    const sent = { ...ADDRESS, receiverMobile: '0571-88886666' };
    await waitFor(() =>
      expect(puts(api)).toEqual([
        ['/merchant/refunds/return-address', expect.objectContaining({ body: sent })],
        [`/merchant/refunds/${SN}/accept`, expect.objectContaining({ body: { returnAddress: sent } })],
      ]),
    );
  });

  it('lets the warehouse confirm a returned parcel, which refunds, and nothing else', async () => {
    const shipped = refundDetail({
      applyType: 2,
      returnMoneySts: 3,
      deadlineAction: 'receive',
      canAccept: true,
      canRefuse: true,
      canReceive: true,
      delivery: { dvyId: 1, dvyName: '顺丰速运', dvyFlowId: 'SF1234567890', senderMobile: '13800000001', senderRemarks: '', imgs: [], receiverName: '李店长', receiverMobile: '13900000002', receiverAddr: ADDRESS.receiverAddr },
    });
    const { api } = renderDetail(shipped, 'warehouse', () => ({ ...shipped, returnMoneySts: 4, settleStatus: 1, canReceive: false }));
    expect(await screen.findByText('refundDetail.waybillText{"company":"顺丰速运","waybill":"SF1234567890"}')).toBeTruthy();
    expect(screen.getByTestId('refund-deadline').textContent).toContain('refundDetail.deadline.receive{"time":"2099-12-08 10:00:00"}');
    // The warehouse holds refunds.receive only: no accept, no refuse, even where the request allows them.
    expect(screen.queryByRole('button', { name: 'refundDetail.actions.refuse' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'refundDetail.returnAddress' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'refundDetail.actions.receive' }));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: 'refundDetail.actions.confirm' }));
    await waitFor(() => expect(puts(api)).toEqual([[`/merchant/refunds/${SN}/receive`, expect.objectContaining({ body: {} })]]));
    await screen.findByText('refundDetail.actions.received');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'refundDetail.actions.receive' })).toBeNull());
  });
});
