// Issue 10, the merchant center's shop settings (apps/merchant): a store owner uploads a banner and
// changes the introduction, adds a bilingual shop category and publishes a pinned notice in the
// merchant center; the storefront's shop page shows all of them in Chinese and English. Every new
// console page passes axe.
import { randomInt } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { ShopSearchPageSchema } from '@bazaar/shared/schemas/shop';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { API_URL, openPage, test } from './support.ts';

const MERCHANT_URL = process.env.BAZAAR_E2E_MERCHANT_URL ?? 'http://127.0.0.1:13001';
/** A 24 × 6 red PNG: the banner. */
const BANNER_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAABgAAAAGCAIAAABWyclEAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAFUlEQVQYlWM4Y2xMFcQwatAZuoURAJ/DrCHNIuaCAAAAAElFTkSuQmCC', 'base64');

async function merchantLogin(merchant: Page, username: string): Promise<void> {
  await merchant.goto(`${MERCHANT_URL}/`);
  await expect(merchant.getByRole('heading', { name: '商家登录' })).toBeVisible();
  await merchant.getByLabel('商家账号').fill(username);
  await merchant.getByLabel('密码').fill('merchant123');
  await merchant.getByRole('button', { name: '登录' }).click();
  // The dashboard is the merchant center's landing page (decision 028).
  await expect(merchant.getByRole('heading', { name: '经营概况' })).toBeVisible();
}

test('the merchant changes the introduction and banner, adds a category and a pinned notice; the shop page shows them', async ({ page, request, context }) => {
  test.setTimeout(240_000);
  // An open shop other than the tea house the store journey looks at.
  const shops = ShopSearchPageSchema.parse(await (await request.get(`${API_URL}/shop/searchShops?shopName=&size=50`)).json());
  const shop = shops.records.filter((s) => s.shopName !== '瓷韵茶社').at(-1)!;
  const run = `${Date.now().toString(36)}${randomInt(1000)}`;
  const intro = `本店专注原产地直发，每一件都亲自挑选 ${run}`;
  const introEn = `Shipped straight from where it is made, every piece chosen by hand ${run}`;
  const category = `冬季上新${run}`.slice(0, 20);
  const categoryEn = `Winter arrivals ${run}`;
  const notice = `年末盘点发货调整 ${run}`;
  const noticeEn = `Year-end shipping schedule ${run}`;

  const merchant = await context.newPage();
  await merchantLogin(merchant, `shop${shop.shopId}`);

  // Shop information: a new banner and both introductions.
  await merchant.getByRole('menuitem', { name: '店铺信息' }).click();
  await expect(merchant.getByRole('heading', { name: '店铺信息' })).toBeVisible();
  await expect(merchant.getByLabel('店铺简介（中文）')).not.toBeEmpty();
  await expectNoSeriousA11yViolations(merchant, 'merchant shop information');
  await merchant.locator('input[type=file]').nth(1).setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: BANNER_PNG });
  // The seed's banner shows until the upload answers: wait for the new picture, not any picture.
  await expect(merchant.getByRole('img', { name: '当前店铺横幅' })).toHaveAttribute('src', /^\/uploads\/images\/.+\.png$/);
  const bannerSrc = await merchant.getByRole('img', { name: '当前店铺横幅' }).getAttribute('src');
  await merchant.getByLabel('店铺简介（中文）').fill('太短');
  await merchant.getByRole('button', { name: '保存' }).click();
  await expect(merchant.getByText('10-200 个字', { exact: true }).first()).toBeVisible();
  await merchant.getByLabel('店铺简介（中文）').fill(intro);
  await merchant.getByLabel('店铺简介（英文）').fill(introEn);
  await merchant.getByRole('button', { name: '保存' }).click();
  await expect(merchant.getByRole('status')).toHaveText('已保存，商城店铺页已更新');

  // A shop category for the side menu.
  await merchant.getByRole('menuitem', { name: '店铺分类' }).click();
  await expect(merchant.getByRole('heading', { name: '店铺分类' })).toBeVisible();
  await expectNoSeriousA11yViolations(merchant, 'merchant shop categories');
  await merchant.getByRole('button', { name: '新增分类' }).click();
  const categoryDialog = merchant.getByRole('dialog', { name: '新增分类' });
  await categoryDialog.getByLabel('分类名称（中文）').fill(category);
  await categoryDialog.getByLabel('分类名称（英文）').fill(categoryEn);
  await categoryDialog.getByLabel('排序').fill('0');
  await expectNoSeriousA11yViolations(merchant, 'merchant new category dialog');
  await categoryDialog.getByRole('button', { name: '保存' }).click();
  await expect(categoryDialog).toBeHidden();
  await expect(merchant.getByRole('row').filter({ hasText: category })).toHaveCount(1);

  // A notice, pinned and published on saving.
  await merchant.getByRole('menuitem', { name: '店铺公告' }).click();
  await expect(merchant.getByRole('heading', { name: '店铺公告' })).toBeVisible();
  await merchant.getByRole('button', { name: '新增公告' }).click();
  const noticeDialog = merchant.getByRole('dialog', { name: '新增公告' });
  await noticeDialog.getByLabel('标题（中文）').fill(notice);
  await noticeDialog.getByLabel('内容（中文）').fill('12 月 28 日至 31 日盘点，期间订单于 1 月 2 日起发出。\n给您带来不便，敬请谅解。');
  await noticeDialog.getByLabel('标题（英文）').fill(noticeEn);
  await noticeDialog.getByLabel('内容（英文）').fill('Orders placed from 28 to 31 December ship from 2 January.');
  await noticeDialog.getByLabel('置顶').check();
  await expectNoSeriousA11yViolations(merchant, 'merchant new notice dialog');
  await noticeDialog.getByRole('button', { name: '保存' }).click();
  await expect(noticeDialog).toBeHidden();
  const row = merchant.getByRole('row').filter({ hasText: notice });
  await expect(row).toContainText('已发布');
  await expect(row).toContainText('置顶');
  await expectNoSeriousA11yViolations(merchant, 'merchant shop notices');

  // The storefront's shop page, in Chinese and in English.
  await expect(async () => {
    await openPage(page, `/shopIndex?sid=${shop.shopId}`);
    await expect(page.locator('.shop-head__intro')).toHaveText(intro, { timeout: 1000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.locator('.shop-head__banner')).toHaveAttribute('src', bannerSrc!);
  const categories = page.getByRole('navigation', { name: '店铺分类' });
  await expect(categories.getByRole('link', { name: category })).toBeVisible();
  const notices = page.getByRole('region', { name: '店铺公告' });
  await expect(notices.getByRole('link').filter({ hasText: notice })).toBeVisible();
  await notices.getByRole('link', { name: notice }).click();
  await expect(page.getByText('给您带来不便，敬请谅解。')).toBeVisible();

  await expect(async () => {
    await openPage(page, `/shopIndex?sid=${shop.shopId}&lang=en`);
    await expect(page.locator('.shop-head__intro')).toHaveText(introEn, { timeout: 1000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByRole('link', { name: categoryEn })).toBeVisible();
  await expect(page.getByRole('link', { name: noticeEn })).toBeVisible();
});
