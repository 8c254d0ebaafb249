import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CouponList } from './coupon-list.tsx';
import { couponDetail, couponRow, platformIssuer, shopIssuer } from './test/coupons.ts';
import { fakeApi, renderInConsole } from './test/render.tsx';

const page = (records: unknown[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });

describe('the coupon list (both consoles)', () => {
  it("lists the merchant's coupons from its path, in its texts, and ends one after a confirmation", async () => {
    const api = fakeApi((path) => (path.endsWith('/end') ? couponDetail({ state: 'ended' }) : page([couponRow(), couponRow({ couponId: 8, nameZh: '旧券', state: 'ended' })])));
    const { invalidated, container } = renderInConsole(<CouponList issuer={shopIssuer(api)} onOpen={() => undefined} onCreate={() => undefined} />);

    expect(screen.getByRole('heading', { name: 'coupons.title' }).id).toBe('coupons-title');
    expect(container.querySelector('section')?.getAttribute('aria-labelledby')).toBe('coupons-title');
    await screen.findByText('满100减10', { selector: 'strong' });
    expect(api).toHaveBeenCalledWith('/merchant/coupons', expect.objectContaining({ lang: 'zh', query: { state: 'all', keyword: '', current: 1, size: 10 } }));
    expect(screen.getByTestId('coupon-usage-7').textContent).toBe('coupons.usage{"received":10,"used":3,"amount":"¥30.00"}');
    // An ended coupon is only viewed; an open one is edited or ended.
    expect(screen.getByRole('button', { name: 'coupons.actionOn{"action":"coupons.view","name":"旧券"}' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'coupons.actionOn{"action":"coupons.end","name":"旧券"}' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'coupons.actionOn{"action":"coupons.end","name":"满100减10"}' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('coupons.endConfirm{"name":"满100减10"}').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'coupons.endOk' }));
    await waitFor(() => expect(api).toHaveBeenCalledWith('/merchant/coupons/7/end', expect.objectContaining({ method: 'POST' })));
    await waitFor(() => expect(invalidated).toEqual([['coupons']]));
  });

  it("lists the platform's coupons with its path, keys, texts and ids, and reads the audit log again after an end", async () => {
    const api = fakeApi((path) => (path.endsWith('/end') ? couponDetail({ shopId: 0, state: 'ended' }) : page([couponRow({ shopId: 0, getWay: 1 })])));
    const { invalidated } = renderInConsole(<CouponList issuer={platformIssuer(api)} onOpen={() => undefined} onCreate={() => undefined} />);

    expect(screen.getByRole('heading', { name: 'platformCoupons.title' }).id).toBe('platform-coupons-title');
    await screen.findByText('platformCoupons.issuedOnly');
    expect(api).toHaveBeenCalledWith('/admin/coupons', expect.anything());
    fireEvent.click(screen.getByRole('button', { name: 'platformCoupons.actionOn{"action":"platformCoupons.end","name":"满100减10"}' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'platformCoupons.endOk' }));
    await waitFor(() => expect(invalidated).toEqual([['platform-coupons'], ['audit']]));
    expect(api).toHaveBeenCalledWith('/admin/coupons/7/end', expect.objectContaining({ method: 'POST' }));
  });
});
