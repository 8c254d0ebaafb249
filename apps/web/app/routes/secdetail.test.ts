// A flash sale that ended before its page was read: the API answers 204 to the detail
// (/seckill/prod) and to the confirm (/p/seckill/{path}/confirm). On the server the loaders turn that
// into the 'ended' page, which renders SeckillEnded: its title and the way back; in the browser that
// page then shows "活动已结束！" and goes home (features/seckill/seckill-messages.test.ts). Other
// answers keep their own pages.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@bazaar/shared/constants/limits';
import { fetchTransport, setServerTransport } from '../lib/api.ts';
import { onApiEvent } from '../lib/api-events.ts';
import { I18nProvider } from '../lib/i18n.tsx';
import { LANGUAGES, escapeHtml, seckillDetail, t } from '../features/seckill/seckill-fixtures.ts';
import Secdetail, { loader as detailLoader } from './secdetail.tsx';
import SeckillConfirmOrder, { loader as confirmLoader } from './secdetail.confirm-order.tsx';

type Loader = (args: { request: Request; params: Record<string, string | undefined> }) => Promise<unknown>;
const ORDER_PATH = 'p4th-0f-0ne-t1me-0nly';
const CONFIRM_URL = `http://shop.test/secdetail/confirm-order?seckillId=5&prodId=42&shopId=3&seckillSkuId=72&prodCount=1&orderPath=${ORDER_PATH}`;

/** The API: `answer(path)` gives a status and a body: JSON, a message's text, or none (a 204). */
function stubApi(answer: (path: string) => { status: number; body?: unknown }) {
  const fetch = vi.fn(async (url: string) => {
    const { status, body } = answer(new URL(url).pathname);
    if (body === undefined) return new Response(null, { status });
    return typeof body === 'string' ? new Response(body, { status }) : Response.json(body, { status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

// These tests stub fetch; the server's own transport (node:http) has its tests in api-transport.server.test.ts.
beforeEach(() => setServerTransport(fetchTransport));
afterEach(() => vi.unstubAllGlobals());

describe('the /secdetail loader', () => {
  const load = (path: string) => (detailLoader as unknown as Loader)({ request: new Request(`http://shop.test${path}`, { headers: { Cookie: 'token=t0k3n' } }), params: { seckillId: path.split('/')[2] } });

  it("answers the 'ended' page to a 204, without the browser's event", async () => {
    const fetch = stubApi(() => ({ status: 204 }));
    const events: unknown[] = [];
    const stop = onApiEvent((event) => events.push(event));
    try {
      await expect(load('/secdetail/5')).resolves.toEqual({ state: 'ended' });
    } finally {
      stop();
    }
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]! as unknown as [string, RequestInit];
    expect(url).toMatch(/\/seckill\/prod\?seckillId=5$/);
    // Public: asked without the shopper's token.
    expect(init.headers).not.toHaveProperty('Authorization');
    // The toast and the way home are the browser's (SeckillEnded), not the server's.
    expect(events).toEqual([]);
  });

  it('answers the activity to a 200, and the missing page to a 404', async () => {
    const detail = seckillDetail();
    stubApi(() => ({ status: 200, body: detail }));
    await expect(load('/secdetail/5')).resolves.toEqual({ state: 'ok', detail });
    stubApi(() => ({ status: 404, body: 'seckill.errors.notFound' }));
    await expect(load('/secdetail/5')).resolves.toMatchObject({ data: { state: 'missing' }, init: { status: 404 } });
  });
});

describe('the /secdetail/confirm-order loader', () => {
  const load = () => (confirmLoader as unknown as Loader)({ request: new Request(CONFIRM_URL, { headers: { Cookie: 'token=t0k3n' } }), params: {} });

  it("answers the 'ended' page when the confirm answers 204", async () => {
    const fetch = stubApi((path) => (path.endsWith('/confirm') ? { status: 204 } : { status: 200, body: [] }));
    await expect(load()).resolves.toEqual({ state: 'ended' });
    const confirm = fetch.mock.calls.find(([url]) => new URL(url).pathname === `/p/seckill/${ORDER_PATH}/confirm`) as unknown as [string, RequestInit] | undefined;
    expect(confirm).toBeDefined();
    expect(confirm![1].method).toBe('POST');
    expect(JSON.parse(String(confirm![1].body))).toEqual({ addrId: 0, prodId: 42, shopId: 3, seckillSkuId: 72, prodCount: 1 });
  });

  it("keeps the confirm's refusal (400) as its message, not as an ended activity", async () => {
    stubApi((path) => (path.endsWith('/confirm') ? { status: 400, body: 'Insufficient inventory' } : { status: 200, body: [] }));
    await expect(load()).resolves.toMatchObject({ state: 'ready', result: null, error: 'Insufficient inventory' });
  });
});

describe("the routes' ended page, as the server renders it", () => {
  const render = (lang: Language, Component: () => React.ReactNode, path: string) => {
    const Stub = createRoutesStub([
      {
        id: 'root',
        path: '/',
        Component: Outlet,
        loader: () => ({ isLoggedIn: true }),
        children: [{ id: 'page', path: path.slice(1).split('?')[0], Component, loader: () => ({ state: 'ended' }) }],
      },
    ]);
    const page = createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { root: { isLoggedIn: true }, page: { state: 'ended' } } } });
    return renderToString(createElement(I18nProvider, { lang, children: page }));
  };

  for (const lang of LANGUAGES) {
    it(`shows the ended title and the way back to the flash sale, on both pages (${lang})`, () => {
      for (const [Component, path] of [
        [Secdetail, '/secdetail/5'],
        [SeckillConfirmOrder, '/secdetail/confirm-order'],
      ] as const) {
        const html = render(lang, Component as unknown as () => React.ReactNode, path);
        expect(html).toContain(`<h1 id="seckill-ended-title" class="message-panel__title">${escapeHtml(t(lang, 'seckill.detail.endedTitle'))}</h1>`);
        expect(html).toMatch(new RegExp(`<a [^>]*href="/flash-sale"[^>]*>${escapeHtml(t(lang, 'seckill.detail.back'))}</a>`));
      }
    });
  }
});
