import { expect } from '@playwright/test';
import { en, openPage, test } from './support.ts';

test('an unknown path is a 404 page with a working back button', async ({ page }) => {
  await openPage(page, '/?lang=en');
  const response = await openPage(page, '/no-such-page-here');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();

  await page.getByRole('button', { name: en('errorPage.notFound.back') }).click();
  await expect(page).not.toHaveURL(/no-such-page-here/);
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toHaveCount(0);
});
