import { expect, type Locator, type Page } from '@playwright/test';
import { API_URL, en, openPage, zh, test } from './support.ts';

const cards = (page: Page) => page.getByRole('list', { name: /.+/ }).locator('.product-card');
const yuanOf = async (card: Locator) => Number((await card.locator('.price__now').innerText()).replace(/[^\d.]/g, ''));

async function cardPrices(page: Page): Promise<number[]> {
  const list = cards(page);
  const prices: number[] = [];
  for (let i = 0; i < (await list.count()); i++) prices.push(await yuanOf(list.nth(i)));
  return prices;
}

test('search in Chinese: highlighted matches, sort, category, price and stock filters, paging, back button', async ({ page, request }) => {
  await openPage(page, `/list?pn=${encodeURIComponent('茶杯')}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh('listPage.resultsFor', { term: '茶杯' }));
  const api = await (await request.get(`${API_URL}/search/page?keyword=${encodeURIComponent('茶杯')}&size=20`)).json();
  await expect(page.getByRole('status')).toHaveText(zh('listPage.count', { count: api.total }));
  await expect(cards(page)).toHaveCount(Math.min(20, api.total));
  // Relevance first, matched words marked.
  await expect(cards(page).first().locator('mark.hl')).toHaveText('茶杯');
  await expect(cards(page).first().locator('.product-card__name')).toHaveText(api.records[0].prodName);

  // Sort by price, low to high.
  const sortBar = page.getByRole('navigation', { name: zh('listPage.sort.label') });
  await sortBar.getByRole('link', { name: zh('listPage.sort.priceAsc') }).click();
  await expect(page).toHaveURL(/sort=5/);
  await expect(sortBar.getByRole('link', { name: zh('listPage.sort.priceAsc') })).toHaveAttribute('aria-current', 'true');
  const ascending = await cardPrices(page);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

  // Price range typed in yuan (the URL keeps yuan, the API gets fen).
  await page.getByRole('textbox', { name: zh('listPage.filters.minPrice') }).fill('100');
  await page.getByRole('textbox', { name: zh('listPage.filters.maxPrice') }).fill('300');
  await page.getByRole('button', { name: zh('listPage.filters.apply') }).click();
  await expect(page).toHaveURL(/minPrice=100&maxPrice=300/);
  await expect(page).toHaveURL(/sort=5/);
  for (const price of await cardPrices(page)) expect(price >= 100 && price <= 300).toBe(true);

  // In stock only.
  const inStock = page.getByRole('checkbox', { name: zh('listPage.filters.hasStock') });
  await inStock.check();
  await expect(page).toHaveURL(/hasStock=1/);
  await expect(page.locator('.product-card__badge')).toHaveCount(0);

  // The back button restores the previous state.
  await page.goBack();
  await expect(page).not.toHaveURL(/hasStock/);
  await expect(inStock).not.toBeChecked();
  await expect(page.getByRole('textbox', { name: zh('listPage.filters.minPrice') })).toHaveValue('100');

  // A bad range is refused on the page.
  await page.getByRole('textbox', { name: zh('listPage.filters.minPrice') }).fill('500');
  await page.getByRole('button', { name: zh('listPage.filters.apply') }).click();
  await expect(page.getByRole('alert')).toHaveText(zh('listPage.errors.priceRange'));
  await expect(page).toHaveURL(/minPrice=100/);

  // Browse a category from the tree (no keyword), then page.
  const tree = await (await request.get(`${API_URL}/category/tree`)).json();
  const top = tree[0];
  await openPage(page, '/list?st=0');
  const filters = page.getByRole('region', { name: zh('listPage.filters.label') });
  await filters.getByRole('link', { name: top.categoryName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`categoryId=${top.categoryId}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(top.categoryName);
  const mid = top.children[0];
  await filters.getByRole('link', { name: mid.categoryName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`categoryId=${mid.categoryId}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(mid.categoryName);
  const midPage = await (await request.get(`${API_URL}/search/page?categoryId=${mid.categoryId}&size=20`)).json();
  await expect(page.getByRole('status')).toHaveText(zh('listPage.count', { count: midPage.total }));
  if (midPage.pages > 1) {
    await page.getByRole('navigation', { name: zh('common.pagination.label') }).getByRole('link', { name: zh('common.pagination.next') }).click();
    await expect(page).toHaveURL(/current=2/);
    await expect(page).toHaveURL(new RegExp(`categoryId=${mid.categoryId}`));
  }
});

test('search in English: words, prefixes and pinyin; the empty state offers hot words', async ({ page, request }) => {
  // Pinyin finds Chinese names (in Chinese, before the English pages set the language).
  await openPage(page, '/list?pn=shouji');
  await expect(cards(page).first().locator('.product-card__name')).toContainText('手机');

  await openPage(page, '/en/list?pn=teacup');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('listPage.resultsFor', { term: 'teacup' }));
  await expect(cards(page).first().locator('mark.hl')).toHaveText('Teacup');

  // A prefix, sorted by sales.
  await openPage(page, '/en/list?pn=headph');
  await expect(cards(page).first().locator('mark.hl')).toHaveText(/^headph$/i);
  await page.getByRole('navigation', { name: en('listPage.sort.label') }).getByRole('link', { name: en('listPage.sort.sales') }).click();
  await expect(page).toHaveURL(/\/en\/list\?pn=headph&sort=2/);

  // Nothing matches: the specification's text and hot words to try.
  await openPage(page, `/en/list?pn=${encodeURIComponent('qzxv nothing')}`);
  await expect(page.getByRole('heading', { name: en('listPage.empty') })).toHaveText('Sorry, no related products');
  await expect(cards(page)).toHaveCount(0);
  const hot = await (await request.get(`${API_URL}/search/hotSearch?number=8`, { headers: { 'accept-language': 'en' } })).json();
  const suggestion = page.getByRole('link', { name: hot[0].title, exact: true });
  await suggestion.click();
  await expect(page).toHaveURL(new RegExp(`/en/list\\?pn=${hot[0].title}$`));
  await expect(cards(page).first()).toBeVisible();

  // The same empty state in Chinese.
  await openPage(page, `/list?lang=zh&pn=${encodeURIComponent('%_\\')}`);
  await expect(page.getByText(zh('listPage.empty'))).toBeVisible();
});
