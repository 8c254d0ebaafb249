// My orders: tabs with counts, search by order number or product name and by time (myOrderSearch), cancelling an unpaid order
// (its stock goes back), and the order detail with its progress, address, fees and actions.
import { expect } from '@playwright/test';
import { API_URL, en, openPage, registerShopper, useToken, zh, test } from './support.ts';
import { addAddressByApi, headers, myOrders, orderDetail, pickProducts, placeOrderByApi, skuStock } from './order-support.ts';

const cards = (page: import('@playwright/test').Page) => page.locator('article.order-card');

test('zh: the order list filters by tab and finds orders by number or product name', async ({ page, request, context, baseURL }) => {
  const shopper = await registerShopper(request);
  await addAddressByApi(request, shopper.token);
  const [a, b] = await pickProducts(request, 2, 4);
  const first = await placeOrderByApi(request, shopper.token, a!);
  const second = await placeOrderByApi(request, shopper.token, b!);
  await useToken(context, baseURL!, shopper.token);

  await openPage(page, '/user-center/uc-order');
  await expect(page.getByRole('heading', { level: 1, name: zh('orders.title') })).toBeVisible();
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).first()).toContainText(second);
  await expect(cards(page).first()).toContainText(zh('orders.status.1'));
  const tabs = page.getByRole('navigation', { name: zh('orders.tabs.label') });
  await expect(tabs.getByRole('link', { name: `${zh('orders.tabs.unpaid')} 2` })).toBeVisible();

  await tabs.getByRole('link', { name: zh('orders.tabs.toShip') }).click();
  await expect(page).toHaveURL(/status=2/);
  await expect(page.getByText(zh('orders.empty'))).toBeVisible();
  await tabs.getByRole('link', { name: new RegExp(`^${zh('orders.tabs.unpaid')}`) }).click();
  await expect(cards(page)).toHaveCount(2);

  const searchForm = page.getByRole('search', { name: zh('orders.search.label') });
  const search = searchForm.getByRole('searchbox');
  await search.fill(first);
  await searchForm.getByRole('button', { name: zh('orders.search.button') }).click();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(first);
  await search.fill(b!.prodName.slice(0, 4));
  await searchForm.getByRole('button', { name: zh('orders.search.button') }).click();
  await expect(page).toHaveURL(/q=/);
  await expect(cards(page).filter({ hasText: second })).toHaveCount(1);
  await expect(cards(page).filter({ hasText: first })).toHaveCount(b!.prodName.slice(0, 4) === a!.prodName.slice(0, 4) ? 1 : 0);

  // The time filter (myOrderSearch's orderTimeStatus): orders placed now are in the last 7 days, none older than 3 months.
  await search.fill('');
  const time = searchForm.getByRole('combobox', { name: zh('orders.search.timeLabel') });
  await time.selectOption({ label: zh('orders.search.time.3') });
  await searchForm.getByRole('button', { name: zh('orders.search.button') }).click();
  await expect(page).toHaveURL(/time=3/);
  await expect(page.getByText(zh('orders.empty'))).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await time.selectOption({ label: zh('orders.search.time.1') });
  await searchForm.getByRole('button', { name: zh('orders.search.button') }).click();
  await expect(page).toHaveURL(/time=1/);
  await expect(cards(page)).toHaveCount(2);
  // A tab keeps the time filter.
  await tabs.getByRole('link', { name: new RegExp(`^${zh('orders.tabs.unpaid')}`) }).click();
  await expect(page).toHaveURL(/status=1.*time=1/);
  await expect(time).toHaveValue('1');
  await expect(cards(page)).toHaveCount(2);

  // The user center's menu leads here.
  await openPage(page, '/user-center');
  await page.getByRole('navigation', { name: zh('userCenter.menu.label') }).getByRole('link', { name: zh('orders.menu') }).click();
  await expect(page).toHaveURL(/\/user-center\/uc-order$/);
});

