import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { ProductPickerModal } from './product-picker.tsx';
import { fakeApi, renderInConsole } from './test/render.tsx';

const RowSchema = z.object({ prodId: z.number(), nameZh: z.string(), nameEn: z.string().nullable(), pic: z.string(), price: z.number(), status: z.number() });
type Row = z.infer<typeof RowSchema>;
const rows: Row[] = [
  { prodId: 1, nameZh: '红茶', nameEn: 'Black tea', pic: '/a.jpg', price: 1990, status: 1 },
  { prodId: 2, nameZh: '绿茶', nameEn: null, pic: '/b.jpg', price: 2990, status: 0 },
];

describe('the product picker', () => {
  it('keeps what was picked, adds and removes rows, and hands back the products as a coupon or promotion lists them', async () => {
    const api = fakeApi(() => ({ records: rows, total: 2, size: 8, current: 1, pages: 1 }));
    const onDone = vi.fn();
    const kept = { prodId: 9, prodName: '旧品', pic: '', price: 100, onShelf: true };
    renderInConsole(
      <ProductPickerModal<Row>
        api={api}
        path="/admin/products"
        queryKey="coupon-picker"
        rowSchema={RowSchema}
        prefix="platformCoupons"
        width={760}
        columns={(nameOf) => [{ title: 'name', render: (_v, p) => nameOf(p) }]}
        initial={[kept]}
        onCancel={() => undefined}
        onDone={onDone}
      />,
    );
    await screen.findByText('红茶');
    expect(api).toHaveBeenCalledWith('/admin/products', expect.objectContaining({ query: { keyword: '', current: 1, size: 8 } }));
    expect(screen.getByText('platformCoupons.picker.title')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: '红茶' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '绿茶' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '红茶' }));
    fireEvent.click(screen.getByRole('button', { name: 'platformCoupons.picker.done{"count":2}' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith([kept, { prodId: 2, prodName: '绿茶', pic: '/b.jpg', price: 2990, onShelf: false }]));
  });
});
