// /write-comments?orderNumber=: the loader asks for the order's lines still to review; a malformed
// number asks nothing, and an order the API refuses (400/404) is the empty state, never an error.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchTransport, setServerTransport } from '../lib/api.ts';
import { reviewItem } from '../features/review/review-fixtures.ts';
import { loader } from './write-comments.tsx';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setServerTransport(fetchTransport));

const call = (query: string, cookie = 'token=t0k3n') =>
  (loader as unknown as (args: { request: Request }) => Promise<{ orderNumber: string | null; items: unknown[] | null }>)({
    request: new Request(`http://shop.test/write-comments${query}`, { headers: { Cookie: cookie } }),
  });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const line = reviewItem;

describe('write-comments loader', () => {
  it("asks for the order's lines to review", async () => {
    const fetch = vi.fn(async () => json(200, { records: [line], total: 1, size: 100, current: 1, pages: 1 }));
    vi.stubGlobal('fetch', fetch);
    await expect(call('?orderNumber=2026112012000001')).resolves.toEqual({ orderNumber: '2026112012000001', items: [line] });
    const url = new URL(String((fetch.mock.calls[0] as unknown[])[0]));
    expect(url.pathname).toBe('/p/myOrder/myOrderItemsComment');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ commStatus: '0', orderNumber: '2026112012000001' });
  });

  it('answers no lines for a malformed order number without asking', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    for (const query of ['', '?orderNumber=', '?orderNumber=abc', '?orderNumber=1%27%20or%201=1', `?orderNumber=${'9'.repeat(21)}`])
      await expect(call(query)).resolves.toEqual({ orderNumber: null, items: [] });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("answers no lines for an order the API refuses (unknown or someone else's)", async () => {
    for (const status of [400, 404]) {
      vi.stubGlobal('fetch', vi.fn(async () => json(status, '订单不存在')));
      await expect(call('?orderNumber=123456')).resolves.toEqual({ orderNumber: '123456', items: [] });
    }
  });

  it('leaves a visitor or a refused token to the sign-in panel, and reports a failed call', async () => {
    await expect(call('?orderNumber=123456', '')).resolves.toEqual({ orderNumber: '123456', items: null });
    vi.stubGlobal('fetch', vi.fn(async () => json(401, 'login')));
    await expect(call('?orderNumber=123456')).resolves.toEqual({ orderNumber: '123456', items: null });
    vi.stubGlobal('fetch', vi.fn(async () => json(503, 'down')));
    await expect(call('?orderNumber=123456')).rejects.toThrow();
  });
});
