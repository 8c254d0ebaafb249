// A user-center page whose data could not be loaded shows the user center's error panel, with the
// menu, a message in the shopper's language and a retry, instead of an empty panel: the store
// application, store account and address loaders no longer swallow a failure (a refused token
// still shows the sign-in gate, by answering null).
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchTransport, setServerTransport } from '../lib/api.ts';
import { catalogs } from '@bazaar/shared/i18n/catalogs';
import { I18nProvider, provideCatalog } from '../lib/i18n.tsx';
import { ErrorBoundary } from './user-center.tsx';
import { loader as addressLoader } from './user-center.uc-address.tsx';
import { loader as freeShopLoader } from './user-center.uc-freeshop.tsx';
import { loader as shopAccountLoader } from './user-center.uc-shopaccount.tsx';

provideCatalog('zh', catalogs.zh);
provideCatalog('en', catalogs.en);

afterEach(() => vi.unstubAllGlobals());

const loaders = { 'uc-freeshop': freeShopLoader, 'uc-shopaccount': shopAccountLoader, 'uc-address': addressLoader } as const;
const call = (name: keyof typeof loaders) =>
  (loaders[name] as (args: { request: Request }) => Promise<unknown>)({
    request: new Request(`http://shop.test/user-center/${name}`, { headers: { Cookie: 'token=t0k3n' } }),
  });
const answer = (status: number) => new Response(JSON.stringify(status === 200 ? [] : 'down'), { status, headers: { 'content-type': 'application/json' } });

describe('user-center loaders', () => {
  // These tests stub fetch; the server's own transport (node:http) has its tests in api-transport.server.test.ts.
  beforeEach(() => setServerTransport(fetchTransport));
  for (const name of Object.keys(loaders) as (keyof typeof loaders)[]) {
    it(`${name} reports a failed call instead of an empty page`, async () => {
      vi.stubGlobal('fetch', vi.fn(async () => answer(503)));
      await expect(call(name)).rejects.toThrow();
    });

    it(`${name} leaves a refused token to the sign-in gate`, async () => {
      vi.stubGlobal('fetch', vi.fn(async () => answer(401)));
      await expect(call(name)).resolves.toBeNull();
    });
  }
});

describe('the user center error panel', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`keeps the menu, says what failed and offers a retry (${lang})`, () => {
      const t = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogs[lang]) as string;
      const Stub = createRoutesStub([{ id: 'user-center', path: '/user-center/*', Component: () => null, ErrorBoundary }]);
      const page = createElement(Stub, { initialEntries: ['/user-center/uc-shopaccount'], hydrationData: { errors: { 'user-center': new Error('down') } } });
      const html = renderToString(createElement(I18nProvider, { lang, children: page }));
      expect(html).toContain(t('userCenter.menu.label'));
      expect(html).toContain(t('shopAccount.menu'));
      expect(html).toMatch(new RegExp(`role="alert"[^>]*>${t('userCenter.loadFailed').replace(/[.?]/g, '\\$&')}<`));
      expect(html).toMatch(new RegExp(`<button[^>]*>${t('userCenter.retry')}</button>`));
    });
  }
});
