import { expect, type APIRequestContext } from '@playwright/test';
import { ShopHeadSchema } from '@bazaar/shared/schemas/catalog';
import { HomeSchema } from '@bazaar/shared/schemas/home';
import { ShopSearchPageSchema } from '@bazaar/shared/schemas/shop';
import { API_URL, en, loginByApi, openPage, registerShopper, useToken, zh, test } from './support.ts';

/** The tea house of the demo seed, found through the store search API. */
async function teaHouse(request: APIRequestContext) {
  const response = await request.get(`${API_URL}/shop/searchShops?shopName=${encodeURIComponent('瓷韵')}`);
  const page = ShopSearchPageSchema.parse(await response.json());
  const shop = page.records[0]!;
  expect(shop.shopName).toBe('瓷韵茶社');
  return shop;
}

test('a product card opens its store, with the store’s categories and products', async ({ page, request }) => {
  const home = HomeSchema.parse(await (await request.get(`${API_URL}/index/home`)).json());
  const product = home.recommended[0]!;
  await openPage(page, '/');
  const card = page.getByRole('list', { name: zh('homePage.floors.recommended') }).getByRole('listitem').first();
  await card.getByRole('link', { name: product.shopName }).click();
  await page.waitForURL((url) => url.pathname === '/shopIndex' && url.searchParams.get('sid') === String(product.shopId));
  await expect(page.getByRole('heading', { level: 1, name: product.shopName })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(product.shopName));

  const categories = page.getByRole('navigation', { name: zh('store.nav.label') });
  await expect(categories.getByRole('link', { name: zh('store.nav.all') })).toHaveAttribute('aria-current', 'page');
  const second = categories.getByRole('link').nth(1);
  const secondName = (await second.textContent())!;
  await second.click();
  await page.waitForURL((url) => url.searchParams.has('shopCategoryId'));
  await expect(categories.getByRole('link', { name: secondName })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 2, name: secondName })).toBeVisible();
  const products = page.getByRole('list', { name: zh('store.products.title') }).getByRole('listitem');
  await expect(products.first()).toBeVisible();
  // Every card of the store page belongs to the store.
  for (const link of await products.getByRole('link', { name: product.shopName }).all()) {
    await expect(link).toHaveAttribute('href', `/shopIndex?sid=${product.shopId}`);
  }
});

test('the header’s store search finds a store by name and opens it', async ({ page, request }) => {
  const tea = await teaHouse(request);
  await openPage(page, '/');
  const search = page.getByRole('search');
  await search.getByRole('button', { name: new RegExp(zh('layout.header.searchType')) }).click();
  await page.getByRole('menuitemradio', { name: zh('layout.header.store') }).click();
  await search.getByRole('searchbox').fill('茶');
  await search.getByRole('searchbox').press('Enter');
  await page.waitForURL((url) => url.pathname === '/shopList' && url.searchParams.get('shopName') === '茶');
  await expect(page.getByRole('heading', { level: 1, name: zh('storeList.title') })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('茶');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: tea.shopName }) });
  await expect(row.locator('mark.hl')).toHaveText('茶');
  await row.getByRole('link', { name: `${zh('storeList.enter')} ${tea.shopName}` }).click();
  await page.waitForURL((url) => url.pathname === '/shopIndex' && url.searchParams.get('sid') === String(tea.shopId));
  await expect(page.getByRole('heading', { level: 1, name: tea.shopName })).toBeVisible();
});

