import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { CategoryNode } from '@bazaar/shared/schemas/catalog';
import { HomeSchema } from '@bazaar/shared/schemas/home';
import { API_URL, en, openPage, registerShopper, useToken, zh, test } from './support.ts';

async function homeData(request: APIRequestContext, lang: 'zh' | 'en') {
  const response = await request.get(`${API_URL}/index/home`, { headers: { 'Accept-Language': lang } });
  expect(response.status()).toBe(200);
  return HomeSchema.parse(await response.json());
}

const menu = (page: Page, lang: 'zh' | 'en') => page.getByRole('navigation', { name: (lang === 'zh' ? zh : en)('categoryMenu.label') });

test('the category menu opens on hover and leads to the list of a third-level category', async ({ page, request }) => {
  const { categories } = await homeData(request, 'zh');
  const top = categories[1] as CategoryNode;
  const mid = top.children[0] as CategoryNode;
  const leaf = mid.children[0] as CategoryNode;
  await openPage(page, '/');
  const nav = menu(page, 'zh');
  await expect(nav.getByRole('link')).not.toHaveCount(0);
  const panel = nav.getByRole('group', { name: top.categoryName });
  await expect(panel).toBeHidden();

  await nav.getByRole('link', { name: top.categoryName, exact: true }).hover();
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('link', { name: mid.categoryName, exact: true })).toBeVisible();
  // Leaving the menu closes the panel.
  await page.getByRole('heading', { name: zh('homePage.floors.recommended') }).hover();
  await expect(panel).toBeHidden();

  await nav.getByRole('link', { name: top.categoryName, exact: true }).hover();
  await panel.getByRole('link', { name: leaf.categoryName, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/list');
  expect(new URL(page.url()).searchParams.get('categoryId')).toBe(String(leaf.categoryId));
});

test('the category menu works from the keyboard, in English', async ({ page, request }) => {
  const { categories } = await homeData(request, 'en');
  const first = categories[0] as CategoryNode;
  const second = categories[1] as CategoryNode;
  await openPage(page, '/?lang=en');
  const nav = menu(page, 'en');
  const firstLink = nav.getByRole('link', { name: first.categoryName, exact: true });
  await firstLink.focus();
  const panel = nav.getByRole('group', { name: first.categoryName });
  await expect(panel).toBeVisible();
  await expect(firstLink).toHaveAttribute('aria-expanded', 'true');
  // Escape closes the panel and keeps the focus on its category.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(firstLink).toBeFocused();

  // Tab goes through the open panel, then to the next category.
  await firstLink.blur();
  await firstLink.focus();
  await page.keyboard.press('Tab');
  const firstMid = first.children[0] as CategoryNode;
  await expect(panel.getByRole('link', { name: firstMid.categoryName, exact: true })).toBeFocused();
  const panelLinks = first.children.reduce((n, mid) => n + 1 + mid.children.length, 0);
  for (let i = 1; i < panelLinks; i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: second.categoryName, exact: true })).toBeFocused();
  await expect(panel).toBeHidden();
  await expect(nav.getByRole('group', { name: second.categoryName })).toBeVisible();

  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  // The English page's link leads to the English list (the URL says the language, decision 020).
  await page.waitForURL((url) => url.pathname === '/en/list');
  expect(new URL(page.url()).searchParams.get('categoryId')).toBe(String(second.children[0]?.categoryId));
});

