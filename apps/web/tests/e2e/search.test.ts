import { expect } from '@playwright/test';
import { en, openPage, test } from './support.ts';

test('empty searches warn for about a second; terms go to the product or store list', async ({ page }) => {
  await openPage(page, '/?lang=en');
  const search = page.getByRole('search');
  const toasts = page.getByRole('region', { name: en('toast.label') });

  await search.getByRole('searchbox').fill('   ');
  // Time the toast inside the page (a MutationObserver), so the test runner's polling on a busy
  // machine does not count.
  await page.evaluate(() => {
    const w = window as unknown as { toastTimes: { shown?: number; hidden?: number } };
    w.toastTimes = {};
    const present = () => document.body.innerText.includes('Product name cannot be empty');
    new MutationObserver(() => {
      if (w.toastTimes.shown === undefined && present()) w.toastTimes.shown = performance.now();
      else if (w.toastTimes.shown !== undefined && w.toastTimes.hidden === undefined && !present()) w.toastTimes.hidden = performance.now();
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await search.getByRole('button', { name: en('layout.header.search'), exact: true }).click();
  const productToast = toasts.getByText('Product name cannot be empty');
  await expect(productToast).toBeVisible();
  await expect(productToast).toBeHidden({ timeout: 5_000 });
  // Section 9: the search error toast stays 1 s.
  const times = await page.evaluate(() => (window as unknown as { toastTimes: { shown: number; hidden: number } }).toastTimes);
  const shownFor = times.hidden - times.shown;
  expect(shownFor).toBeGreaterThanOrEqual(900);
  expect(shownFor).toBeLessThan(1_800);

  await search.getByRole('button', { name: new RegExp(en('layout.header.searchType')) }).click();
  await page.getByRole('menuitemradio', { name: en('layout.header.store') }).click();
  await search.getByRole('searchbox').press('Enter');
  await expect(toasts.getByText('Store name cannot be empty')).toBeVisible();

  await search.getByRole('searchbox').fill('茶 杯');
  await search.getByRole('searchbox').press('Enter');
  // The English page's searches lead to English addresses (decision 020).
  await page.waitForURL((url) => url.pathname === '/en/shopList');
  expect(new URL(page.url()).searchParams.get('shopName')).toBe('茶 杯');

  await openPage(page, '/');
  await page.getByRole('search').getByRole('searchbox').fill('phone');
  await page.getByRole('search').getByRole('button', { name: en('layout.header.search'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/en/list');
  expect(new URL(page.url()).searchParams.get('pn')).toBe('phone');
});
