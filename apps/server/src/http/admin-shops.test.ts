// Platform staff's shops (issue 10): the list, offline with a reason, reopen, type; every message,
// the storefront's effect (page, search, detail, cart, checkout, the merchant), the audit log,
// the audience matrix, a race, and two instances on PostgreSQL + Redis.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminShopSchema } from '@bazaar/shared/schemas/admin-shops';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { cipherOf, json, registerUser } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { MERCHANT_PASSWORD, merchantLogin } from '../test/merchant-test-kit.ts';
import { addToCart, confirmRequest, createProductIn, shopperWithAddress } from '../test/order-test-kit.ts';
import { SHARED_INFRASTRUCTURE, createTestInstance, type TestInstance } from '../test/instances.ts';
import { auditOf, bearer, createTestShop, staffCall } from '../test/staff-test-kit.ts';

let t: TestApp;
let staff: string;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await ensureSeeded();
  staff = await adminToken(t);
});

const list = (query: string, lang: 'zh' | 'en' = 'en') => staffCall(t, staff, 'GET', `/admin/shops${query}`, undefined, lang);
const offline = (shopId: number | string, body: unknown, token = staff) => staffCall(t, token, 'POST', `/admin/shops/${shopId}/offline`, body);
const reopen = (shopId: number | string, token = staff) => staffCall(t, token, 'POST', `/admin/shops/${shopId}/reopen`);
const setType = (shopId: number | string, body: unknown) => staffCall(t, staff, 'POST', `/admin/shops/${shopId}/type`, body);
const detail = (prodId: number) => t.app.inject({ method: 'GET', url: `/prod/prodInfo?prodId=${prodId}`, headers: en });
const shopSearch = (shopId: number) => t.app.inject({ method: 'GET', url: `/search/page?shopId=${shopId}&current=1&size=20`, headers: en });
const merchantSignIn = (username: string) =>
  t.app.inject({ method: 'POST', url: '/merchant/login', ...json({ username, password: cipherOf(t, MERCHANT_PASSWORD) }, { headers: en }) });

describe('GET /admin/shops', () => {
  it('finds a shop by either name or its id, and filters by status and type', async () => {
    const shop = await createTestShop(t);
    const byZh = await list(`?keyword=${encodeURIComponent(shop.nameZh)}`);
    expect(byZh.statusCode, byZh.body).toBe(200);
    expect(byZh.json()).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });
    expect(AdminShopSchema.parse(byZh.json().records[0])).toMatchObject({ shopId: shop.shopId, shopName: shop.nameZh, shopNameEn: shop.nameEn, status: 1, type: 2, offlineReason: null, region: '浙江省 杭州市 西湖区' });
    expect((await list(`?keyword=${encodeURIComponent(shop.nameEn.toUpperCase())}`)).json().records.map((r: { shopId: number }) => r.shopId)).toEqual([shop.shopId]);
    expect((await list(`?keyword=${shop.shopId}&size=100`)).json().records.map((r: { shopId: number }) => r.shopId)).toContain(shop.shopId);
    expect((await list(`?keyword=${encodeURIComponent(shop.nameZh)}&status=2`)).json().total).toBe(0);
    expect((await list(`?keyword=${encodeURIComponent(shop.nameZh)}&type=1`)).json().total).toBe(0);
    // `%` and `_` are literal, not wildcards.
    expect((await list('?keyword=%25_%25')).json().total).toBe(0);
    const offlineShops = (await list('?status=2&size=100')).json().records as Array<{ status: number }>;
    expect(offlineShops.length).toBeGreaterThan(0);
    expect(offlineShops.every((s) => s.status === 2)).toBe(true);
    const selfRun = (await list('?type=1&size=100')).json().records as Array<{ type: number }>;
    expect(selfRun.length).toBeGreaterThan(0);
    expect(selfRun.every((s) => s.type === 1)).toBe(true);
  });

  it.each([
    ['?status=3', 'The store status is invalid', '店铺状态无效'],
    ['?status=open', 'The store status is invalid', '店铺状态无效'],
    ['?type=0', 'Choose the store type (self-run or ordinary)', '请选择店铺类型（自营或普通）'],
    [`?keyword=${'x'.repeat(51)}`, 'The search text cannot exceed 50 characters', '搜索内容不能超过 50 个字'],
    ['?keyword=%01', 'The request is invalid', '请求参数不正确'],
    ['?size=101', null, null],
    ['?current=0', null, null],
  ])('refuses %s with its message', async (query, enText, zhText) => {
    const inEn = await list(query);
    const inZh = await list(query, 'zh');
    expect(inEn.statusCode).toBe(400);
    expect(inZh.statusCode).toBe(400);
    if (enText) expect([inEn.body, inZh.body]).toEqual([enText, zhText]);
  });

  it('answers one shop, and a message for an unknown one', async () => {
    const shop = await createTestShop(t);
    const one = await staffCall(t, staff, 'GET', `/admin/shops/${shop.shopId}`);
    expect([one.statusCode, one.json().shopName]).toEqual([200, shop.nameZh]);
    const unknown = await staffCall(t, staff, 'GET', '/admin/shops/2147483000');
    expect([unknown.statusCode, unknown.body]).toEqual([400, 'The store does not exist']);
  });
});

