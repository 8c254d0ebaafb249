// The product detail page: gallery, SKU picker, quantity limits, collecting, adding to the cart,
// buying now, reviews and the missing-product page, in Chinese and English. Products are found
// through the API (the page never hard-codes seed ids).
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ProductDetailSchema, type ProductDetail, type Sku } from '@bazaar/shared/schemas/product';
import { ReviewSummarySchema } from '@bazaar/shared/schemas/review';
import { API_URL, openPage, registerShopper, text, useToken, test } from './support.ts';
import { addAddressByApi } from './order-support.ts';

type Lang = 'zh' | 'en';

const values = (sku: Sku) => sku.properties.split(';').map((p) => p.slice(p.indexOf(':') + 1));
const yuan = (fen: number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-US', { style: 'currency', currency: 'CNY', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(fen / 100);

/** The first product (by id) whose detail satisfies `accept`. */
async function findProduct(request: APIRequestContext, accept: (p: ProductDetail) => boolean, lang: Lang = 'zh'): Promise<ProductDetail> {
  for (let id = 1; id <= 456; id++) {
    const res = await request.get(`${API_URL}/prod/prodInfo?prodId=${id}`, { headers: { 'Accept-Language': lang } });
    if (!res.ok()) continue;
    const product = ProductDetailSchema.parse(await res.json());
    if (accept(product)) return product;
  }
  throw new Error('no seeded product fits');
}

/**
 * Two spec groups, a sold-out SKU whose first value is still sold in another SKU, and two SKUs in
 * stock with different prices: enough to see prices change and a combination disabled.
 */
const pickerProduct = (p: ProductDetail) => {
  if (p.specs.length !== 2 || p.skuList.length < 3) return false;
  const inStock = p.skuList.filter((s) => s.stocks > 0);
  const soldOut = p.skuList.find((s) => s.stocks === 0 && inStock.some((i) => values(i)[0] === values(s)[0]));
  return !!soldOut && new Set(inStock.map((s) => s.price)).size > 1;
};

const optionIn = (page: Page, group: string, value: string) => page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: value, exact: true });
const toasts = (page: Page, lang: Lang) => page.getByRole('region', { name: text(lang, 'toast.label') });

