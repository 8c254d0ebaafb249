// The group-buy consoles (issue 29): a shop creates a group buy in the merchant center (a product on
// sale, one option's group price, a team of 3 open 12 hours, robots on, at most 2 pieces per person,
// a window two months ahead so it crosses no other journey's activity); staff take it offline in the
// platform console with a reason (as mkt04, an account no other journey uses); the shop sees it
// offline with that reason, and the merchant API answers it so. Each console page passes axe. No
// seed id is hard-coded.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { GroupActivityRowPageSchema } from '@bazaar/shared/schemas/group-admin';
import { MerchantTokenSchema } from '@bazaar/shared/schemas/merchant';
import { ProductDetailSchema, type ProductDetail } from '@bazaar/shared/schemas/product';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { ok } from './order-support.ts';
import { settled, staffLogin } from './platform-console.ts';
import { API_URL, encryptPassword, test } from './support.ts';

const MERCHANT_URL = process.env.BAZAAR_E2E_MERCHANT_URL ?? 'http://127.0.0.1:13001';
const DAY_MS = 86_400_000;
const GMT8_MS = 8 * 3_600_000;

/** A normal product on sale with an option of at least ¥2, from the middle of the dearest (the flash-sale journey takes the first). */
async function pickProduct(request: APIRequestContext): Promise<{ product: ProductDetail; skuIndex: number }> {
  const page = SearchPageSchema.parse(await ok(request.get(`${API_URL}/search/page?size=100&hasStock=1&sort=4`)));
  for (const card of page.records.slice(10)) {
    const product = ProductDetailSchema.parse(await ok(request.get(`${API_URL}/prod/prodInfo?prodId=${card.prodId}`)));
    const skuIndex = product.skuList.findIndex((s) => s.price >= 200);
    if (product.prodType === 0 && product.mold === 0 && skuIndex >= 0) return { product, skuIndex };
  }
  throw new Error('no product for a group buy');
}

async function merchantLogin(merchant: Page, username: string): Promise<void> {
  await merchant.goto(`${MERCHANT_URL}/`);
  await merchant.getByLabel('商家账号').fill(username);
  await merchant.getByLabel('密码').fill('merchant123');
  await merchant.getByRole('button', { name: '登 录' }).or(merchant.getByRole('button', { name: '登录' })).click();
  await expect(merchant.getByRole('heading', { name: '经营概况' })).toBeVisible();
}

/** 'yyyy-MM-dd HH:mm:00' in Beijing time, `days` from now. */
const beijing = (days: number) => new Date(Date.now() + GMT8_MS + days * DAY_MS).toISOString().slice(0, 16).replace('T', ' ') + ':00';

async function pickTime(page: Page, label: string, value: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  // The previous picker may still be closing: its OK button would be taken for this one's.
  const open = page.locator('.ant-picker-dropdown:visible');
  await expect(open).toHaveCount(0);
  await input.click();
  await input.fill(value);
  // The picker's own OK button (Enter would also submit the form).
  await open.locator('.ant-picker-ok button').click();
  await expect(input).toHaveValue(value);
}

