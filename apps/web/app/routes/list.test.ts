// The special-discount tab of /list (st=2, set by searching from /special-discount): the loader asks
// for the products of the running shop promotions matching the term (GET /marking/discount/searchProd),
// not for the whole catalogue's search as st=0 does.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchTransport, setServerTransport } from '../lib/api.ts';
import { loader } from './list.tsx';

type Loader = (args: { request: Request; params: Record<string, string | undefined> }) => Promise<{ data: { page: { records: { prodId: number }[]; total: number } | null } }>;

const CARD = { prodId: 7, prodName: '手机壳', pic: '/uploads/a.jpg', price: 1_000, oriPrice: 2_000, soldNum: 3, totalStocks: 9, shopId: 2, shopName: '小店' };

function stubApi() {
  const fetch = vi.fn(async (url: string) => {
    const { pathname } = new URL(url);
    if (pathname === '/marking/discount/searchProd') return Response.json({ records: [CARD], total: 1, size: 20, current: 1, pages: 1 });
    if (pathname === '/search/page') return Response.json({ records: [], total: 0, totalCapped: false, size: 20, current: 1, pages: 0, keywords: [] });
    return Response.json([]);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => setServerTransport(fetchTransport));
afterEach(() => vi.unstubAllGlobals());

const load = (query: string) => (loader as unknown as Loader)({ request: new Request(`http://shop.test/list?${query}`), params: {} });

describe('the /list loader', () => {
  it("searches the shop promotions' products on the special-discount tab (st=2)", async () => {
    const fetch = stubApi();
    const { data } = await load(`pn=${encodeURIComponent('手机')}&st=2&sort=5&minPrice=5`);
    const urls = fetch.mock.calls.map(([url]) => new URL(url as string));
    const asked = urls.find((u) => u.pathname === '/marking/discount/searchProd');
    expect(asked?.searchParams.get('keyword')).toBe('手机');
    expect(asked?.searchParams.get('sort')).toBe('5');
    expect(asked?.searchParams.get('minPrice')).toBe('500');
    expect(urls.map((u) => u.pathname)).not.toContain('/search/page');
    expect(data.page?.records.map((r) => r.prodId)).toEqual([7]);
  });

  it('searches the whole catalogue on st=0', async () => {
    const fetch = stubApi();
    await load(`pn=${encodeURIComponent('手机')}&st=0`);
    const paths = fetch.mock.calls.map(([url]) => new URL(url as string).pathname);
    expect(paths).toContain('/search/page');
    expect(paths).not.toContain('/marking/discount/searchProd');
  });
});
