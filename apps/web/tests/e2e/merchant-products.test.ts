// Issue 10, journey 2: the merchant creates a bilingual product with two specifications and four
// SKUs in the merchant center, puts it on the shelf; a shopper finds it by a two-character Chinese
// word and by English in the storefront, buys two pieces; the merchant ships them in two packages
// and the shopper sees both on the order detail. Staff find it in the platform console's products
// and take another product down. Every console page passes axe.
import { randomInt } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { z } from 'zod';
import { CategoryNodeSchema } from '@bazaar/shared/schemas/catalog';
import { SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { addAddressByApi, headers, ok, orderDetail } from './order-support.ts';
import { API_URL, loginByApi, openPage, pickSelectOption, useToken, text, zh, test } from './support.ts';
import { staffLogin } from './platform-console.ts';

const MERCHANT_URL = process.env.BAZAAR_E2E_MERCHANT_URL ?? 'http://127.0.0.1:13001';
/** A 1 × 1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Letters only, unique per run: an English search word no other product has. */
function uniqueWord(): string {
  return `zq${Date.now().toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}${'abcdefghij'[randomInt(0, 10)]}`;
}

async function merchantLogin(merchant: Page, username: string): Promise<void> {
  await merchant.goto(`${MERCHANT_URL}/`);
  await merchant.getByLabel('商家账号').fill(username);
  await merchant.getByLabel('密码').fill('merchant123');
  await merchant.getByRole('button', { name: '登 录' }).or(merchant.getByRole('button', { name: '登录' })).click();
  await expect(merchant.getByRole('menuitem', { name: '商品管理' })).toBeVisible();
}

async function pickCascader(page: Page, names: string[]) {
  for (const name of names) await page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item').filter({ hasText: new RegExp(`^${name}$`) }).first().click();
}

const SKUS = [
  { values: ['红色', '350毫升'], price: '99', stock: '10', code: 'E2E-R-350' },
  { values: ['红色', '500毫升'], price: '119', stock: '10', code: 'E2E-R-500' },
  { values: ['蓝色', '350毫升'], price: '99', stock: '10', code: '' },
  { values: ['蓝色', '500毫升'], price: '119.5', stock: '10', code: 'E2E-B-500' },
];

test('a merchant lists a bilingual product with four SKUs; a shopper finds it in both languages, buys it, and gets it in two packages', async ({ page, request, context, baseURL }) => {
  // Five screens of three apps; on a loaded two-core machine the whole journey took over 4 minutes.
  test.setTimeout(360_000);
  const word = uniqueWord();
  const nameZh = `鹦鹉保温杯 ${word}`;
  const nameEn = `Parrot vacuum flask ${word}`;
  // A shop of the demo mall with products on sale, and a leaf of the platform tree.
  const someCard = SearchPageSchema.parse(await ok(request.get(`${API_URL}/search/page?size=1`))).records[0]!;
  const tree = z.array(CategoryNodeSchema).parse(await ok(request.get(`${API_URL}/category/tree`)));
  const top = tree.find((n) => n.children.some((m) => m.children.length > 0))!;
  const mid = top.children.find((m) => m.children.length > 0)!;
  const leaf = mid.children[0]!;

  // ---- The merchant creates the product ----
  const merchant = await context.newPage();
  await merchantLogin(merchant, `shop${someCard.shopId}`);
  await merchant.getByRole('menuitem', { name: '商品管理' }).click();
  await expect(merchant.getByRole('heading', { name: '商品管理' })).toBeVisible();
  await expectNoSeriousA11yViolations(merchant, 'merchant products');
  await merchant.getByRole('button', { name: '发布商品' }).click();
  await expect(merchant.getByRole('heading', { name: '发布商品' })).toBeVisible();
  // The pointer rests where the button was; a hovered button's colour is not what is checked.
  await merchant.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(merchant, 'merchant product form');

  await merchant.getByLabel('商品名称（中文）').fill(nameZh);
  await merchant.getByLabel('商品名称（英文）').fill(nameEn);
  await merchant.getByLabel('卖点（中文）').fill('316 不锈钢，12 小时保温');
  await merchant.getByLabel('卖点（英文）').fill('316 steel, warm for 12 hours');
  await merchant.getByLabel('平台分类').click();
  await pickCascader(merchant, [top.categoryName, mid.categoryName, leaf.categoryName]);

  // Two pictures with progress; the second becomes the cover.
  const upload = merchant.locator('.ant-upload input[type=file]');
  await upload.setInputFiles([
    { name: 'a.png', mimeType: 'image/png', buffer: PNG },
    { name: 'b.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(merchant.locator('.ant-upload-list-item-done, .ant-upload-list-item.ant-upload-list-item-done')).toHaveCount(2);
  await merchant.getByRole('button', { name: '前移图片 2' }).click();

  // Two specifications of two values each: four SKUs.
  await merchant.getByRole('button', { name: '添加规格' }).click();
  await merchant.getByLabel('规格名（中文） 1').fill('颜色');
  await merchant.getByLabel('规格名（英文） 1').fill('Color');
  await merchant.getByLabel('规格值（中文） 1-1').fill('红色');
  await merchant.getByLabel('规格值（英文） 1-1').fill('Red');
  await merchant.getByRole('button', { name: '添加规格值' }).first().click();
  await merchant.getByLabel('规格值（中文） 1-2').fill('蓝色');
  await merchant.getByLabel('规格值（英文） 1-2').fill('Blue');
  await merchant.getByRole('button', { name: '添加规格', exact: true }).click();
  await merchant.getByLabel('规格名（中文） 2').fill('容量');
  await merchant.getByLabel('规格名（英文） 2').fill('Volume');
  await merchant.getByLabel('规格值（中文） 2-1').fill('350毫升');
  await merchant.getByLabel('规格值（英文） 2-1').fill('350 ml');
  await merchant.getByRole('button', { name: '添加规格值' }).nth(1).click();
  await merchant.getByLabel('规格值（中文） 2-2').fill('500毫升');
  await merchant.getByLabel('规格值（英文） 2-2').fill('500 ml');
  for (const sku of SKUS) {
    const combo = sku.values.join(' / ');
    await merchant.getByLabel(`销售价（元） ${combo}`).fill(sku.price);
    await merchant.getByLabel(`库存 ${combo}`).fill(sku.stock);
    if (sku.code) await merchant.getByLabel(`商品编码 ${combo}`).fill(sku.code);
  }
  await merchant.getByRole('textbox', { name: '详情（中文）' }).click();
  await merchant.keyboard.type('真空双层，保温保冷。');
  await merchant.getByRole('tab', { name: '详情（英文）' }).click();
  await merchant.getByRole('textbox', { name: '详情（英文）' }).click();
  await merchant.keyboard.type('Double wall, keeps drinks warm.');
  await merchant.getByLabel('保存后立即上架').check();
  await expectNoSeriousA11yViolations(merchant, 'merchant product form, filled');
  await merchant.getByRole('button', { name: '保 存' }).or(merchant.getByRole('button', { name: '保存', exact: true })).first().click();

  await expect(merchant.getByRole('heading', { name: '商品管理' })).toBeVisible();
  await merchant.getByLabel('搜索商品名称或商品 ID').fill(word);
  await merchant.getByRole('button', { name: '搜 索' }).or(merchant.getByRole('button', { name: '搜索', exact: true })).first().click();
  const row = merchant.getByRole('row').filter({ hasText: nameZh });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('已上架');
  await expect(row).toContainText('40');

  // The stock dialog adjusts one SKU with a reason and shows the log.
  await row.getByRole('button', { name: /^调整库存 \d+$/ }).click();
  const dialog = merchant.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(merchant, 'merchant stock dialog');
  await dialog.getByLabel('数量').fill('5');
  await dialog.getByLabel('调整原因').fill('到货入库');
  await dialog.getByRole('button', { name: /确认调整|确 认调整/ }).click();
  await expect(dialog.getByRole('status')).toHaveText('库存已调整为 15');
  await expect(dialog.getByRole('row').filter({ hasText: '到货入库' })).toContainText('+5');
  await dialog.getByRole('button', { name: /关\s?闭/ }).last().click();

  // ---- The shopper finds it by a two-character Chinese word and by English ----
  const token = await loginByApi(request, 'buyer01', 'bazaar123');
  await addAddressByApi(request, token);
  await useToken(context, baseURL!, token);
  await openPage(page, `/list?pn=${encodeURIComponent('鹦鹉')}&sort=1`);
  const zhCard = page.getByRole('link', { name: new RegExp(nameZh) }).first();
  await expect(zhCard).toBeVisible();

  // It buys two pieces of blue 500 ml and pays from the balance.
  await zhCard.click();
  await expect(page.getByRole('heading', { level: 1, name: nameZh })).toBeVisible();
  await page.getByRole('radiogroup', { name: '颜色' }).getByRole('radio', { name: '蓝色', exact: true }).click();
  await page.getByRole('radiogroup', { name: '容量' }).getByRole('radio', { name: '500毫升', exact: true }).click();
  await expect(page.locator('.purchase__price .price__now')).toContainText('119.50');
  await page.getByRole('button', { name: zh('product.increase') }).click();
  await page.getByRole('button', { name: zh('product.buyNow') }).click();
  await expect(page).toHaveURL(/\/submit-order\?prodId=\d+&skuId=\d+&prodCount=2$/);
  await page.getByRole('button', { name: zh('checkout.submit') }).click();
  await expect(page).toHaveURL(/\/payment\?orderNumbers=\d{19}$/);
  const orderNumber = new URL(page.url()).searchParams.get('orderNumbers')!;
  await page.getByRole('radio', { name: new RegExp(text('zh', 'payment.methods.balance')) }).check();
  await page.getByRole('button', { name: text('zh', 'payment.payNow') }).click();
  await expect(page.getByRole('heading', { name: text('zh', 'payment.success.title') })).toBeVisible();
  const paid = await orderDetail(request, token, orderNumber);
  expect(paid.status).toBe(2);
  expect(paid.orderItemDtos).toMatchObject([{ prodCount: 2 }]);
  // The English storefront finds it by an English word.
  await openPage(page, `/en/list?pn=${word}`);
  await expect(page.getByRole('link', { name: new RegExp(nameEn) }).first()).toBeVisible();

  // ---- The merchant ships it in two packages ----
  await merchant.getByRole('menuitem', { name: '订单管理' }).click();
  await merchant.getByRole('tab', { name: '待发货' }).click();
  await merchant.getByRole('searchbox', { name: '搜索订单号' }).or(merchant.getByLabel('搜索订单号')).first().fill(orderNumber);
  await merchant.getByRole('button', { name: '搜 索' }).or(merchant.getByRole('button', { name: '搜索', exact: true })).first().click();
  await merchant.getByRole('row').filter({ hasText: orderNumber }).getByRole('button', { name: `发货 ${orderNumber}` }).click();
  await expect(merchant.getByRole('heading', { name: `订单详情：${orderNumber}` })).toBeVisible();
  const waybills = [`SF${Date.now()}${randomInt(0, 1000)}`, `ZT${Date.now()}${randomInt(0, 1000)}`];
  await merchant.getByRole('button', { name: '再加一个包裹' }).click();
  for (const [i, courier] of ['顺丰速运', '中通快递'].entries()) {
    const group = merchant.getByRole('group', { name: `包裹 ${i + 1}` });
    await pickSelectOption(merchant, group.getByLabel(`包裹 ${i + 1} 物流公司`), courier);
    await group.getByLabel(`包裹 ${i + 1} 运单号`).fill(waybills[i]!);
    await group.getByLabel(new RegExp(`包裹 ${i + 1} .* 的件数`)).fill('1');
  }
  await merchant.getByRole('button', { name: '确认发货' }).click();
  await expect(merchant.getByTestId('packages').getByRole('listitem')).toHaveCount(2);

  // ---- The shopper sees both packages ----
  await openPage(page, `/order-detail?orderNumber=${orderNumber}`);
  const cards = page.getByTestId('logistics-package');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText(waybills[0]!);
  await expect(cards.nth(1)).toContainText(waybills[1]!);
  expect((await orderDetail(request, token, orderNumber)).status).toBe(3);
  const stocks = (await ok(request.get(`${API_URL}/prod/prodInfo?prodId=${paid.orderItemDtos[0]!.prodId}`, { headers: headers(token) }))) as { skuList: { stocks: number; price: number }[] };
  expect(stocks.skuList.map((s) => s.stocks).sort((a, b) => a - b)).toEqual([8, 10, 10, 15]);

  // ---- Staff take it down for a rule violation; the merchant sees why and cannot put it back ----
  const staff = await context.newPage();
  await staffLogin(staff, 'goods01');
  await staff.getByRole('menuitem', { name: '商品管理' }).click();
  await expect(staff.getByRole('heading', { name: '商品管理' })).toBeVisible();
  await expectNoSeriousA11yViolations(staff, 'platform products');
  await staff.getByLabel('搜索商品名称或商品 ID').fill(word);
  await staff.getByRole('button', { name: '搜 索' }).or(staff.getByRole('button', { name: '搜索', exact: true })).first().click();
  const staffRow = staff.getByRole('row').filter({ hasText: nameZh });
  await expect(staffRow).toHaveCount(1);
  await staffRow.getByRole('button', { name: /^违规下架 \d+$/ }).click();
  const takedown = staff.getByRole('dialog');
  await takedown.getByLabel('下架原因（商家可见）').fill('商品描述与实物不符');
  await expectNoSeriousA11yViolations(staff, 'platform takedown dialog');
  await takedown.getByRole('button', { name: /确认下架/ }).click();
  await expect(staffRow).toContainText('下架原因：商品描述与实物不符');

  await merchant.getByRole('menuitem', { name: '商品管理' }).click();
  await merchant.getByLabel('搜索商品名称或商品 ID').fill(word);
  await merchant.getByRole('button', { name: '搜 索' }).or(merchant.getByRole('button', { name: '搜索', exact: true })).first().click();
  const downRow = merchant.getByRole('row').filter({ hasText: nameZh });
  await expect(downRow).toContainText('平台下架原因：商品描述与实物不符');
  await expect(downRow.getByRole('button', { name: /^上架 \d+$/ })).toBeDisabled();
  await openPage(page, `/en/list?pn=${word}`);
  await expect(page.getByRole('link', { name: new RegExp(nameEn) })).toHaveCount(0);

  // Staff lift it: the merchant may put it back.
  await staffRow.getByRole('button', { name: /^解除下架 \d+$/ }).click();
  await staff.getByRole('button', { name: /^(OK|确 定|确定)$/ }).click();
  await expect(staffRow).not.toContainText('下架原因');
  await merchant.getByRole('button', { name: '搜 索' }).or(merchant.getByRole('button', { name: '搜索', exact: true })).first().click();
  await expect(downRow.getByRole('button', { name: /^上架 \d+$/ })).toBeEnabled();
});
