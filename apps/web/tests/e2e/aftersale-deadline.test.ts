// An after-sales deadline passing (issue 26), with the periods shortened to seconds: a shopper asks
// for a refund only of an order paid by balance and not yet shipped, the shop stays silent, and when
// the handling period is over the request counts as agreed: refunded to the balance, as the shopper
// reads on /return-detail. Nothing here runs the deadline job: the API's own job sweeper does, as in
// production. The shop got its reminder before the deadline. The shortened periods
// (AFTERSALE_*_SECONDS, README) would change every other journey on the shared API, so this one runs
// on its own API + storefront pair with its own data (own-mall.ts).
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { TokenSchema } from '@bazaar/shared/schemas/account';
import { BalanceLogSchema } from '@bazaar/shared/schemas/balance';
import { SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { pageOf } from '@bazaar/shared/schemas/common';
import { MerchantTokenSchema } from '@bazaar/shared/schemas/merchant';
import { ConfirmResultSchema, SubmitResultSchema } from '@bazaar/shared/schemas/order';
import { ProductDetailSchema } from '@bazaar/shared/schemas/product';
import { RefundApplyInfoSchema, RefundNoticeSchema } from '@bazaar/shared/schemas/refund';
import { headers, ok } from './order-support.ts';
import { OWN_MALL_OFFSETS, startOwnMall, type OwnMall } from './own-mall.ts';
import { encryptPassword, openPage, test, useToken, zh } from './support.ts';

/** The shop's handling period, and the reminder's lead before it (seconds). */
const HANDLE_SECONDS = 8;
const REMINDER_SECONDS = 5;

let mall: OwnMall;

test.beforeAll(async () => {
  // A fresh database migrates and seeds at the pair's first start.
  test.setTimeout(240_000);
  mall = await startOwnMall({ AFTERSALE_SELLER_HANDLE_SECONDS: String(HANDLE_SECONDS), AFTERSALE_REMINDER_SECONDS: String(REMINDER_SECONDS) }, OWN_MALL_OFFSETS.aftersaleDeadline);
});
test.afterAll(async () => {
  await mall?.stop();
});

/** A physical product in stock priced 20-300 yuan (the demo balance pays for it). */
async function affordable(request: APIRequestContext, api: string) {
  const page = SearchPageSchema.parse(await ok(request.get(`${api}/search/page?size=100&hasStock=1`)));
  for (const card of page.records.filter((c) => c.price >= 2_000 && c.price <= 30_000)) {
    const product = ProductDetailSchema.parse(await ok(request.get(`${api}/prod/prodInfo?prodId=${card.prodId}`)));
    const sku = product.skuList.find((x) => x.stocks >= 5 && x.price <= 30_000);
    if (product.prodType === 0 && product.mold === 0 && sku) return { prodId: product.prodId, skuId: sku.skuId, shopId: product.shopId };
  }
  throw new Error('no affordable product in stock');
}

test('zh: the shop stays silent past its handling period: the refund only counts as agreed and the balance comes back', async ({ page, request, context }) => {
  test.setTimeout(120_000);
  const api = mall.apiUrl;
  const login = await request.post(`${api}/login`, { data: { userName: 'buyer01', passWord: encryptPassword('bazaar123') } });
  expect(login.status(), await login.text()).toBe(200);
  const token = TokenSchema.parse(await login.json()).accessToken;

  // An order paid by balance, not shipped.
  const pick = await affordable(request, api);
  const uuid = randomUUID();
  const confirmed = ConfirmResultSchema.parse(
    await ok(request.post(`${api}/p/order/confirm`, { headers: headers(token), data: { addrId: 0, uuid, orderItem: { prodId: pick.prodId, skuId: pick.skuId, prodCount: 1 } } })),
  );
  const { orderNumbers: orderNumber } = SubmitResultSchema.parse(
    await ok(request.post(`${api}/p/order/submit`, { headers: headers(token), data: { uuid, orderShopParams: confirmed.shopCartOrders.map((o) => ({ shopId: o.shopId, remarks: '' })) } })),
  );
  await ok(request.post(`${api}/p/order/pay`, { headers: headers(token), data: { orderNumbers: orderNumber, payType: 9 } }));
  const balanceBefore = (await ok(request.get(`${api}/p/userBalance/getBalanceInfo`, { headers: headers(token) }))) as number;

  // The refund only of the whole line, its shipping with it (the order's last item).
  const detail = (await ok(request.get(`${api}/p/myOrder/orderDetail?orderNumber=${orderNumber}`, { headers: headers(token) }))) as { orderItemDtos: Array<{ orderItemId: number }> };
  const orderItemId = detail.orderItemDtos[0]!.orderItemId;
  const info = RefundApplyInfoSchema.parse(await ok(request.get(`${api}/p/orderRefund/applyInfo?orderNumber=${orderNumber}&orderItemId=${orderItemId}`, { headers: headers(token) })));
  const amount = info.maxRefundAmount + (info.isLastItem ? info.freightAmount : 0);
  const data = { orderNumber, refundType: 2, orderItemId, goodsNum: 1, applyType: 1, isReceiver: 0, buyerReason: 0, buyerDesc: '不想要了', buyerMobile: '13800000001', photoFiles: [], refundAmount: amount, freightConfirmed: info.isLastItem };
  const refundSn = String(await ok(request.post(`${api}/p/orderRefund/apply`, { headers: headers(token), data })));
  expect(refundSn).toMatch(/^\d+$/);

  // The shopper's page: waiting for the shop, with the countdown and what its end does.
  await useToken(context, mall.webUrl, token);
  await openPage(page, `${mall.webUrl}/return-detail?refundSn=${refundSn}`);
  await expect(page.getByTestId('refund-status')).toHaveText(zh('aftersale.status.1'));
  await expect(page.getByTestId('refund-deadline')).toContainText(zh('aftersale.detail.deadline.outcome.agree'));

  // The shop says nothing. Past the period the API's job sweeper agrees for it and pays back; the
  // shopper sees it on the page (reloaded as a waiting shopper does).
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('refund-status')).toHaveText(zh('aftersale.status.5'), { timeout: 1_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  await expect(page.getByTestId('refund-history')).toContainText(zh('aftersale.history.autoAgree'));
  await expect(page.getByTestId('refund-deadline')).toHaveCount(0);

  // The money: one refund record of the applied amount, and the balance back by it.
  const logs = pageOf(BalanceLogSchema).parse(await ok(request.get(`${api}/p/userBalanceLog/log?type=4&current=1&size=50`, { headers: headers(token) })));
  expect(logs.records.filter((l) => l.bizId === refundSn && l.ioType === 1).map((l) => l.changeBalance)).toEqual([amount]);
  expect(await ok(request.get(`${api}/p/userBalance/getBalanceInfo`, { headers: headers(token) }))).toBe(balanceBefore + amount);

  // The shop had been reminded before the deadline (the merchant center's list).
  const merchant = MerchantTokenSchema.parse(await ok(request.post(`${api}/merchant/login`, { data: { username: `shop${pick.shopId}`, password: encryptPassword('merchant123') } })));
  const notices = RefundNoticeSchema.array().parse(await ok(request.get(`${api}/merchant/refunds/notices`, { headers: { Authorization: merchant.accessToken } })));
  expect(notices.filter((n) => n.refundSn === refundSn).map((n) => n.kind)).toEqual(['sellerHandle']);
});