test('zh: cancelling an unpaid order after confirming releases its stock', async ({ page, request, context, baseURL }) => {
  const shopper = await registerShopper(request);
  await addAddressByApi(request, shopper.token);
  const [p] = await pickProducts(request, 1, 6);
  const before = await skuStock(request, p!);
  const orderNumber = await placeOrderByApi(request, shopper.token, p!, 3);
  expect(await skuStock(request, p!)).toBe(before - 3);
  await useToken(context, baseURL!, shopper.token);

  await openPage(page, '/user-center/uc-order?status=1');
  const card = cards(page).filter({ hasText: orderNumber });
  await card.getByRole('button', { name: `${zh('orders.actions.cancel')} ${orderNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: zh('orders.confirmCancel.title') });
  await expect(dialog).toContainText(orderNumber);
  await dialog.getByRole('button', { name: zh('orders.confirmCancel.confirm') }).click();
  await expect(page.getByRole('region', { name: zh('toast.label') })).toContainText(zh('orders.cancelled'));
  await expect(page.getByText(zh('orders.empty'))).toBeVisible();
  expect(await skuStock(request, p!)).toBe(before);

  await openPage(page, '/user-center/uc-order');
  await expect(cards(page).first()).toContainText(zh('orders.status.6'));
  // Buy again puts the order's lines back in the cart and opens it, the header count following.
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  await cards(page).first().getByRole('button', { name: `${zh('orders.actions.buyAgain')} ${orderNumber}` }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('region', { name: zh('toast.label') })).toContainText(zh('orders.addedAgain'));
  await expect(page.getByText(p!.prodName).first()).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('3');
  expect(await (await request.get(`${API_URL}/p/shopCart/prodCount`, { headers: headers(shopper.token) })).json()).toBe(3);

  await openPage(page, '/user-center/uc-order');
  // A cancelled order can be deleted; then it is gone from the list.
  await cards(page).first().getByRole('button', { name: `${zh('orders.actions.delete')} ${orderNumber}` }).click();
  await page.getByRole('dialog', { name: zh('orders.confirmDelete.title') }).getByRole('button', { name: zh('orders.confirmDelete.confirm') }).click();
  await expect(page.getByText(zh('orders.empty'))).toBeVisible();
  expect((await myOrders(request, shopper.token)).total).toBe(0);
});

test('en: the order detail shows progress, address, items, fees and the countdown, and cancels', async ({ page, request, context, baseURL }) => {
  const shopper = await registerShopper(request);
  await addAddressByApi(request, shopper.token, 'Wang');
  const [p] = await pickProducts(request, 1, 7);
  const orderNumber = await placeOrderByApi(request, shopper.token, p!, 2);
  const order = await orderDetail(request, shopper.token, orderNumber, 'en');
  await useToken(context, baseURL!, shopper.token);

  await openPage(page, '/en/user-center/uc-order');
  await page.getByRole('link', { name: `${en('orders.actions.detail')} ${orderNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/order-detail\\?orderNumber=${orderNumber}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(en('orders.status.1'));
  await expect(page.getByTestId('order-number')).toHaveText(orderNumber);
  const steps = page.getByRole('list', { name: en('orderDetail.steps.label') });
  await expect(steps.getByRole('listitem')).toHaveText([
    new RegExp(`${en('orderDetail.steps.submit')}${order.createTime}`),
    new RegExp(en('orderDetail.steps.pay')),
    new RegExp(en('orderDetail.steps.ship')),
    new RegExp(en('orderDetail.steps.receive')),
    new RegExp(en('orderDetail.steps.complete')),
  ]);
  await expect(page.getByText(/Please pay within \d\d:\d\d/)).toBeVisible();
  // The phone is masked and the region named in English; the street stays as the shopper wrote it.
  await expect(page.getByText('Wang 139****5678, Zhejiang Hangzhou Xihu District 文三路 90 号 1 幢')).toBeVisible();
  await expect(page.getByText(order.orderItemDtos[0]!.prodName)).toBeVisible();
  const fees = page.locator('.order-detail__fees');
  await expect(fees).toContainText(en('orderDetail.fees.goods'));
  await expect(fees).toContainText(en('orderDetail.fees.payable'));
  await expect(fees).toContainText(en('orderDetail.fees.paid'));
  await expect(page.getByRole('link', { name: `${en('orders.actions.pay')} ${orderNumber}` })).toHaveAttribute('href', new RegExp(`/payment\\?orderNumbers=${orderNumber}$`));

  await page.getByRole('button', { name: `${en('orders.actions.cancel')} ${orderNumber}` }).click();
  await page.getByRole('dialog', { name: en('orders.confirmCancel.title') }).getByRole('button', { name: en('orders.confirmCancel.confirm') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(en('orders.status.6'));
  await expect(page.getByText(en('orderDetail.closeTypes.4'))).toBeVisible();

  // Someone else's or an unknown order is a plain "not found".
  await openPage(page, '/en/order-detail?orderNumber=1000000000000000001');
  await expect(page.getByRole('heading', { name: en('orderDetail.missing.title') })).toBeVisible();
});
