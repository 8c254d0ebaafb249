// After-sales on the storefront (issue 26): a refund only of an order paid by balance and not yet
// shipped, accepted by the shop, comes back to the balance and closes the order; a return of a
// received item paid by WeChat is refused, edited and resubmitted, accepted, sent back with a waybill
// (edited once) and received by the shop, and the WeChat sandbox then holds exactly one refund of it;
// and a request withdrawn. The first journey's shop accepts in the
// merchant center; the second's goes through the merchant API (the consoles have their own journeys).
import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { BalanceLogSchema } from '@bazaar/shared/schemas/balance';
import { pageOf } from '@bazaar/shared/schemas/common';
import { MerchantTokenSchema } from '@bazaar/shared/schemas/merchant';
import { RefundDetailSchema } from '@bazaar/shared/schemas/refund';
import { API_URL, encryptPassword, en, loginByApi, openPage, test, useToken, zh } from './support.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';

const MERCHANT_URL = process.env.BAZAAR_E2E_MERCHANT_URL ?? 'http://127.0.0.1:13001';
import { headers, ok, orderDetail, placeOrderByApi, type Pick } from './order-support.ts';
import { SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { ProductDetailSchema } from '@bazaar/shared/schemas/product';
import { DeliveryCompanySchema } from '@bazaar/shared/schemas/logistics';
import { MerchantOrderDetailSchema } from '@bazaar/shared/schemas/merchant';
import { PayResultSchema } from '@bazaar/shared/schemas/payment';

test.describe.configure({ mode: 'serial' });

/** A 1x1 PNG; the API decodes and re-encodes every upload. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const yuan = (fen: number) => new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'CNY', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2 }).format(fen / 100);

/**
 * A normal product in stock priced 20-300 yuan (the demo balance pays for it twice over), the
 * `nth` such from the cheap end past the payment journeys' picks, so the three journeys here use
 * different products.
 */
async function affordable(request: APIRequestContext, nth: number): Promise<Pick> {
  const page = SearchPageSchema.parse(await ok(request.get(`${API_URL}/search/page?size=100&hasStock=1`)));
  let seen = 0;
  for (const card of [...page.records].filter((c) => c.price >= 2_000 && c.price <= 30_000).sort((a, b) => a.price - b.price)) {
    const product = ProductDetailSchema.parse(await ok(request.get(`${API_URL}/prod/prodInfo?prodId=${card.prodId}`)));
    const sku = product.skuList.find((x) => x.stocks >= 20 && x.price <= 30_000);
    if (product.prodType !== 0 || product.mold !== 0 || !sku) continue;
    if (seen++ < 10 + nth) continue;
    return { prodId: product.prodId, skuId: sku.skuId, shopId: product.shopId, prodName: product.prodName, stocks: sku.stocks, price: sku.price };
  }
  throw new Error('no affordable product in stock');
}

async function paidOrder(request: APIRequestContext, token: string, pick: Pick, count = 1): Promise<string> {
  const orderNumber = await placeOrderByApi(request, token, pick, count);
  await ok(request.post(`${API_URL}/p/order/pay`, { headers: headers(token), data: { orderNumbers: orderNumber, payType: 9 } }));
  return orderNumber;
}

/**
 * An order paid by WeChat: the pay call answers the QR's link, and the phone (no login) confirms on
 * the sandbox's page, which notifies the API as WeChat does. Answers the order and payment numbers.
 */
async function wechatPaidOrder(request: APIRequestContext, token: string, pick: Pick): Promise<{ orderNumber: string; payNo: string }> {
  const orderNumber = await placeOrderByApi(request, token, pick, 1);
  const paid = PayResultSchema.parse(await ok(request.post(`${API_URL}/p/order/pay`, { headers: headers(token), data: { orderNumbers: orderNumber, payType: 3 } })));
  expect(paid.codeUrl).toMatch(new RegExp(`/sandbox/wechat/native/${paid.payNo}\\.`));
  const confirm = await request.post(paid.codeUrl!, { form: {} });
  expect(confirm.status(), await confirm.text()).toBe(200);
  await expect.poll(async () => ok(request.get(`${API_URL}/p/order/isPay/0/${orderNumber}`, { headers: headers(token) }))).toBe(true);
  return { orderNumber, payNo: paid.payNo };
}

async function merchantLogin(request: APIRequestContext, shopId: number): Promise<Record<string, string>> {
  const login = MerchantTokenSchema.parse(await ok(request.post(`${API_URL}/merchant/login`, { data: { username: `shop${shopId}`, password: encryptPassword('merchant123') } })));
  return { Authorization: login.accessToken };
}

async function shipAndReceive(request: APIRequestContext, token: string, orderNumber: string, merchant: Record<string, string>): Promise<void> {
  const order = MerchantOrderDetailSchema.parse(await ok(request.get(`${API_URL}/merchant/order/info/${orderNumber}`, { headers: merchant })));
  const [courier] = DeliveryCompanySchema.array().parse(await ok(request.get(`${API_URL}/p/delivery/list`, { headers: headers(token) })));
  await ok(
    request.post(`${API_URL}/merchant/order/delivery`, {
      headers: merchant,
      data: { orderNumber, packages: [{ dvyId: courier!.dvyId, dvyFlowId: `SF${Date.now()}${randomInt(0, 1000)}`, items: order.items.map((i) => ({ orderItemId: i.orderItemId, count: i.prodCount })) }] },
    }),
  );
  await ok(request.put(`${API_URL}/p/myOrder/receipt/${orderNumber}`, { headers: headers(token) }));
}

const refundOf = async (request: APIRequestContext, token: string, refundSn: string) =>
  RefundDetailSchema.parse(await ok(request.get(`${API_URL}/p/orderRefund/info?refundSn=${refundSn}`, { headers: headers(token) })));

/** Submits the apply form; the last item of an order asks first that the shipping goes back too. */
async function submitApply(page: Page, t: typeof zh, submitName: string): Promise<void> {
  await page.getByRole('button', { name: submitName }).click();
  const dialog = page.getByRole('dialog', { name: t('aftersale.apply.freightConfirm.title') });
  await Promise.race([dialog.waitFor({ state: 'visible' }).catch(() => undefined), page.waitForURL(/\/return-detail\?refundSn=\d+/).catch(() => undefined)]);
  if (await dialog.isVisible()) await dialog.getByRole('button', { name: t('aftersale.apply.freightConfirm.confirm') }).click();
  await page.waitForURL(/\/return-detail\?refundSn=\d+/);
}

const snOfUrl = (page: Page) => new URL(page.url()).searchParams.get('refundSn')!;

test('zh: a refund only before shipment, paid by balance: the shop accepts, the balance comes back and the order closes', async ({ page, request, context, baseURL }) => {
  test.setTimeout(120_000);
  const token = await loginByApi(request, 'buyer01', 'bazaar123');
  const pick = await affordable(request, 0);
  const orderNumber = await paidOrder(request, token, pick, 2);
  await useToken(context, baseURL!, token);

  // The order detail offers after-sales for the item (the server says it may) and for the whole order.
  await openPage(page, `/order-detail?orderNumber=${orderNumber}`);
  await expect(page.getByRole('link', { name: `${zh('aftersale.order.applyOrder')} ${orderNumber}` })).toBeVisible();
  await page.getByRole('link', { name: `${zh('aftersale.order.apply')} ${pick.prodName}` }).click();
  await expect(page).toHaveURL(/\/user-center\/apply-return\?orderNumber=\d+&orderItemId=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: zh('aftersale.apply.title') })).toBeVisible();

  // Not shipped: refund only, the goods not received; reason 7 is never offered.
  await expect(page.getByRole('radio', { name: new RegExp(zh('aftersale.applyType.1')) })).toBeChecked();
  await expect(page.getByRole('radio', { name: new RegExp(zh('aftersale.applyType.2')) })).toHaveCount(0);
  const reason = page.getByLabel(zh('aftersale.apply.reason'));
  await expect(reason.locator('option')).toHaveCount(8);
  await expect(reason.locator('option', { hasText: zh('aftersale.reasons.7') })).toHaveCount(0);

  // Nothing chosen: the reason is asked for. A quantity above the ordered count and an amount above the ceiling are refused.
  const submit = zh('aftersale.apply.submit');
  await page.getByRole('button', { name: submit }).click();
  await expect(page.getByRole('alert').filter({ hasText: zh('aftersale.apply.errors.reason') })).toBeVisible();
  await reason.selectOption({ label: zh('aftersale.reasons.0') });
  const quantity = page.getByLabel(zh('aftersale.apply.quantity'));
  await quantity.fill('3');
  await page.getByRole('button', { name: submit }).click();
  await expect(page.getByRole('alert').filter({ hasText: zh('aftersale.apply.errors.quantity', { max: 2 }) })).toBeVisible();
  await quantity.fill('2');
  const amount = page.getByLabel(zh('aftersale.apply.amount'));
  const ceiling = Math.round(Number(await amount.inputValue()) * 100);
  expect(ceiling).toBeGreaterThan(0);
  await amount.fill(((ceiling + 1) / 100).toFixed(2));
  await page.getByRole('button', { name: submit }).click();
  await expect(page.getByRole('alert').filter({ hasText: zh('aftersale.apply.errors.amountTooHigh', { max: yuan(ceiling) }) })).toBeVisible();
  await amount.fill((ceiling / 100).toFixed(2));
  const desc = page.getByLabel(zh('aftersale.apply.desc'));
  await desc.fill('拍错了颜色');
  await expect(page.getByText(zh('aftersale.apply.counter', { count: 5, max: 200 }))).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'zh apply-return, filled in');
  await submitApply(page, zh, submit);

  // The detail: waiting for the seller, with the deadline and what happens when it passes.
  const refundSn = snOfUrl(page);
  await expect(page.getByTestId('refund-status')).toHaveText(zh('aftersale.status.1'));
  await expect(page.getByTestId('refund-deadline')).toContainText(zh('aftersale.detail.deadline.outcome.agree'));
  await expect(page.getByRole('button', { name: zh('aftersale.detail.actions.withdraw') })).toBeVisible();
  await expect(page.getByTestId('refund-history')).toContainText(zh('aftersale.history.apply'));
  await expectNoSeriousA11yViolations(page, 'zh return-detail');

  // The shop accepts in the merchant center's after-sales queue; the balance is paid back at once.
  const merchant = await context.newPage();
  await merchant.goto(`${MERCHANT_URL}/`);
  await expect(merchant.getByRole('heading', { name: '商家登录' })).toBeVisible();
  await merchant.getByLabel('商家账号').fill(`shop${pick.shopId}`);
  await merchant.getByLabel('密码').fill('merchant123');
  await merchant.getByRole('button', { name: '登 录' }).or(merchant.getByRole('button', { name: '登录' })).click();
  await merchant.getByRole('menuitem', { name: '售后管理' }).click();
  await merchant.getByLabel('售后单号或订单号').fill(refundSn);
  await merchant.getByRole('button', { name: /^查\s?询$/ }).click();
  const row = merchant.locator(`tbody tr[data-row-key="${refundSn}"]`);
  await expect(row).toContainText('拍错/多拍/不想要');
  await row.getByRole('button', { name: `处理 售后单 ${refundSn}` }).click();
  await expect(merchant.getByRole('heading', { name: `售后单：${refundSn}` })).toBeVisible();
  await merchant.getByRole('button', { name: '同意退款' }).click();
  await merchant.getByRole('tooltip').getByRole('button', { name: /^确\s?定$/ }).click();
  // The answer comes with the refund paid; the page then reads the request again. Both wait on a
  // busy CI machine, so the button's going is given the server's time rather than the default.
  await expect(merchant.getByRole('button', { name: '同意退款' })).toHaveCount(0, { timeout: 30_000 });
  await merchant.close();
  await page.reload();
  await expect(page.getByTestId('refund-status')).toHaveText(zh('aftersale.status.5'));
  await expect(page.getByTestId('refund-history')).toContainText(zh('aftersale.history.accept'));
  await expect(page.getByRole('button', { name: zh('aftersale.detail.actions.withdraw') })).toHaveCount(0);
  const logs = pageOf(BalanceLogSchema).parse(await ok(request.get(`${API_URL}/p/userBalanceLog/log?type=4&current=1&size=50`, { headers: headers(token) })));
  expect(logs.records.filter((l) => l.bizId === refundSn && l.ioType === 1).map((l) => l.changeBalance)).toEqual([ceiling]);

  // The order closed (wholly refunded before shipment), and my requests list it as refunded.
  expect((await orderDetail(request, token, orderNumber)).status).toBe(6);
  await openPage(page, `/order-detail?orderNumber=${orderNumber}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(zh('orders.status.6')));
  await expect(page.getByTestId('item-refund-state')).toHaveText(zh('aftersale.order.itemState', { state: zh('aftersale.status.5') }));
  await openPage(page, '/user-center/uc-return?tab=success');
  await expect(page.getByRole('navigation', { name: zh('userCenter.menu.label') }).getByRole('link', { name: zh('aftersale.menu') })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('listitem', { name: zh('aftersale.list.refundSn', { sn: refundSn }) })).toContainText(zh('aftersale.status.5'));
  await expectNoSeriousA11yViolations(page, 'zh uc-return');
});

test('zh: a return of a received item paid by WeChat: refused, edited and resubmitted, accepted, sent back and received; the WeChat sandbox shows one refund', async ({ page, request, context, baseURL }) => {
  test.setTimeout(180_000);
  const token = await loginByApi(request, 'buyer01', 'bazaar123');
  const pick = await affordable(request, 1);
  const { orderNumber, payNo } = await wechatPaidOrder(request, token, pick);
  const merchant = await merchantLogin(request, pick.shopId);
  await shipAndReceive(request, token, orderNumber, merchant);
  await useToken(context, baseURL!, token);

  await openPage(page, '/user-center/uc-order');
  await page.getByRole('link', { name: `${zh('aftersale.order.apply')} ${pick.prodName}` }).first().click();
  await expect(page).toHaveURL(new RegExp(`orderNumber=${orderNumber}`));
  await page.getByRole('radio', { name: new RegExp(zh('aftersale.applyType.2')) }).check();
  await expect(page.getByRole('radio', { name: zh('aftersale.cargo.1'), exact: true })).toBeChecked();
  await page.getByLabel(zh('aftersale.apply.reason')).selectOption({ label: zh('aftersale.reasons.5') });
  const mobile = page.getByLabel(zh('aftersale.apply.mobile'));
  await mobile.fill('1380013800');
  const submit = zh('aftersale.apply.submit');
  await page.getByRole('button', { name: submit }).click();
  await expect(page.getByRole('alert').filter({ hasText: zh('aftersale.apply.errors.mobile') })).toBeVisible();
  await mobile.fill('13800138000');
  await page.getByLabel(zh('aftersale.apply.desc')).fill('壶底漏水');
  // A voucher: a wrong format is refused before upload, a PNG is uploaded and shown.
  const files = page.locator('input[type=file]');
  await files.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByRole('alert').filter({ hasText: zh('validation.imageFormat') })).toBeVisible();
  await files.setInputFiles({ name: 'leak.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: zh('aftersale.apply.voucher', { n: 1 }) })).toBeVisible();
  await submitApply(page, zh, submit);
  const refundSn = snOfUrl(page);
  await expect(page.getByTestId('refund-status')).toHaveText(zh('aftersale.status.1'));
  expect((await refundOf(request, token, refundSn)).photoFiles).toHaveLength(1);

  // The shop refuses with a reason: the shopper reads it and may edit and resubmit.
  await ok(request.put(`${API_URL}/merchant/refunds/${refundSn}/refuse`, { headers: merchant, data: { reason: '请补充漏水照片' } }));
  await page.reload();
  await expect(page.getByTestId('refund-status')).toHaveText(zh('aftersale.status.7'));
  await expect(page.getByTestId('seller-msg')).toHaveText('请补充漏水照片');
  await expect(page.getByRole('button', { name: zh('aftersale.detail.actions.intervene') })).toBeVisible();
  await page.getByRole('link', { name: zh('aftersale.detail.actions.edit') }).click();
  await expect(page.getByRole('heading', { level: 1, name: zh('aftersale.apply.editTitle') })).toBeVisible();
  await expect(page.getByText('请补充漏水照片')).toBeVisible();
  const amount = page.getByLabel(zh('aftersale.apply.amount'));
  const lowered = Math.max(1, Math.round(Number(await amount.inputValue()) * 100) - 100);
  await amount.fill((lowered / 100).toFixed(2));
  await page.getByLabel(zh('aftersale.apply.desc')).fill('壶底漏水，已补充照片');
  await submitApply(page, zh, zh('aftersale.apply.resubmit'));
  expect(snOfUrl(page)).toBe(refundSn);
  await expect(page.getByTestId('refund-status')).toHaveText(zh('aftersale.status.1'));
  await expect(page.getByTestId('refund-history')).toContainText(zh('aftersale.history.edit'));

  // Accepted: the return address shows and the waybill is entered, then edited while not received.
  await ok(request.put(`${API_URL}/merchant/refunds/${refundSn}/accept`, { headers: merchant, data: {} }));
  await page.reload();
  await expect(page.getByTestId('refund-status')).toHaveText(zh('aftersale.statusAcceptedReturn'));
  await expect(page.getByTestId('return-address')).toBeVisible();
  await expect(page.getByTestId('refund-deadline')).toContainText(zh('aftersale.detail.deadline.outcome.close'));
  const form = page.getByRole('form', { name: zh('aftersale.detail.express.title') });
  await form.getByRole('button', { name: zh('aftersale.detail.express.submit') }).click();
  await expect(form.getByRole('alert').filter({ hasText: zh('aftersale.detail.express.errors.company') })).toBeVisible();
  const courier = form.getByLabel(zh('aftersale.detail.express.company'));
  await courier.selectOption({ index: 1 });
  const waybill = `YT${Date.now()}`;
  await form.getByLabel(zh('aftersale.detail.express.number')).fill(waybill);
  await form.getByRole('button', { name: zh('aftersale.detail.express.submit') }).click();
  await expect(page.getByTestId('refund-status')).toHaveText(zh('aftersale.status.3'));
  await expect(page.getByTestId('return-waybill')).toContainText(waybill);
  await page.getByRole('button', { name: zh('aftersale.detail.actions.editExpress') }).click();
  const edited = `${waybill}9`;
  await page.getByRole('form', { name: zh('aftersale.detail.express.title') }).getByLabel(zh('aftersale.detail.express.number')).fill(edited);
  await page.getByRole('button', { name: zh('aftersale.detail.express.save') }).click();
  await expect(page.getByTestId('return-waybill')).toContainText(edited);
  await expect(page.getByTestId('refund-history')).toContainText(zh('aftersale.history.reship'));

  // The shop receives the goods: the lowered amount goes back to WeChat, where the money came from
  // (the gateway confirms asynchronously; the page reads refunded once it has).
  await ok(request.put(`${API_URL}/merchant/refunds/${refundSn}/receive`, { headers: merchant, data: {} }));
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('refund-status')).toHaveText(zh('aftersale.status.5'), { timeout: 1_000 });
  }).toPass({ timeout: 30_000, intervals: [1_000] });
  await expect(page.getByRole('button', { name: zh('aftersale.detail.actions.editExpress') })).toHaveCount(0);
  const detail = await refundOf(request, token, refundSn);
  expect(detail.refundAmount).toBe(lowered);
  const balanceCredits = pageOf(BalanceLogSchema).parse(await ok(request.get(`${API_URL}/p/userBalanceLog/log?type=4&current=1&size=50`, { headers: headers(token) })));
  expect(balanceCredits.records.filter((l) => l.bizId === refundSn)).toEqual([]);

  // The WeChat sandbox's merchant view of the payment's refunds (its HTML, read as a client reads
  // it): exactly one refund, of that amount, done.
  const sandbox = await request.get(`${API_URL}/sandbox/wechat/refunds?payNo=${payNo}`);
  expect(sandbox.status()).toBe(200);
  const html = await sandbox.text();
  expect(html).toContain('<p class="note" data-testid="sandbox-refund-count">1</p>');
  const rows = [...html.matchAll(/<tr data-testid="sandbox-refund">(.*?)<\/tr>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ' '));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain(payNo);
  expect(rows[0]).toContain(`¥${(lowered / 100).toFixed(2)}`);
  expect(rows[0]).toContain('SUCCESS');
});

test('en: a request is withdrawn and the item may be applied for again', async ({ page, request, context, baseURL }) => {
  test.setTimeout(120_000);
  const token = await loginByApi(request, 'buyer01', 'bazaar123');
  const pick = await affordable(request, 2);
  const orderNumber = await paidOrder(request, token, pick, 1);
  await useToken(context, baseURL!, token);

  // The English page names the product in English.
  const name = (await orderDetail(request, token, orderNumber, 'en')).orderItemDtos[0]!.prodName;
  await openPage(page, `/en/order-detail?orderNumber=${orderNumber}`);
  await page.getByRole('link', { name: `${en('aftersale.order.apply')} ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('aftersale.apply.title') })).toBeVisible();
  await page.getByLabel(en('aftersale.apply.reason')).selectOption({ label: en('aftersale.reasons.6') });
  await submitApply(page, en, en('aftersale.apply.submit'));
  const refundSn = snOfUrl(page);
  await expect(page.getByTestId('refund-status')).toHaveText(en('aftersale.status.1'));
  await expect(page.getByRole('heading', { level: 2, name: en('aftersale.detail.history.title') })).toBeVisible();

  await page.getByRole('button', { name: en('aftersale.detail.actions.withdraw') }).click();
  const dialog = page.getByRole('dialog', { name: en('aftersale.detail.withdrawConfirm.title') });
  await dialog.getByRole('button', { name: en('aftersale.detail.withdrawConfirm.confirm') }).click();
  await expect(page.getByTestId('refund-status')).toHaveText(en('aftersale.status.6'));
  await expect(page.getByTestId('refund-history')).toContainText(en('aftersale.history.cancel'));
  await expect(page.getByRole('button', { name: en('aftersale.detail.actions.withdraw') })).toHaveCount(0);

  // Withdrawn: the order shows it and offers after-sales again.
  await openPage(page, `/en/order-detail?orderNumber=${orderNumber}`);
  await expect(page.getByTestId('item-refund-state')).toHaveText(en('aftersale.order.itemState', { state: en('aftersale.status.6') }));
  await expect(page.getByRole('link', { name: `${en('aftersale.order.apply')} ${name}` })).toBeVisible();
  await openPage(page, '/en/user-center/uc-return?tab=closed');
  await expect(page.getByRole('heading', { level: 1, name: en('aftersale.list.title') })).toBeVisible();
  await expect(page.getByRole('listitem', { name: en('aftersale.list.refundSn', { sn: refundSn }) })).toContainText(en('aftersale.status.6'));
});
