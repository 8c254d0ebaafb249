// Test data and render helpers for the flash sale's unit tests (never imported by the app): a session
// tab, a /flash-sale card and a /secdetail activity with three SKUs, the storefront tests' server
// render (app/test/server-render.ts), and a render in the test's DOM
// (files that set `@vitest-environment happy-dom`) inside the app shell, which shows the toasts
// and reacts to the API client's events as on a real page.
import { createElement, type ReactNode } from 'react';
import { createRoutesStub, Outlet, useNavigationType } from 'react-router';
import { render } from '@testing-library/react';
import type { SeckillCard, SeckillDetail, SeckillSession } from '@bazaar/shared/schemas/seckill';
import { parseApiTime } from '@bazaar/shared/constants/api-time';
import type { Language } from '@bazaar/shared/constants/limits';
import type { RootData } from '../../root.tsx';
import { I18nProvider } from '../../lib/i18n.tsx';
import { AppShell } from '../../components/app-shell.tsx';

export const LANGUAGES = ['zh', 'en'] as const satisfies readonly Language[];

export { escapeHtml, renderHtml, t } from '../../test/server-render.ts';

/** The home page of the browser renders: says it is the home page and how the router came to it. */
function Home() {
  return createElement('p', { 'data-testid': 'home' }, useNavigationType());
}

/**
 * Renders routes in the test's DOM (happy-dom) under the app shell (its toasts, its answers to
 * the API client's events) with a home page at '/', starting at `path`.
 */
export function renderInShell(lang: Language, path: string, routes: Array<{ path: string; Component: () => ReactNode }>) {
  const data = { lang, user: null, userInBrowser: false } as unknown as RootData;
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => createElement(AppShell, { data, children: createElement(Outlet) }),
      children: [{ index: true, Component: Home }, ...routes],
    },
  ]);
  return render(createElement(I18nProvider, { lang, children: createElement(Stub, { initialEntries: [path] }) }));
}

/** 10:00 to 12:00 on 2026-12-07 (Beijing time). */
const START_TIME = '2026-12-07 10:00:00';
const END_TIME = '2026-12-07 12:00:00';
export const START_AT = parseApiTime(START_TIME);
export const END_AT = parseApiTime(END_TIME);

/** A two-hour session of 2026-12-07 starting at `label` ('HH:00', before 22:00). */
export const seckillSession = (label: string, state: SeckillSession['state'], over: Partial<SeckillSession> = {}): SeckillSession => ({
  sessionKey: `20261207${label.replace(':', '')}`,
  label,
  startTime: `2026-12-07 ${label}:00`,
  endTime: `2026-12-07 ${String(Number(label.slice(0, 2)) + 2).padStart(2, '0')}${label.slice(2)}:00`,
  state,
  tomorrow: false,
  ...over,
});

/** A running flash sale of ¥59.00 (usually ¥88.00), 37% sold, two per shopper. */
export const seckillCard = (over: Partial<SeckillCard> = {}): SeckillCard => ({
  seckillId: 7,
  prodId: 42,
  prodName: '青花盖碗',
  pic: '/uploads/a.jpg',
  seckillPrice: 5_900,
  price: 8_800,
  startTime: START_TIME,
  endTime: END_TIME,
  state: 2,
  totalStocks: 100,
  stocksLeft: 63,
  soldPercent: 37,
  maxNum: 2,
  ...over,
});

/** A running flash sale with three SKUs: 白色 (5 left at ¥59.00), 青色 (2 left at ¥69.00), 黑色 (sold out). */
export const seckillDetail = (over: Partial<SeckillDetail> = {}): SeckillDetail => ({
  seckillId: 5,
  prodId: 42,
  shopId: 3,
  shopName: '瓷韵茶社',
  prodName: '青花盖碗',
  brief: '',
  pic: '/uploads/a.jpg',
  imgs: [],
  content: '',
  mold: 0,
  price: 8_800,
  seckillPrice: 5_900,
  startTime: START_TIME,
  endTime: END_TIME,
  state: 2,
  startAt: START_AT,
  endAt: END_AT,
  serverTime: START_AT + 60_000,
  maxNum: 2,
  maxCancelTime: 30,
  totalStocks: 30,
  stocksLeft: 7,
  skuList: [
    { seckillSkuId: 71, skuId: 11, properties: '颜色:白色', skuName: '白色', pic: '', price: 8_800, seckillPrice: 5_900, stocks: 5, totalStocks: 10 },
    { seckillSkuId: 72, skuId: 12, properties: '颜色:青色', skuName: '青色', pic: '', price: 9_900, seckillPrice: 6_900, stocks: 2, totalStocks: 10 },
    { seckillSkuId: 73, skuId: 13, properties: '颜色:黑色', skuName: '黑色', pic: '', price: 9_900, seckillPrice: 6_900, stocks: 0, totalStocks: 10 },
  ],
  ...over,
});
