// Group-buy as shoppers meet it (issue 29). Two fresh shoppers form a team through the share link:
// the leader finds the activity on /group-buy, opens a team at the group price and pays by balance;
// the order's page shows the team with places left, its countdown and the share link with its QR
// code; a friend opens that link, finds the team preselected with its members, joins and pays; the
// team is complete and both orders move to pending delivery. Then, on an API + storefront pair of its
// own with teams valid for seconds (GROUP_TEAM_VALID_SECONDS, README), a team expires unfilled and
// its member finds the refund in the balance records. The activities are made here through the
// merchant API, so no seed id is hard-coded.
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { TokenSchema } from '@bazaar/shared/schemas/account';
import { SearchPageSchema } from '@bazaar/shared/schemas/catalog';
import { GroupConfirmResultSchema, GroupSubmitResultSchema, GroupTeamInfoSchema } from '@bazaar/shared/schemas/group';
import { MerchantGroupActivityCreatedSchema } from '@bazaar/shared/schemas/group-admin';
import { MerchantTokenSchema } from '@bazaar/shared/schemas/merchant';
import { ProductDetailSchema } from '@bazaar/shared/schemas/product';
import { API_URL, encryptPassword, openPage, registerShopper, test, text, useToken } from './support.ts';
import { headers, ok } from './order-support.ts';
import { OWN_MALL_OFFSETS, startOwnMall, type OwnMall } from './own-mall.ts';

type Lang = 'zh' | 'en';
const zhT = (key: string, v?: Record<string, string | number>) => text('zh', key, v);
const yuan = (fen: number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-US', { style: 'currency', currency: 'CNY', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(fen / 100);
/** 'yyyy-MM-dd HH:mm:ss' in GMT+8, as the API writes times. */
const apiTime = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** ¥200 of balance through the WeChat sandbox (the API, as the phone would confirm it). */
async function topUp(request: APIRequestContext, api: string, token: string): Promise<void> {
  const before = (await ok(request.get(`${api}/p/userBalance/getBalanceInfo`, { headers: headers(token) }))) as number;
  const paid = (await ok(request.post(`${api}/p/balance/pay`, { headers: headers(token), data: { id: -1, customRechargeAmount: 20_000, payType: 3 } }))) as { codeUrl: string };
  expect((await request.post(new URL(new URL(paid.codeUrl).pathname, api).toString())).ok()).toBe(true);
  await expect.poll(async () => ok(request.get(`${api}/p/userBalance/getBalanceInfo`, { headers: headers(token) }))).toBe(before + 20_000);
}

async function addAddress(request: APIRequestContext, api: string, token: string, receiver: string): Promise<void> {
  await ok(
    request.post(`${api}/p/address/addAddr`, {
      headers: headers(token),
      data: { receiver, mobile: '13912345678', provinceId: 330000, cityId: 330100, areaId: 330106, addr: '文三路 90 号 1 幢', commonAddr: true },
    }),
  );
}

/**
 * A running group activity of one SKU of a physical product, teams of 2, the group price at most ¥60
 * (the shoppers' ¥200 of balance pays it with its freight). Products already in a flash sale or group
 * buy then (another journey's, the seed's) are skipped.
 */
async function createGroupBuy(request: APIRequestContext, api: string, { hasRobot, skip }: { hasRobot: boolean; skip: number }) {
  const page = SearchPageSchema.parse(await ok(request.get(`${api}/search/page?size=100&hasStock=1&sort=2&maxPrice=30000`)));
  let skipped = 0;
  for (const card of page.records) {
    const product = ProductDetailSchema.parse(await ok(request.get(`${api}/prod/prodInfo?prodId=${card.prodId}`)));
    const sku = product.skuList.find((s) => s.stocks >= 20 && s.price >= 200);
    if (product.prodType !== 0 || product.mold !== 0 || !sku) continue;
    if (skipped++ < skip) continue;
    const login = MerchantTokenSchema.parse(await ok(request.post(`${api}/merchant/login`, { data: { username: `shop${product.shopId}`, password: encryptPassword('merchant123') } })));
    const actPrice = Math.min(sku.price - 100, 6_000);
    const created = await request.post(`${api}/merchant/group-activities`, {
      headers: { Authorization: login.accessToken },
      data: {
        nameZh: `旅程拼团 ${product.prodId}`,
        nameEn: null,
        prodId: product.prodId,
        groupNumber: 2,
        validHours: 1,
        hasRobot,
        hasMaxNum: true,
        maxNum: 2,
        startTime: apiTime(Date.now()),
        endTime: apiTime(Date.now() + 3 * 3_600_000),
        skus: [{ skuId: sku.skuId, actPrice }],
      },
    });
    // Another activity holds this product then: the next one.
    if (created.status() === 400) continue;
    expect(created.status(), await created.text()).toBe(200);
    const { groupActivityId } = MerchantGroupActivityCreatedSchema.parse(await created.json());
    return { groupActivityId, prodId: product.prodId, prodName: product.prodName, skuId: sku.skuId, price: sku.price, actPrice };
  }
  throw new Error('no product free for a group buy');
}

/** Pays the order on the payment page by balance. */
async function payByBalance(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/payment\?orderNumbers=\d+/, { timeout: 30_000 });
  await page.getByRole('radio', { name: new RegExp(zhT('payment.methods.balance')) }).check();
  await page.getByRole('button', { name: zhT('payment.payNow') }).click();
  await expect(page.getByRole('heading', { name: zhT('payment.success.title') })).toBeVisible();
}

