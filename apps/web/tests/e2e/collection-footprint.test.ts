// The user center's collections (products and stores: cancel one, batch cancel) and footprint
// (grouped by day: delete one, clear all), in Chinese and English. Data is set up through the API.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ProductDetailSchema, type ProductDetail } from '@bazaar/shared/schemas/product';
import { API_URL, openPage, registerShopper, text, useToken, test } from './support.ts';

type Lang = 'zh' | 'en';

/** The first `count` products on sale, with their names in `lang`. */
async function productsOnSale(request: APIRequestContext, count: number, lang: Lang): Promise<ProductDetail[]> {
  const found: ProductDetail[] = [];
  for (let id = 1; found.length < count && id <= 200; id++) {
    const res = await request.get(`${API_URL}/prod/prodInfo?prodId=${id}`, { headers: { 'Accept-Language': lang } });
    if (res.ok()) found.push(ProductDetailSchema.parse(await res.json()));
  }
  return found;
}

async function post(request: APIRequestContext, path: string, token: string, body: unknown) {
  const res = await request.post(`${API_URL}${path}`, { headers: { Authorization: token, 'Content-Type': 'application/json' }, data: JSON.stringify(body) });
  expect(res.status(), await res.text()).toBe(200);
  return res.json().catch(() => null);
}

const toasts = (page: Page, lang: Lang) => page.getByRole('region', { name: text(lang, 'toast.label') });

for (const lang of ['zh', 'en'] as const) {
  const t = (key: string, v?: Record<string, string | number>) => text(lang, key, v);
  const prefix = lang === 'en' ? '/en' : '';

  test(`${lang}: collected products are cancelled one by one and in a batch`, async ({ page, context, request, baseURL }) => {
    const shopper = await registerShopper(request);
    const products = await productsOnSale(request, 3, lang);
    for (const p of products) expect(await post(request, '/p/user/collection/addOrCancel', shopper.token, p.prodId)).toBe(true);
    await useToken(context, baseURL!, shopper.token);
    await openPage(page, `${prefix}/user-center/uc-collection`);
    await expect(page.getByRole('heading', { level: 1, name: t('collection.title') })).toBeVisible();
    const grid = page.getByRole('list', { name: t('collection.tabs.products') });
    for (const p of products) await expect(grid.getByText(p.prodName, { exact: true })).toBeVisible();
    await expect(page.getByText(t('collection.total', { count: 3 }))).toBeVisible();

    // Cancel one.
    await grid.getByRole('button', { name: `${t('collection.cancel')} ${products[0]!.prodName}` }).click();
    await expect(toasts(page, lang)).toContainText(t('collection.cancelled'));
    await expect(grid.getByText(products[0]!.prodName, { exact: true })).toHaveCount(0);

    // Batch: select all, cancel the selected.
    await page.getByRole('button', { name: t('collection.manage') }).click();
    const batch = page.getByRole('button', { name: t('collection.batchCancel', { count: 0 }) });
    await expect(batch).toBeDisabled();
    await page.getByRole('checkbox', { name: t('collection.selectAll') }).check();
    await page.getByRole('button', { name: t('collection.batchCancel', { count: 2 }) }).click();
    await expect(page.getByText(t('collection.emptyProducts'))).toBeVisible();
    const left = await request.get(`${API_URL}/p/user/collection/prods`, { headers: { Authorization: shopper.token } });
    expect((await left.json()).total).toBe(0);
  });

  test(`${lang}: followed stores are listed, batch-cancelled and cancelled`, async ({ page, context, request, baseURL }) => {
    const shopper = await registerShopper(request);
    const products = await productsOnSale(request, 60, lang);
    const shops = [...new Map(products.map((p) => [p.shopId, p.shop])).values()].slice(0, 3);
    expect(shops.length).toBeGreaterThanOrEqual(2);
    for (const s of shops) expect(await post(request, '/p/shop/collection/addOrCancel', shopper.token, s.shopId)).toBe(true);
    await useToken(context, baseURL!, shopper.token);
    await openPage(page, `${prefix}/user-center/uc-collection`);
    await page.getByRole('link', { name: t('collection.tabs.shops') }).click();
    await expect(page).toHaveURL(/tab=shops/);
    const list = page.getByRole('list', { name: t('collection.tabs.shops') });
    for (const s of shops) await expect(list.getByRole('link', { name: s.shopName, exact: true })).toBeVisible();

    // Batch-cancel the first one only.
    await page.getByRole('button', { name: t('collection.manage') }).click();
    await list.getByRole('checkbox', { name: t('collection.select', { name: shops[0]!.shopName }) }).check();
    await page.getByRole('button', { name: t('collection.batchCancel', { count: 1 }) }).click();
    await expect(list.getByRole('link', { name: shops[0]!.shopName, exact: true })).toHaveCount(0);
    await expect(list.getByRole('link', { name: shops[1]!.shopName, exact: true })).toBeVisible();

    // Cancel one with its own button; the store link goes to the store page.
    await list.getByRole('button', { name: `${t('collection.cancel')} ${shops[1]!.shopName}` }).click();
    await expect(list.getByRole('link', { name: shops[1]!.shopName, exact: true })).toHaveCount(0);
    const remaining = shops.slice(2);
    if (remaining.length) {
      await list.getByRole('link', { name: remaining[0]!.shopName, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/shopIndex\\?sid=${remaining[0]!.shopId}$`));
    }
  });

  test(`${lang}: viewed products fill the footprint; one is deleted, then all are cleared`, async ({ page, context, request, baseURL }) => {
    const shopper = await registerShopper(request);
    const products = await productsOnSale(request, 3, lang);
    await useToken(context, baseURL!, shopper.token);
    // Views through the detail page, as a shopper browses.
    for (const p of products) {
      await openPage(page, `${prefix}/detail/${p.prodId}`);
      await expect(page.getByRole('heading', { level: 1, name: p.prodName })).toBeVisible();
    }
    await expect
      .poll(async () => (await (await request.get(`${API_URL}/p/prodBrowseLog/page`, { headers: { Authorization: shopper.token } })).json()).total)
      .toBe(3);

    await openPage(page, `${prefix}/user-center/uc-footprint`);
    await expect(page.getByRole('heading', { level: 1, name: t('footprint.title') })).toBeVisible();
    const today = page.getByRole('list', { name: t('footprint.today') });
    // Newest first.
    await expect(today.getByRole('listitem').first()).toContainText(products[2]!.prodName);
    for (const p of products) await expect(today.getByText(p.prodName, { exact: true })).toBeVisible();

    await today.getByRole('button', { name: t('footprint.deleteItem', { name: products[1]!.prodName }) }).click();
    await expect(toasts(page, lang)).toContainText(t('footprint.deleted'));
    await expect(today.getByText(products[1]!.prodName, { exact: true })).toHaveCount(0);
    await expect(today.getByRole('listitem')).toHaveCount(2);

    await page.getByRole('button', { name: t('footprint.clearAll') }).click();
    const confirm = page.getByRole('dialog', { name: t('footprint.clearConfirmTitle') });
    await confirm.getByRole('button', { name: t('footprint.clearConfirm') }).click();
    await expect(page.getByText(t('footprint.empty'))).toBeVisible();
    expect((await (await request.get(`${API_URL}/p/prodBrowseLog/page`, { headers: { Authorization: shopper.token } })).json()).total).toBe(0);
  });
}

test('a visitor on the collection page gets the login popup', async ({ page }) => {
  await openPage(page, '/user-center/uc-collection');
  await expect(page.getByRole('dialog', { name: text('zh', 'login.dialog.title') })).toBeVisible();
});
