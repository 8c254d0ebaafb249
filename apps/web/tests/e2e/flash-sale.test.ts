// The flash sale as a shopper meets it (issue 27): a flash sale about to start counts down on
// /secdetail and its buy button turns live at zero without a reload; the shopper buys, waits in the
// queue while the order is written, pays by balance, and finds the order marked "flash sale". A sold
// out flash sale says so. The activities are made here through the merchant and platform APIs (a
// shop's product on sale, approved by the platform), so no seed id is hard-coded.
import { expect, type APIRequestContext } from '@playwright/test';
import { MerchantTokenSchema } from '@bazaar/shared/schemas/merchant';
import {
  MerchantSeckillCreatedSchema,
  SeckillConfirmResultSchema,
  SeckillDetailSchema,
  SeckillOrderPathResultSchema,
  SeckillOrderStatusSchema,
  SeckillRemindsResultSchema,
  SeckillSessionsResultSchema,
  SeckillSubmitResultSchema,
} from '@bazaar/shared/schemas/seckill';
import { SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { ProductDetailSchema } from '@bazaar/shared/schemas/product';
import { API_URL, encryptPassword, loginByApi, openPage, registerShopper, text, useToken, test } from './support.ts';
import { addAddressByApi, headers, ok } from './order-support.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { asStaff } from './platform-console.ts';

type Lang = 'zh' | 'en';
const yuan = (fen: number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-US', { style: 'currency', currency: 'CNY', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(fen / 100);
/** 'yyyy-MM-dd HH:mm:ss' in GMT+8, as the API writes times. */
const apiTime = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * A flash sale of one SKU, approved: `startIn` ms from now, an hour long, `stocks` units at half
 * price, at most 2 per shopper, on a product under ¥400 (the demo buyer's balance pays two). Products
 * already in a flash sale then are skipped ('productBusy').
 */
async function createFlashSale(request: APIRequestContext, { startIn, stocks, skip }: { startIn: number; stocks: number; skip: number }) {
  const page = SearchPageSchema.parse(await ok(request.get(`${API_URL}/search/page?size=100&hasStock=1&sort=2&maxPrice=40000`)));
  let skipped = 0;
  for (const card of page.records) {
    const product = ProductDetailSchema.parse(await ok(request.get(`${API_URL}/prod/prodInfo?prodId=${card.prodId}`)));
    const sku = product.skuList.find((s) => s.stocks >= stocks + 20);
    if (product.prodType !== 0 || product.mold !== 0 || !sku) continue;
    if (skipped++ < skip) continue;
    const login = MerchantTokenSchema.parse(
      await ok(request.post(`${API_URL}/merchant/login`, { data: { username: `shop${product.shopId}`, password: encryptPassword('merchant123') } })),
    );
    const start = Date.now() + startIn;
    const created = await request.post(`${API_URL}/merchant/seckills`, {
      headers: { Authorization: login.accessToken },
      data: {
        nameZh: `旅程秒杀 ${product.prodId}`,
        nameEn: null,
        prodId: product.prodId,
        startTime: apiTime(start),
        endTime: apiTime(start + 3_600_000),
        maxNum: 2,
        maxCancelTime: 30,
        skus: [{ skuId: sku.skuId, seckillPrice: Math.max(1, Math.floor(sku.price / 2)), seckillStocks: stocks }],
      },
    });
    // Another journey's (or the seed's) flash sale holds this product then: the next one.
    if (created.status() === 400) continue;
    expect(created.status(), await created.text()).toBe(200);
    const { seckillId } = MerchantSeckillCreatedSchema.parse(await created.json());
    await ok(asStaff(request, 'operator', (staff) => request.post(`${API_URL}/admin/seckills/${seckillId}/review`, { headers: { Authorization: staff }, data: { approve: true } })));
    return { seckillId, prodId: product.prodId, prodName: product.prodName, startAt: start };
  }
  throw new Error('no product free for a flash sale');
}

test('zh: an upcoming flash sale turns live without a reload; buy, queue, pay by balance, and the order says flash sale', async ({ page, request, context, baseURL }) => {
  test.setTimeout(180_000);
  const t = (key: string, v?: Record<string, string | number>) => text('zh', key, v);
  // Time for the page to open and be checked (axe) before the start, on a busy machine too.
  const sale = await createFlashSale(request, { startIn: 50_000, stocks: 5, skip: 0 });
  const token = await loginByApi(request, 'buyer01', 'bazaar123');
  await useToken(context, baseURL!, token);

  await openPage(page, `/secdetail/${sale.seckillId}`);
  const detail = SeckillDetailSchema.parse(await ok(request.get(`${API_URL}/seckill/prod?seckillId=${sale.seckillId}`)));
  await expect(page.getByRole('heading', { level: 1, name: sale.prodName })).toBeVisible();
  await expect(page.locator('.seckill-buy__prices .price__now')).toHaveText(yuan(detail.seckillPrice, 'zh'));
  await expect(page.getByTestId('seckill-limit')).toHaveText(t('seckill.detail.limitCount', { count: 2 }));
  await expect(page.getByTestId('seckill-stock')).toContainText(t('seckill.detail.stockLeft', { count: 5 }));
  const buy = page.getByTestId('seckill-buy');
  await expect(buy).toHaveText(t('seckill.detail.buttons.notStarted'));
  await expect(buy).toBeDisabled();
  const countdown = page.locator('.seckill-buy__countdown');
  await expect(countdown).toHaveText(/^距开始 00:00:\d\d$/);
  expect(Date.now()).toBeLessThan(sale.startAt - 2_000);

  // No reload: a mark on the window survives, and no document is requested again.
  await page.evaluate(() => ((window as unknown as { flashMark: number }).flashMark = 1));
  let documents = 0;
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents++;
  });
  // The order path is asked for only once the sale is open.
  const pathRequests: number[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/p/seckill/orderPath')) pathRequests.push(Date.now());
  });
  await expect(buy).toHaveText(t('seckill.detail.buttons.buy'), { timeout: 70_000 });
  await expect(buy).toBeEnabled();
  await expect(countdown).toHaveText(/^距结束 (00|01):\d\d:\d\d$/);
  expect(await page.evaluate(() => (window as unknown as { flashMark?: number }).flashMark)).toBe(1);
  expect(documents).toBe(0);
  expect(pathRequests).toEqual([]);

  await buy.click();
  await expect(page).toHaveURL(/\/secdetail\/confirm-order\?/);
  expect(pathRequests.length).toBe(1);
  expect(pathRequests[0]!).toBeGreaterThanOrEqual(sale.startAt - 1_000);
  await expect(page.getByRole('heading', { level: 1, name: t('seckill.confirm.title') })).toBeVisible();
  await expect(page.getByTestId('seckill-goods')).toHaveText(yuan(detail.seckillPrice, 'zh'));
  await expect(page.getByTestId('seckill-can-buy')).toHaveText(t('seckill.confirm.canBuy', { max: 2, count: 2 }));
  await expectNoSeriousA11yViolations(page, 'zh /secdetail/confirm-order');
  // Two units, priced by the server again.
  await page.getByRole('button', { name: t('product.increase') }).click();
  await expect(page.getByTestId('seckill-goods')).toHaveText(yuan(detail.seckillPrice * 2, 'zh'));
  await page.getByLabel(t('seckill.confirm.remarks')).fill('请尽快发货');

  await page.getByRole('button', { name: t('seckill.confirm.submit') }).click();
  await expect(page.getByRole('heading', { name: t('seckill.confirm.queuingTitle') })).toBeVisible();
  await expect(page).toHaveURL(/\/payment\?orderNumbers=\d+/, { timeout: 35_000 });
  const orderNumber = new URL(page.url()).searchParams.get('orderNumbers')!;

  await page.getByRole('radio', { name: new RegExp(t('payment.methods.balance')) }).check();
  await page.getByRole('button', { name: t('payment.payNow') }).click();
  await expect(page.getByRole('heading', { name: t('payment.success.title') })).toBeVisible();

  // The order list marks it; its detail names the type.
  await openPage(page, '/user-center/uc-order');
  const card = page.getByRole('article', { name: t('orders.orderNumber', { number: orderNumber }) });
  await expect(card.getByTestId('order-type-badge')).toHaveText(t('seckill.orderBadge'));
  await openPage(page, `/order-detail?orderNumber=${orderNumber}`);
  await expect(page.getByTestId('order-type')).toHaveText(t('seckill.orderTypeSeckill'));
  await expect(page.locator('.order-detail__remarks')).toHaveText('请尽快发货');
});

