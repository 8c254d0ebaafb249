// Paying: the counter shows the orders, the amount and a countdown, with the methods the pay
// switch allows (cached in local storage); balance pays at once or says how much is left; Alipay
// goes through the sandbox cashier and back; WeChat shows a 100x100 QR that a phone (a second
// page) opens and confirms while the first page notices. Orders come from the real checkout API.
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { PAY_SWITCH_CACHE_MS } from '@bazaar/shared/constants/limits';
import { AreaSchema } from '@bazaar/shared/schemas/address';
import { SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { OrderPayInfoSchema } from '@bazaar/shared/schemas/payment';
import { ProductDetailSchema } from '@bazaar/shared/schemas/product';
import { API_URL, loginByApi, openPage, registerShopper, text, useToken, test, watchPageProblems } from './support.ts';

type Lang = 'zh' | 'en';
const headers = (token: string, lang: Lang = 'zh') => ({ Authorization: token, 'Accept-Language': lang });
const yuan = (fen: number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-US', { style: 'currency', currency: 'CNY', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(fen / 100);

async function ok<T>(response: Promise<import('@playwright/test').APIResponse>): Promise<T> {
  const res = await response;
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.text();
  return (body ? JSON.parse(body) : undefined) as T;
}

/** Cheap normal products in stock from `count` different shops (the demo balance must cover them). */
async function cheapProducts(request: APIRequestContext, count: number) {
  const page = SearchPageSchema.parse(await ok(request.get(`${API_URL}/search/page?size=100`)));
  const picks: Array<{ prodId: number; shopId: number; skuId: number }> = [];
  for (const card of [...page.records].sort((a, b) => a.price - b.price)) {
    if (picks.some((p) => p.shopId === card.shopId)) continue;
    const product = ProductDetailSchema.parse(await ok(request.get(`${API_URL}/prod/prodInfo?prodId=${card.prodId}`)));
    const sku = product.skuList.find((s) => s.stocks === -1 || s.stocks >= 3);
    if (product.prodType !== 0 || !sku) continue;
    picks.push({ prodId: product.prodId, shopId: product.shopId, skuId: sku.skuId });
    if (picks.length === count) return picks;
  }
  throw new Error(`no ${count} shops with products in stock`);
}

/** A delivery address on a real region chain, looked up level by level. */
async function ensureAddress(request: APIRequestContext, token: string) {
  const existing = await ok<unknown[]>(request.get(`${API_URL}/p/address/list`, { headers: headers(token) }));
  if (existing.length > 0) return;
  const level = async (pid: number) => AreaSchema.array().parse(await ok(request.get(`${API_URL}/p/area/listByPid?pid=${pid}`, { headers: headers(token) })));
  const [province] = await level(0);
  const [city] = await level(province!.areaId);
  const [area] = await level(city!.areaId);
  await ok(
    request.post(`${API_URL}/p/address/addAddr`, {
      headers: headers(token),
      data: { receiver: '付款测试', mobile: '13900000000', provinceId: province!.areaId, cityId: city!.areaId, areaId: area?.areaId ?? 0, addr: '支付路 1 号 2 单元', commonAddr: true },
    }),
  );
}

/** Unpaid orders of `shops` shops, placed through the cart, confirm and submit like the checkout page. */
async function unpaidOrders(request: APIRequestContext, token: string, shops: number): Promise<string> {
  await ensureAddress(request, token);
  for (const pick of await cheapProducts(request, shops)) {
    await ok(request.post(`${API_URL}/p/shopCart/changeItem`, { headers: headers(token), data: { basketId: 0, prodId: pick.prodId, skuId: pick.skuId, shopId: pick.shopId, count: 1 } }));
  }
  const uuid = randomUUID();
  const confirmed = await ok<{ shopCartOrders: Array<{ shopId: number }> }>(request.post(`${API_URL}/p/order/confirm`, { headers: headers(token), data: { addrId: 0, uuid } }));
  const { orderNumbers } = await ok<{ orderNumbers: string }>(
    request.post(`${API_URL}/p/order/submit`, { headers: headers(token), data: { orderShopParams: confirmed.shopCartOrders.map((s) => ({ shopId: s.shopId, remarks: '' })), uuid } }),
  );
  expect(orderNumbers.split(',')).toHaveLength(shops);
  return orderNumbers;
}

/** A new shopper (no balance) with one unpaid order, and the browser set to `lang`. */
async function newShopperWithOrder(request: APIRequestContext, context: BrowserContext, baseURL: string, lang: Lang) {
  const shopper = await registerShopper(request);
  const orderNumbers = await unpaidOrders(request, shopper.token, 1);
  await context.addCookies([{ name: 'language', value: lang, url: baseURL }]);
  return { shopper, orderNumbers };
}

const isPaid = async (request: APIRequestContext, token: string, ref: string) => ok<boolean>(request.get(`${API_URL}/p/order/isPay/0/${ref}`, { headers: headers(token) }));

/** The balance (0) cannot pay: shown with the shortfall, disabled, and the first payable method chosen. */
async function expectBalanceShort(page: Page, request: APIRequestContext, token: string, orderNumbers: string, lang: Lang) {
  const t = (key: string, v?: Record<string, string | number>) => text(lang, key, v);
  const info = OrderPayInfoSchema.parse(await ok(request.get(`${API_URL}/p/order/getOrderPayInfoByOrderNumber?orderNumbers=${orderNumbers}`, { headers: headers(token) })));
  const balance = page.getByRole('radio', { name: new RegExp(t('payment.methods.balance')) });
  await expect(balance).toBeDisabled();
  await expect(balance).not.toBeChecked();
  await expect(page.getByTestId('pay-balance-note')).toHaveText(`${t('payment.balanceAvailable', { balance: yuan(0, lang) })} · ${t('payment.balanceShort', { amount: yuan(info.totalFee, lang) })}`);
  await expect(page.getByRole('radio', { name: t('payment.methods.alipay') })).toBeChecked();
  await expect(page.getByRole('button', { name: t('payment.payNow') })).toBeEnabled();
}

test('zh: the demo buyer pays two shops’ orders from the balance', async ({ page, request, context, baseURL }) => {
  const token = await loginByApi(request, 'buyer01', 'bazaar123');
  const orderNumbers = await unpaidOrders(request, token, 2);
  const info = OrderPayInfoSchema.parse(await ok(request.get(`${API_URL}/p/order/getOrderPayInfoByOrderNumber?orderNumbers=${orderNumbers}`, { headers: headers(token) })));
  const balance = await ok<number>(request.get(`${API_URL}/p/userBalance/getBalanceInfo`, { headers: headers(token) }));
  expect(balance).toBeGreaterThanOrEqual(info.totalFee);
  await useToken(context, baseURL!, token);

  await openPage(page, `/payment?orderNumbers=${orderNumbers}`);
  const t = (key: string, v?: Record<string, string | number>) => text('zh', key, v);
  await expect(page.getByRole('heading', { level: 1, name: t('payment.heading') })).toBeVisible();
  await expect(page.getByTestId('pay-order-numbers')).toHaveText(orderNumbers.split(',').join(', '));
  await expect(page.locator('.pay-summary__amount')).toContainText(yuan(info.totalFee, 'zh'));
  await expect(page.getByText(/请在 \d\d:\d\d 内完成支付/)).toBeVisible();

  // The methods follow the pay switch, kept in local storage for 5 hours.
  const methods = page.getByRole('radio');
  await expect(methods).toHaveCount(3);
  const cached = await page.evaluate(() => JSON.parse(localStorage.getItem('paySwitchInfo') ?? 'null'));
  expect(cached.switchInfo).toEqual({ aliPaySwitch: true, wxPaySwitch: true, balancePaySwitch: true });
  expect(Math.abs(cached.expiredTime - Date.now() - PAY_SWITCH_CACHE_MS)).toBeLessThan(60_000);

  const balanceOption = page.getByRole('radio', { name: new RegExp(t('payment.methods.balance')) });
  await expect(page.getByText(t('payment.balanceAvailable', { balance: yuan(balance, 'zh') }))).toBeVisible();
  await balanceOption.check();
  await page.getByRole('button', { name: t('payment.payNow') }).click();
  await expect(page.getByRole('heading', { name: t('payment.success.title') })).toBeVisible();
  expect(await isPaid(request, token, orderNumbers)).toBe(true);
  expect(await ok<number>(request.get(`${API_URL}/p/userBalance/getBalanceInfo`, { headers: headers(token) }))).toBe(balance - info.totalFee);
  await expect(page.getByRole('link', { name: t('payment.success.viewOrders') })).toHaveAttribute('href', '/user-center/uc-order');

  // Paid orders are no longer payable: the page says the status changed.
  await openPage(page, `/payment?orderNumbers=${orderNumbers}`);
  await expect(page.getByRole('alert')).toHaveText(t('payment.errors.orderStatusChanged'));
});

test('en: too little balance shows the balance; Alipay pays through the sandbox cashier and comes back', async ({ page, request, context, baseURL }) => {
  const { shopper, orderNumbers } = await newShopperWithOrder(request, context, baseURL!, 'en');
  await useToken(context, baseURL!, shopper.token);
  const t = (key: string, v?: Record<string, string | number>) => text('en', key, v);

  await openPage(page, `/en/payment?orderNumbers=${orderNumbers}`);
  await expect(page.getByRole('heading', { level: 1, name: t('payment.heading') })).toBeVisible();
  // Issue 25: a balance that cannot pay is not preselected nor choosable; it says what it lacks.
  await expectBalanceShort(page, request, shopper.token, orderNumbers, 'en');
  expect(await isPaid(request, shopper.token, orderNumbers)).toBe(false);

  await expect(page.getByRole('radio', { name: t('payment.methods.alipay') })).toBeChecked();
  await page.getByRole('button', { name: t('payment.payNow') }).click();
  await expect(page).toHaveURL(/\/sandbox\/alipay\/gateway\.do/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const payNo = await page.evaluate(() => sessionStorage.getItem('payNo'));
  expect(payNo).toMatch(/^\d{19}$/);
  await expect(page.locator('body')).toContainText(payNo!);
  await page.getByRole('button', { name: /Confirm payment/ }).click();

  await expect(page).toHaveURL(new RegExp(`/payment/result\\?payNo=${payNo}&`));
  await expect(page.getByRole('heading', { name: t('payment.success.title') })).toBeVisible();
  expect(await isPaid(request, shopper.token, payNo!)).toBe(true);
  expect(await isPaid(request, shopper.token, orderNumbers)).toBe(true);
});

test('zh: WeChat shows a 100x100 QR; a phone opens the link, confirms, and the page notices', async ({ page, request, context, baseURL, browser }) => {
  const shopper = await registerShopper(request);
  const orderNumbers = await unpaidOrders(request, shopper.token, 1);
  await useToken(context, baseURL!, shopper.token);
  const t = (key: string, v?: Record<string, string | number>) => text('zh', key, v);

  await openPage(page, `/payment?orderNumbers=${orderNumbers}`);
  await expectBalanceShort(page, request, shopper.token, orderNumbers, 'zh');
  await page.getByRole('radio', { name: t('payment.methods.wechat') }).check();
  await page.getByRole('button', { name: t('payment.payNow') }).click();
  await expect(page).toHaveURL(new RegExp(`/weixin-pay\\?payNo=\\d{19}&orderNumbers=${orderNumbers}$`));
  const payNo = new URL(page.url()).searchParams.get('payNo')!;
  expect(await page.evaluate(() => sessionStorage.getItem('payNo'))).toBe(payNo);

  const qr = page.getByRole('img', { name: t('payment.weixin.qrLabel') });
  await expect(qr).toBeVisible();
  const box = await qr.locator('svg').boundingBox();
  expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([100, 100]);
  await expect(page.getByText(t('payment.weixin.scan'))).toBeVisible();

  // The phone: a separate browser with no login, opening the payment link the QR holds.
  const codeUrl = await page.getByRole('link', { name: t('payment.weixin.openOnPhone') }).getAttribute('href');
  expect(codeUrl).toMatch(new RegExp(`^${baseURL}/sandbox/wechat/native/${payNo}\\.`));
  const phoneContext = await browser.newContext();
  const phoneProblems = await watchPageProblems(phoneContext);
  const phone = await phoneContext.newPage();
  await phone.goto(codeUrl!);
  await expect(phone.locator('body')).toContainText('确认付款');
  await phone.getByRole('button', { name: /确认支付/ }).click();
  await expect(phone.locator('body')).toContainText('支付成功');
  await phoneContext.close();
  expect(phoneProblems()).toEqual([]);

  // The QR page polls every 3 s and moves on by itself.
  await expect(page.getByRole('heading', { name: t('payment.success.title') })).toBeVisible({ timeout: 10_000 });
  expect(await isPaid(request, shopper.token, payNo)).toBe(true);
});

test('en: the WeChat QR lapses with the order: the page says so and stops asking', async ({ page, request, context, baseURL }) => {
  const { shopper, orderNumbers } = await newShopperWithOrder(request, context, baseURL!, 'en');
  await useToken(context, baseURL!, shopper.token);
  const t = (key: string, v?: Record<string, string | number>) => text('en', key, v);
  // The page's own clock, so the 30 minutes an unpaid order lives pass in a moment.
  await page.clock.install();

  await openPage(page, `/en/payment?orderNumbers=${orderNumbers}`);
  await page.getByRole('radio', { name: t('payment.methods.wechat') }).check();
  await page.getByRole('button', { name: t('payment.payNow') }).click();
  await expect(page).toHaveURL(/\/weixin-pay\?payNo=\d{19}&/);
  const qr = page.getByRole('img', { name: t('payment.weixin.qrLabel') });
  await expect(qr).toBeVisible();
  await expect(page.getByText(/^The QR code expires in \d\d:\d\d/)).toBeVisible();
  await expect(page.getByRole('link', { name: t('payment.weixin.openOnPhone') })).toBeVisible();

  const polls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/p/order/isPay/')) polls.push(req.url());
  });
  await page.clock.runFor(7_000);
  await expect.poll(() => polls.length).toBeGreaterThanOrEqual(2);

  await page.clock.fastForward('31:00');
  await expect(page.getByRole('alert')).toHaveText(t('payment.errors.qrExpired'));
  await expect(page.getByText(/^The QR code expires in/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: t('payment.weixin.openOnPhone') })).toHaveCount(0);
  await expect(page.locator('.wx-pay__qr--expired')).toBeVisible();
  // Once lapsed it no longer asks whether the money arrived.
  const asked = polls.length;
  await page.clock.runFor(10_000);
  expect(polls.length).toBe(asked);
});
