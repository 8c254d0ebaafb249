import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CouponForm } from './coupon-form.tsx';
import { couponDetail, platformIssuer, shopIssuer } from './test/coupons.ts';
import { fakeApi, renderInConsole } from './test/render.tsx';

const tea = { prodId: 5, prodName: '红茶', pic: '', price: 1990, onShelf: false };

describe('the coupon form (both consoles)', () => {
  it("edits one of the shop's coupons at the merchant path and reads its list and itself again", async () => {
    const api = fakeApi((_path, options) => couponDetail(options.method === 'PUT' ? { nameZh: '新名' } : { usage: { received: 0, used: 0, reducedAmount: 0 } }));
    const onDone = vi.fn();
    const { invalidated } = renderInConsole(<CouponForm issuer={shopIssuer(api)} couponId={7} onDone={onDone} />);

    expect(screen.getByRole('heading', { name: 'coupons.form.editTitle' }).id).toBe('coupon-edit-title');
    const name = await screen.findByDisplayValue('满100减10');
    expect(api).toHaveBeenCalledWith('/merchant/coupons/7', expect.objectContaining({ lang: 'zh' }));
    expect(screen.getByTestId('coupon-usage').textContent).toBe('coupons.form.usage{"received":0,"used":0,"amount":"¥0.00"}');
    expect(screen.queryByText('coupons.form.termsLocked')).toBeNull();

    fireEvent.change(name, { target: { value: '新名' } });
    fireEvent.click(screen.getByRole('button', { name: 'coupons.form.save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const put = api.mock.calls.find(([, options]) => options.method === 'PUT');
    expect(put?.[0]).toBe('/merchant/coupons/7');
    expect(put?.[1].body).toMatchObject({ nameZh: '新名', cashCondition: 10000, reduceAmount: 1000, productIds: [], startTime: '2026-11-01 00:00:00' });
    expect(invalidated).toEqual([['coupons'], ['coupon']]);
  });

  it("edits a platform coupon shoppers hold: terms fixed, the platform's words for its products, the audit log read again", async () => {
    const api = fakeApi(() => couponDetail({ shopId: 0, suitableProdType: 1, productCount: 1, products: [tea] }));
    const onDone = vi.fn();
    const { invalidated } = renderInConsole(<CouponForm issuer={platformIssuer(api)} couponId={7} onDone={onDone} />);

    expect(screen.getByRole('heading', { name: 'platformCoupons.form.editTitle' }).id).toBe('platform-coupon-edit-title');
    await screen.findByText('platformCoupons.form.termsLocked');
    expect(api).toHaveBeenCalledWith('/admin/coupons/7', expect.anything());
    // The listed product, marked off the shelf, with no remove or pick button while the terms are fixed.
    // The list follows the watched scope, which follows the loaded values a render later.
    expect(await screen.findByText('platformCoupons.picker.offShelf')).toBeTruthy();
    expect(screen.getByText('platformCoupons.picker.name')).toBeTruthy();
    expect(screen.queryByText('platformCoupons.form.remove')).toBeNull();
    expect(screen.queryByRole('button', { name: 'platformCoupons.form.pick' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'platformCoupons.form.save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api).toHaveBeenCalledWith('/admin/coupons/7', expect.objectContaining({ method: 'PUT', body: expect.objectContaining({ productIds: [5], suitableProdType: 1 }) }));
    expect(invalidated).toEqual([['platform-coupons'], ['platform-coupon'], ['audit']]);
  });

  it('shows an ended coupon to view, without a save button', async () => {
    const api = fakeApi(() => couponDetail({ state: 'ended' }));
    renderInConsole(<CouponForm issuer={shopIssuer(api)} couponId={7} onDone={() => undefined} />);
    await screen.findByText('coupons.form.locked');
    expect(screen.getByRole('heading', { name: 'coupons.form.viewTitle' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'coupons.form.save' })).toBeNull();
  });

  it('starts a new coupon empty and sends nothing while a required field is empty', async () => {
    const api = fakeApi(() => couponDetail());
    renderInConsole(<CouponForm issuer={platformIssuer(api)} couponId={null} onDone={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'platformCoupons.form.addTitle' })).toBeTruthy();
    expect(screen.queryByTestId('coupon-usage')).toBeNull();
    // Required fields left empty: the form says which, and nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'platformCoupons.form.save' }));
    await screen.findByText('platformCoupons.form.required{"field":"platformCoupons.form.nameZh"}');
    expect(api).not.toHaveBeenCalled();
  });
});
