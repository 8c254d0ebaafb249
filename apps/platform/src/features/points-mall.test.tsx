import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderInConsole } from '@bazaar/console-ui/test/render.tsx';
import { ADMIN_ROLE_PERMISSIONS } from '@bazaar/shared/constants/permissions';
import type { AdminPointsItemRow } from '@bazaar/shared/schemas/points-mall';
import { PermissionsContext } from '../lib/permissions.tsx';
import { PointsMallPage } from './points-mall.tsx';

const row = (over: Partial<AdminPointsItemRow> = {}): AdminPointsItemRow => ({
  itemId: 5,
  prodId: 40,
  shopId: 1,
  shopName: 'Bazaar 自营旗舰店',
  prodName: '定制保温杯',
  pic: '/uploads/seed/cup.svg',
  price: 12_900,
  prodStatus: 1,
  mold: 0,
  scorePrice: 800,
  cashPrice: 990,
  stocks: 20,
  maxNum: 2,
  soldNum: 3,
  status: 1,
  createdAt: '2026-12-06 09:00:00',
  updatedAt: '2026-12-06 09:00:00',
  ...over,
});
const page = <T,>(records: T[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });
const products = page([{ prodId: 41, shopId: 1, shopName: 'Bazaar 自营旗舰店', prodName: '帆布袋', pic: '/uploads/seed/bag.svg', price: 3_900, mold: 0, status: 1, totalStocks: 50 }]);

function answer(path: string, options: { method?: string; body?: unknown }) {
  if (path === '/admin/pointsMall/items' && options.method === 'POST') return { itemId: 6 };
  if (path === '/admin/pointsMall/items') return page([row()]);
  if (path === '/admin/pointsMall/products') return products;
  if (path === '/admin/pointsMall/items/5' && options.method === 'PUT') return row({ scorePrice: 900 });
  if (path === '/admin/pointsMall/items/5/status') return row({ status: (options.body as { status: number }).status });
  return undefined;
}

function renderAs(ui: React.ReactNode, role: keyof typeof ADMIN_ROLE_PERMISSIONS = 'operations') {
  return renderInConsole(<PermissionsContext.Provider value={ADMIN_ROLE_PERMISSIONS[role]}>{ui}</PermissionsContext.Provider>);
}

describe('the points mall page', () => {
  it('lists the items on shelf with their points, cash part, stock and limit, and searches by name', async () => {
    const api = fakeApi(answer);
    renderAs(<PointsMallPage api={api} />);
    expect(await screen.findByText('定制保温杯')).toBeTruthy();
    expect(screen.getByText('pointsmallAdmin.points{"n":800}')).toBeTruthy();
    expect(screen.getByText('¥9.90')).toBeTruthy();
    expect(screen.getByTestId('points-item-stock-5').textContent).toBe('pointsmallAdmin.stockSold{"stocks":20,"sold":3}');
    expect(screen.getByText('pointsmallAdmin.limitPieces{"n":2}')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('/admin/pointsMall/items', expect.objectContaining({ query: { status: 1, prodName: undefined, current: 1, size: 10 } }));
    fireEvent.change(screen.getByRole('textbox', { name: 'pointsmallAdmin.search' }), { target: { value: ' 保温杯 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'pointsmallAdmin.searchButton' }));
    await waitFor(() => expect(api).toHaveBeenLastCalledWith('/admin/pointsMall/items', expect.objectContaining({ query: { status: 1, prodName: '保温杯', current: 1, size: 10 } })));
    fireEvent.click(screen.getByRole('tab', { name: 'pointsmallAdmin.tabs.off' }));
    await waitFor(() => expect(api).toHaveBeenLastCalledWith('/admin/pointsMall/items', expect.objectContaining({ query: { status: 0, prodName: '保温杯', current: 1, size: 10 } })));
  });

  it('takes an item off the shelf and reads the list and the audit log again', async () => {
    const api = fakeApi(answer);
    const { invalidated } = renderAs(<PointsMallPage api={api} />);
    fireEvent.click(await screen.findByRole('button', { name: 'pointsmallAdmin.offOn{"name":"定制保温杯"}' }));
    await waitFor(() => expect(api).toHaveBeenCalledWith('/admin/pointsMall/items/5/status', expect.objectContaining({ method: 'POST', body: { status: 0 } })));
    await waitFor(() => expect(invalidated).toContainEqual(['audit']));
  });

  it('edits an item, sending the stock the form was loaded with', async () => {
    const api = fakeApi(answer);
    renderAs(<PointsMallPage api={api} />);
    fireEvent.click(await screen.findByRole('button', { name: 'pointsmallAdmin.editOn{"name":"定制保温杯"}' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'pointsmallAdmin.fields.scorePrice' }), { target: { value: '900' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'pointsmallAdmin.fields.stocks' }), { target: { value: '25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'pointsmallAdmin.save' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('/admin/pointsMall/items/5', expect.objectContaining({ method: 'PUT', body: { scorePrice: 900, cashPrice: 990, stocks: 25, maxNum: 2, baseStocks: 20 } })),
    );
  });

  it('creates an item on a chosen self-run product, points only, without a limit', async () => {
    const api = fakeApi(answer);
    renderAs(<PointsMallPage api={api} />);
    fireEvent.click(await screen.findByRole('button', { name: 'pointsmallAdmin.create' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'pointsmallAdmin.fields.product' }));
    fireEvent.click(await screen.findByText('帆布袋 · Bazaar 自营旗舰店 · ¥39.00'));
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'pointsmallAdmin.fields.scorePrice' }), { target: { value: '300' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'pointsmallAdmin.save' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('/admin/pointsMall/items', expect.objectContaining({ method: 'POST', body: { scorePrice: 300, cashPrice: 0, stocks: 100, maxNum: -1, prodId: 41, status: 1 } })),
    );
  });

  it('shows no create, edit or shelf buttons to a role without pointsmall.manage', async () => {
    const api = fakeApi(answer);
    renderAs(<PointsMallPage api={api} />, 'service');
    expect(await screen.findByText('定制保温杯')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'pointsmallAdmin.create' })).toBeNull();
    expect(screen.queryByRole('button', { name: /pointsmallAdmin.editOn/ })).toBeNull();
  });
});
