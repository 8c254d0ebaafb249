import { expect } from '@playwright/test';
import { API_URL, test } from './support.ts';

// The API's own HTML under its security headers: swagger-ui must still run (the shared fixture
// fails the journey on any CSP violation or console error).
test('the API docs render their operations', async ({ page }) => {
  await page.goto(`${API_URL}/docs`);
  await expect(page.getByRole('heading', { name: /Bazaar API/ })).toBeVisible();
  await expect(page.locator('.opblock').first()).toBeVisible();
});