test('en: a sold-out flash sale says so, on its page and on the list', async ({ page, request, context, baseURL }) => {
  test.setTimeout(150_000);
  const t = (key: string, v?: Record<string, string | number>) => text('en', key, v);
  const sale = await createFlashSale(request, { startIn: 3_000, stocks: 1, skip: 3 });
  await expect.poll(async () => SeckillDetailSchema.parse(await ok(request.get(`${API_URL}/seckill/prod?seckillId=${sale.seckillId}`))).state, { timeout: 15_000 }).toBe(2);

  // Another shopper takes the only unit through the API, as the pages do.
  const rival = await registerShopper(request);
  await addAddressByApi(request, rival.token);
  // In English: the name the English pages show.
  const detail = SeckillDetailSchema.parse(await ok(request.get(`${API_URL}/seckill/prod?seckillId=${sale.seckillId}`, { headers: { 'Accept-Language': 'en' } })));
  const { orderPath } = SeckillOrderPathResultSchema.parse(await ok(request.get(`${API_URL}/p/seckill/orderPath?prodId=${sale.prodId}&seckillId=${sale.seckillId}`, { headers: headers(rival.token) })));
  SeckillConfirmResultSchema.parse(
    await ok(
      request.post(`${API_URL}/p/seckill/${orderPath}/confirm`, {
        headers: headers(rival.token),
        data: { addrId: 0, prodId: sale.prodId, shopId: detail.shopId, seckillSkuId: detail.skuList[0]!.seckillSkuId, prodCount: 1 },
      }),
    ),
  );
  const { orderNumbers } = SeckillSubmitResultSchema.parse(await ok(request.post(`${API_URL}/p/seckill/${orderPath}/submit`, { headers: headers(rival.token), data: { orderShopParam: { remarks: '' } } })));
  await expect
    .poll(async () => SeckillOrderStatusSchema.parse(await ok(request.get(`${API_URL}/p/seckill/createOrderStatus?orderNumber=${orderNumbers}`, { headers: headers(rival.token) }))).state, { timeout: 20_000, intervals: [2_000] })
    .toBe('created');

  await context.addCookies([{ name: 'language', value: 'en', url: baseURL! }]);
  await openPage(page, `/en/secdetail/${sale.seckillId}`);
  await expect(page.getByRole('heading', { level: 1, name: detail.prodName })).toBeVisible();
  await expect(page.getByTestId('seckill-stock')).toContainText(t('seckill.detail.stockLeft', { count: 0 }));
  const buy = page.getByTestId('seckill-buy');
  await expect(buy).toHaveText(t('seckill.detail.buttons.soldOut'));
  await expect(buy).toBeDisabled();

  // The search from /flash-sale (st=4) finds it, sold out.
  await openPage(page, '/en/flash-sale');
  await expect(page.getByRole('heading', { level: 1, name: t('seckill.page.heading') })).toBeVisible();
  await openPage(page, `/en/list?st=4&pn=${encodeURIComponent(detail.prodName)}`);
  // This sale's card: another journey's sale of the same product (another window) may be listed too.
  const found = page.getByTestId('seckill-card').filter({ has: page.getByRole('heading', { name: detail.prodName }) }).filter({ has: page.locator(`a[href$="/secdetail/${sale.seckillId}"]`) });
  await expect(found).toContainText(t('seckill.card.soldOut'));
  // The tab filters by what a flash sale knows: no category row (it has none), and "in stock" leaves the sold-out sale out.
  await expect(page.getByRole('navigation', { name: t('listPage.filters.category') })).toHaveCount(0);
  await page.getByRole('checkbox', { name: t('listPage.filters.hasStock') }).check();
  await expect(page).toHaveURL(/hasStock=1/);
  await expect(found).toHaveCount(0);
});

