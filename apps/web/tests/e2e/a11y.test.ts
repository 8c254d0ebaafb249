// Accessibility: every main route, in Chinese and English, for a visitor and for a logged-in
// shopper, with axe reporting no serious or critical violation; dialogs and menus are checked open.
// The other journeys check each page they open as well (openPage in support.ts).
import { expect, type Page } from '@playwright/test';
import { SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { NoticeSummarySchema } from '@bazaar/shared/schemas/site';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { API_URL, openPage, registerShopper, test, text, topBar, useToken, waitForHydration } from './support.ts';
import { addAddressByApi, addToCartByApi, ok, pickProducts, placeOrderByApi } from './order-support.ts';

type Lang = 'zh' | 'en';

async function visit(page: Page, lang: Lang, path: string): Promise<void> {
  await page.goto(lang === 'en' ? `/en${path}` : path);
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page, `${lang} ${path}`, { soft: true });
}

async function productAndShop(request: Parameters<typeof pickProducts>[0]) {
  const page = SearchPageSchema.parse(await ok(request.get(`${API_URL}/search/page?size=1`)));
  return page.records[0]!;
}

// A scan takes a second or two, each test scans about fifteen pages, and these run first, while
// the other workers' journeys and the servers warm up: at CI's start one took 4.2 min.
test.describe.configure({ timeout: 480_000 });

for (const lang of ['zh', 'en'] as const) {
  const t = (key: string, v?: Record<string, string | number>) => text(lang, key, v);

  test(`${lang}: a visitor's pages pass axe`, async ({ page, request }) => {
    const product = await productAndShop(request);
    const notices = NoticeSummarySchema.array().parse(await ok(request.get(`${API_URL}/shop/notice/topNoticeList/0`)));
    for (const path of [
      '/',
      '/list',
      '/list?pn=tea',
      `/detail/${product.prodId}`,
      `/shopIndex?sid=${product.shopId}`,
      '/shopList?shopName=tea',
      '/notice-list',
      ...(notices[0] ? [`/notice-detail?id=${notices[0].id}&shopId=0`] : []),
      '/termsPage?sts=0',
      '/invite',
      '/login',
      '/register',
      '/forget-password',
      '/cart',
      '/user-center',
      '/no-such-page',
    ])
      await visit(page, lang, path);

    // The login popup, open.
    await visit(page, lang, '/');
    await topBar(page).getByRole('button', { name: t('layout.topBar.login') }).click();
    await expect(page.getByRole('dialog', { name: t('login.dialog.title') })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${lang} login popup`, { soft: true });
  });

  test(`${lang}: a shopper's pages pass axe`, async ({ page, request, context, baseURL }) => {
    const shopper = await registerShopper(request);
    const [pick] = await pickProducts(request, 1, 5);
    await addAddressByApi(request, shopper.token);
    await addToCartByApi(request, shopper.token, pick!, 1);
    const orderNumber = await placeOrderByApi(request, shopper.token, pick!, 1);
    await useToken(context, baseURL!, shopper.token);

    for (const path of [
      '/',
      `/detail/${pick!.prodId}`,
      '/cart',
      '/user-center',
      '/user-center/uc-account',
      '/user-center/uc-password',
      '/user-center/uc-address',
      '/user-center/uc-collection',
      '/user-center/uc-footprint',
      '/user-center/uc-order',
      '/user-center/uc-comments',
      '/user-center/uc-comments?tab=reviewed',
      `/write-comments?orderNumber=${orderNumber}`,
      `/order-detail?orderNumber=${orderNumber}`,
      `/payment?orderNumbers=${orderNumber}`,
    ])
      await visit(page, lang, path);

    // WeChat Pay's QR page, reached from the payment page.
    await page.getByRole('radio', { name: t('payment.methods.wechat') }).check();
    await page.getByRole('button', { name: t('payment.payNow') }).click();
    await expect(page.getByRole('img', { name: t('payment.weixin.qrLabel') })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${lang} weixin-pay`, { soft: true });

    // The checkout, from the cart.
    await visit(page, lang, '/cart');
    await page.getByRole('button', { name: t('cartPage.summary.settle') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('checkout.title') })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${lang} submit-order`, { soft: true });

    // The address dialog and the account menu, open.
    await visit(page, lang, '/user-center/uc-address');
    await page.getByRole('button', { name: t('address.add') }).click();
    await expect(page.getByRole('dialog', { name: t('address.form.addTitle') })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${lang} address dialog`, { soft: true });
    await page.keyboard.press('Escape');
    await topBar(page).getByRole('button', { name: shopper.nickName }).hover();
    await expect(page.getByRole('menuitem', { name: t('layout.topBar.logout') })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${lang} account menu`, { soft: true });
  });
}

test('after a client-side navigation focus moves to the new page’s heading; focus rings show on the search box and menu items', async ({ page }) => {
  await openPage(page, '/');
  await page.getByRole('navigation', { name: text('zh', 'layout.header.nav') }).getByRole('link', { name: text('zh', 'layout.header.productList') }).click();
  await expect(page).toHaveURL(/\/list/);
  await expect(page.locator('#main h1')).toBeFocused();

  await page.locator('.product-card__link').first().click();
  await expect(page).toHaveURL(/\/detail\/\d+/);
  await expect(page.locator('#main h1')).toBeFocused();
  // The next Tab stays in the page instead of starting over at the top bar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.getElementById('main')!.contains(document.activeElement))).toBe(true);

  await page.locator('.search__input').focus();
  expect(await page.locator('.search').evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  const language = topBar(page).getByRole('button', { name: text('zh', 'layout.topBar.language') });
  await language.focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitemradio', { name: text('zh', 'layout.topBar.languageZh') });
  await expect(item).toBeFocused();
  expect(await item.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
});
