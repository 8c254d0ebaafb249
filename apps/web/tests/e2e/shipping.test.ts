// Shipping: a shopper's paid order is shipped through the merchant API (the shop's store
// account, never the shopper's token), the package's timeline advances on the order detail page
// as the courier sandbox moves it (the e2e API runs with a 2-second step), and the shopper
// confirms receipt. Products, shops and couriers are looked up through the API.
import { randomInt, randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { DeliveryCompanySchema } from '@bazaar/shared/schemas/logistics';
import { MerchantOrderDetailSchema, MerchantTokenSchema } from '@bazaar/shared/schemas/merchant';
import { ProductDetailSchema } from '@bazaar/shared/schemas/product';
import { API_URL, en, encryptPassword, loginByApi, openPage, useToken, waitForHydration, zh, test } from './support.ts';

const auth = (token: string) => ({ Authorization: token, 'Accept-Language': 'zh' });

async function ok<T>(response: Promise<APIResponse>): Promise<T> {
  const res = await response;
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.text();
  return (body ? JSON.parse(body) : undefined) as T;
}

/** A cheap normal product in stock, so the demo buyer's balance pays for it whatever else ran. */
async function cheapProduct(request: APIRequestContext) {
  const page = SearchPageSchema.parse(await ok(request.get(`${API_URL}/search/page?size=100`)));
  for (const card of [...page.records].sort((a, b) => a.price - b.price)) {
    const product = ProductDetailSchema.parse(await ok(request.get(`${API_URL}/prod/prodInfo?prodId=${card.prodId}`)));
    const sku = product.skuList.find((s) => s.stocks === -1 || s.stocks >= 3);
    if (product.prodType === 0 && sku) return { prodId: product.prodId, shopId: product.shopId, skuId: sku.skuId };
  }
  throw new Error('no product in stock');
}

/** buyer01 (seeded with a balance) buys one piece now and pays by balance; answers the order number. */
async function paidOrder(request: APIRequestContext, token: string): Promise<{ orderNumber: string; shopId: number }> {
  const pick = await cheapProduct(request);
  const addresses = await ok<unknown[]>(request.get(`${API_URL}/p/address/list`, { headers: auth(token) }));
  if (addresses.length === 0) {
    await ok(
      request.post(`${API_URL}/p/address/addAddr`, {
        headers: auth(token),
        data: { receiver: '张小北', mobile: '13800000001', provinceId: 330000, cityId: 330100, areaId: 330106, addr: '文三路 90 号东部软件园', commonAddr: true },
      }),
    );
  }
  const uuid = randomUUID();
  await ok(request.post(`${API_URL}/p/order/confirm`, { headers: auth(token), data: { addrId: 0, orderItem: { prodId: pick.prodId, skuId: pick.skuId, shopId: pick.shopId, prodCount: 1 }, uuid } }));
  const { orderNumbers } = await ok<{ orderNumbers: string }>(
    request.post(`${API_URL}/p/order/submit`, { headers: auth(token), data: { orderShopParams: [{ shopId: pick.shopId, remarks: '' }], uuid } }),
  );
  await ok(request.post(`${API_URL}/p/order/pay`, { headers: auth(token), data: { orderNumbers, payType: 9 } }));
  return { orderNumber: orderNumbers, shopId: pick.shopId };
}

/** The merchant API: the order's shop logs in with its store account and ships every item in one package. */
async function shipByMerchant(request: APIRequestContext, shopperToken: string, orderNumber: string, shopId: number) {
  const refused = await request.get(`${API_URL}/merchant/order/info/${orderNumber}`, { headers: auth(shopperToken) });
  expect(refused.status()).toBe(401);
  const login = MerchantTokenSchema.parse(await ok(request.post(`${API_URL}/merchant/login`, { data: { username: `shop${shopId}`, password: encryptPassword('merchant123') } })));
  const merchant = { Authorization: login.accessToken };
  const order = MerchantOrderDetailSchema.parse(await ok(request.get(`${API_URL}/merchant/order/info/${orderNumber}`, { headers: merchant })));
  expect(order.status).toBe(2);
  const [courier] = DeliveryCompanySchema.array().parse(await ok(request.get(`${API_URL}/p/delivery/list`, { headers: auth(shopperToken) })));
  const waybill = `SF${Date.now()}${randomInt(0, 1000)}`;
  const shipped = MerchantOrderDetailSchema.parse(
    await ok(
      request.post(`${API_URL}/merchant/order/delivery`, {
        headers: merchant,
        data: { orderNumber, packages: [{ dvyId: courier!.dvyId, dvyFlowId: waybill, items: order.items.map((i) => ({ orderItemId: i.orderItemId, count: i.prodCount })) }] },
      }),
    ),
  );
  expect(shipped.status).toBe(3);
  return { waybill, courierName: courier!.dvyName };
}

const packageCard = (page: Page) => page.getByTestId('logistics-package');
const timelineItems = (page: Page) => packageCard(page).getByRole('list', { name: zh('logistics.timeline') }).getByRole('listitem');

test('the merchant ships an order, its timeline advances and the shopper confirms receipt', async ({ page, request, context, baseURL }) => {
  test.setTimeout(120_000);
  const token = await loginByApi(request, 'buyer01', 'bazaar123');
  const { orderNumber, shopId } = await paidOrder(request, token);
  const { waybill, courierName } = await shipByMerchant(request, token, orderNumber, shopId);
  await useToken(context, baseURL!, token);

  await openPage(page, `/order-detail?orderNumber=${orderNumber}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(zh('orders.status.3')));
  const card = packageCard(page);
  await expect(card.getByRole('heading', { name: zh('logistics.packageTitle', { n: 1 }) })).toBeVisible();
  await expect(card).toContainText(courierName);
  await expect(card).toContainText(waybill);
  await expect(card.getByText(zh('logistics.shipTime'))).toBeVisible();

  // The courier sandbox scans the package every 2 s; each visit shows more of the route, newest first.
  let seen = 0;
  await expect
    .poll(
      async () => {
        await page.reload();
        await waitForHydration(page);
        await expect(card.or(page.getByText(zh('logistics.loadFailed')))).toBeVisible();
        const count = await timelineItems(page).count();
        expect(count).toBeGreaterThanOrEqual(seen);
        seen = count;
        return count;
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBeGreaterThanOrEqual(3);
  const latest = timelineItems(page).first();
  await expect(latest).toHaveAttribute('aria-current', 'step');
  await expect(latest).toContainText(zh('logistics.latest'));
  await expect(timelineItems(page).last()).toContainText('已收取快件');

  // Until the journey ends: signed, or (1 in 10 waybills) a faulty package.
  const done = new RegExp(`${zh('logistics.state.signed')}|${zh('logistics.state.faulty')}`);
  await expect
    .poll(
      async () => {
        await page.reload();
        await waitForHydration(page);
        return (await card.getByTestId('logistics-state').textContent()) ?? '';
      },
      { timeout: 45_000, intervals: [2_000] },
    )
    .toMatch(done);

  // The shopper confirms receipt.
  await page.getByRole('button', { name: `${zh('orders.actions.receipt')} ${orderNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: zh('orders.confirmReceipt.title') });
  await dialog.getByRole('button', { name: zh('orders.confirmReceipt.confirm') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(zh('orders.evaluate')));
  const status = await ok<{ status: number }>(request.get(`${API_URL}/p/myOrder/getOrderStatus?orderNumber=${orderNumber}`, { headers: auth(token) }));
  expect(status.status).toBe(5);
  // The timeline stays on the completed order.
  await expect(packageCard(page)).toContainText(waybill);

  // The English page tells the same story.
  await openPage(page, `/en/order-detail?orderNumber=${orderNumber}`);
  await expect(card.getByRole('heading', { name: en('logistics.packageTitle', { n: 1 }) })).toBeVisible();
  await expect(card.getByTestId('logistics-state')).toHaveText(new RegExp(`${en('logistics.state.signed')}|${en('logistics.state.faulty')}`));
  const englishTimeline = card.getByRole('list', { name: en('logistics.timeline') }).getByRole('listitem');
  await expect(englishTimeline.first()).toContainText(en('logistics.latest'));
  // The sandbox courier's scans are translated: no Chinese left in them.
  await expect(englishTimeline.last()).toContainText('Picked up by');
  for (const scan of await englishTimeline.locator('.logistics-timeline__station').allTextContents()) expect(scan).not.toMatch(/\p{Script=Han}/u);
});
