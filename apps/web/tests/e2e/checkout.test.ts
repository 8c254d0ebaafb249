// Checkout: the ticked cart of two shops becomes two orders through the address dialog, a message
// to the merchant and one submit; buy now takes the same path without the cart; a double click or a
// replayed checkout never makes a second set of orders.
import { expect } from '@playwright/test';
import { API_URL, openPage, registerShopper, useToken, zh, test } from './support.ts';
import { addAddressByApi, addToCartByApi, headers, myOrders, orderDetail, pickProducts, skuStock } from './order-support.ts';

test('zh: two shops’ items from the cart become two orders, with a new address and a message', async ({ page, request, context, baseURL }) => {
  const shopper = await registerShopper(request);
  const [a, b] = await pickProducts(request, 2, 0);
  await addToCartByApi(request, shopper.token, a!, 2);
  await addToCartByApi(request, shopper.token, b!, 1);
  const stockA = await skuStock(request, a!);
  await useToken(context, baseURL!, shopper.token);

  // Through the cart page: settle opens the checkout.
  await openPage(page, '/cart');
  await page.getByRole('button', { name: zh('cartPage.summary.settle') }).click();
  await expect(page).toHaveURL(/\/submit-order$/);
  await expect(page.getByRole('heading', { level: 1, name: zh('checkout.title') })).toBeVisible();
  // No address yet: the goods and totals are shown all the same, the address form stands in the
  // address section, and submit is disabled with the reason.
  await expect(page.getByText(zh('checkout.address.empty'))).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: zh('checkout.errors.addAddress') })).toBeVisible();
  await expect(page.getByRole('button', { name: zh('checkout.submit') })).toBeDisabled();
  await expect(page.locator('.checkout-shop')).toHaveCount(2);
  await expect(page.getByText(zh('checkout.summary.count', { count: 3 }))).toBeVisible();

  const dialog = page.getByRole('region', { name: zh('checkout.address.title') });
  await dialog.getByLabel(zh('address.receiverLabel'), { exact: true }).fill('李收货');
  await dialog.getByLabel(zh('address.mobileLabel'), { exact: true }).fill('13912345678');
  await dialog.getByLabel(zh('address.form.province')).selectOption({ label: '浙江省' });
  await dialog.getByLabel(zh('address.form.city')).selectOption({ label: '杭州市' });
  await dialog.getByLabel(zh('address.form.area')).selectOption({ label: '西湖区' });
  await dialog.getByLabel(zh('address.addrLabel'), { exact: true }).fill('文三路 90 号 1 幢 302 室');
  await dialog.getByRole('button', { name: zh('address.form.save') }).click();
  await expect(dialog.getByRole('button', { name: zh('address.form.save') })).toBeHidden();
  const chosen = page.getByRole('radiogroup', { name: zh('checkout.address.choose') }).getByRole('radio', { checked: true });
  await expect(chosen).toContainText('李收货');

  // Both shops with their items, delivery and freight; the message counter follows the text.
  const shopA = page.locator('.checkout-shop').filter({ hasText: a!.prodName });
  await expect(page.locator('.checkout-shop')).toHaveCount(2);
  await expect(page.getByText(a!.prodName)).toBeVisible();
  await expect(page.getByText(b!.prodName)).toBeVisible();
  await expect(page.getByText(zh('checkout.shop.deliveryTypes.1')).first()).toBeVisible();
  const message = shopA.getByLabel(zh('checkout.shop.remarks'));
  await message.fill('请周末送货，谢谢');
  await expect(shopA.getByText(zh('checkout.shop.counter', { count: 8, max: 200 }))).toBeVisible();
  // An over-long message stays as typed: the rule's message shows and submit refuses it.
  await message.fill('长'.repeat(250));
  await expect(message).toHaveValue('长'.repeat(250));
  await expect(shopA.getByRole('alert')).toHaveText(zh('checkout.errors.remarksTooLong'));
  await page.getByRole('button', { name: zh('checkout.submit') }).click();
  await expect(page.locator('.toast').filter({ hasText: zh('checkout.errors.remarksTooLong') })).toBeVisible();
  await expect(page).toHaveURL(/\/submit-order$/);
  await message.fill('请周末送货，谢谢');

  await expect(page.getByTestId('cart-count')).toBeVisible();
  await page.getByRole('button', { name: zh('checkout.submit') }).click();
  await expect(page).toHaveURL(/\/payment\?orderNumbers=\d{19},\d{19}$/);
  // The header's cart count follows the emptied cart without a reload.
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  const numbers = new URL(page.url()).searchParams.get('orderNumbers')!.split(',');

  const list = await myOrders(request, shopper.token);
  expect(list.records.map((o) => o.orderNumber).sort()).toEqual([...numbers].sort());
  const details = await Promise.all(numbers.map((n) => orderDetail(request, shopper.token, n)));
  const ofA = details.find((d) => d.shopId === a!.shopId)!;
  expect(ofA).toMatchObject({ status: 1, remarks: '请周末送货，谢谢', userAddrDto: { receiver: '李收货', province: '浙江省' } });
  expect(ofA.orderItemDtos).toMatchObject([{ skuId: a!.skuId, prodCount: 2 }]);
  expect(details.find((d) => d.shopId === b!.shopId)!.remarks).toBe('');
  // Stock was reserved and the cart emptied of the bought lines.
  expect(await skuStock(request, a!)).toBeLessThanOrEqual(stockA - 2);
  expect(await (await request.get(`${API_URL}/p/shopCart/prodCount`, { headers: headers(shopper.token) })).json()).toBe(0);
});