test('zh: two shoppers form a team through the share link and both orders move to pending delivery', async ({ page, request, context, baseURL, browser }) => {
  test.setTimeout(180_000);
  const group = await createGroupBuy(request, API_URL, { hasRobot: false, skip: 0 });
  const leader = await registerShopper(request);
  const friend = await registerShopper(request);
  for (const [shopper, receiver] of [
    [leader, '团长收'],
    [friend, '团员收'],
  ] as const) {
    await addAddress(request, API_URL, shopper.token, receiver);
    await topUp(request, API_URL, shopper.token);
  }
  await useToken(context, baseURL!, leader.token);

  // The traffic log records the group product page as page 5, bizType 1.
  const logged: Array<{ pageId: number; bizType: number | null; bizData: string | null }> = [];
  await page.route(/\/api\/(p\/)?flowAnalysisLog$/, async (route) => {
    logged.push(route.request().postDataJSON() as (typeof logged)[number]);
    await route.fulfill({ status: 200, body: '' });
  });

  // /group-buy lists it with both prices and the team size; the card leads to the product's group page.
  await openPage(page, '/group-buy');
  await expect(page.getByRole('heading', { level: 1, name: zhT('groupBuy.page.heading') })).toBeVisible();
  const card = page.getByTestId('group-card').filter({ has: page.getByRole('heading', { name: group.prodName }) });
  await expect(card.getByTestId('group-card-price')).toHaveText(yuan(group.actPrice, 'zh'));
  await expect(card).toContainText(zhT('groupBuy.card.people', { count: 2 }));
  await card.getByRole('link', { name: zhT('groupBuy.card.goLabel', { name: group.prodName }) }).click();
  await expect(page).toHaveURL(new RegExp(`/detail/${group.prodId}\\?groupActivityId=${group.groupActivityId}$`), { timeout: 30_000 });
  const panel = page.getByTestId('group-panel');
  await expect(panel.getByTestId('group-price')).toHaveText(yuan(group.actPrice, 'zh'));
  await expect(panel.getByTestId('single-price')).toHaveText(yuan(group.price, 'zh'));
  await expect(panel.getByTestId('group-limit')).toHaveText(zhT('groupBuy.detail.limit', { count: 2 }));
  await expect(panel.getByTestId('group-activity-countdown')).toHaveText(/^距活动结束 \d\d:\d\d:\d\d$/);
  await expect.poll(() => logged.filter((r) => r.pageId === 5).map((r) => [r.bizType, r.bizData])).toContainEqual([1, String(group.prodId)]);

  // The leader opens a team: the group checkout prices it at the activity price only.
  await panel.getByTestId('group-buy-team').click();
  // The checkout's loader prices the order first (seconds on a loaded machine).
  await expect(page).toHaveURL(/\/submit-order\?groupSkuId=\d+&groupTeamId=0&prodCount=1$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${zhT('groupBuy.checkout.title')} · ${zhT('groupBuy.checkout.openTeam')}`);
  await expect(page.getByTestId('group-goods')).toHaveText(yuan(group.actPrice, 'zh'));
  await expect(page.getByText(zhT('coupon.checkout.platformCoupon'))).toHaveCount(0);
  await page.getByRole('button', { name: zhT('groupBuy.checkout.submit') }).click();
  await payByBalance(page);
  const leaderOrders = (await ok(request.get(`${API_URL}/p/myOrder/myOrderSearch?orderType=1`, { headers: headers(leader.token) }))) as { records: Array<{ orderNumber: string; status: number }> };
  expect(leaderOrders.records.map((o) => o.status)).toEqual([7]);
  const leaderOrder = leaderOrders.records[0]!.orderNumber;

  // The order's page: grouping, one place left, the countdown, the share link and its QR code.
  await openPage(page, `/order-detail?orderNumber=${leaderOrder}`);
  await expect(page.locator('.order-detail__state')).toContainText(zhT('orders.status.7'));
  await expect(page.getByTestId('order-type')).toHaveText(zhT('groupBuy.order.types.1'));
  const team = page.getByTestId('team-panel');
  await expect(team.getByTestId('team-status')).toHaveText(zhT('groupBuy.team.status.1'));
  await expect(team.getByTestId('team-places-left')).toHaveText(zhT('groupBuy.team.placesLeft', { count: 1 }));
  await expect(team.getByTestId('team-countdown')).toHaveText(/^剩余 00:\d\d:\d\d$/);
  await expect(team.getByTestId('team-seat')).toHaveCount(1);
  await expect(team.getByTestId('team-share-qr').locator('svg')).toBeVisible();
  const shareUrl = await team.getByTestId('team-share-url').inputValue();
  const { groupTeamId } = GroupTeamInfoSchema.parse(await ok(request.get(`${API_URL}/p/group/teamInfo?orderNumber=${leaderOrder}`, { headers: headers(leader.token) })));
  expect(new URL(shareUrl).pathname + new URL(shareUrl).search).toBe(`/detail/${group.prodId}?groupActivityId=${group.groupActivityId}&groupTeamId=${groupTeamId}`);

  // The list marks it as a group order, filtered by kind, and counts it as grouping.
  await openPage(page, '/user-center/uc-order?type=1');
  const listed = page.getByRole('article', { name: zhT('orders.orderNumber', { number: leaderOrder }) });
  await expect(listed.getByTestId('order-type-badge')).toHaveText(zhT('groupBuy.order.badge'));
  await expect(listed.locator('.order-status')).toHaveText(zhT('orders.status.7'));
  const pointsOnly = (await ok(request.get(`${API_URL}/p/myOrder/myOrderSearch?orderType=3`, { headers: headers(leader.token) }))) as { records: unknown[] };
  expect(pointsOnly.records).toEqual([]);

  // The friend opens the share link: the team is preselected and shown with its members.
  const friendContext = await browser.newContext({ baseURL: baseURL!, locale: 'zh-CN' });
  await useToken(friendContext, baseURL!, friend.token);
  const friendPage = await friendContext.newPage();
  await openPage(friendPage, new URL(shareUrl).pathname + new URL(shareUrl).search);
  const shared = friendPage.getByTestId('team-panel');
  await expect(shared.getByRole('heading', { name: zhT('groupBuy.team.sharedTitle') })).toBeVisible();
  await expect(shared.getByTestId('team-seat')).toHaveCount(1);
  await expect(shared.getByTestId('team-seat')).toContainText(leader.nickName);
  await expect(shared.getByTestId('team-empty-seat')).toHaveCount(1);
  await expect(friendPage.getByTestId('group-chosen-team')).toContainText(zhT('groupBuy.detail.joinTeamOf', { name: leader.nickName }));
  const openTeam = friendPage.getByTestId('group-team').filter({ hasText: leader.nickName });
  await expect(openTeam.getByTestId('group-team-missing')).toHaveText(zhT('groupBuy.teams.missing', { count: 1 }));
  await friendPage.getByTestId('group-buy-team').click();
  await expect(friendPage).toHaveURL(new RegExp(`/submit-order\\?groupSkuId=\\d+&groupTeamId=${groupTeamId}&prodCount=1$`), { timeout: 30_000 });
  await expect(friendPage.getByRole('heading', { level: 1 })).toHaveText(`${zhT('groupBuy.checkout.title')} · ${zhT('groupBuy.checkout.joinTeam')}`);
  await friendPage.getByRole('button', { name: zhT('groupBuy.checkout.submit') }).click();
  await payByBalance(friendPage);

  // The team is complete: both orders wait for delivery.
  const friendOrders = (await ok(request.get(`${API_URL}/p/myOrder/myOrderSearch?orderType=1`, { headers: headers(friend.token) }))) as { records: Array<{ orderNumber: string }> };
  const friendOrder = friendOrders.records[0]!.orderNumber;
  for (const [token, orderNumber] of [
    [leader.token, leaderOrder],
    [friend.token, friendOrder],
  ] as const) {
    await expect.poll(async () => ((await ok(request.get(`${API_URL}/p/myOrder/orderDetail?orderNumber=${orderNumber}`, { headers: headers(token) }))) as { status: number }).status, { timeout: 15_000 }).toBe(2);
  }
  await openPage(friendPage, `/order-detail?orderNumber=${friendOrder}`);
  await expect(friendPage.locator('.order-detail__state')).toContainText(zhT('orders.status.2'));
  await expect(friendPage.getByTestId('team-status')).toHaveText(zhT('groupBuy.team.status.2'));
  await expect(friendPage.getByTestId('team-seat')).toHaveCount(2);
  await expect(friendPage.getByTestId('team-share')).toHaveCount(0);
  await openPage(page, `/order-detail?orderNumber=${leaderOrder}`);
  await expect(page.locator('.order-detail__state')).toContainText(zhT('orders.status.2'));
  await friendContext.close();

  // The header search from /group-buy (st=3) finds the activity.
  await openPage(page, `/list?st=3&pn=${encodeURIComponent(group.prodName)}`);
  await expect(page.getByTestId('group-card').filter({ has: page.getByRole('heading', { name: group.prodName }) })).toBeVisible();
});

test.describe('a team that expires', () => {
  /** Teams stay open this many seconds after the leader pays. */
  // Long enough for the page to open and show the countdown on a loaded machine.
  const VALID_SECONDS = 45;
  let mall: OwnMall;

  test.beforeAll(async () => {
    // A fresh database migrates and seeds at the pair's first start.
    test.setTimeout(240_000);
    mall = await startOwnMall({ GROUP_TEAM_VALID_SECONDS: String(VALID_SECONDS) }, OWN_MALL_OFFSETS.groupExpiry);
  });
  test.afterAll(async () => {
    await mall?.stop();
  });

  test('zh: a team not filled in time fails and its member sees the refund in the balance records', async ({ page, request, context }) => {
    test.setTimeout(150_000);
    const api = mall.apiUrl;
    const group = await createGroupBuy(request, api, { hasRobot: false, skip: 0 });
    const login = await request.post(`${api}/login`, { data: { userName: 'buyer02', passWord: encryptPassword('bazaar123') } });
    expect(login.status(), await login.text()).toBe(200);
    const token = TokenSchema.parse(await login.json()).accessToken;
    await addAddress(request, api, token, '团长收');
    await topUp(request, api, token);

    // A team opened and paid by balance, as the pages do.
    const product = ProductDetailSchema.parse(await ok(request.get(`${api}/prod/prodInfo?prodId=${group.prodId}&groupActivityId=${group.groupActivityId}`)));
    const groupSkuId = product.groupActivityVO!.skuList[0]!.groupSkuId;
    const uuid = randomUUID();
    const confirmed = GroupConfirmResultSchema.parse(await ok(request.post(`${api}/p/group/order/confirm`, { headers: headers(token), data: { addrId: 0, groupSkuId, groupTeamId: 0, prodCount: 1, uuid } })));
    const { orderNumbers: orderNumber } = GroupSubmitResultSchema.parse(await ok(request.post(`${api}/p/group/order/submit`, { headers: headers(token), data: { uuid, groupTeamId: 0, remarks: '' } })));
    await ok(request.post(`${api}/p/order/pay`, { headers: headers(token), data: { orderNumbers: orderNumber, payType: 9 } }));

    // Grouping, counting down the seconds left.
    await useToken(context, mall.webUrl, token);
    await openPage(page, `${mall.webUrl}/order-detail?orderNumber=${orderNumber}`);
    const team = page.getByTestId('team-panel');
    await expect(team.getByTestId('team-status')).toHaveText(zhT('groupBuy.team.status.1'));
    await expect(team.getByTestId('team-countdown')).toHaveText(/^剩余 00:00:\d\d$/);

    // The API's own expiry job fails the team and refunds the order in full.
    await expect
      .poll(async () => GroupTeamInfoSchema.parse(await ok(request.get(`${api}/p/group/teamInfo?orderNumber=${orderNumber}`, { headers: headers(token) }))).status, { timeout: 90_000, intervals: [2_000] })
      .toBe(3);
    await expect.poll(async () => ((await ok(request.get(`${api}/p/myOrder/orderDetail?orderNumber=${orderNumber}`, { headers: headers(token) }))) as { status: number }).status, { timeout: 30_000 }).toBe(6);
    await openPage(page, `${mall.webUrl}/order-detail?orderNumber=${orderNumber}`);
    await expect(page.getByTestId('team-status')).toHaveText(zhT('groupBuy.team.status.3'));
    await expect(page.getByText(zhT('groupBuy.team.failedNote'))).toBeVisible();

    // The balance records hold the refund of this order, of what it cost.
    await openPage(page, `${mall.webUrl}/user-center/uc-balance`);
    const refund = page.locator('tr[data-type="4"]').filter({ hasText: `+${yuan(confirmed.actualTotal, 'zh')}` });
    await expect(refund.first()).toBeVisible();
    await expect(refund.first().locator('.balance-table__type')).toHaveText(zhT('balance.type.4'));
  });
});
