// The points mall (issue 29): a fresh shopper (the registration's 100 points) finds the mall from the
// member center, filters what they can afford and sorts by points, and exchanges an item for points alone:
// the order is paid at once, the points balance and records drop by its price, and the order says
// why it has no after-sales. A second shopper exchanges an item with a cash part: the points go at
// submit and the cash is paid through the WeChat sandbox. Each test puts its own items on shelf
// through the platform console's API (staff pts01, an operations account of this journey's own:
// staff keep one session each), so it never depends on the demo's items nor changes theirs. Serial:
// both sign pts01 in.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { AdminPointsItemCreatedSchema, AdminPointsProductPageSchema, type AdminPointsProduct } from '@bazaar/shared/schemas/points-mall';
import { checkOpenedPage } from './axe.ts';
import { API_URL, en, openPage, registerShopper, useToken, waitForHydration, watchPageProblems, zh, test } from './support.ts';
import { addAddressByApi, headers, ok, orderDetail } from './order-support.ts';
import { staffToken } from './platform-console.ts';
import { formatYuan } from '../../app/lib/format.ts';

test.describe.configure({ mode: 'serial' });

/** Opens a page another step of this journey already checked with axe (each check takes seconds on a busy machine). */
async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
}

/**
 * Physical, on-shelf products of the self-run shops that have no points item yet, from the middle of
 * the price range (the checkout journeys take the dearest and the payment journeys the cheapest).
 */
async function freeProducts(request: APIRequestContext, staff: string, count: number, skip: number): Promise<AdminPointsProduct[]> {
  const page = AdminPointsProductPageSchema.parse(await ok(request.get(`${API_URL}/admin/pointsMall/products?size=100`, { headers: { Authorization: staff } })));
  const fit = page.records.filter((p) => p.status === 1 && p.mold === 0 && (p.totalStocks === -1 || p.totalStocks >= 20)).sort((a, b) => a.price - b.price);
  const start = Math.max(0, Math.floor(fit.length / 2) - 3) + skip;
  const picks = fit.slice(start, start + count);
  expect(picks, 'self-run products without a points item').toHaveLength(count);
  return picks;
}

/** Puts a product on the points shelf; answers its prodId. */
async function putOnShelf(request: APIRequestContext, staff: string, product: AdminPointsProduct, item: { scorePrice: number; cashPrice: number; stocks: number; maxNum: number }) {
  AdminPointsItemCreatedSchema.parse(await ok(request.post(`${API_URL}/admin/pointsMall/items`, { headers: { Authorization: staff }, data: { prodId: product.prodId, ...item, status: 1 } })));
  return product.prodId;
}

