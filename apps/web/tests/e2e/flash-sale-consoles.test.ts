// The flash sale's consoles (issue 27): a shop creates a flash sale in the merchant center (a product
// on sale, one option's flash price and stock, a platform session five days ahead), its stock leaves
// the option at once and it waits for review; staff approve it in the platform console (as mkt03, an
// account no other journey uses), and the shoppers' API then shows it as not started at its flash
// price; the merchant sees it upcoming. Each console page passes axe. No seed id is hard-coded.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { MerchantTokenSchema } from '@bazaar/shared/schemas/merchant';
import { ProductDetailSchema, type ProductDetail } from '@bazaar/shared/schemas/product';
import { SeckillDetailSchema, SeckillRowPageSchema } from '@bazaar/shared/schemas/seckill';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { ok } from './order-support.ts';
import { settled, staffLogin } from './platform-console.ts';
import { API_URL, encryptPassword, test } from './support.ts';

const MERCHANT_URL = process.env.BAZAAR_E2E_MERCHANT_URL ?? 'http://127.0.0.1:13001';
const FLASH_STOCK = 3;

/** A product on sale with an option of enough stock, from the dearest down (the storefront's journey takes the cheap ones). */
async function pickProduct(request: APIRequestContext): Promise<{ product: ProductDetail; skuIndex: number }> {
  const page = SearchPageSchema.parse(await ok(request.get(`${API_URL}/search/page?size=100&hasStock=1&sort=4`)));
  for (const card of page.records) {
    const product = ProductDetailSchema.parse(await ok(request.get(`${API_URL}/prod/prodInfo?prodId=${card.prodId}`)));
    const skuIndex = product.skuList.findIndex((s) => s.stocks >= FLASH_STOCK + 10 && s.price >= 200);
    if (product.prodType === 0 && product.mold === 0 && skuIndex >= 0) return { product, skuIndex };
  }
  throw new Error('no product with stock for a flash sale');
}

async function merchantLogin(merchant: Page, username: string): Promise<void> {
  await merchant.goto(`${MERCHANT_URL}/`);
  await merchant.getByLabel('商家账号').fill(username);
  await merchant.getByLabel('密码').fill('merchant123');
  await merchant.getByRole('button', { name: '登 录' }).or(merchant.getByRole('button', { name: '登录' })).click();
  await expect(merchant.getByRole('heading', { name: '经营概况' })).toBeVisible();
}

const stockOf = async (request: APIRequestContext, prodId: number, skuId: number) =>
  ProductDetailSchema.parse(await ok(request.get(`${API_URL}/prod/prodInfo?prodId=${prodId}`))).skuList.find((s) => s.skuId === skuId)!.stocks;

