// @vitest-environment happy-dom
// The buy panel of /secdetail in the browser: the SKU picker shows the chosen SKU's flash and usual
// prices and its stock, "buy" asks for the order path and opens the confirm page for the chosen
// SKU, and a 204 on the way (the activity ended meanwhile) shows "活动已结束！" and goes home.
import { createElement } from 'react';
import { useLocation } from 'react-router';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@bazaar/shared/constants/limits';
import type { SeckillDetail } from '@bazaar/shared/schemas/seckill';
import { ApiError, api } from '../../lib/api.ts';
import { onApiEvent } from '../../lib/api-events.ts';
import { dismissToast } from '../../components/ui/toast.tsx';
import { SeckillBuyPanel, confirmOrderHref } from './seckill-buy-panel.tsx';
import { LANGUAGES, START_AT, renderInShell, seckillDetail, t } from './seckill-fixtures.ts';

const ORDER_PATH = 'p4th-0f-0ne-t1me-0nly';

afterEach(() => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
});

/** The API: the order path answers `orderPath` (a JSON body, or a bare status), anything else (the traffic log) 200. */
function stubApi(orderPath: { status: 200; body: unknown } | { status: number }) {
  const fetch = vi.fn(async (url: string) => {
    if (url.startsWith('/api/p/seckill/orderPath')) {
      return 'body' in orderPath ? Response.json(orderPath.body) : new Response(null, { status: orderPath.status });
    }
    return Response.json({});
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The confirm page: shows the address it was opened with. */
function ConfirmPage() {
  const { pathname, search } = useLocation();
  return createElement('p', { 'data-testid': 'confirm-page' }, pathname + search);
}

function renderPanel(lang: Language, detail: SeckillDetail, onStale = () => undefined) {
  return renderInShell(lang, `/secdetail/${detail.seckillId}`, [
    { path: 'secdetail/:seckillId', Component: () => createElement(SeckillBuyPanel, { detail, now: START_AT + 60_000, isLoggedIn: true, onStale }) },
    { path: 'secdetail/confirm-order', Component: ConfirmPage },
  ]);
}

const shownPrice = () => document.querySelector('.purchase__price .price__now')?.textContent;
const shownUsualPrice = () => document.querySelector('.seckill-buy__was s')?.textContent;
const shownStock = () => screen.getByTestId('seckill-stock').firstChild?.textContent;

for (const lang of LANGUAGES) {
  describe(`the SKU picker (${lang})`, () => {
    it("shows the chosen SKU's prices and stock, and buys the SKU chosen", async () => {
      const fetch = stubApi({ status: 200, body: { orderPath: ORDER_PATH } });
      const detail = seckillDetail();
      renderPanel(lang, detail);
      const picker = screen.getByRole('radiogroup', { name: t(lang, 'seckill.detail.spec') });
      expect(within(picker).getAllByRole('radio').map((r) => r.textContent)).toEqual(['白色', '青色', '黑色']);
      // The first SKU with stock is chosen to start.
      expect(screen.getByRole('radio', { name: '白色' }).getAttribute('aria-checked')).toBe('true');
      expect(shownPrice()).toBe('¥59.00');
      expect(shownUsualPrice()).toBe('¥88.00');
      expect(shownStock()).toBe(t(lang, 'seckill.detail.stockLeft', { count: 5 }));

      fireEvent.click(screen.getByRole('radio', { name: '青色' }));
      expect(screen.getByRole('radio', { name: '青色' }).getAttribute('aria-checked')).toBe('true');
      expect(screen.getByRole('radio', { name: '白色' }).getAttribute('aria-checked')).toBe('false');
      expect(shownPrice()).toBe('¥69.00');
      expect(shownUsualPrice()).toBe('¥99.00');
      expect(shownStock()).toBe(t(lang, 'seckill.detail.stockLeft', { count: 2 }));

      const buy = screen.getByTestId('seckill-buy');
      expect(buy.getAttribute('data-state')).toBe('buy');
      fireEvent.click(buy);
      const confirm = await screen.findByTestId('confirm-page');
      expect(fetch).toHaveBeenCalledWith('/api/p/seckill/orderPath?prodId=42&seckillId=5', expect.objectContaining({ method: 'GET' }));
      expect(confirm.textContent).toBe(confirmOrderHref(detail, 72, ORDER_PATH));
      const query = new URL(confirm.textContent!, 'http://shop.test').searchParams;
      expect(Object.fromEntries(query)).toEqual({ seckillId: '5', prodId: '42', shopId: '3', seckillSkuId: '72', prodCount: '1', orderPath: ORDER_PATH });
    });
  });
}

describe('the SKU picker', () => {
  it('keeps a sold-out SKU out of reach and starts on the first SKU with stock', () => {
    stubApi({ status: 200, body: { orderPath: ORDER_PATH } });
    const detail = seckillDetail();
    renderPanel('en', { ...detail, skuList: [detail.skuList[2]!, detail.skuList[1]!] });
    const soldOut = screen.getByRole('radio', { name: '黑色' });
    expect(soldOut.hasAttribute('disabled')).toBe(true);
    expect(soldOut.getAttribute('title')).toBe(t('en', 'seckill.detail.specUnavailable', { name: '黑色' }));
    expect(screen.getByRole('radio', { name: '青色' }).getAttribute('aria-checked')).toBe('true');
    expect(shownPrice()).toBe('¥69.00');
    expect(shownStock()).toBe(t('en', 'seckill.detail.stockLeft', { count: 2 }));
  });

  it('buys the first SKU with stock when none was picked', async () => {
    stubApi({ status: 200, body: { orderPath: ORDER_PATH } });
    const detail = seckillDetail();
    renderPanel('zh', detail);
    fireEvent.click(screen.getByTestId('seckill-buy'));
    expect(new URL((await screen.findByTestId('confirm-page')).textContent!, 'http://shop.test').searchParams.get('seckillSkuId')).toBe('71');
  });
});

for (const lang of LANGUAGES) {
  describe(`a 204 on the way to the confirm page (${lang})`, () => {
    it('shows that the activity has ended and goes to the home page', async () => {
      const fetch = stubApi({ status: 204 });
      const onStale = vi.fn();
      renderPanel(lang, seckillDetail(), onStale);
      fireEvent.click(screen.getByTestId('seckill-buy'));
      expect(await screen.findByTestId('home')).toBeTruthy();
      expect(document.querySelector('.toast--error .toast__text')?.textContent).toBe(t(lang, 'errors.activityEnded'));
      if (lang === 'zh') expect(t(lang, 'errors.activityEnded')).toBe('活动已结束！');
      expect(fetch).toHaveBeenCalledWith('/api/p/seckill/orderPath?prodId=42&seckillId=5', expect.anything());
      expect(screen.queryByTestId('confirm-page')).toBeNull();
      expect(onStale).not.toHaveBeenCalled();
    });
  });
}

describe("the API client's 204 in the browser", () => {
  it('reports the ended activity to the page and fails the call with status 204', async () => {
    stubApi({ status: 204 });
    const events: unknown[] = [];
    const stop = onApiEvent((event) => events.push(event));
    try {
      const call = api('/p/seckill/orderPath', { query: { prodId: 42, seckillId: 5 } });
      await expect(call).rejects.toBeInstanceOf(ApiError);
      await expect(call).rejects.toMatchObject({ status: 204 });
    } finally {
      stop();
    }
    expect(events).toEqual([{ type: 'activity-ended' }]);
  });

});