test('the home page shows the carousel, the floors and the notices from the API', async ({ page, request }) => {
  const home = await homeData(request, 'zh');
  // The slides change every 5 s; on a loaded machine that happens before the checks below (CI of
  // 2026-11-25 found slide 4 shown). With reduced motion the carousel stands still (carousel.tsx).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const response = await openPage(page, '/');
  expect(response?.status()).toBe(200);
  const carousel = page.getByRole('region', { name: zh('homePage.carousel.label') });
  // Hidden slides are inert (out of the accessibility tree), so they are counted by class.
  await expect(carousel.locator('.carousel__slide')).toHaveCount(home.banners.length);
  await expect(carousel.getByRole('group')).toHaveCount(1);
  const first = home.banners[0]!;
  await expect(carousel.getByRole('link', { name: first.title })).toHaveAttribute('href', `/detail/${first.prodId}?bannerEnter=1`);
  // The dots change the slide; only the shown slide can be reached.
  await carousel.getByRole('button', { name: zh('homePage.carousel.goTo', { index: 2 }) }).click();
  await expect(carousel.getByRole('link', { name: home.banners[1]!.title })).toBeVisible();
  await expect(carousel.getByRole('link', { name: first.title })).toBeHidden();

  for (const [key, products] of [
    ['homePage.floors.recommended', home.recommended],
    ['homePage.floors.newest', home.newest],
  ] as const) {
    const floor = page.getByRole('list', { name: zh(key) });
    await expect(floor.getByRole('listitem')).toHaveCount(products.length);
    await expect(floor.getByRole('listitem').first()).toContainText(products[0]!.prodName);
  }
  // The demo's flash sales (running and upcoming) fill the flash-sale block: each tile leads to its
  // /secdetail page, and its "more" to /flash-sale (issue 27).
  expect(home.seckills.length).toBeGreaterThan(0);
  const seckills = page.getByRole('region', { name: zh('homePage.seckill.title') });
  await expect(seckills.getByRole('listitem')).toHaveCount(home.seckills.length);
  await expect(seckills.getByRole('listitem').first().getByRole('link')).toHaveAttribute('href', `/secdetail/${home.seckills[0]!.seckillId}`);
  await expect(seckills.getByRole('link', { name: zh('homePage.floors.more') })).toHaveAttribute('href', '/flash-sale');
  await expect(page.getByRole('heading', { name: zh('home.notices.title') })).toBeVisible();

  const recommended = page.getByRole('list', { name: zh('homePage.floors.recommended') });
  await recommended.getByRole('listitem').first().getByRole('link').first().click();
  await page.waitForURL((url) => url.pathname === `/detail/${home.recommended[0]!.prodId}`);
});

test('each slide shows the picture of the page\'s language, its headline drawn in, with a localized text alternative', async ({ page, request }) => {
  const [zhHome, enHome] = [await homeData(request, 'zh'), await homeData(request, 'en')];
  expect(enHome.banners.length).toBe(zhHome.banners.length);
  for (const [lang, home, path] of [
    ['zh', zhHome, '/'],
    ['en', enHome, '/en'],
  ] as const) {
    await openPage(page, path);
    const carousel = page.getByRole('region', { name: (lang === 'zh' ? zh : en)('homePage.carousel.label') });
    // Slides turn every few seconds and hidden ones are inert, so the pictures are read by class.
    const pictures = carousel.locator('.carousel__slide img');
    await expect(pictures).toHaveCount(home.banners.length);
    for (const [i, banner] of home.banners.entries()) {
      await expect(pictures.nth(i)).toHaveAttribute('src', banner.imgUrl);
      await expect(pictures.nth(i)).toHaveAttribute('alt', banner.title);
    }
    // The first picture loaded (the file is there).
    await expect.poll(() => pictures.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  }
  // The English page shows the English pictures, not the Chinese ones.
  expect(enHome.banners[0]!.imgUrl).toMatch(/-en-[0-9a-f]+\.webp$/);
  expect(zhHome.banners[0]!.imgUrl).toMatch(/-zh-[0-9a-f]+\.webp$/);
  expect(enHome.banners[0]!.title).not.toBe(zhHome.banners[0]!.title);
});

test('the header shows the cart count of a logged-in shopper and asks a visitor to log in', async ({ page, context, request, baseURL }) => {
  await openPage(page, '/');
  const cart = page.locator('.site-header').getByRole('link', { name: zh('store.cart.label'), exact: true });
  await expect(cart).toBeVisible();
  await cart.click();
  await expect(page.getByRole('dialog', { name: zh('login.dialog.title') })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');

  const shopper = await registerShopper(request);
  const auth = { Authorization: shopper.token };
  const { recommended } = await homeData(request, 'zh');
  const product = recommended.find((p) => p.totalStocks !== 0)!;
  const info = await request.get(`${API_URL}/prod/prodInfo?prodId=${product.prodId}`);
  expect(info.status()).toBe(200);
  const { skuList } = (await info.json()) as { skuList: { skuId: number; stocks: number }[] };
  const sku = skuList.find((s) => s.stocks !== 0)!;
  const add = await request.post(`${API_URL}/p/shopCart/changeItem`, {
    headers: auth,
    data: { basketId: 0, prodId: product.prodId, skuId: sku.skuId, shopId: product.shopId, count: 2 },
  });
  expect(add.status(), await add.text()).toBe(200);
  const count = (await (await request.get(`${API_URL}/p/shopCart/prodCount`, { headers: auth })).json()) as number;
  expect(count).toBeGreaterThan(0);

  await useToken(context, baseURL!, shopper.token);
  await openPage(page, '/?lang=en');
  // The visible words, then the count spelled out (the browser may put a space before the comma).
  const label = new RegExp(`^${en('store.cart.label')}\\s*, ${en('store.cart.count', { count })}$`);
  const enCart = page.locator('.site-header').getByRole('link', { name: label });
  await expect(enCart).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText(String(count));
  await expect(enCart).toHaveAttribute('href', '/cart');
});