for (const lang of ['zh', 'en'] as const) {
  const t = (key: string, v?: Record<string, string | number>) => text(lang, key, v);
  const prefix = lang === 'en' ? '/en' : '';

  test(`${lang}: a visitor picks a SKU, meets the quantity limit and is asked to log in`, async ({ page, request }) => {
    const product = await findProduct(request, pickerProduct, lang);
    await openPage(page, `${prefix}/detail/${product.prodId}`);
    await expect(page.getByRole('heading', { level: 1, name: product.prodName })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(product.prodName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));

    const [g0, g1] = product.specs;
    const first = product.skuList.find((s) => s.stocks > 0)!;
    const price = page.locator('.purchase__price .price__now');
    const stock = page.getByTestId('sku-stock');
    await expect(price).toHaveText(yuan(first.price, lang));
    await expect(optionIn(page, g0!.name, values(first)[0]!)).toHaveAttribute('aria-checked', 'true');

    // The sold-out combination is disabled once its first value is chosen.
    const soldOut = product.skuList.find((s) => s.stocks === 0 && product.skuList.some((i) => i.stocks > 0 && values(i)[0] === values(s)[0]))!;
    await optionIn(page, g0!.name, values(soldOut)[0]!).click();
    await expect(optionIn(page, g1!.name, values(soldOut)[1]!)).toBeDisabled();

    // Another SKU in stock with another price: price and stock follow.
    const other = product.skuList.find((s) => s.stocks > 0 && s.price !== first.price)!;
    await optionIn(page, g0!.name, values(other)[0]!).click();
    await optionIn(page, g1!.name, values(other)[1]!).click();
    await expect(price).toHaveText(yuan(other.price, lang));
    await expect(stock).toHaveText(t('product.stock', { count: other.stocks }));

    // The quantity cannot pass the SKU's stock.
    const quantity = page.getByRole('textbox', { name: t('product.quantity') });
    await quantity.fill(String(other.stocks + 50));
    await quantity.press('Enter');
    await expect(quantity).toHaveValue(String(other.stocks));
    await expect(page.getByRole('button', { name: t('product.increase') })).toBeDisabled();
    await expect(page.getByText(t('product.maxHint', { count: other.stocks }))).toBeVisible();
    await quantity.fill('0');
    await quantity.press('Tab');
    await expect(quantity).toHaveValue('1');
    await expect(page.getByRole('button', { name: t('product.decrease') })).toBeDisabled();

    // Collecting and adding to the cart need login: the popup opens.
    const loginPopup = page.getByRole('dialog', { name: t('login.dialog.title') });
    await page.getByRole('button', { name: t('product.collect') }).click();
    await expect(loginPopup).toBeVisible();
    await loginPopup.getByRole('button', { name: t('common.close') }).click();
    await expect(loginPopup).toBeHidden();
    await page.getByRole('button', { name: t('product.addToCart') }).click();
    await expect(loginPopup).toBeVisible();
  });

  test(`${lang}: a shopper collects the product and its shop, adds to the cart and buys now`, async ({ page, context, request, baseURL }) => {
    const shopper = await registerShopper(request);
    const auth = { Authorization: shopper.token };
    const product = await findProduct(request, pickerProduct, lang);
    const first = product.skuList.find((s) => s.stocks !== 0)!;
    expect(first.stocks === -1 || first.stocks > 1).toBe(true);
    await useToken(context, baseURL!, shopper.token);
    await openPage(page, `${prefix}/detail/${product.prodId}`);

    const collect = page.getByRole('button', { name: t('product.collect') });
    await collect.click();
    await expect(toasts(page, lang)).toContainText(t('product.collectDone'));
    await expect(page.getByRole('button', { name: t('product.collected'), exact: true })).toHaveAttribute('aria-pressed', 'true');
    expect(await (await request.get(`${API_URL}/p/user/collection/isCollection?prodId=${product.prodId}`, { headers: auth })).json()).toBe(true);

    // The store card counts the shop's followers as the API answers them (plural-correct), and
    // the shopper's own follow adds one.
    const followers = page.getByTestId('shop-card-followers');
    const before = Number(/\d+/.exec((await followers.textContent()) ?? '')?.[0]);
    expect(before).toBeGreaterThan(0);
    expect(product.shop.followers).toBeGreaterThan(0);
    await expect(followers).toHaveText(t('product.shop.followers', { count: before }));
    await page.getByRole('button', { name: t('product.shop.collect') }).click();
    await expect(page.getByRole('button', { name: t('product.shop.collected') })).toHaveAttribute('aria-pressed', 'true');
    await expect(followers).toHaveText(t('product.shop.followers', { count: before + 1 }));
    expect(await (await request.get(`${API_URL}/p/shop/collection/isCollection?shopId=${product.shopId}`, { headers: auth })).json()).toBe(true);

    // The state is read back when the page opens again.
    await openPage(page, `${prefix}/detail/${product.prodId}`);
    await expect(page.getByRole('button', { name: t('product.collected'), exact: true })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: t('product.increase') }).click();
    await page.getByRole('button', { name: t('product.addToCart') }).click();
    await expect(toasts(page, lang)).toContainText(t('product.added'));
    await expect.poll(async () => (await request.get(`${API_URL}/p/shopCart/prodCount`, { headers: auth })).json()).toBe(2);

    // The footprint recorded the view.
    const footprint = await (await request.get(`${API_URL}/p/prodBrowseLog/page`, { headers: auth })).json();
    expect(footprint.records[0].items[0].prodId).toBe(product.prodId);

    await page.getByRole('button', { name: t('product.buyNow') }).click();
    await expect(page).toHaveURL(new RegExp(`/submit-order\\?prodId=${product.prodId}&skuId=${first.skuId}&prodCount=2$`));
  });
}

test('zh: the reviews tab shows the summary, filters and pictures', async ({ page, request }) => {
  let found: { prodId: number; picNumber: number; number: number } | null = null;
  for (let id = 1; id <= 200 && !found; id++) {
    const res = await request.get(`${API_URL}/prod/prodCommData?prodId=${id}`);
    if (!res.ok()) continue;
    const summary = ReviewSummarySchema.parse(await res.json());
    const detail = await request.get(`${API_URL}/prod/prodInfo?prodId=${id}`);
    if (summary.picNumber > 0 && summary.number > summary.picNumber && detail.ok()) found = { prodId: id, ...summary };
  }
  expect(found).not.toBeNull();
  await openPage(page, `/detail/${found!.prodId}`);
  const tab = page.getByRole('tab', { name: text('zh', 'product.tabs.reviews', { count: found!.number }) });
  await tab.click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.locator('.review')).toHaveCount(Math.min(found!.number, 10));
  await panel.getByRole('button', { name: text('zh', 'review.filters.pictures', { count: found!.picNumber }) }).click();
  await expect(panel.locator('.review')).toHaveCount(Math.min(found!.picNumber, 10));
  await panel.getByRole('button', { name: text('zh', 'review.picture', { n: 1 }) }).first().click();
  await expect(page.getByRole('dialog', { name: text('zh', 'review.pictures') })).toBeVisible();
});

test('a product that is missing gets a clear page with status 404, in both languages', async ({ page }) => {
  const zhRes = await openPage(page, '/detail/999999999');
  expect(zhRes?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: text('zh', 'product.missing.title') })).toBeVisible();
  const enRes = await openPage(page, '/en/detail/abc');
  expect(enRes?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: text('en', 'product.missing.title') })).toBeVisible();
  await page.getByRole('link', { name: text('en', 'product.missing.home') }).click();
  // Home in the page's language: the English home is /en (decision 020).
  await expect(page).toHaveURL(/\/en$/);
});

