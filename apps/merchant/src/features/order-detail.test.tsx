import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderInConsole } from '@bazaar/console-ui/test/render.tsx';
import { MERCHANT_ROLE_PERMISSIONS } from '@bazaar/shared/constants/permissions';
import type { MerchantOrderDetail } from '@bazaar/shared/schemas/merchant';
import { PermissionsContext } from '../lib/access.tsx';
import { I18nContext, translator, type Lang } from '../lib/i18n.tsx';
import { OrderDetailPage } from './order-detail.tsx';

const item = (orderItemId: number, prodName: string, prodCount: number, refundedCount: number) => ({
  orderItemId,
  prodId: orderItemId + 100,
  skuId: orderItemId + 200,
  prodName,
  skuName: '',
  pic: null,
  price: 1_990,
  prodCount,
  shippedCount: 0,
  refundedCount,
});

/** A paid order of three lines: one towel of two refunded before shipment, the only bath towel refunded, two cups. */
const order: MerchantOrderDetail = {
  orderNumber: '1900000000000000009',
  status: 2,
  orderType: 0,
  orderMold: 0,
  dvyType: 1,
  total: 9_950,
  freight: 0,
  reduceAmount: 0,
  actualTotal: 9_950,
  remarks: '',
  buyerName: '王小明',
  createTime: '2026-12-01 10:00:00',
  payTime: '2026-12-01 10:01:00',
  dvyTime: null,
  finallyTime: null,
  address: { receiver: '王小明', mobile: '13800000001', province: '浙江省', city: '杭州市', area: '西湖区', addr: '文三路 1 号' },
  items: [item(11, 'Towel', 2, 1), item(12, 'Bath towel', 1, 1), item(13, 'Cup', 2, 0)],
  packages: [],
};

function renderOrder(lang: Lang) {
  const api = fakeApi((path) => (path === '/merchant/delivery/list' ? [{ dvyId: 3, dvyName: 'SF' }] : order));
  renderInConsole(
    <I18nContext.Provider value={{ lang, t: translator(lang), setLang: () => undefined }}>
      <PermissionsContext.Provider value={MERCHANT_ROLE_PERMISSIONS.owner}>
        <OrderDetailPage api={api} orderNumber={order.orderNumber} onBack={() => undefined} />
      </PermissionsContext.Provider>
    </I18nContext.Provider>,
  );
  return api;
}

const form = async (title: string) => (await screen.findByRole('heading', { name: title, level: 3 })).parentElement!;

describe('shipping an order after a refund before shipment', () => {
  it('packs only the pieces not refunded, says which were refunded, and ships them (zh)', async () => {
    const api = renderOrder('zh');
    const ship = await form('发货');
    const towel = within(ship).getByRole('spinbutton', { name: '包裹 1 Towel 的件数' }) as HTMLInputElement;
    expect(towel.value).toBe('1');
    expect(towel.getAttribute('aria-valuemax')).toBe('1');
    expect((within(ship).getByRole('spinbutton', { name: '包裹 1 Cup 的件数' }) as HTMLInputElement).value).toBe('2');
    // The bath towel was wholly refunded: not offered at all.
    expect(within(ship).queryByRole('spinbutton', { name: '包裹 1 Bath towel 的件数' })).toBeNull();
    expect(within(ship).getByTestId('ship-line-refunded').textContent).toBe('Bath towel已退款 1 件，无需发货');
    expect(within(ship).getByText('已退款 1 件')).toBeTruthy();
    expect(within(ship).queryByText(/未放入包裹/)).toBeNull();

    fireEvent.mouseDown(within(ship).getByRole('combobox', { name: '包裹 1 物流公司' }));
    fireEvent.click(await screen.findByTitle('SF'));
    fireEvent.change(within(ship).getByRole('textbox', { name: '包裹 1 运单号' }), { target: { value: 'SF1234567890' } });
    fireEvent.click(within(ship).getByRole('button', { name: '确认发货' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith(
        '/merchant/order/delivery',
        expect.objectContaining({
          method: 'POST',
          body: {
            orderNumber: order.orderNumber,
            packages: [
              {
                dvyId: 3,
                dvyFlowId: 'SF1234567890',
                items: [
                  { orderItemId: 11, count: 1 },
                  { orderItemId: 13, count: 2 },
                ],
              },
            ],
          },
        }),
      ),
    );
  });

  it('counts only the pieces not refunded as missing, and says so once (en)', async () => {
    const api = renderOrder('en');
    const ship = await form('Ship');
    expect(within(ship).getByText('1 piece refunded')).toBeTruthy();
    expect(within(ship).getByTestId('ship-line-refunded').textContent).toBe('Bath towel1 piece refunded, nothing to ship');
    expect(within(ship).queryByRole('spinbutton', { name: 'Package 1 Pieces of Bath towel' })).toBeNull();
    const towel = within(ship).getByRole('spinbutton', { name: 'Package 1 Pieces of Towel' }) as HTMLInputElement;
    expect(towel.value).toBe('1');
    // The items table shows the refunded pieces too.
    expect(screen.getByRole('columnheader', { name: 'Refunded' })).toBeTruthy();

    fireEvent.change(towel, { target: { value: '0' } });
    fireEvent.blur(towel);
    await waitFor(() => expect(within(ship).getAllByText('1 item is not in a package yet')).toHaveLength(1));
    fireEvent.mouseDown(within(ship).getByRole('combobox', { name: 'Package 1 Courier' }));
    fireEvent.click(await screen.findByTitle('SF'));
    fireEvent.change(within(ship).getByRole('textbox', { name: 'Package 1 Waybill number' }), { target: { value: 'SF1234567890' } });
    fireEvent.click(within(ship).getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(within(ship).getByRole('alert').textContent).toContain('1 item is not in a package yet'));
    expect(within(ship).getAllByText('1 item is not in a package yet')).toHaveLength(1);
    expect(api).not.toHaveBeenCalledWith('/merchant/order/delivery', expect.anything());
  });
});
