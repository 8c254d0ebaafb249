// Virtual goods: a shopper buys a digital item (found through the public search, never by id),
// pays through the Alipay sandbox, and the order detail shows one voucher code per piece at once,
// with no parcel to wait for; confirming receipt completes the order.
import { expect } from '@playwright/test';
import { addAddressByApi, orderDetail, placeOrderByApi, virtualProduct } from './order-support.ts';
import { openPage, registerShopper, useToken, zh, test } from './support.ts';

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
