import { expect } from '@playwright/test';
import { en, openPage, topBar, zh, test } from './support.ts';

test('Chinese by default; English through the top bar, kept by the cookie; and back', async ({ page }) => {
  await openPage(page, '/register');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1, name: zh('register.title') })).toBeVisible();

  await topBar(page).getByRole('button', { name: zh('layout.topBar.language') }).hover();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/register\?lang=en$/);
  await expect(page.getByRole('heading', { level: 1, name: en('register.title') })).toBeVisible();
  await expect(topBar(page).getByRole('button', { name: en('layout.topBar.login') })).toBeVisible();

  // Without the query the cookie keeps English.
  await openPage(page, '/register');
  await expect(page.getByRole('heading', { level: 1, name: en('register.title') })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await topBar(page).getByRole('button', { name: en('layout.topBar.language') }).hover();
  await page.getByRole('menuitemradio', { name: '中文' }).click();
  await expect(page).toHaveURL(/\/register\?lang=zh$/);
  await expect(page.getByRole('heading', { level: 1, name: zh('register.title') })).toBeVisible();
  await openPage(page, '/register');
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
