import { expect } from '@playwright/test';
import { API_URL, loginByApi, openPage, registerShopper, topBar, useToken, zh, test } from './support.ts';

// Seed shoppers who own shops in each state (apps/server/src/db/seed/README.md).
// A rejected applicant is told so and taken to the application to resubmit (issue 10).
// The journeys run in English, so the pages stay at their English (/en) addresses (decision 020).
const cases = [
  { account: 'applicant01', spec: 'Store review in progress, please wait patiently', path: /^\/en$/ },
  { account: 'applicant02', spec: 'The audit did not pass, please re-initiate the application', path: /^\/en\/user-center\/uc-freeshop$/ },
  { account: 'closedshop', spec: 'The store has been taken offline, please consult the platform', path: /^\/en$/ },
] as const;

for (const { account, spec, path } of cases) {
  test(`the shop entry of ${account} says '${spec}'`, async ({ page, context, request, baseURL }) => {
    await useToken(context, baseURL!, await loginByApi(request, account, 'bazaar123'));
    await openPage(page, '/?lang=en');
    await topBar(page).getByRole('link', { name: 'My store' }).click();
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(spec);
    await expect(page).toHaveURL((url) => path.test(url.pathname));
  });
}

test('the shop entry of a shopper who never applied opens the free store application', async ({ page, context, request, baseURL }) => {
  const shopper = await registerShopper(request);
  await useToken(context, baseURL!, shopper.token);
  await openPage(page, '/');
  await topBar(page).getByRole('link', { name: zh('layout.topBar.myStore') }).click();
  await expect(page).toHaveURL(/\/user-center\/uc-freeshop$/);
  await expect(page.getByRole('heading', { name: zh('shopApply.title') })).toBeVisible();
  await expect(page.getByText(zh('layout.topBar.storeRejected'))).toHaveCount(0);
});

test('the shop entry of an open shop goes to its page', async ({ page, context, request, baseURL }) => {
  const token = await loginByApi(request, 'shopowner', 'bazaar123');
  const info = await request.get(`${API_URL}/p/user/centerInfo`, { headers: { Authorization: token } });
  const { shopId } = (await info.json()) as { shopId: number };
  expect(shopId).toBeGreaterThan(0);
  await useToken(context, baseURL!, token);
  await openPage(page, '/');
  await topBar(page).getByRole('link', { name: zh('layout.topBar.myStore') }).click();
  await expect(page).toHaveURL(new RegExp(`/shopIndex\\?sid=${shopId}$`));
});

test('the shop entry asks a visitor to log in', async ({ page }) => {
  await openPage(page, '/');
  await topBar(page).getByRole('link', { name: zh('layout.topBar.myStore') }).click();
  await expect(page.getByRole('dialog', { name: zh('login.dialog.title') })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
});

// Issue 25: 免费开店 is a link (read as one, with an address), so it also opens in a new tab.
test('the shop entry is a link that opens the application in a new tab', async ({ page, context, request, baseURL }) => {
  const shopper = await registerShopper(request);
  await useToken(context, baseURL!, shopper.token);
  await openPage(page, '/');
  const entry = topBar(page).getByRole('link', { name: zh('layout.topBar.myStore') });
  await expect(entry).toHaveAttribute('href', '/user-center/uc-freeshop');
  await expect(topBar(page).getByRole('button', { name: zh('layout.topBar.myStore') })).toHaveCount(0);
  const [tab] = await Promise.all([context.waitForEvent('page'), entry.click({ modifiers: ['ControlOrMeta'] })]);
  // The new tab starts at about:blank (an early load state can be the blank page's): wait for the address.
  await expect(tab).toHaveURL(/\/user-center\/uc-freeshop$/);
  await expect(tab.getByRole('heading', { name: zh('shopApply.title') })).toBeVisible();
  // The page itself stayed where it was.
  expect(new URL(page.url()).pathname).toBe('/');
});