test('the store search page in English: case-insensitive names, an empty result and closed stores left out', async ({ page }) => {
  await openPage(page, '/shopList?shopName=TEA&lang=en');
  await expect(page.getByRole('heading', { level: 1, name: en('storeList.title') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Porcelain Rhyme Tea House' })).toBeVisible();
  // The search box shows Store and the term (section 2).
  await expect(page.getByRole('search').getByRole('searchbox')).toHaveValue('TEA');
  await expect(page.getByRole('search').getByRole('button', { name: new RegExp(en('layout.header.searchType')) })).toContainText(en('layout.header.store'));

  await openPage(page, `/shopList?shopName=${encodeURIComponent('旧时光')}`);
  await expect(page.getByText(en('storeList.empty'))).toBeVisible();
  await openPage(page, `/shopList?shopName=${encodeURIComponent('100%_🍵')}`);
  await expect(page.getByText(en('storeList.empty'))).toBeVisible();
});

test('searching inside a store, in English', async ({ page, request }) => {
  const tea = await teaHouse(request);
  const target = tea.products[0]!;
  const head = ShopHeadSchema.parse(await (await request.get(`${API_URL}/shop/headInfo?shopId=${tea.shopId}`, { headers: { 'Accept-Language': 'en' } })).json());
  const enName = (await (await request.get(`${API_URL}/shop/searchShops?shopName=porcelain`, { headers: { 'Accept-Language': 'en' } })).json()) as {
    records: { products: { prodId: number; prodName: string }[] }[];
  };
  const term = enName.records[0]!.products.find((p) => p.prodId === target.prodId)!.prodName.split(' ')[0]!;

  await openPage(page, `/shopIndex?sid=${tea.shopId}&lang=en`);
  await expect(page.getByRole('heading', { level: 1, name: head.shopName })).toBeVisible();
  const storeSearch = page.getByRole('search', { name: en('store.search.label') });
  await storeSearch.getByRole('searchbox').fill(term);
  await storeSearch.getByRole('button', { name: en('store.search.submit') }).click();
  await page.waitForURL((url) => url.searchParams.get('keyword') === term);
  await expect(page.getByRole('heading', { level: 2, name: en('store.products.resultFor', { keyword: term }) })).toBeVisible();
  const cards = page.getByRole('list', { name: en('store.products.title') }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  // The English page's cards lead to English addresses (decision 020).
  for (const card of await cards.all()) {
    await expect(card.getByRole('link', { name: head.shopName })).toHaveAttribute('href', `/en/shopIndex?sid=${tea.shopId}`);
  }

  await storeSearch.getByRole('searchbox').fill('zzqx nothing like this');
  await storeSearch.getByRole('searchbox').press('Enter');
  await expect(page.getByText(en('store.products.empty'))).toBeVisible();
});

test('collecting a store: a visitor is asked to log in, a shopper follows and unfollows', async ({ page, context, request, baseURL }) => {
  const tea = await teaHouse(request);
  await openPage(page, `/shopIndex?sid=${tea.shopId}`);
  await page.getByRole('button', { name: zh('store.head.collect') }).click();
  await expect(page.getByRole('dialog', { name: zh('login.dialog.title') })).toBeVisible();

  const shopper = await registerShopper(request);
  await useToken(context, baseURL!, shopper.token);
  await openPage(page, `/shopIndex?sid=${tea.shopId}`);
  const followers = page.getByTestId('shop-followers');
  const before = Number(await followers.textContent());
  const button = page.getByRole('button', { name: zh('store.head.collect') });
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await button.click();
  const collected = page.getByRole('button', { name: zh('store.head.collected') });
  await expect(collected).toHaveAttribute('aria-pressed', 'true');
  await expect(followers).toHaveText(String(before + 1));
  await page.reload();
  await expect(page.getByRole('button', { name: zh('store.head.collected') })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: zh('store.head.collected') }).click();
  await expect(page.getByRole('button', { name: zh('store.head.collect') })).toHaveAttribute('aria-pressed', 'false');
  await expect(followers).toHaveText(String(before));
});

test('a store that is not open is not shown', async ({ page, request }) => {
  // A shop staff took offline says so; one under review does not exist for shoppers.
  for (const [account, title] of [['closedshop', 'store.offline.title'], ['applicant01', 'store.closed.title']] as const) {
    const token = await loginByApi(request, account, 'bazaar123');
    const { shopId } = (await (await request.get(`${API_URL}/p/user/centerInfo`, { headers: { Authorization: token } })).json()) as { shopId: number };
    const response = await openPage(page, `/shopIndex?sid=${shopId}&lang=en`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: en(title) })).toBeVisible();
  }
  for (const sid of ['abc', '0', '99999999999', '2147483000']) {
    const response = await openPage(page, `/shopIndex?sid=${sid}&lang=zh`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: zh('store.closed.title') })).toBeVisible();
  }
});
