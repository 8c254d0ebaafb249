// A route's "could not load" page as the server renders it: the page's message as an alert, and
// its way back when it has one.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { catalogs } from '@bazaar/shared/i18n/catalogs';
import { I18nProvider, i18nFor, provideCatalog } from '../lib/i18n.tsx';
import { LoadFailedPage } from './load-failed.tsx';

provideCatalog('zh', catalogs.zh);
provideCatalog('en', catalogs.en);

const render = (lang: 'zh' | 'en', props: Parameters<typeof LoadFailedPage>[0]) => {
  const Stub = createRoutesStub([{ path: '/', Component: () => createElement(LoadFailedPage, props) }]);
  return renderToString(createElement(I18nProvider, { lang, children: createElement(Stub) }));
};

describe('LoadFailedPage', () => {
  it("shows the page's message as an alert, in each language", () => {
    for (const lang of ['zh', 'en'] as const) {
      const html = render(lang, { message: 'cartPage.loadFailed' });
      expect(html).toContain(`<p class="card message-panel" role="alert">${i18nFor(lang).t('cartPage.loadFailed')}</p>`);
      expect(html).not.toContain('<a ');
    }
  });

  it('offers the way back when the page has one', () => {
    const html = render('en', { message: 'checkout.loadFailed', back: { to: '/cart', label: 'checkout.backToCart' } });
    expect(html).toContain(`<p class="message-panel__text">${i18nFor('en').t('checkout.loadFailed')}</p>`);
    expect(html).toMatch(new RegExp(`<a [^>]*href="/cart"[^>]*>${i18nFor('en').t('checkout.backToCart')}</a>`));
  });
});