describe('taking a shop offline and reopening it', () => {
  it.each([
    [{}, 'Please give the reason', '请填写原因'],
    [{ reason: '   ' }, 'Please give the reason', '请填写原因'],
    [{ reason: 7 }, 'Please give the reason', '请填写原因'],
    [{ reason: 'x'.repeat(201) }, 'The reason cannot exceed 200 characters', '原因不能超过 200 个字'],
    [{ reason: 'bad\u0000' }, 'The request is invalid', '请求参数不正确'],
  ])('refuses the reason %j with its message and moves nothing', async (body, enText, zhText) => {
    const shop = await createTestShop(t);
    const inEn = await offline(shop.shopId, body);
    const inZh = await staffCall(t, staff, 'POST', `/admin/shops/${shop.shopId}/offline`, body, 'zh');
    expect([inEn.statusCode, inEn.body, inZh.body]).toEqual([400, enText, zhText]);
    expect((await staffCall(t, staff, 'GET', `/admin/shops/${shop.shopId}`)).json().status).toBe(1);
    expect(await auditOf(t, 'shop', shop.shopId)).toEqual([]);
  });

  it('refuses unknown and malformed shop ids', async () => {
    expect((await offline(2147483000, { reason: 'x' })).body).toBe('The store does not exist');
    expect((await reopen(2147483000)).body).toBe('The store does not exist');
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) expect((await offline(id, { reason: 'x' })).statusCode).toBe(400);
  });

  it('hides the shop from the storefront at once, refuses its products in the cart and checkout, tells the merchant why; reopening brings everything back', async () => {
    const shop = await createTestShop(t);
    const product = await createProductIn(t, shop.shopId, { price: 2_000, stocks: 50 });
    const buyer = await shopperWithAddress(t);
    await addToCart(t, buyer, product, 1);
    const merchantToken = await merchantLogin(t, shop.shopId);
    // Warm the caches the change must drop.
    expect((await detail(product.prodId)).statusCode).toBe(200);
    expect((await shopSearch(shop.shopId)).json().total).toBe(1);

    const reason = '售卖假冒商品，整改期间暂停营业';
    const res = await offline(shop.shopId, { reason: `  ${reason} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminShopSchema.parse(res.json())).toMatchObject({ shopId: shop.shopId, status: 2, offlineReason: reason });

    const head = await t.app.inject({ method: 'GET', url: `/shop/headInfo?shopId=${shop.shopId}`, headers: en });
    expect([head.statusCode, head.headers['x-error-code'], head.body]).toEqual([400, 'store.errors.offline', 'The store has been taken offline, please consult the platform']);
    const categories = await t.app.inject({ method: 'GET', url: `/category/shopCategoryList?shopId=${shop.shopId}` });
    expect(categories.headers['x-error-code']).toBe('store.errors.offline');
    expect((await detail(product.prodId)).statusCode).toBe(400);
    expect((await shopSearch(shop.shopId)).json().total).toBe(0);
    const add = await t.app.inject({
      method: 'POST',
      url: '/p/shopCart/changeItem',
      ...json({ basketId: 0, prodId: product.prodId, skuId: product.skuId, shopId: product.shopId, count: 1 }, { headers: { authorization: buyer.token, ...en } }),
    });
    expect([add.statusCode, add.body]).toEqual([400, 'Product cannot be bought']);
    const buyNow = await confirmRequest(t, buyer, { addrId: 0, uuid: randomUUID(), orderItem: { prodId: product.prodId, skuId: product.skuId, shopId: product.shopId, prodCount: 1 } });
    expect(buyNow.statusCode).toBe(400);
    const fromCart = await confirmRequest(t, buyer, { addrId: 0, uuid: randomUUID() });
    expect(fromCart.statusCode).toBe(400);

    // The merchant: the session stops, and the login says why.
    expect((await t.app.inject({ method: 'GET', url: '/merchant/me', headers: { authorization: merchantToken } })).statusCode).toBe(401);
    const login = await merchantSignIn(shop.username);
    expect([login.statusCode, login.body]).toEqual([400, `The store has been taken offline by the platform. Reason: ${reason}. Please consult the platform`]);

    expect((await offline(shop.shopId, { reason: 'again' })).body).toBe('Only an open store can be taken offline');

    const back = await reopen(shop.shopId);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ status: 1, offlineReason: null });
    expect((await reopen(shop.shopId)).body).toBe('Only an offline store can be reopened');
    expect((await t.app.inject({ method: 'GET', url: `/shop/headInfo?shopId=${shop.shopId}` })).statusCode).toBe(200);
    expect((await detail(product.prodId)).statusCode).toBe(200);
    expect((await shopSearch(shop.shopId)).json().total).toBe(1);
    expect((await confirmRequest(t, buyer, { addrId: 0, uuid: randomUUID() })).statusCode).toBe(200);
    expect((await merchantSignIn(shop.username)).statusCode).toBe(200);

    const entries = await auditOf(t, 'shop', shop.shopId);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['shop.offline', { status: 1, type: 2, offlineReason: null }, { status: 2, type: 2, offlineReason: reason }],
      ['shop.reopen', { status: 2, type: 2, offlineReason: reason }, { status: 1, type: 2, offlineReason: null }],
    ]);
    const me = await staffCall(t, staff, 'GET', '/admin/me');
    expect(entries.every((e) => e.adminName === me.json().username)).toBe(true);
    const logged = await staffCall(t, staff, 'GET', '/admin/audit-logs?action=shop.offline&size=100');
    expect(logged.json().records.some((r: { targetId: string }) => r.targetId === String(shop.shopId))).toBe(true);
  });

  it('refuses a shop that is not open (under review, rejected) and leaves another shop alone', async () => {
    const shops = (await list('?status=0')).json().records as Array<{ shopId: number }>;
    expect((await offline(shops[0]!.shopId, { reason: 'x' })).body).toBe('Only an open store can be taken offline');
    const one = await createTestShop(t);
    const other = await createTestShop(t);
    expect((await offline(one.shopId, { reason: 'x' })).statusCode).toBe(200);
    expect((await staffCall(t, staff, 'GET', `/admin/shops/${other.shopId}`)).json().status).toBe(1);
    expect((await merchantSignIn(other.username)).statusCode).toBe(200);
  });

  it('lets exactly one of 50 parallel offline calls win, with one audit entry', async () => {
    const shop = await createTestShop(t);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => offline(shop.shopId, { reason: `reason ${i}` })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(new Set(results.filter((r) => r.statusCode !== 200).map((r) => r.body))).toEqual(new Set(['Only an open store can be taken offline']));
    expect(await auditOf(t, 'shop', shop.shopId)).toHaveLength(1);
  });
});

describe('POST /admin/shops/:shopId/type', () => {
  it('sets a shop self-run and back, each audited; the same type again is refused', async () => {
    const shop = await createTestShop(t);
    const selfRun = await setType(shop.shopId, { type: 1 });
    expect([selfRun.statusCode, selfRun.json().type]).toEqual([200, 1]);
    const head = await t.app.inject({ method: 'GET', url: `/shop/headInfo?shopId=${shop.shopId}` });
    expect(head.json().type).toBe(1);
    expect((await setType(shop.shopId, { type: 1 })).body).toBe('The store is already of this type');
    expect((await setType(shop.shopId, { type: 2 })).json().type).toBe(2);
    expect((await auditOf(t, 'shop', shop.shopId)).map((e) => [e.action, e.before?.type, e.after?.type])).toEqual([
      ['shop.type', 2, 1],
      ['shop.type', 1, 2],
    ]);
  });

  it.each([[{}], [{ type: 3 }], [{ type: '1' }], [{ type: 1.5 }]])('refuses %j with its message', async (body) => {
    const shop = await createTestShop(t);
    const res = await setType(shop.shopId, body);
    expect([res.statusCode, res.body]).toEqual([400, 'Choose the store type (self-run or ordinary)']);
  });

  it('refuses an unknown shop', async () => {
    expect((await setType(2147483000, { type: 1 })).body).toBe('The store does not exist');
  });
});

describe('who may call the staff shop routes', () => {
  it('refuses no token, a shopper token and a merchant token on every call, with the staff message', async () => {
    const shop = await createTestShop(t);
    const shopper = (await registerUser(t)).token;
    const merchant = await merchantLogin(t, shop.shopId);
    const calls: Array<[string, string, unknown]> = [
      ['GET', '/admin/shops', undefined],
      ['GET', `/admin/shops/${shop.shopId}`, undefined],
      ['POST', `/admin/shops/${shop.shopId}/offline`, { reason: 'x' }],
      ['POST', `/admin/shops/${shop.shopId}/reopen`, {}],
      ['POST', `/admin/shops/${shop.shopId}/type`, { type: 1 }],
    ];
    for (const [method, url, body] of calls) {
      for (const token of [shopper, merchant, 'no-such-token-0123456789']) {
        const res = await t.app.inject({ method: method as 'GET', url, headers: { ...bearer(token), 'content-type': 'application/json' }, payload: body === undefined ? undefined : JSON.stringify(body) });
        expect([res.statusCode, res.body], `${method} ${url}`).toEqual([401, 'Please log in with a platform staff account']);
      }
    }
    expect((await staffCall(t, staff, 'GET', `/admin/shops/${shop.shopId}`)).json()).toMatchObject({ status: 1, type: 2 });
  });
});

describe.skipIf(!SHARED_INFRASTRUCTURE)('two instances on one PostgreSQL + Redis', () => {
  let second: TestInstance;
  beforeAll(async () => {
    second = await createTestInstance();
  });
  afterAll(() => second?.close());

  it('an offline shop’s product detail and search pages cached by the other instance are dropped at once', async () => {
    const shop = await createTestShop(t);
    const product = await createProductIn(t, shop.shopId);
    const fromSecond = (url: string) => second.app.inject({ method: 'GET', url });
    expect((await fromSecond(`/prod/prodInfo?prodId=${product.prodId}`)).statusCode).toBe(200);
    expect((await fromSecond(`/search/page?shopId=${shop.shopId}&current=1&size=20`)).json().total).toBe(1);
    expect((await offline(shop.shopId, { reason: 'x' })).statusCode).toBe(200);
    await expect.poll(async () => (await fromSecond(`/prod/prodInfo?prodId=${product.prodId}`)).statusCode, { timeout: 2_000, interval: 20 }).toBe(400);
    await expect.poll(async () => (await fromSecond(`/search/page?shopId=${shop.shopId}&current=1&size=20`)).json().total, { timeout: 2_000, interval: 20 }).toBe(0);
  });
});
