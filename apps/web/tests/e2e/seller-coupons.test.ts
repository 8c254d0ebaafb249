// Coupons from the seller's side (issue 11 §5): a merchant creates a shop coupon for one of the
// shop's products in the merchant center; a new shopper receives it in the coupon center, sees it
// chosen at checkout and pays; the merchant's list then says received 1, used 1 and the amount.
import { randomInt } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { addAddressByApi, pickProducts } from './order-support.ts';
import { openPage, registerShopper, useToken, zh, test } from './support.ts';

const MERCHANT_URL = process.env.BAZAAR_E2E_MERCHANT_URL ?? 'http://127.0.0.1:13001';
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

async function merchantLogin(merchant: Page, username: string): Promise<void> {
  await merchant.goto(`${MERCHANT_URL}/`);
  await merchant.getByLabel('商家账号').fill(username);
  await merchant.getByLabel('密码').fill('merchant123');
  await merchant.getByRole('button', { name: '登录' }).click();
  await expect(merchant.getByRole('heading', { name: '经营概况' })).toBeVisible();
}

test('zh: a merchant creates a shop coupon; a shopper receives it, uses it at checkout and pays; the merchant sees received 1, used 1 and the amount', async ({ page, request, context, baseURL }) => {
  test.setTimeout(180_000);
  // A dear product of some shop (skip 3: the coupon and promotion journeys take the first ones).
  const [pick] = await pickProducts(request, 1, 3);
  const name = `新客立减 ${Date.now().toString(36)}${randomInt(1000)}`;
  // A threshold the product's price reaches, ¥5 off.
  const condition = Math.floor(pick!.price / 100);
  const reduce = 500;

  const merchant = await context.newPage();
  await merchantLogin(merchant, `shop${pick!.shopId}`);
  await merchant.getByRole('menuitem', { name: '优惠券', exact: true }).click();
  await expect(merchant.getByRole('heading', { name: '店铺优惠券' })).toBeVisible();
  await merchant.getByRole('button', { name: '创建优惠券' }).click();
  await expect(merchant.getByRole('heading', { name: '创建优惠券' })).toBeVisible();
  // Saving with no name says what to correct.
  await merchant.getByRole('button', { name: '保存' }).click();
  await expect(merchant.getByText('请填写优惠券名称')).toBeVisible();
  await merchant.getByLabel('优惠券名称').fill(name);
  await merchant.getByLabel('使用门槛（元，0 为无门槛）').fill(String(condition));
  await merchant.getByLabel('减免金额（元）').fill(String(reduce / 100));
  await merchant.getByRole('radio', { name: '指定商品可用' }).check();
  await merchant.getByRole('button', { name: '选择商品' }).click();
  const picker = merchant.getByRole('dialog', { name: '选择本店商品' });
  await picker.getByLabel('搜索商品名称或 ID').fill(pick!.prodName);
  await picker.getByLabel('搜索商品名称或 ID').press('Enter');
  await picker.getByRole('checkbox', { name: pick!.prodName, exact: true }).check();
  await picker.getByRole('button', { name: '确定（1）' }).click();
  await expect(merchant.getByText('已选 1 件')).toBeVisible();
  await merchant.getByRole('radio', { name: '领取后生效' }).check();
  await expect(merchant.getByLabel('有效天数')).toHaveValue('7');
  await expectNoSeriousA11yViolations(merchant, 'merchant coupon form');
  await merchant.getByRole('button', { name: '保存' }).click();
  await expect(merchant.getByRole('heading', { name: '店铺优惠券' })).toBeVisible();
  const row = merchant.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(`满${condition}减5`);
  await expect(row).toContainText('指定 1 件商品可用');
  await expect(row).toContainText(`领取 0，使用 0，优惠 ${yuan(0)}`);
  await expectNoSeriousA11yViolations(merchant, 'merchant coupons');

  // A new shopper receives it in the coupon center's shop tab.
  const shopper = await registerShopper(request);
  await addAddressByApi(request, shopper.token);
  await useToken(context, baseURL!, shopper.token);
  await openPage(page, '/coupons?shopType=2&couponType=1');
  const ticket = page.locator('article.coupon-ticket').filter({ hasText: name });
  await ticket.getByRole('button', { name: zh('coupon.card.receive') }).click();
  await expect(ticket.getByRole('button', { name: zh('coupon.card.received') })).toBeDisabled();

  // Checkout: the coupon is chosen for the shop; submit and pay through the Alipay sandbox.
  await openPage(page, `/submit-order?prodId=${pick!.prodId}&skuId=${pick!.skuId}&prodCount=1`);
  const shopPicker = page.getByRole('group', { name: new RegExp(zh('coupon.checkout.shopCoupon')) });
  await expect(shopPicker.getByRole('radio', { name: new RegExp(name) })).toBeChecked();
  await page.getByRole('button', { name: zh('checkout.submit') }).click();
  await expect(page).toHaveURL(/\/payment\?orderNumbers=/);
  await page.getByRole('radio', { name: zh('payment.methods.alipay') }).check();
  await page.getByRole('button', { name: zh('payment.payNow') }).click();
  await expect(page).toHaveURL(/\/sandbox\/alipay\/gateway\.do/);
  await page.getByRole('button', { name: /确认付款/ }).click();
  await expect(page.getByRole('heading', { name: zh('payment.success.title') })).toBeVisible();

  // The merchant's list counts it: received 1, used 1, ¥5.00 off.
  await merchant.reload();
  await expect(merchant.getByRole('heading', { name: '店铺优惠券' })).toBeVisible();
  await expect(merchant.getByRole('row').filter({ hasText: name })).toContainText(`领取 1，使用 1，优惠 ${yuan(reduce)}`);
  await merchant.getByRole('button', { name: `编辑：${name}` }).click();
  await expect(merchant.getByTestId('coupon-usage')).toHaveText(`已领取 1 张，已使用 1 张，共优惠 ${yuan(reduce)}`);
  await expect(merchant.getByText('已有用户领取：类型、金额、折扣和适用商品不能再修改。')).toBeVisible();
});