test('zh: "remind me" on a flash sale of the next session is kept across visits and cancelled when pressed again', async ({ page, request, context, baseURL }) => {
  test.setTimeout(120_000);
  const t = (key: string, v?: Record<string, string | number>) => text('zh', key, v);
  // The next session to start (today's or tomorrow's first): a flash sale a minute into it shows under its tab.
  const { sessions } = SeckillSessionsResultSchema.parse(await ok(request.get(`${API_URL}/seckill/sessions`)));
  const next = sessions.find((s) => s.state === 1);
  expect(next, 'an upcoming session').toBeTruthy();
  const sessionStart = Date.parse(`${next!.startTime.replace(' ', 'T')}+08:00`);
  const sale = await createFlashSale(request, { startIn: sessionStart - Date.now() + 60_000, stocks: 3, skip: 5 });
  const shopper = await registerShopper(request);
  await useToken(context, baseURL!, shopper.token);
  const reminds = async () => SeckillRemindsResultSchema.parse(await ok(request.get(`${API_URL}/p/seckill/reminds`, { headers: headers(shopper.token) }))).seckillIds;

  await openPage(page, `/flash-sale?session=${next!.sessionKey}`);
  const remind = page.getByRole('button', { name: t('seckill.remind.label', { action: t('seckill.remind.off'), name: sale.prodName }) });
  await remind.click();
  const reminded = page.getByRole('button', { name: t('seckill.remind.label', { action: t('seckill.remind.on'), name: sale.prodName }) });
  await expect(reminded).toHaveText(t('seckill.remind.on'));
  await expect(page.getByText(t('seckill.remind.done'))).toBeVisible();
  expect(await reminds()).toContain(sale.seckillId);

  // Another visit still shows it set; pressed again, it is cancelled.
  await openPage(page, `/flash-sale?session=${next!.sessionKey}`);
  await expect(reminded).toBeVisible();
  await reminded.click();
  await expect(page.getByRole('button', { name: t('seckill.remind.label', { action: t('seckill.remind.off'), name: sale.prodName }) })).toBeVisible();
  await expect(page.getByText(t('seckill.remind.cancelled'))).toBeVisible();
  expect(await reminds()).not.toContain(sale.seckillId);
});