test('zh: buy now from a detail page checks out one item without the cart', async ({ page, request, context, baseURL }) => {
  const shopper = await registerShopper(request);
  await addAddressByApi(request, shopper.token);
  const [p] = await pickProducts(request, 1, 2);
  await useToken(context, baseURL!, shopper.token);
  await openPage(page, `/detail/${p!.prodId}`);
  await page.getByRole('button', { name: zh('product.buyNow') }).click();
  await expect(page).toHaveURL(/\/submit-order\?prodId=\d+&skuId=\d+&prodCount=1$/);
  await expect(page.locator('.checkout-shop')).toHaveCount(1);
  await expect(page.getByRole('radiogroup', { name: zh('checkout.address.choose') }).getByRole('radio', { checked: true })).toContainText('王收货');
  await page.getByRole('button', { name: zh('checkout.submit') }).click();
  await expect(page).toHaveURL(/\/payment\?orderNumbers=\d{19}$/);
  const [order] = (await myOrders(request, shopper.token)).records;
  expect(order!.orderItemDtos).toMatchObject([{ prodId: p!.prodId, prodCount: 1 }]);
});

test('zh: a double click and a replayed checkout give one set of orders', async ({ page, request, context, baseURL }) => {
  const shopper = await registerShopper(request);
  await addAddressByApi(request, shopper.token);
  const [p] = await pickProducts(request, 1, 3);
  await addToCartByApi(request, shopper.token, p!);
  await useToken(context, baseURL!, shopper.token);
  await openPage(page, '/submit-order');
  const submitted = page.waitForRequest((r) => r.url().endsWith('/api/p/order/submit') && r.method() === 'POST');
  await page.getByRole('button', { name: zh('checkout.submit') }).dblclick();
  const body = (await submitted).postDataJSON() as { uuid: string; orderShopParams: unknown[] };
  await expect(page).toHaveURL(/\/payment\?orderNumbers=\d{19}$/);

  // The same checkout again, as a replay or a second tab would send it.
  const replay = await request.post(`${API_URL}/p/order/submit`, { headers: headers(shopper.token), data: body });
  expect(replay.status()).toBe(400);
  expect(await replay.text()).toBe(zh('checkout.errors.duplicate'));
  expect((await myOrders(request, shopper.token)).total).toBe(1);
});
