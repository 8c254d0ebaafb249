// Virtual goods: a shopper buys a digital item (found through the public search, never by id),
// pays through the Alipay sandbox, and the order detail shows one voucher code per piece at once,
// with no parcel to wait for; confirming receipt completes the order.
import { expect, type APIRequestContext } from '@playwright/test';
import { SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { ProductDetailSchema } from '@bazaar/shared/schemas/product';
import { addAddressByApi, ok, orderDetail, placeOrderByApi, type Pick } from './order-support.ts';
import { API_URL, openPage, registerShopper, useToken, zh, test } from './support.ts';

async function virtualProduct(request: APIRequestContext): Promise<Pick> {
  const page = SearchPageSchema.parse(await ok(request.get(`${API_URL}/search/page?keyword=${encodeURIComponent('会员')}&size=100&hasStock=1`)));
  for (const card of page.records) {
    const product = ProductDetailSchema.parse(await ok(request.get(`${API_URL}/prod/prodInfo?prodId=${card.prodId}`)));
    const sku = product.skuList.find((s) => s.stocks === -1 || s.stocks >= 10);
    if (product.prodType !== 0 || product.mold !== 1 || !sku) continue;
    return { prodId: product.prodId, skuId: sku.skuId, shopId: product.shopId, prodName: product.prodName, stocks: sku.stocks, price: sku.price };
  }
  throw new Error('no virtual product on sale');
}

test('zh: a paid virtual item shows its voucher codes at once and the order completes on receipt', async ({ page, request, context, baseURL }) => {
  const shopper = await registerShopper(request);
  await addAddressByApi(request, shopper.token);
  const pick = await virtualProduct(request);
  const orderNumber = await placeOrderByApi(request, shopper.token, pick, 2);
  await useToken(context, baseURL!, shopper.token);

  // Before payment the detail says the codes come with payment.
  await openPage(page, `/order-detail?orderNumber=${orderNumber}`);
  const codes = page.getByRole('region', { name: zh('orderDetail.virtual.title') });
  await expect(codes).toContainText(zh('orderDetail.virtual.waiting'));

  await openPage(page, `/payment?orderNumbers=${orderNumber}`);
  await page.getByRole('radio', { name: zh('payment.methods.alipay') }).check();
  await page.getByRole('button', { name: zh('payment.payNow') }).click();
  await expect(page).toHaveURL(/\/sandbox\/alipay\/gateway\.do/);
  await page.getByRole('button', { name: /确认付款/ }).click();
  await expect(page.getByRole('heading', { name: zh('payment.success.title') })).toBeVisible();

  await openPage(page, `/order-detail?orderNumber=${orderNumber}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(zh('orders.status.3'));
  const issued = (await orderDetail(request, shopper.token, orderNumber)).virtualInfoList;
  expect(issued).toHaveLength(2);
  const items = codes.getByRole('listitem');
  await expect(items).toHaveCount(2);
  for (const [i, code] of issued.entries()) {
    await expect(items.nth(i)).toContainText(code.code);
    await expect(items.nth(i)).toContainText(zh('orderDetail.virtual.status.0'));
  }

  await page.getByRole('button', { name: `${zh('orders.actions.receipt')} ${orderNumber}` }).click();
  await page.getByRole('dialog', { name: zh('orders.confirmReceipt.title') }).getByRole('button', { name: zh('orders.confirmReceipt.confirm') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(zh('orders.evaluate'));
  expect((await orderDetail(request, shopper.token, orderNumber)).status).toBe(5);
  await expect(items).toHaveCount(2);
});
