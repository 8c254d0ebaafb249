// The cart page: lines of two shops, ticking, quantities, deleting, the total from totalPay,
// 'Please select at least one item', the header count, and settling, in Chinese and English.
// Products are found through the API (the page never hard-codes seed ids).
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { ProductDetailSchema, type ProductDetail, type Sku } from '@bazaar/shared/schemas/product';
import { API_URL, openPage, registerShopper, text, useToken, test } from './support.ts';

type Lang = 'zh' | 'en';

const yuan = (fen: number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-US', { style: 'currency', currency: 'CNY', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(fen / 100);

interface Pick {
  product: ProductDetail;
  sku: Sku;
}

/** Two normal products of two different shops, in no shop promotion, each with a SKU that has at least 5 in stock. */
async function twoShopsProducts(request: APIRequestContext, lang: Lang): Promise<[Pick, Pick]> {
  const page = SearchPageSchema.parse(await (await request.get(`${API_URL}/search/page?sort=2&size=60`, { headers: { 'Accept-Language': lang } })).json());
  const picks: Pick[] = [];
  for (const card of page.records) {
    // A line in a running shop promotion would take its reduction off the totals checked here.
    if (picks.some((p) => p.product.shopId === card.shopId) || card.discountTag) continue;
    const res = await request.get(`${API_URL}/prod/prodInfo?prodId=${card.prodId}`, { headers: { 'Accept-Language': lang } });
    if (!res.ok()) continue;
    const product = ProductDetailSchema.parse(await res.json());
    const sku = product.skuList.find((s) => s.stocks === -1 || s.stocks >= 5);
    if (product.prodType !== 0 || !sku) continue;
    picks.push({ product, sku });
    if (picks.length === 2) return [picks[0]!, picks[1]!];
  }
  throw new Error('the seed has no two shops with products in stock');
}

async function addToCart(request: APIRequestContext, token: string, pick: Pick, count: number) {
  const res = await request.post(`${API_URL}/p/shopCart/changeItem`, {
    headers: { Authorization: token },
    data: { basketId: 0, prodId: pick.product.prodId, skuId: pick.sku.skuId, shopId: pick.product.shopId, count },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const toasts = (page: Page, lang: Lang) => page.getByRole('region', { name: text(lang, 'toast.label') });

for (const lang of ['zh', 'en'] as const) {
  const t = (key: string, v?: Record<string, string | number>) => text(lang, key, v);
  const prefix = lang === 'en' ? '/en' : '';

  test(`${lang}: a shopper ticks, changes, deletes and settles the lines of two shops`, async ({ page, request, context, baseURL }) => {
    const [a, b] = await twoShopsProducts(request, lang);
    const shopper = await registerShopper(request);
    await addToCart(request, shopper.token, a, 1);
    await addToCart(request, shopper.token, b, 2);
    await useToken(context, baseURL!, shopper.token);

    await openPage(page, `${prefix}/cart`);
    await expect(page.getByRole('heading', { level: 1, name: t('cartPage.heading') })).toBeVisible();
    const shops = page.getByTestId('cart-shop');
    await expect(shops).toHaveCount(2);
    // The newest line's shop comes first.
    await expect(shops.nth(0).getByRole('heading', { level: 2 })).toHaveText(b.product.shopName);
    await expect(shops.nth(1).getByRole('heading', { level: 2 })).toHaveText(a.product.shopName);
    const lineA = shops.nth(1).getByTestId('cart-line');
    const lineB = shops.nth(0).getByTestId('cart-line');
    await expect(lineA).toContainText(a.product.prodName);
    await expect(lineA).toContainText(a.sku.skuName);
    await expect(lineB.getByRole('textbox', { name: t('cartPage.quantity', { name: b.product.prodName }) })).toHaveValue('2');

    const headerCount = page.getByTestId('cart-count');
    const money = page.locator('.cart-summary__money .price__now');
    const selected = page.getByTestId('cart-selected-count');
    await expect(headerCount).toHaveText('3');
    await expect(money).toHaveText(yuan(a.sku.price + 2 * b.sku.price, lang));
    await expect(selected).toHaveText(t('cartPage.summary.selected', { count: 3 }));

    // Untick one line, then the other shop: the total follows, and nothing selected is refused.
    await page.getByRole('checkbox', { name: t('cartPage.selectItem', { name: a.product.prodName }) }).uncheck();
    await expect(money).toHaveText(yuan(2 * b.sku.price, lang));
    await expect(page.getByRole('checkbox', { name: t('cartPage.selectAll'), exact: true })).not.toBeChecked();
    await page.getByRole('checkbox', { name: t('cartPage.selectShop', { name: b.product.shopName }) }).uncheck();
    await expect(money).toHaveText(yuan(0, lang));
    await expect(selected).toHaveText(t('cartPage.summary.selected', { count: 0 }));
    await page.getByRole('button', { name: t('cartPage.summary.settle') }).click();
    await expect(toasts(page, lang)).toContainText(t('cartPage.errors.selectOne'));
    await expect(page).toHaveURL(/\/cart$/);

    // The ticks are kept on the server: a reload shows them as left.
    await openPage(page, `${prefix}/cart`);
    await expect(page.getByRole('checkbox', { name: t('cartPage.selectShop', { name: b.product.shopName }) })).not.toBeChecked();
    await page.getByRole('checkbox', { name: t('cartPage.selectAll'), exact: true }).check();
    await expect(money).toHaveText(yuan(a.sku.price + 2 * b.sku.price, lang));

    // Quantities: stepped and typed; the line amount, the total and the header count follow.
    await page.getByRole('button', { name: t('cartPage.increase', { name: a.product.prodName }) }).click();
    await page.getByRole('button', { name: t('cartPage.increase', { name: a.product.prodName }) }).click();
    await expect(lineA.locator('.cart-line__amount .price__now')).toHaveText(yuan(3 * a.sku.price, lang));
    await expect(money).toHaveText(yuan(3 * a.sku.price + 2 * b.sku.price, lang));
    await expect(headerCount).toHaveText('5');
    const quantityB = page.getByRole('textbox', { name: t('cartPage.quantity', { name: b.product.prodName }) });
    await quantityB.fill('1');
    await quantityB.press('Enter');
    await expect(money).toHaveText(yuan(3 * a.sku.price + b.sku.price, lang));
    await expect(headerCount).toHaveText('4');
    await expect(selected).toHaveText(t('cartPage.summary.selected', { count: 4 }));

    if (lang === 'zh') {
      // Delete one line from its row.
      await page.getByRole('button', { name: t('cartPage.deleteItem', { name: a.product.prodName }) }).click();
      await expect(toasts(page, lang)).toContainText(t('cartPage.deleted'));
    } else {
      // Delete the selected lines, after a confirmation.
      await page.getByRole('checkbox', { name: t('cartPage.selectItem', { name: b.product.prodName }) }).uncheck();
      await expect(money).toHaveText(yuan(3 * a.sku.price, lang));
      await page.getByRole('button', { name: t('cartPage.deleteSelected') }).click();
      const dialog = page.getByRole('dialog', { name: t('cartPage.deleteConfirmTitle') });
      await expect(dialog).toContainText(t('cartPage.deleteConfirmText', { count: 1 }));
      await dialog.getByRole('button', { name: t('cartPage.deleteConfirm') }).click();
      await expect(dialog).toBeHidden();
      await expect(toasts(page, lang)).toContainText(t('cartPage.deleted'));
      await page.getByRole('checkbox', { name: t('cartPage.selectAll'), exact: true }).check();
    }
    await expect(shops).toHaveCount(1);
    await expect(page.getByText(a.product.prodName)).toHaveCount(0);
    await expect(headerCount).toHaveText('1');
    await expect(money).toHaveText(yuan(b.sku.price, lang));

    // Settle goes to the order confirmation, which reads the ticked lines on the server.
    await page.getByRole('button', { name: t('cartPage.summary.settle') }).click();
    await expect(page).toHaveURL(/\/submit-order$/);
    const info = await request.post(`${API_URL}/p/shopCart/info`, { headers: { Authorization: shopper.token }, data: [] });
    const items = ((await info.json()) as { shopCartItemDiscounts: { shopCartItems: { skuId: number; prodCount: number; isChecked: number }[] }[] }[]).flatMap((s) =>
      s.shopCartItemDiscounts.flatMap((g) => g.shopCartItems),
    );
    expect(items).toEqual([expect.objectContaining({ skuId: b.sku.skuId, prodCount: 1, isChecked: 1 })]);
  });

  test(`${lang}: an empty cart offers to go shopping, and deleting the last line empties it`, async ({ page, request, context, baseURL }) => {
    const [a] = await twoShopsProducts(request, lang);
    const shopper = await registerShopper(request);
    await addToCart(request, shopper.token, a, 1);
    await useToken(context, baseURL!, shopper.token);
    await openPage(page, `${prefix}/cart`);
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.getByRole('button', { name: t('cartPage.deleteItem', { name: a.product.prodName }) }).click();
    await expect(page.getByRole('heading', { name: t('cartPage.empty.title') })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
    await page.getByRole('link', { name: t('cartPage.empty.browse') }).click();
    await expect(page).toHaveURL(/\/list\?st=0$/);
  });
}

test('a visitor is asked to log in on /cart', async ({ page }) => {
  await openPage(page, '/cart');
  await expect(page.getByRole('dialog', { name: text('zh', 'login.dialog.title') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: text('zh', 'cartPage.signIn.title') })).toBeVisible();
});
