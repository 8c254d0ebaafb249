import { expect, test } from '@playwright/test';
import { en, openPage } from './support.ts';

test('empty searches warn for about a second; terms go to the product or store list', async ({ page }) => {
  await openPage(page, '/?lang=en');
  const search = page.getByRole('search');
  const toasts = page.getByRole('region', { name: en('toast.label') });

  await search.getByRole('searchbox').fill('   ');
  const clickedAt = Date.now();
  await search.getByRole('button', { name: en('layout.header.search'), exact: true }).click();
  const productToast = toasts.getByText('Product name cannot be empty');
  await expect(productToast).toBeVisible();
  await expect(productToast).toBeHidden({ timeout: 3_000 });
  // Section 9: the search error toast stays 1 s.
  const shownFor = Date.now() - clickedAt;
  expect(shownFor).toBeGreaterThanOrEqual(900);
  expect(shownFor).toBeLessThan(2_500);

  await search.getByRole('button', { name: new RegExp(en('layout.header.searchType')) }).click();
  await page.getByRole('menuitemradio', { name: en('layout.header.store') }).click();
  await search.getByRole('searchbox').press('Enter');
  await expect(toasts.getByText('Store name cannot be empty')).toBeVisible();

  await search.getByRole('searchbox').fill('茶 杯');
  await search.getByRole('searchbox').press('Enter');
  await page.waitForURL((url) => url.pathname === '/shopList');
  expect(new URL(page.url()).searchParams.get('shopName')).toBe('茶 杯');

  await openPage(page, '/');
  await page.getByRole('search').getByRole('searchbox').fill('phone');
  await page.getByRole('search').getByRole('button', { name: en('layout.header.search'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/list');
  expect(new URL(page.url()).searchParams.get('pn')).toBe('phone');
});