test('zh: points alone: the mall from the member center, the affordable filter and the sort, an exchange paid at once', async ({ page, request, context, baseURL }) => {
  // Many pages, each checked with axe, on a machine the other journeys share.
  test.setTimeout(420_000);
  const staff = await staffToken(request, 'pts01');
  const [cheap, dear] = await freeProducts(request, staff, 2, 0);
  const cheapId = await putOnShelf(request, staff, cheap!, { scorePrice: 60, cashPrice: 0, stocks: 5, maxNum: 2 });
  const dearId = await putOnShelf(request, staff, dear!, { scorePrice: 90_000_000, cashPrice: 0, stocks: 5, maxNum: -1 });

  // A fresh shopper: 100 points from registration.
  const shopper = await registerShopper(request);
  await addAddressByApi(request, shopper.token);
  await useToken(context, baseURL!, shopper.token);

  // The member center leads to the mall, which shows my points.
  await visit(page, '/member-center/member-center');
  await page.getByRole('complementary', { name: zh('integralMall.entry') }).getByRole('link', { name: zh('integralMall.mall.exchange') }).click();
  await expect(page).toHaveURL(/\/member-center\/integral-mall$/);
  await expect(page.getByRole('heading', { level: 1, name: zh('integralMall.mall.title') })).toBeVisible();
  await expect(page.getByTestId('mall-my-points')).toHaveText('100');
  const items = page.getByRole('list', { name: zh('integralMall.mall.itemsLabel') }).getByTestId('points-item');
  const card = (prodId: number) => page.locator(`[data-testid="points-item"][data-prod-id="${prodId}"]`);

  // Sorted by points, low to high: the prices never fall along the page.
  await page.getByRole('link', { name: zh('integralMall.mall.sort.asc') }).click();
  await expect(page).toHaveURL(/sort=asc/);
  await expect(page.getByRole('link', { name: zh('integralMall.mall.sort.asc') })).toHaveAttribute('aria-current', 'page');
  const prices = (await items.evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-score-price'))))) as number[];
  expect(prices.length).toBeGreaterThan(1);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  // What I can afford: the 60-point item stays, the 90,000,000-point one goes.
  await page.getByRole('checkbox', { name: zh('integralMall.mall.affordable') }).check();
  await expect(page).toHaveURL(/affordable=1/);
  await expect(card(cheapId)).toBeVisible();
  await expect(card(dearId)).toHaveCount(0);
  for (const price of (await items.evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-score-price'))))) as number[]) expect(price).toBeLessThanOrEqual(100);

  // The dear item: exchange is disabled, saying how many points are missing.
  await visit(page, `/member-center/integral-det/${dearId}`);
  await expect(page.getByTestId('points-exchange')).toBeDisabled();
  await expect(page.getByTestId('points-exchange-reason')).toHaveText(zh('integralMall.detail.reason.points', { count: 90_000_000 - 100 }));

  // The cheap item: its points, no cash part, the stock, the limit and my points.
  await openPage(page, '/member-center/integral-mall?affordable=1');
  await card(cheapId).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/member-center/integral-det/${cheapId}$`));
  await expect(page.getByRole('heading', { level: 1, name: cheap!.prodName })).toBeVisible();
  await expect(page.getByTestId('points-item-cash')).toHaveText(zh('integralMall.detail.noCash'));
  await expect(page.getByTestId('points-item-stock')).toHaveText(zh('integralMall.detail.stockLeft', { count: 5 }));
  await expect(page.getByTestId('points-item-limit')).toHaveText(zh('integralMall.detail.limitCount', { count: 2 }));
  await expect(page.getByTestId('points-item-my-points')).toHaveText('100');
  await page.getByTestId('points-exchange').click();

  // The checkout: my default address, 60 points, nothing to pay in cash.
  await expect(page).toHaveURL(new RegExp(`/submit-integral-order\\?prodId=${cheapId}&skuId=\\d+&prodCount=1$`));
  await expect(page.getByRole('heading', { level: 1, name: zh('integralMall.confirm.title') })).toBeVisible();
  await expect(page.getByText('文三路 90 号 1 幢').first()).toBeVisible();
  await expect(page.getByTestId('points-total')).toHaveText(zh('integralMall.points', { count: 60 }));
  await expect(page.locator('.checkout-summary__amount')).toHaveText(formatYuan(0, 'zh'));
  await expect(page.getByText(zh('integralMall.confirm.pointsNote'))).toBeVisible();
  await checkOpenedPage(page);
  await page.getByLabel(zh('integralMall.confirm.remarks')).fill('积分兑换，请包装好');
  await page.getByRole('button', { name: zh('integralMall.confirm.submit') }).click();

  // Paid by the points at once: the result, with what is left.
  await expect(page).toHaveURL(/\/submit-integral-order\?exchanged=\d{19}$/);
  const orderNumber = new URL(page.url()).searchParams.get('exchanged')!;
  await expect(page.getByRole('heading', { level: 1, name: zh('integralMall.result.title') })).toBeVisible();
  await expect(page.getByTestId('points-result-used')).toHaveText(zh('integralMall.result.text', { count: 60 }));
  await expect(page.getByTestId('points-result-left')).toHaveText(zh('integralMall.result.points', { count: 40 }));
  await checkOpenedPage(page);
  expect(await orderDetail(request, shopper.token, orderNumber)).toMatchObject({ status: 2, orderType: 3, useScore: 60, actualTotal: 0, remarks: '积分兑换，请包装好' });

  // The order: its points, paid by points, and why there is no after-sales.
  await page.getByRole('link', { name: zh('integralMall.result.viewOrder') }).click();
  await expect(page).toHaveURL(new RegExp(`/order-detail\\?orderNumber=${orderNumber}$`));
  await expect(page.getByTestId('points-order-points')).toContainText(zh('integralMall.order.points', { count: 60 }));
  await expect(page.getByText(zh('orderDetail.payTypes.0'))).toBeVisible();
  await expect(page.getByTestId('points-order-no-refund')).toHaveText(zh('integralMall.order.noRefund'));
  await expect(page.getByRole('link', { name: new RegExp(zh('aftersale.order.apply')) })).toHaveCount(0);

  // The points page: 40 left, the exchange on top of the records, linked to its order.
  await visit(page, '/user-center/uc-integral');
  await expect(page.getByTestId('points-balance')).toHaveText('40');
  const first = page.getByRole('region', { name: zh('points.records.title') }).locator('tbody tr').first();
  await expect(first).toContainText(zh('points.source.10'));
  await expect(first).toContainText('−60');
  await expect(first.getByRole('link')).toHaveAttribute('href', `/order-detail?orderNumber=${orderNumber}`);
  await page.getByRole('complementary', { name: zh('integralMall.entry') }).getByRole('link').click();
  await expect(page).toHaveURL(/\/member-center\/integral-mall$/);
  await expect(page.getByTestId('mall-my-points')).toHaveText('40');

  // The item now counts my exchange against the limit, and the stock went down.
  await visit(page, `/member-center/integral-det/${cheapId}`);
  await expect(page.getByTestId('points-item-limit')).toContainText(zh('integralMall.detail.exchanged', { count: 1 }));
  await expect(page.getByTestId('points-item-stock')).toHaveText(zh('integralMall.detail.stockLeft', { count: 4 }));
});

test('en: points plus cash: a visitor is asked to log in; the cash is paid through the WeChat sandbox', async ({ page, request, context, baseURL, browser }) => {
  test.setTimeout(420_000);
  const staff = await staffToken(request, 'pts01');
  const [product] = await freeProducts(request, staff, 1, 2);
  const prodId = await putOnShelf(request, staff, product!, { scorePrice: 80, cashPrice: 150, stocks: 5, maxNum: -1 });
  // The registration's 100 points pay for the 80.
  const shopper = await registerShopper(request);
  await addAddressByApi(request, shopper.token);

  // A visitor sees the item; exchange opens the login popup.
  await openPage(page, `/en/member-center/integral-det/${prodId}`);
  await expect(page.getByTestId('points-item-cash')).toHaveText(formatYuan(150, 'en'));
  await expect(page.getByTestId('points-item-my-points')).toHaveText(en('integralMall.detail.myPointsLogin'));
  await expect(page.getByTestId('points-exchange-reason')).toHaveText(en('integralMall.detail.reason.login'));
  await page.getByTestId('points-exchange').click();
  await expect(page.getByRole('dialog', { name: en('login.dialog.title') })).toBeVisible();

  await useToken(context, baseURL!, shopper.token);
  await visit(page, `/en/member-center/integral-det/${prodId}`);
  await expect(page.getByTestId('points-item-my-points')).toHaveText('100');
  await page.getByTestId('points-exchange').click();
  await expect(page).toHaveURL(new RegExp(`/en/submit-integral-order\\?prodId=${prodId}&`));
  await expect(page.getByTestId('points-total')).toHaveText(en('integralMall.points', { count: 80 }));
  await expect(page.locator('.checkout-summary__amount')).toHaveText(formatYuan(150, 'en'));
  await expect(page.getByText(en('integralMall.confirm.cashNote'))).toBeVisible();
  await checkOpenedPage(page);
  await page.getByRole('button', { name: en('integralMall.confirm.submit') }).click();

  // The points go at submit; the cash waits on the payment page.
  await expect(page).toHaveURL(/\/en\/payment\?orderNumbers=\d{19}$/);
  const orderNumber = new URL(page.url()).searchParams.get('orderNumbers')!;
  await expect(page.locator('.pay-summary__amount')).toContainText(formatYuan(150, 'en'));
  // Beside the cash, the points the order already took.
  await expect(page.getByTestId('pay-points')).toHaveText(`${en('integralMall.order.pointsLabel')}: ${en('integralMall.order.points', { count: 80 })}`);
  expect(((await ok(request.get(`${API_URL}/p/score/scoreInfo`, { headers: headers(shopper.token) }))) as { score: number }).score).toBe(20);

  await page.getByRole('radio', { name: en('payment.methods.wechat') }).check();
  await page.getByRole('button', { name: en('payment.payNow') }).click();
  await expect(page).toHaveURL(new RegExp(`/weixin-pay\\?payNo=\\d{19}&orderNumbers=${orderNumber}$`));
  const codeUrl = await page.getByRole('link', { name: en('payment.weixin.openOnPhone') }).getAttribute('href');
  // The phone: a separate browser without a login, confirming the sandbox payment.
  const phoneContext = await browser.newContext();
  const phoneProblems = await watchPageProblems(phoneContext);
  const phone = await phoneContext.newPage();
  await phone.goto(codeUrl!);
  await phone.getByRole('button', { name: /确认支付/ }).click();
  await expect(phone.locator('body')).toContainText('支付成功');
  await phoneContext.close();
  expect(phoneProblems()).toEqual([]);
  await expect(page.getByRole('heading', { name: en('payment.success.title') })).toBeVisible({ timeout: 10_000 });

  // Paid: pending delivery, its 80 points shown, no after-sales.
  expect(await orderDetail(request, shopper.token, orderNumber, 'en')).toMatchObject({ status: 2, orderType: 3, useScore: 80, actualTotal: 150 });
  await visit(page, `/en/order-detail?orderNumber=${orderNumber}`);
  await expect(page.getByTestId('points-order-points')).toContainText(en('integralMall.order.points', { count: 80 }));
  await expect(page.getByTestId('points-order-no-refund')).toHaveText(en('integralMall.order.noRefund'));
  await visit(page, '/en/user-center/uc-integral');
  await expect(page.getByTestId('points-balance')).toHaveText('20');
});
