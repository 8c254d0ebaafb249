// The storefront's unit tests' server render (never imported by the app): both catalogs provided,
// a part rendered under a router stub in a language, the catalog's text, and that text as React's
// server render writes it in markup.
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { catalogs } from '@bazaar/shared/i18n/catalogs';
import type { Language } from '@bazaar/shared/constants/limits';
import { I18nProvider, i18nFor, provideCatalog } from '../lib/i18n.tsx';

provideCatalog('zh', catalogs.zh);
provideCatalog('en', catalogs.en);

/** The server render of a part under a router, in a language. */
export function renderHtml(lang: Language, element: ReactNode): string {
  const Stub = createRoutesStub([{ path: '/', Component: () => element }]);
  return renderToString(createElement(I18nProvider, { lang, children: createElement(Stub) }));
}

export const t = (lang: Language, key: string, values?: Record<string, unknown>): string => i18nFor(lang).t(key, values);

/** Text as React's server render writes it in markup. */
export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/'/g, '&#x27;');
