import { expect } from '@playwright/test';
import { ShopSearchPageSchema } from '@bazaar/shared/schemas/shop';
import { NoticeSummarySchema } from '@bazaar/shared/schemas/site';
import { API_URL, en, openPage, zh, test } from './support.ts';

test('store notices open from the store page and list under the store', async ({ page, request }) => {
  const shops = ShopSearchPageSchema.parse(await (await request.get(`${API_URL}/shop/searchShops?shopName=${encodeURIComponent('瓷韵')}`)).json());
  const tea = shops.records[0]!;
  const notices = NoticeSummarySchema.array().parse(await (await request.get(`${API_URL}/shop/notice/topNoticeList/${tea.shopId}`)).json());
  expect(notices.length).toBeGreaterThan(0);

  await openPage(page, `/shopIndex?sid=${tea.shopId}`);
  const panel = page.getByRole('region', { name: zh('store.notices.title') });
  await panel.getByRole('link', { name: notices[0]!.title }).click();
  await page.waitForURL((url) => url.pathname === '/notice-detail' && url.searchParams.get('id') === String(notices[0]!.id) && url.searchParams.get('shopId') === String(tea.shopId));
  await expect(page.getByRole('heading', { level: 1, name: notices[0]!.title })).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: zh('common.breadcrumb') });
  await breadcrumb.getByRole('link', { name: zh('store.notices.title') }).click();
  await page.waitForURL((url) => url.pathname === '/notice-list' && url.searchParams.get('shopId') === String(tea.shopId));
  await expect(page.getByRole('heading', { level: 1, name: zh('store.notices.listTitle', { name: tea.shopName }) })).toBeVisible();
  await expect(page.locator('.notice-rows__row')).toHaveCount(notices.length);
  await page.getByRole('navigation', { name: zh('common.breadcrumb') }).getByRole('link', { name: tea.shopName }).click();
  await page.waitForURL((url) => url.pathname === '/shopIndex');
});

test('a platform notice opens from the home page and from the list, in English', async ({ page, request }) => {
  const list = NoticeSummarySchema.array().parse(await (await request.get(`${API_URL}/shop/notice/topNoticeList/0`, { headers: { 'Accept-Language': 'en' } })).json());
  await openPage(page, '/notice-list?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: en('notice.list.title') })).toBeVisible();
  await page.locator('#main').getByRole('link', { name: list[0]!.title, exact: true }).click();
  // English pages are at their /en address (decision 020).
  await page.waitForURL((url) => url.pathname === '/en/notice-detail' && url.searchParams.get('shopId') === '0');
  await expect(page.getByRole('heading', { level: 1, name: list[0]!.title })).toBeVisible();

  // The language cookie keeps English, at the English address.
  await openPage(page, '/');
  expect(new URL(page.url()).pathname).toBe('/en');
  const side = page.getByRole('complementary', { name: en('home.notices.title') });
  const first = side.getByRole('link').nth(1);
  const title = (await first.getAttribute('title'))!;
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('an unknown, malformed or misplaced notice says the announcement does not exist', async ({ page, request }) => {
  const shops = ShopSearchPageSchema.parse(await (await request.get(`${API_URL}/shop/searchShops?size=2`)).json());
  const [a, b] = shops.records;
  const notices = NoticeSummarySchema.array().parse(await (await request.get(`${API_URL}/shop/notice/topNoticeList/${a!.shopId}`)).json());
  const cases = [
    '/notice-detail?id=2147483000&shopId=0',
    '/notice-detail?id=abc&shopId=0',
    '/notice-detail?id=1&shopId=-1',
    // A store's notice under another store, or as a platform notice.
    `/notice-detail?id=${notices[0]!.id}&shopId=${b!.shopId}`,
    `/notice-detail?id=${notices[0]!.id}&shopId=0`,
  ];
  for (const url of cases) {
    const response = await openPage(page, url);
    expect(response?.status(), url).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: zh('notice.detail.notFoundTitle') })).toBeVisible();
  }
  await openPage(page, '/notice-detail?id=2147483000&shopId=0&lang=en');
  await expect(page.getByRole('heading', { level: 1, name: 'The announcement does not exist' })).toBeVisible();
});