test('the gallery switches pictures and opens the zoomed picture', async ({ page, request }) => {
  const product = await findProduct(request, (p) => p.imgs.length > 1);
  await openPage(page, `/detail/${product.prodId}`);
  const stage = page.locator('.gallery__stage img');
  await expect(stage).toHaveAttribute('src', product.imgs[0]!);
  await page.getByRole('button', { name: text('zh', 'product.gallery.thumb', { n: 2 }) }).click();
  await expect(stage).toHaveAttribute('src', product.imgs[1]!);
  await page.getByRole('button', { name: text('zh', 'product.gallery.zoom') }).click();
  const dialog = page.getByRole('dialog', { name: text('zh', 'product.gallery.zoomTitle') });
  await expect(dialog.getByRole('img')).toHaveAttribute('src', product.imgs[1]!);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the traffic log records the detail page as page 3, or page 2 when entered from a banner', async ({ page, request }) => {
  const product = await findProduct(request, () => true);
  const pageIds: number[] = [];
  await page.route('**/api/flowAnalysisLog', async (route) => {
    const body = route.request().postDataJSON() as { pageId: number; bizData: string | null };
    if (body.bizData === String(product.prodId)) pageIds.push(body.pageId);
    await route.fulfill({ status: 200, body: '' });
  });
  await openPage(page, `/detail/${product.prodId}`);
  await expect.poll(() => pageIds).toEqual([3]);
  await openPage(page, `/detail/${product.prodId}?bannerEnter=1`);
  await expect.poll(() => pageIds).toEqual([3, 2]);
});

test('the detail page tells where the parcel goes and when, the service promises and the share of good reviews', async ({ page, context, request, baseURL }) => {
  // A tea-house product (it ships from Jiangxi) with reviews.
  let found: { product: ProductDetail; positiveRating: number; number: number } | undefined;
  for (let id = 1; id <= 456 && !found; id++) {
    const res = await request.get(`${API_URL}/prod/prodInfo?prodId=${id}`);
    if (!res.ok()) continue;
    const product = ProductDetailSchema.parse(await res.json());
    if (product.shopName !== '瓷韵茶社' || product.mold !== 0) continue;
    const summary = ReviewSummarySchema.parse(await (await request.get(`${API_URL}/prod/prodCommData?prodId=${id}`)).json());
    if (summary.number > 0) found = { product, positiveRating: summary.positiveRating, number: summary.number };
  }
  expect(found).toBeDefined();
  const { product, positiveRating, number } = found!;
  expect(product.imgs.length).toBeGreaterThanOrEqual(4);

  await openPage(page, `/detail/${product.prodId}`);
  // More than two gallery pictures.
  await expect(page.getByRole('button', { name: text('zh', 'product.gallery.thumb', { n: 4 }) })).toBeVisible();
  // A visitor is assumed in Beijing: Jiangxi to Beijing is a neighbouring region, 3-4 days.
  const province = page.getByLabel(text('zh', 'product.delivery.label'));
  await expect(province).toHaveValue('110000');
  await expect(page.getByTestId('delivery-estimate')).toHaveText(text('zh', 'product.delivery.estimate', { from: 3, to: 4 }));
  await expect(page.getByText(text('zh', 'product.delivery.shipsFrom', { place: '江西省' }), { exact: false })).toBeVisible();
  // Choosing the shop's own province: 1-2 days, and the choice holds on the next visit.
  await province.selectOption('360000');
  await expect(page.getByTestId('delivery-estimate')).toHaveText(text('zh', 'product.delivery.estimate', { from: 1, to: 2 }));
  await page.reload();
  await expect(page.getByTestId('delivery-estimate')).toHaveText(text('zh', 'product.delivery.estimate', { from: 1, to: 2 }));

  // The service promises, as icons with text.
  const promises = page.locator('.promises__list');
  await expect(promises.getByText(text('zh', 'product.promises.genuine'))).toBeVisible();
  await expect(promises.getByText(text('zh', 'product.promises.returns'))).toBeVisible();

  // The rating summary with its share of good reviews opens the reviews.
  const rating = page.getByTestId('rating-summary');
  await expect(rating).toHaveText(text('zh', 'product.rating', { count: number, rate: positiveRating }));
  await rating.click();
  await expect(page.getByRole('tab', { name: text('zh', 'product.tabs.reviews', { count: number }) })).toHaveAttribute('aria-selected', 'true');

  // A shopper with a default address in Zhejiang (and no earlier choice) sees the estimate for it, in English.
  const shopper = await registerShopper(request);
  await addAddressByApi(request, shopper.token);
  const fresh = await context.browser()!.newContext({ baseURL });
  await useToken(fresh, baseURL!, shopper.token);
  const shopperPage = await fresh.newPage();
  await openPage(shopperPage, `/en/detail/${product.prodId}`);
  await expect(shopperPage.getByLabel(text('en', 'product.delivery.label'))).toHaveValue('330000');
  await expect(shopperPage.getByTestId('delivery-estimate')).toHaveText(text('en', 'product.delivery.estimate', { from: 2, to: 3 }));
  await expect(shopperPage.locator('.promises__list').getByText(text('en', 'product.promises.returns'))).toBeVisible();
  await fresh.close();
});
