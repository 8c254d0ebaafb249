// Issue 10, the merchant center (apps/merchant): a shop's store account logs in with the demo
// account, finds a paid order by its number under "to ship", ships it in two packages with courier
// and waybill, and the shopper sees both packages on the order detail. Every page passes axe.
import { randomInt, randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { ProductDetailSchema } from '@bazaar/shared/schemas/product';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { headers, ok, orderDetail } from './order-support.ts';
import { API_URL, loginByApi, openPage, pickSelectOption, useToken, test } from './support.ts';

const MERCHANT_URL = process.env.BAZAAR_E2E_MERCHANT_URL ?? 'http://127.0.0.1:13001';

/** buyer01 (seeded with a balance) buys two pieces of a cheap product and pays by balance. */
async function paidOrderOfTwo(request: APIRequestContext, token: string): Promise<{ orderNumber: string; shopId: number }> {
  const page = SearchPageSchema.parse(await ok(request.get(`${API_URL}/search/page?size=100&hasStock=1`)));
  // Past the very cheapest products, which the payment and shipping journeys take.
  for (const card of [...page.records].sort((a, b) => a.price - b.price).slice(3)) {
    const product = ProductDetailSchema.parse(await ok(request.get(`${API_URL}/prod/prodInfo?prodId=${card.prodId}`)));
    const sku = product.skuList.find((s) => s.stocks >= 10);
    if (product.prodType !== 0 || product.mold !== 0 || !sku) continue;
    const addresses = (await ok(request.get(`${API_URL}/p/address/list`, { headers: headers(token) }))) as unknown[];
    if (addresses.length === 0) {
      await ok(
        request.post(`${API_URL}/p/address/addAddr`, {
          headers: headers(token),
          data: { receiver: '张小北', mobile: '13800000001', provinceId: 330000, cityId: 330100, areaId: 330106, addr: '文三路 90 号东部软件园', commonAddr: true },
        }),
      );
    }
    const uuid = randomUUID();
    await ok(request.post(`${API_URL}/p/order/confirm`, { headers: headers(token), data: { addrId: 0, uuid, orderItem: { prodId: product.prodId, skuId: sku.skuId, shopId: product.shopId, prodCount: 2 } } }));
    const { orderNumbers } = (await ok(
      request.post(`${API_URL}/p/order/submit`, { headers: headers(token), data: { uuid, orderShopParams: [{ shopId: product.shopId, remarks: '' }] } }),
    )) as { orderNumbers: string };
    await ok(request.post(`${API_URL}/p/order/pay`, { headers: headers(token), data: { orderNumbers, payType: 9 } }));
    return { orderNumber: orderNumbers, shopId: product.shopId };
  }
  throw new Error('no product in stock');
}

async function merchantLogin(merchant: Page, username: string, password: string): Promise<void> {
  await merchant.goto(`${MERCHANT_URL}/`);
  await expect(merchant.getByRole('heading', { name: '商家登录' })).toBeVisible();
  await expectNoSeriousA11yViolations(merchant, 'merchant login');
  await merchant.getByLabel('商家账号').fill(username);
  await merchant.getByLabel('密码').fill(password);
  await merchant.getByRole('button', { name: '登 录' }).or(merchant.getByRole('button', { name: '登录' })).click();
  // The dashboard is the landing page (merchant-orders.test.ts checks it); the orders are in the menu.
  await expect(merchant.getByRole('heading', { name: '经营概况' })).toBeVisible();
  await merchant.getByRole('menuitem', { name: '订单管理' }).click();
  await expect(merchant.getByRole('heading', { name: '订单管理' })).toBeVisible();
}

async function fillPackage(merchant: Page, index: number, courier: string, waybill: string, count: number, itemName: RegExp) {
  const group = merchant.getByRole('group', { name: `包裹 ${index}` });
  await pickSelectOption(merchant, group.getByLabel(`包裹 ${index} 物流公司`), courier);
  await group.getByLabel(`包裹 ${index} 运单号`).fill(waybill);
  await group.getByLabel(itemName).fill(String(count));
}

test('the merchant logs in to the merchant center, ships a paid order in two packages, and the shopper sees both', async ({ page, request, context, baseURL }) => {
  test.setTimeout(120_000);
  const token = await loginByApi(request, 'buyer01', 'bazaar123');
  const { orderNumber, shopId } = await paidOrderOfTwo(request, token);

  const merchant = await context.newPage();
  await merchantLogin(merchant, `shop${shopId}`, 'merchant123');
  await expect(merchant.getByTestId('shop-name')).not.toBeEmpty();
  await expectNoSeriousA11yViolations(merchant, 'merchant orders');

  // The paid order is under "to ship"; the search finds it by its number.
  await merchant.getByRole('tab', { name: '待发货' }).click();
  await merchant.getByRole('searchbox', { name: '搜索订单号' }).or(merchant.getByLabel('搜索订单号')).first().fill(orderNumber);
  await merchant.getByRole('button', { name: '搜 索' }).or(merchant.getByRole('button', { name: '搜索', exact: true })).first().click();
  const rows = merchant.getByRole('row').filter({ hasText: orderNumber });
  await expect(rows).toHaveCount(1);
  await rows.getByRole('button', { name: `发货 ${orderNumber}` }).click();

  // Two packages of one piece each, with different couriers.
  await expect(merchant.getByRole('heading', { name: `订单详情：${orderNumber}` })).toBeVisible();
  await expectNoSeriousA11yViolations(merchant, 'merchant order detail');
  const first = `SF${Date.now()}${randomInt(0, 1000)}`;
  const second = `ZT${Date.now()}${randomInt(0, 1000)}`;
  await merchant.getByRole('button', { name: '再加一个包裹' }).click();
  await fillPackage(merchant, 1, '顺丰速运', first, 1, /包裹 1 .* 的件数/);
  await fillPackage(merchant, 2, '中通快递', second, 1, /包裹 2 .* 的件数/);
  await merchant.getByRole('button', { name: '确认发货' }).click();
  const packages = merchant.getByTestId('packages').getByRole('listitem');
  await expect(packages).toHaveCount(2);
  await expect(packages.nth(0)).toContainText(first);
  await expect(packages.nth(1)).toContainText(second);
  await expect(merchant.getByRole('heading', { name: `订单详情：${orderNumber}` })).toContainText('待收货');

  // The shopper sees both packages on the order detail.
  expect((await orderDetail(request, token, orderNumber)).status).toBe(3);
  await useToken(context, baseURL!, token);
  await openPage(page, `/order-detail?orderNumber=${orderNumber}`);
  const cards = page.getByTestId('logistics-package');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText(first);
  await expect(cards.nth(1)).toContainText(second);

  // Logging out ends the session.
  await merchant.getByRole('button', { name: '退出登录' }).click();
  await expect(merchant.getByRole('heading', { name: '商家登录' })).toBeVisible();
});