test('a shop creates a flash sale, staff approve it, and shoppers see it coming', async ({ context, request }) => {
  test.setTimeout(180_000);
  const { product, skuIndex } = await pickProduct(request);
  const sku = product.skuList[skuIndex]!;
  const stockBefore = sku.stocks;
  const name = `控制台秒杀${Date.now().toString(36)}`;
  const flashPrice = Math.max(1, Math.floor(sku.price / 2));

  // The merchant center: the menu's flash sales, then the form.
  const merchant = await context.newPage();
  await merchantLogin(merchant, `shop${product.shopId}`);
  await merchant.getByRole('menuitem', { name: '秒杀活动' }).click();
  await expect(merchant.getByRole('heading', { name: '秒杀活动' })).toBeVisible();
  await expectNoSeriousA11yViolations(merchant, 'merchant flash sales');
  await merchant.getByRole('button', { name: '创建秒杀' }).click();
  await expect(merchant.getByRole('heading', { name: '创建秒杀活动' })).toBeVisible();
  await merchant.getByLabel('活动名称').fill(name);
  const picker = merchant.getByLabel('秒杀商品');
  await picker.click();
  await picker.fill(product.prodName.slice(0, 12));
  await merchant.locator('.ant-select-dropdown:visible').getByTitle(new RegExp(`^${product.prodName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `)).first().click();
  // The option's row: its flash price (yuan) and stock.
  const row = merchant.getByRole('row').filter({ has: merchant.getByRole('checkbox') }).nth(skuIndex);
  await expect(row).toBeVisible();
  await row.getByRole('spinbutton').first().fill((flashPrice / 100).toFixed(2));
  await row.getByRole('spinbutton').nth(1).fill(String(FLASH_STOCK));
  await expect(row.getByRole('checkbox')).toBeChecked();
  // A platform session five days ahead (clear of the seed's and the other journey's flash sales).
  const day = new Date(Date.now() + 8 * 3_600_000 + 5 * 86_400_000).toISOString().slice(0, 10);
  const dayPicker = merchant.getByLabel('日期');
  await dayPicker.click();
  await dayPicker.fill(day);
  await dayPicker.press('Enter');
  await merchant.getByRole('combobox', { name: '场次' }).click();
  await merchant.locator('.ant-select-dropdown:visible').getByText(/^14:00 开始/).click();
  await expectNoSeriousA11yViolations(merchant, 'merchant flash sale form');
  await merchant.getByRole('button', { name: '提交审核' }).click();

  // Its detail: waiting for review, the option at its flash price; the stock left the option.
  await expect(merchant.getByRole('heading', { name: `秒杀活动：${name}` })).toBeVisible();
  await expect(merchant.getByTestId('seckill-state')).toHaveText('待审核');
  expect(await stockOf(request, product.prodId, sku.skuId)).toBe(stockBefore - FLASH_STOCK);
  const login = MerchantTokenSchema.parse(await ok(request.post(`${API_URL}/merchant/login`, { data: { username: `shop${product.shopId}`, password: encryptPassword('merchant123') } })));
  const mine = SeckillRowPageSchema.parse(await ok(request.get(`${API_URL}/merchant/seckills?state=pending&prodName=${encodeURIComponent(product.prodName)}`, { headers: { Authorization: login.accessToken } })));
  const created = mine.records.find((r) => r.nameZh === name)!;
  expect(created).toMatchObject({ startTime: `${day} 14:00:00`, minSeckillPrice: flashPrice, maxNum: 1, counts: { totalStocks: FLASH_STOCK } });
  // Not shown to shoppers before the platform approves it.
  expect((await request.get(`${API_URL}/seckill/prod?seckillId=${created.seckillId}`)).status()).not.toBe(200);

  // The platform console: the review queue, approve.
  const platform = await context.newPage();
  await staffLogin(platform, 'mkt03');
  await platform.getByRole('menuitem', { name: '秒杀管理' }).click();
  await expect(platform.getByRole('heading', { name: '秒杀管理' })).toBeVisible();
  await platform.getByLabel('按商品名称搜索').fill(product.prodName);
  await platform.getByRole('button', { name: '搜 索' }).or(platform.getByRole('button', { name: '搜索', exact: true })).first().click();
  const pending = platform.getByRole('row').filter({ hasText: name });
  await expect(pending).toHaveCount(1);
  await settled(platform);
  await expectNoSeriousA11yViolations(platform, 'platform flash sales');
  await pending.getByRole('button', { name: `通过 ${name}` }).click();
  await expect(platform.getByText('已通过，活动将按时开始')).toBeVisible();
  await platform.getByRole('tab', { name: '未开始' }).click();
  await expect(platform.getByRole('row').filter({ hasText: name })).toHaveCount(1);

  // The shoppers' API shows it, not started, at its flash price; the merchant sees it upcoming.
  const detail = SeckillDetailSchema.parse(await ok(request.get(`${API_URL}/seckill/prod?seckillId=${created.seckillId}`)));
  expect(detail).toMatchObject({ prodId: product.prodId, state: 1, seckillPrice: flashPrice, startTime: `${day} 14:00:00`, maxNum: 1 });
  await merchant.getByRole('button', { name: '返回秒杀列表' }).click();
  await merchant.getByRole('tab', { name: '未开始' }).click();
  await expect(merchant.getByRole('row').filter({ hasText: name }).getByText('未开始')).toBeVisible();

  // Ended early by the shop, it leaves the shoppers' list (its stock goes back when the close job settles it).
  await ok(request.post(`${API_URL}/merchant/seckills/${created.seckillId}/end`, { headers: { Authorization: login.accessToken } }));
  expect((await request.get(`${API_URL}/seckill/prod?seckillId=${created.seckillId}`)).status()).not.toBe(200);
});