test('a shop creates a group buy and staff take it offline with a reason the shop sees', async ({ context, request }) => {
  test.setTimeout(300_000);
  const { product, skuIndex } = await pickProduct(request);
  const sku = product.skuList[skuIndex]!;
  const name = `控制台拼团${Date.now().toString(36)}`;
  const groupPrice = Math.max(1, Math.floor(sku.price / 2));
  const start = beijing(60);
  const end = beijing(61);
  const reason = '拼团价与实际售价不符';

  // The merchant center: the menu's group buys, then the form.
  const merchant = await context.newPage();
  await merchantLogin(merchant, `shop${product.shopId}`);
  await merchant.getByRole('menuitem', { name: '拼团活动' }).click();
  await expect(merchant.getByRole('heading', { name: '拼团活动' })).toBeVisible();
  await expectNoSeriousA11yViolations(merchant, 'merchant group buys');
  await merchant.getByRole('button', { name: '创建拼团' }).click();
  await expect(merchant.getByRole('heading', { name: '创建拼团' })).toBeVisible();
  await merchant.getByLabel('活动名称').fill(name);
  const picker = merchant.getByLabel('商品', { exact: true });
  await picker.click();
  await picker.fill(product.prodName.slice(0, 12));
  await merchant.locator('.ant-select-dropdown:visible').getByTitle(new RegExp(`^${product.prodName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `)).first().click();
  // The option's row: its group price (yuan) ticks it.
  const row = merchant.getByRole('row').filter({ has: merchant.getByRole('checkbox') }).nth(skuIndex);
  await expect(row).toBeVisible();
  await row.getByRole('spinbutton').fill((groupPrice / 100).toFixed(2));
  await expect(row.getByRole('checkbox')).toBeChecked();
  await merchant.getByLabel('成团人数').fill('3');
  await merchant.getByLabel('成团有效期（小时）').fill('12');
  await merchant.getByRole('switch', { name: '模拟成团' }).click();
  await merchant.getByRole('checkbox', { name: '限购' }).check();
  await merchant.getByRole('spinbutton', { name: '每人限购' }).fill('2');
  await pickTime(merchant, '开始时间', start);
  await pickTime(merchant, '结束时间', end);
  await expectNoSeriousA11yViolations(merchant, 'merchant group buy form');
  await merchant.getByRole('button', { name: /^创\s?建$/ }).click();

  // Its detail: upcoming, with its rules and the option at its group price.
  await expect(merchant.getByRole('heading', { name: `拼团活动：${name}` })).toBeVisible();
  await expect(merchant.getByTestId('groupbuy-state')).toHaveText('未开始');
  await expect(merchant.getByText('3 人团')).toBeVisible();
  await expect(merchant.getByText('每人限购 2 件')).toBeVisible();
  await expect(merchant.getByText('还没有团')).toBeVisible();
  const login = MerchantTokenSchema.parse(await ok(request.post(`${API_URL}/merchant/login`, { data: { username: `shop${product.shopId}`, password: encryptPassword('merchant123') } })));
  const auth = { Authorization: login.accessToken };
  const mine = GroupActivityRowPageSchema.parse(await ok(request.get(`${API_URL}/merchant/group-activities?name=${encodeURIComponent(name)}`, { headers: auth })));
  expect(mine.records).toHaveLength(1);
  const created = mine.records[0]!;
  expect(created).toMatchObject({ prodId: product.prodId, listState: 'upcoming', startTime: start, endTime: end, groupNumber: 3, validHours: 12, hasRobot: true, hasMaxNum: true, maxNum: 2, minActPrice: groupPrice });

  // The platform console: the upcoming activities, take it offline with a reason.
  const platform = await context.newPage();
  await staffLogin(platform, 'mkt04');
  await platform.getByRole('menuitem', { name: '拼团活动' }).click();
  await expect(platform.getByRole('heading', { name: '拼团活动' })).toBeVisible();
  await platform.getByRole('tab', { name: '未开始' }).click();
  await platform.getByLabel('按活动或商品名称搜索').fill(name);
  await platform.getByRole('button', { name: '搜 索' }).or(platform.getByRole('button', { name: '搜索', exact: true })).first().click();
  const upcoming = platform.getByRole('row').filter({ hasText: name });
  await expect(upcoming).toHaveCount(1);
  await settled(platform);
  await expectNoSeriousA11yViolations(platform, 'platform group buys');
  await upcoming.getByRole('button', { name: `强制下线 ${name}` }).click();
  const dialog = platform.getByRole('dialog');
  await dialog.getByLabel('原因').fill(reason);
  await dialog.getByRole('button', { name: /^下\s?线$/ }).click();
  await expect(platform.getByText('已下线该拼团活动')).toBeVisible();
  await expect(platform.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await platform.getByRole('tab', { name: '已下线' }).click();
  const offline = platform.getByRole('row').filter({ hasText: name });
  await expect(offline.getByText(`下线原因：${reason}`)).toBeVisible();
  await expect(offline.getByRole('button', { name: `重新上线 ${name}` })).toBeVisible();

  // The shop sees it offline with the reason.
  await merchant.getByRole('button', { name: '返回拼团活动' }).click();
  await merchant.getByRole('tab', { name: '已下线' }).click();
  const shopRow = merchant.getByRole('row').filter({ hasText: name });
  await expect(shopRow.getByText(`平台已下线：${reason}`)).toBeVisible();
  await expect(shopRow.getByText('已下线', { exact: true })).toBeVisible();
  const after = GroupActivityRowPageSchema.parse(await ok(request.get(`${API_URL}/merchant/group-activities?name=${encodeURIComponent(name)}`, { headers: auth })));
  expect(after.records[0]).toMatchObject({ groupActivityId: created.groupActivityId, listState: 'offline', status: 2, offlineReason: reason });
});
