// Discount packages (issue 11 §4, decision 046): a merchant creates a package of two of the shop's
// products in the merchant center; a shopper sees it on the product page (zh and en), adds it to the
// cart as a unit, sees the saving, checks out and the order shows the reduced amount; the merchant's
// list then counts the order, the pieces and the amount. axe on every page.
import { randomInt } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { ComboSchema } from '@bazaar/shared/schemas/combo';
import { ProductDetailSchema } from '@bazaar/shared/schemas/product';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { addAddressByApi, ok, pickProducts } from './order-support.ts';
import { API_URL, en, openPage, registerShopper, useToken, zh, test } from './support.ts';

const MERCHANT_URL = process.env.BAZAAR_E2E_MERCHANT_URL ?? 'http://127.0.0.1:13001';
/** The merchant center's amounts ('¥1910.00') and the storefront's ('¥1,910.00'). */
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
const shopYuan = (fen: number) => `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function merchantLogin(merchant: Page, username: string): Promise<void> {
  await merchant.goto(`${MERCHANT_URL}/`);
  await merchant.getByLabel('商家账号').fill(username);
  await merchant.getByLabel('密码').fill('merchant123');
  await merchant.getByRole('button', { name: '登录' }).click();
  await expect(merchant.getByRole('heading', { name: '经营概况' })).toBeVisible();
}

test('zh: a merchant creates a package; a shopper adds it to the cart as a unit, sees the saving, checks out, and the order shows the reduced amount', async ({ page, request, context, baseURL }) => {
  test.setTimeout(180_000);
  // Two products of one shop (skip 6: the coupon and promotion journeys take the first ones).
  const [first] = await pickProducts(request, 1, 6);
  const inShop = SearchPageSchema.parse(await ok(request.get(`${API_URL}/search/page?shopId=${first!.shopId}&size=50&hasStock=1`)));
  let second: { prodId: number; prodName: string; price: number } | undefined;
  for (const card of inShop.records) {
    if (card.prodId === first!.prodId) continue;
    const p = ProductDetailSchema.parse(await ok(request.get(`${API_URL}/prod/prodInfo?prodId=${card.prodId}`)));
    if (p.prodType === 0 && p.mold === 0 && p.skuList.some((s) => s.stocks >= 20 || s.stocks === -1)) {
      second = { prodId: p.prodId, prodName: p.prodName, price: p.price };
      break;
    }
  }
  expect(second, 'a second product in the shop').toBeDefined();
  const firstDetail = ProductDetailSchema.parse(await ok(request.get(`${API_URL}/prod/prodInfo?prodId=${first!.prodId}`)));
  const name = `搭配套餐 ${Date.now().toString(36)}${randomInt(1000)}`;
  // Below what any two SKUs of theirs cost together.
  const priceYuan = Math.max(1, Math.floor(((firstDetail.price + second!.price) * 0.8) / 100));

  // The merchant center: packages menu, create, pick the two products (the first is the main one).
  const merchant = await context.newPage();
  await merchantLogin(merchant, `shop${first!.shopId}`);
  await merchant.getByRole('menuitem', { name: '优惠套餐', exact: true }).click();
  await expect(merchant.getByRole('heading', { name: '优惠套餐' })).toBeVisible();
  await merchant.getByRole('button', { name: '创建套餐' }).click();
  await expect(merchant.getByRole('heading', { name: '创建优惠套餐' })).toBeVisible();
  await merchant.getByRole('button', { name: '保存' }).click();
  await expect(merchant.getByText('请填写套餐名称（中文）')).toBeVisible();
  await merchant.getByLabel('套餐名称（中文）').fill(name);
  await merchant.getByLabel('套餐名称（英文，可选）').fill(`Pair ${name.slice(5)}`);
  await merchant.getByRole('button', { name: '选择商品' }).click();
  const picker = merchant.getByRole('dialog', { name: '选择本店商品' });
  for (const product of [first!, second!]) {
    await picker.getByLabel('搜索商品名称或 ID').fill(String(product.prodId));
    await picker.getByLabel('搜索商品名称或 ID').press('Enter');
    await picker.getByRole('checkbox', { name: product.prodName, exact: true }).check();
  }
  await picker.getByRole('button', { name: '确定（2）' }).click();
  // Each line takes its product's first specification in stock.
  await expect(merchant.getByRole('row').filter({ hasText: first!.prodName }).getByText('主商品')).toBeVisible();
  for (const product of [first!, second!]) await expect(merchant.getByRole('row').filter({ hasText: product.prodName })).toContainText('¥');
  await merchant.getByLabel('套餐价（元）').fill(String(priceYuan));
  await expectNoSeriousA11yViolations(merchant, 'merchant package form');
  await merchant.getByRole('button', { name: '保存' }).click();
  await expect(merchant.getByRole('heading', { name: '优惠套餐' })).toBeVisible();
  const row = merchant.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('进行中');
  await expect(row).toContainText(yuan(priceYuan * 100));
  await expectNoSeriousA11yViolations(merchant, 'merchant packages');

  // The package as the server prices it: what the shopper must see.
  const combos = ComboSchema.array().parse(await ok(request.get(`${API_URL}/combo/prodCombos?prodId=${first!.prodId}`)));
  const combo = combos.find((c) => c.comboName === name)!;
  expect(combo.saveAmount).toBeGreaterThan(0);

  // The shopper: the product page's packages block, then add to the cart.
  const shopper = await registerShopper(request);
  await addAddressByApi(request, shopper.token);
  await useToken(context, baseURL!, shopper.token);
  await openPage(page, `/detail/${first!.prodId}`);
  const block = page.getByRole('region', { name: zh('packages.title') });
  const card = block.getByTestId('product-package').filter({ hasText: name });
  await expect(card.getByRole('heading', { name })).toBeVisible();
  await expect(card.getByTestId('package-saving')).toHaveText(zh('packages.save', { amount: shopYuan(combo.saveAmount) }));
  await expect(card.locator('img')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, 'product page with packages');
  await card.getByRole('button', { name: zh('packages.addToCartLabel', { name }) }).click();
  await expect(page.getByText(zh('packages.added'))).toBeVisible();

  // The cart: one unit with both lines, its saving and the reduced total.
  await openPage(page, '/cart');
  const unit = page.getByTestId('cart-package').filter({ hasText: name });
  await expect(unit.getByTestId('cart-package-line')).toHaveCount(2);
  await expect(unit.getByTestId('cart-package-saved')).toHaveText(zh('packages.saved', { amount: shopYuan(combo.saveAmount) }));
  await expect(page.locator('.cart-summary__money')).toHaveText(shopYuan(combo.comboAmount));
  await expectNoSeriousA11yViolations(page, 'cart with a package');

  // Checkout: the package's saving, then submit.
  await page.getByRole('button', { name: zh('cartPage.summary.settle') }).click();
  await expect(page).toHaveURL(/\/submit-order$/);
  await expect(page.getByTestId('checkout-shop-package')).toContainText(`-${shopYuan(combo.saveAmount)}`);
  await expect(page.getByTestId('checkout-shop-package')).toContainText(name);
  await expectNoSeriousA11yViolations(page, 'checkout with a package');
  await page.getByRole('button', { name: zh('checkout.submit') }).click();
  await expect(page).toHaveURL(/\/payment\?orderNumbers=/);
  const orderNumber = new URL(page.url()).searchParams.get('orderNumbers')!;
  // Paid through the Alipay sandbox: the merchant's figures count paid orders.
  await page.getByRole('radio', { name: zh('payment.methods.alipay') }).check();
  await page.getByRole('button', { name: zh('payment.payNow') }).click();
  await expect(page).toHaveURL(/\/sandbox\/alipay\/gateway\.do/);
  await page.getByRole('button', { name: /确认付款/ }).click();
  await expect(page.getByRole('heading', { name: zh('payment.success.title') })).toBeVisible();

  // The order detail: both lines and the reduced amount.
  await openPage(page, `/order-detail?orderNumber=${orderNumber}`);
  await expect(page.getByTestId('order-package-reduce')).toContainText(`-${shopYuan(combo.saveAmount)}`);
  await expect(page.getByText(first!.prodName).first()).toBeVisible();
  await expect(page.getByText(second!.prodName).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'order detail with a package');

  // The merchant's figures: one paid order, two pieces, the saving.
  await merchant.reload();
  await expect(merchant.getByRole('heading', { name: '优惠套餐' })).toBeVisible();
  const counted = merchant.getByRole('row').filter({ hasText: name });
  await expect(counted.getByTestId('combo-orders')).toHaveText('1');
  await expect(counted.getByTestId('combo-pieces')).toHaveText('2');
  await expect(counted.getByTestId('combo-reduced')).toHaveText(yuan(combo.saveAmount));

  // English: the block reads in English.
  await openPage(page, `/en/detail/${first!.prodId}`);
  const english = page.getByRole('region', { name: en('packages.title') });
  await expect(english.getByTestId('product-package').filter({ hasText: `Pair ${name.slice(5)}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'product page with packages (en)');
});
