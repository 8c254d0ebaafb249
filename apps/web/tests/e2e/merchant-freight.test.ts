// Issue 10, freight rules (decision 043): a merchant gives Hainan its own fee in the merchant center;
// a shopper shipping to Hainan sees it on the product page and pays it at checkout, while the rest
// of the country keeps the shop's fee; the merchant removes the region again. No other journey
// ships to Hainan, so the shop's other buyers are not disturbed.
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { ConfirmResultSchema } from '@bazaar/shared/schemas/order';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { API_URL, openPage, registerShopper, test, useToken, zh } from './support.ts';
import { addToCartByApi, headers, ok, pickProducts } from './order-support.ts';

const MERCHANT_URL = process.env.BAZAAR_E2E_MERCHANT_URL ?? 'http://127.0.0.1:13001';

/** The merchant center on its freight page, in a tab of its own (closed when done, so the storefront's tab stays in front). */
async function openFreightPage(context: BrowserContext, username: string): Promise<Page> {
  const merchant = await context.newPage();
  await merchant.goto(`${MERCHANT_URL}/`);
  await merchant.getByLabel('商家账号').fill(username);
  await merchant.getByLabel('密码').fill('merchant123');
  await merchant.getByRole('button', { name: '登录' }).click();
  await expect(merchant.getByRole('heading', { name: '经营概况' })).toBeVisible();
  await merchant.getByRole('menuitem', { name: '运费规则' }).click();
  await expect(merchant.getByRole('heading', { name: '运费规则' })).toBeVisible();
  return merchant;
}

test('a merchant gives Hainan its own freight; a shopper there sees it on the product page and pays it at checkout', async ({ page, request, context, baseURL }) => {
  test.setTimeout(180_000);
  // A dear product of an ordinary shop (a flat ¥8 per order in the demo, free from ¥199).
  const [pick] = await pickProducts(request, 1, 3);
  const merchant = await openFreightPage(context, `shop${pick!.shopId}`);
  await expect(merchant.getByRole('radio', { name: '按订单（每单一口价）' })).toBeChecked();
  await expectNoSeriousA11yViolations(merchant, 'merchant freight rules');
  const regions = merchant.locator('.ant-card-small');
  const before = await regions.count();
  await merchant.getByRole('button', { name: '添加指定地区' }).click();
  const region = regions.nth(before);
  await region.getByLabel('省份').click();
  await region.getByLabel('省份').fill('海南');
  await merchant.locator('.ant-select-dropdown:visible').getByTitle('海南省', { exact: true }).click();
  await region.getByLabel('每单运费（元）').fill('15');
  await merchant.getByRole('heading', { name: '运费规则' }).click();
  await expectNoSeriousA11yViolations(merchant, 'merchant freight rules with a region');
  await merchant.getByRole('button', { name: '保存' }).click();
  await expect(merchant.getByRole('status')).toHaveText('已保存，商城店铺页已更新');
  await merchant.close();

  // The product page shows the fee of the chosen province.
  const shopper = await registerShopper(request);
  await ok(
    request.post(`${API_URL}/p/address/addAddr`, {
      headers: headers(shopper.token),
      data: { receiver: '海南收货', mobile: '13912345678', provinceId: 460000, cityId: 460100, areaId: 460106, addr: '滨海大道 88 号 2 栋', commonAddr: true },
    }),
  );
  await useToken(context, baseURL!, shopper.token);
  await openPage(page, `/detail/${pick!.prodId}`);
  const province = page.getByLabel(zh('product.delivery.label'));
  await province.selectOption({ label: '海南省' });
  await expect(page.getByText(zh('product.delivery.freight', { amount: '¥15.00' }))).toBeVisible();
  await province.selectOption({ label: '浙江省' });
  await expect(page.getByText(zh('product.delivery.freightUntil', { amount: '¥8.00', threshold: '¥199.00' }))).toBeVisible();

  // Checkout to the Hainan address charges the region's fee, never free there.
  await addToCartByApi(request, shopper.token, pick!, 1);
  await openPage(page, '/cart');
  await page.getByRole('button', { name: zh('cartPage.summary.settle') }).click();
  await expect(page).toHaveURL(/\/submit-order$/);
  const fees = page.locator('.checkout-shop__fees');
  await expect(fees.getByText('¥15.00', { exact: true })).toBeVisible();
  const confirmed = ConfirmResultSchema.parse(
    await ok(request.post(`${API_URL}/p/order/confirm`, { headers: headers(shopper.token), data: { addrId: 0, uuid: crypto.randomUUID(), orderItem: { prodId: pick!.prodId, skuId: pick!.skuId, prodCount: 2 } } })),
  );
  expect(confirmed.shopCartOrders[0]).toMatchObject({ transFee: 1_500, freeFreightFrom: null });

  // The merchant removes the region: Hainan follows the shop's rule again (the goods pass its ¥199).
  const again = await openFreightPage(context, `shop${pick!.shopId}`);
  await again.getByRole('button', { name: '删除此地区' }).nth(before).click();
  await again.getByRole('button', { name: '保存' }).click();
  await expect(again.getByRole('status')).toHaveText('已保存，商城店铺页已更新');
  await again.close();
  await page.reload();
  await expect(fees.getByText(zh('checkout.shop.free'), { exact: true })).toBeVisible();
});
