// Paid membership (issue 12, decision 044): a shopper with a balance opens the member center from the
// nickname dropdown, buys a month of Plus with the balance on /member-center/buy-member, comes back
// to the member center with the level and its end, sees every level on /member-center/member-equity,
// and at checkout of a self-run product (to Xinjiang, where the self-run store charges freight)
// sees the member discount and the member free shipping the server priced. axe on every page.
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { ConfirmResultSchema } from '@bazaar/shared/schemas/order';
import { ShopSearchPageSchema } from '@bazaar/shared/schemas/shop';
import { ProductDetailSchema } from '@bazaar/shared/schemas/product';
import { checkOpenedPage, expectNoSeriousA11yViolations } from './axe.ts';
import { settled, staffLogin } from './platform-console.ts';
import { API_URL, openPage, registerShopper, topBar, useToken, zh, test } from './support.ts';
import { addToCartByApi, headers, ok } from './order-support.ts';

test('zh: buy a month of membership with the balance and see the member price and free shipping at checkout', async ({ page, request, context, baseURL }) => {
  test.setTimeout(180_000);
  const shopper = await registerShopper(request);

  // ¥100 of balance through the WeChat sandbox (the API, as the phone would confirm it).
  const topUp = (await ok(request.post(`${API_URL}/p/balance/pay`, { headers: headers(shopper.token), data: { id: -1, customRechargeAmount: 10_000, payType: 3 } }))) as { codeUrl: string };
  expect((await request.post(new URL(new URL(topUp.codeUrl).pathname, API_URL).toString())).ok()).toBe(true);
  await expect.poll(async () => ok(request.get(`${API_URL}/p/userBalance/getBalanceInfo`, { headers: headers(shopper.token) }))).toBe(10_000);

  // An address in Xinjiang (the self-run store ships free everywhere else) and a self-run product in the cart.
  const cities = (await ok(request.get(`${API_URL}/p/area/listByPid?pid=650000`, { headers: headers(shopper.token) }))) as Array<{ areaId: number }>;
  const areas = (await ok(request.get(`${API_URL}/p/area/listByPid?pid=${cities[0]!.areaId}`, { headers: headers(shopper.token) }))) as Array<{ areaId: number }>;
  await ok(
    request.post(`${API_URL}/p/address/addAddr`, {
      headers: headers(shopper.token),
      data: { receiver: '新收货', mobile: '13912345678', provinceId: 650000, cityId: cities[0]!.areaId, areaId: areas[0]!.areaId, addr: '人民路 1 号 2 单元', commonAddr: true },
    }),
  );
  const store = ShopSearchPageSchema.parse(await ok(request.get(`${API_URL}/shop/searchShops?shopName=${encodeURIComponent('自营旗舰店')}`))).records[0]!;
  const thumb = [...store.products].sort((a, b) => a.price - b.price)[0]!;
  const product = ProductDetailSchema.parse(await ok(request.get(`${API_URL}/prod/prodInfo?prodId=${thumb.prodId}`)));
  const sku = product.skuList.find((s) => s.stocks > 5)!;
  await addToCartByApi(request, shopper.token, { prodId: product.prodId, skuId: sku.skuId, shopId: product.shopId, prodName: product.prodName, stocks: sku.stocks, price: sku.price });
  await useToken(context, baseURL!, shopper.token);

  // The nickname dropdown leads to the member center: the growth level, not yet a paid member.
  await openPage(page, '/');
  await topBar(page).getByRole('button', { name: zh('layout.topBar.accountMenu') }).click();
  await page.getByRole('menuitem', { name: zh('layout.topBar.memberCenter') }).click();
  await expect(page).toHaveURL(/\/member-center\/member-center$/);
  await expect(page.getByRole('heading', { level: 1, name: zh('member.center.title') })).toBeVisible();
  await expect(page.getByTestId('member-paid-level')).toContainText(zh('member.center.notMember'));
  await expect(page.getByTestId('member-growth-level')).toContainText('普通会员');
  await expect(page.getByRole('heading', { name: zh('points.signIn.title') })).toBeVisible();
  await checkOpenedPage(page);

  // Every level's benefits side by side.
  await page.getByRole('link', { name: zh('member.center.equity') }).click();
  await expect(page).toHaveURL(/\/member-center\/member-equity$/);
  await expect(page.getByTestId('equity-paid')).toContainText('Plus 会员');
  await expect(page.getByTestId('equity-paid')).toContainText('超级会员');
  await expect(page.getByTestId('equity-growth')).toContainText('黄金会员');
  await checkOpenedPage(page);

  // A month of Plus, paid with the balance.
  await page.getByRole('link', { name: zh('member.equity.buy') }).click();
  await expect(page).toHaveURL(/\/member-center\/buy-member$/);
  await page.getByRole('radio', { name: 'Plus 会员' }).check();
  await page.getByRole('radio', { name: zh('member.terms.3') }).check();
  await expect(page.locator('.member-buy__total')).toHaveText('¥15.00');
  await page.getByRole('radio', { name: zh('member.buy.balance', { amount: '¥100.00' }) }).check();
  await checkOpenedPage(page);
  await page.getByTestId('member-buy-submit').click();
  await expect(page).toHaveURL(/\/member-center\/member-center\?payNo=\d{19}$/);
  await expect(page.getByTestId('member-paid-level')).toContainText('Plus 会员');
  await expect(page.getByTestId('member-vip-end')).toBeVisible();
  await expect(page.getByText(zh('member.benefit.freeShipping'))).toBeVisible();
  await checkOpenedPage(page);
  expect(await ok(request.get(`${API_URL}/p/userBalance/getBalanceInfo`, { headers: headers(shopper.token) }))).toBe(8_500);

  // The checkout of the self-run product shows the member discount and free shipping as priced by the server.
  const priced = ConfirmResultSchema.parse(await ok(request.post(`${API_URL}/p/order/confirm`, { headers: headers(shopper.token), data: { addrId: 0, uuid: randomUUID() } })));
  expect(priced.totalLevelReduce).toBeGreaterThan(0);
  expect(priced.totalFreeTransfee).toBe(1_200);
  expect(priced.totalTransFee).toBe(0);
  await openPage(page, '/cart');
  await page.getByRole('button', { name: zh('cartPage.summary.settle') }).click();
  await expect(page).toHaveURL(/\/submit-order$/);
  const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
  await expect(page.getByTestId('checkout-member-discount')).toContainText(zh('member.checkout.discount', { level: 'Plus 会员' }));
  await expect(page.getByTestId('checkout-member-discount')).toContainText(yuan(priced.totalLevelReduce));
  await expect(page.getByTestId('checkout-member-freight')).toContainText(yuan(1_200));
  await expect(page.locator('.checkout-summary__amount')).toContainText(yuan(priced.actualTotal));
  await checkOpenedPage(page);

  // Staff see the levels with their prices and benefits, and the growth rule, in the console
  // (admin: no other journey logs in with it, and staff keep one session each).
  const console = await context.newPage();
  await staffLogin(console, 'admin');
  await console.getByRole('menuitem', { name: '会员等级' }).click();
  await expect(console.getByRole('heading', { name: '会员等级', level: 2 })).toBeVisible();
  await expect(console.getByRole('row').filter({ hasText: 'Plus 会员' })).toContainText('月 ¥15.00');
  await expect(console.getByRole('row').filter({ hasText: '超级会员' })).toHaveCount(1);
  await expect(console.getByLabel('每消费多少元获得 1 点成长值')).toHaveValue('1.00');
  await settled(console);
  await expectNoSeriousA11yViolations(console, 'platform member levels');
  await console.close();
});
