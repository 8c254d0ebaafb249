import { expect } from '@playwright/test';
import { en, openPage, topBar, zh, test } from './support.ts';

test('Chinese by default; English through the top bar, kept by the cookie; and back', async ({ page }) => {
  await openPage(page, '/register');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1, name: zh('register.title') })).toBeVisible();

  await topBar(page).getByRole('button', { name: zh('layout.topBar.language') }).hover();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  // The URL says the language: English pages are under /en (issue 25).
  await expect(page).toHaveURL(/\/en\/register$/);
  await expect(page.getByRole('heading', { level: 1, name: en('register.title') })).toBeVisible();
  await expect(topBar(page).getByRole('button', { name: en('layout.topBar.login') })).toBeVisible();

  // Without the query the cookie keeps English, at the English address.
  await openPage(page, '/register');
  expect(new URL(page.url()).pathname).toBe('/en/register');
  await expect(page.getByRole('heading', { level: 1, name: en('register.title') })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // A link of the English page leads to an English address, in the page and in a new tab.
  await topBar(page).getByRole('link', { name: en('layout.topBar.mallHome') }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // The product cards' links carry the prefix themselves (PageLink), so they meet no redirect.
  await expect(page.locator('a.product-card__link').first()).toHaveAttribute('href', /^\/en\/detail\/\d+$/);
  // The redirect found by the cookie is this shopper's own: no shared cache may keep it.
  const moved = await page.request.get('/notice-list', { maxRedirects: 0 });
  expect(moved.status()).toBe(302);
  expect(moved.headers()['location']).toBe('/en/notice-list');
  expect(moved.headers()['cache-control']).toBe('private, no-store');
  expect(moved.headers()['vary']).toMatch(/Cookie/);
  const tab = await page.context().newPage();
  await tab.goto('/notice-list');
  expect(new URL(tab.url()).pathname).toBe('/en/notice-list');
  await expect(tab.locator('html')).toHaveAttribute('lang', 'en');
  await tab.close();
  await openPage(page, '/register');
  expect(new URL(page.url()).pathname).toBe('/en/register');

  await topBar(page).getByRole('button', { name: en('layout.topBar.language') }).hover();
  await page.getByRole('menuitemradio', { name: '中文' }).click();
  await expect(page).toHaveURL(/\/register\?lang=zh$/);
  expect(new URL(page.url()).pathname).toBe('/register');
  await expect(page.getByRole('heading', { level: 1, name: zh('register.title') })).toBeVisible();
  await openPage(page, '/register');
  expect(new URL(page.url()).pathname).toBe('/register');
  await expect(page.getByRole('heading', { level: 1, name: zh('register.title') })).toBeVisible();
});

test('a language prefix: /zh is removed, /en is English, anything else is 404', async ({ page }) => {
  await openPage(page, '/zh/register');
  await expect(page).toHaveURL(/\/register$/);
  expect(new URL(page.url()).pathname).toBe('/register');

  await openPage(page, '/en/register');
  await expect(page.getByRole('heading', { level: 1, name: en('register.title') })).toBeVisible();

  const prefixed = await page.goto('/xx/register');
  expect(prefixed?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: en('errorPage.notFound.title') })).toBeVisible();

  const query = await page.goto('/register?lang=xx');
  expect(query?.status()).toBe(404);
  await expect(page.locator('.error-page')).toBeVisible();
});
