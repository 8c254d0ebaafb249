// Discount packages (issue 11 §4, decision 046), every call and message: the merchant center's
// packages (own shop only: another shop's answers 404), the product page's read model, the cart's
// package unit, buy now and checkout from the cart with the saving stored on the order lines.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '@bazaar/shared/i18n/catalogs';
import { CartInfoSchema, CartTotalSchema } from '@bazaar/shared/schemas/cart-view';
import { ComboRowSchema, ComboSchema, MerchantComboDetailSchema } from '@bazaar/shared/schemas/combo';
import { pageOf } from '@bazaar/shared/schemas/common';
import { OrderDetailSchema, SubmitResultSchema } from '@bazaar/shared/schemas/order';
import { cartCombos, combos, orderItems, orders, products } from '../db/schema.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { markOrdersPaid } from '../modules/order/transitions.ts';
import { json, type RegisteredUser } from '../test/account-test-kit.ts';
import { merchantLogin } from '../test/merchant-test-kit.ts';
import { addToCart, as, confirm, confirmRequest, createProductIn, shopperWithAddress, skuStock, submitRequest, type OrderTestProduct } from '../test/order-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { createTestShop, type TestShop } from '../test/staff-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;

/** Marks orders paid, as a settled payment does (the merchant's figures count paid orders only). */
async function payOrders(orderNumbers: string[]): Promise<void> {
  const rows = await t.ctx.db.select({ orderNumber: orders.orderNumber, userId: orders.userId }).from(orders).where(inArray(orders.orderNumber, orderNumbers));
  for (const r of rows) await t.ctx.db.transaction((tx) => markOrdersPaid(tx, { userId: r.userId, orderNumbers: [r.orderNumber], payNo: '1000000000000000046', payType: 9, paidAt: t.ctx.now() }));
}
let shopA: TestShop;
let shopB: TestShop;
let tokenA: string;
let tokenB: string;
let teapot: OrderTestProduct;
let cup: OrderTestProduct;
let tray: OrderTestProduct;
let foreign: OrderTestProduct;

const zh = createI18n('zh').t;
const en = createI18n('en').t;
const HOUR = 3_600_000;
const at = (hours: number) => formatApiTime(new Date(Date.now() + hours * HOUR));

function merchant(method: 'GET' | 'POST' | 'PUT', url: string, token: string, body?: unknown, lang: 'zh' | 'en' = 'en') {
  const headers = { authorization: token, 'accept-language': lang };
  if (body === undefined) return t.app.inject({ method, url, headers });
  return t.app.inject({ method, url, ...json(body, { headers }) });
}

function shopper(user: RegisteredUser, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, lang: 'zh' | 'en' = 'en') {
  const headers = as(user, { 'accept-language': lang });
  if (body === undefined) return t.app.inject({ method, url, headers });
  return t.app.inject({ method, url, ...json(body, { headers }) });
}

/** Teapot 100.00 + 2 cups at 30.00 = 160.00 a set, sold at 139.00: 21.00 off a set. */
const teaSet = (overrides: Record<string, unknown> = {}) => ({
  nameZh: '茶具套餐',
  nameEn: 'Tea set',
  comboAmount: 13_900,
  startTime: at(-1),
  endTime: at(48),
  lines: [
    { prodId: teapot.prodId, skuId: teapot.skuId, count: 1 },
    { prodId: cup.prodId, skuId: cup.skuId, count: 2 },
  ],
  ...overrides,
});

async function created(body: unknown = teaSet()) {
  const res = await merchant('POST', '/merchant/combos', tokenA, body);
  expect(res.statusCode, res.body).toBe(200);
  return MerchantComboDetailSchema.parse(res.json());
}

async function message(res: { statusCode: number; body: string }, key: string, params?: Record<string, string>, lang: 'zh' | 'en' = 'en') {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.body).toBe((lang === 'zh' ? zh : en)(key, params));
}

beforeAll(async () => {
  t = await ensureSeeded();
  [shopA, shopB] = await Promise.all([createTestShop(t), createTestShop(t)]);
  [tokenA, tokenB] = await Promise.all([merchantLogin(t, shopA.shopId), merchantLogin(t, shopB.shopId)]);
  teapot = await createProductIn(t, shopA.shopId, { price: 10_000, stocks: 50 });
  cup = await createProductIn(t, shopA.shopId, { price: 3_000, stocks: 100 });
  tray = await createProductIn(t, shopA.shopId, { price: 2_000, stocks: 3 });
  foreign = await createProductIn(t, shopB.shopId, { price: 1_000, stocks: 10 });
}, 180_000);

describe('the merchant center', () => {
  it('creates a package of its own SKUs: lines, price, what they cost, running, no usage yet', async () => {
    const c = await created();
    expect(c).toMatchObject({ nameZh: '茶具套餐', nameEn: 'Tea set', comboAmount: 13_900, originalAmount: 16_000, lineCount: 2, state: 'running', orderCount: 0, piecesSold: 0, reduceAmount: 0 });
    expect(c.lines.map((l) => [l.prodId, l.skuId, l.count, l.price, l.onShelf])).toEqual([
      [teapot.prodId, teapot.skuId, 1, 10_000, true],
      [cup.prodId, cup.skuId, 2, 3_000, true],
    ]);
    const upcoming = await created(teaSet({ nameZh: '下周套餐', startTime: at(24) }));
    expect(upcoming.state).toBe('upcoming');
  });

  it('refuses bad input with a clear message in both languages', async () => {
    const post = (body: unknown, lang: 'zh' | 'en' = 'en') => merchant('POST', '/merchant/combos', tokenA, body, lang);
    await message(await post(teaSet({ lines: [{ prodId: teapot.prodId, skuId: teapot.skuId, count: 1 }] })), 'combo.errors.linesMin');
    await message(await post(teaSet({ lines: Array.from({ length: 7 }, () => ({ prodId: teapot.prodId, skuId: teapot.skuId })) })), 'combo.errors.linesMax');
    await message(await post(teaSet({ lines: [{ prodId: teapot.prodId, skuId: teapot.skuId }, { prodId: teapot.prodId, skuId: teapot.skuId }] })), 'combo.errors.duplicateProduct');
    await message(await post(teaSet({ lines: [{ prodId: teapot.prodId, skuId: teapot.skuId, count: 100 }, { prodId: cup.prodId, skuId: cup.skuId }] })), 'combo.errors.lineCount');
    await message(await post(teaSet({ nameZh: ' ' })), 'combo.errors.nameRequired');
    await message(await post(teaSet({ nameZh: '套'.repeat(31) })), 'combo.errors.nameTooLong');
    await message(await post(teaSet({ comboAmount: 0 })), 'combo.errors.amount');
    await message(await post(teaSet({ comboAmount: 12.5 })), 'combo.errors.amount');
    await message(await post(teaSet({ startTime: 'tomorrow' })), 'combo.errors.startTime');
    await message(await post(teaSet({ endTime: at(-2) })), 'combo.errors.endAfterStart');
    await message(await post(teaSet({ startTime: at(-10), endTime: at(-2) })), 'combo.errors.endPassed');
    await message(await post(teaSet({ endTime: at(24 * 400) })), 'combo.errors.tooLong');
    // Another shop's product, a SKU of another product, a price that saves nothing.
    await message(await post(teaSet({ lines: [{ prodId: teapot.prodId, skuId: teapot.skuId }, { prodId: foreign.prodId, skuId: foreign.skuId }] })), 'combo.errors.productNotOwned');
    await message(await post(teaSet({ lines: [{ prodId: teapot.prodId, skuId: cup.skuId }, { prodId: tray.prodId, skuId: tray.skuId }] })), 'combo.errors.productNotOwned');
    await message(await post(teaSet({ comboAmount: 16_000 }), 'zh'), 'combo.errors.amountNotBelow', { original: '160.00' }, 'zh');
  });

  it('lists, edits and ends its packages; an ended one cannot be edited or ended again', async () => {
    const c = await created(teaSet({ nameZh: '可编辑套餐' }));
    const edited = await merchant('PUT', `/merchant/combos/${c.comboId}`, tokenA, teaSet({ nameZh: '已编辑套餐', comboAmount: 4_500, lines: [{ prodId: cup.prodId, skuId: cup.skuId, count: 1 }, { prodId: tray.prodId, skuId: tray.skuId, count: 1 }] }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(MerchantComboDetailSchema.parse(edited.json())).toMatchObject({ nameZh: '已编辑套餐', comboAmount: 4_500, originalAmount: 5_000, lineCount: 2 });
    const list = await merchant('GET', '/merchant/combos?state=running&keyword=已编辑', tokenA);
    expect(list.statusCode).toBe(200);
    expect(pageOf(ComboRowSchema).parse(list.json()).records.map((r) => r.comboId)).toEqual([c.comboId]);
    const ended = await merchant('POST', `/merchant/combos/${c.comboId}/end`, tokenA);
    expect(ended.json().state).toBe('ended');
    await message(await merchant('POST', `/merchant/combos/${c.comboId}/end`, tokenA), 'combo.errors.alreadyEnded');
    await message(await merchant('PUT', `/merchant/combos/${c.comboId}`, tokenA, teaSet()), 'combo.errors.notEditable');
    const endedList = await merchant('GET', '/merchant/combos?state=ended', tokenA);
    expect(endedList.json().records.map((r: { comboId: number }) => r.comboId)).toContain(c.comboId);
    await message(await merchant('GET', '/merchant/combos?state=later', tokenA), 'combo.errors.filter');
  });

  it("answers 404 to another shop's merchant and never lists another shop's packages", async () => {
    const c = await created(teaSet({ nameZh: '他店不可见' }));
    for (const res of [
      await merchant('GET', `/merchant/combos/${c.comboId}`, tokenB),
      await merchant('PUT', `/merchant/combos/${c.comboId}`, tokenB, teaSet()),
      await merchant('POST', `/merchant/combos/${c.comboId}/end`, tokenB),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(en('combo.errors.notFound'));
    }
    const list = await merchant('GET', '/merchant/combos', tokenB);
    expect(list.json().total).toBe(0);
    const [row] = await t.ctx.db.select({ status: combos.status }).from(combos).where(eq(combos.id, c.comboId));
    expect(row!.status).toBe(1);
    expect((await merchant('GET', '/merchant/combos', '')).statusCode).toBe(401);
  });
});

describe('the product page', () => {
  it('lists the running packages containing the product with lines, price, original sum and saving', async () => {
    const c = await created(teaSet({ nameZh: '详情页套餐', nameEn: 'Detail page set' }));
    for (const prodId of [teapot.prodId, cup.prodId]) {
      const res = await t.app.inject({ method: 'GET', url: `/combo/prodCombos?prodId=${prodId}`, headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(200);
      const found = ComboSchema.array().parse(res.json()).find((x) => x.comboId === c.comboId)!;
      expect(found).toMatchObject({ comboName: 'Detail page set', comboAmount: 13_900, originalAmount: 16_000, saveAmount: 2_100, unavailable: null, shopId: shopA.shopId });
      expect(found.lines.map((l) => [l.prodId, l.count, l.isMain])).toEqual([
        [teapot.prodId, 1, 1],
        [cup.prodId, 2, 0],
      ]);
    }
    const one = await t.app.inject({ method: 'GET', url: `/combo/getComboByComboId?comboId=${c.comboId}`, headers: { 'accept-language': 'zh' } });
    expect(one.json()).toMatchObject({ comboId: c.comboId, comboName: '详情页套餐', maxSets: 50 });
    const tray0 = await t.app.inject({ method: 'GET', url: `/combo/prodCombos?prodId=${foreign.prodId}` });
    expect(tray0.json()).toEqual([]);
    await message(await t.app.inject({ method: 'GET', url: '/combo/getComboByComboId?comboId=999999999', headers: { 'accept-language': 'en' } }), 'combo.errors.notFound');
    await message(await t.app.inject({ method: 'GET', url: '/combo/getComboByComboId?comboId=abc', headers: { 'accept-language': 'en' } }), 'combo.errors.notFound');
  });

  it('leaves out ended and upcoming packages', async () => {
    const c = await created(teaSet({ nameZh: '即将结束' }));
    await merchant('POST', `/merchant/combos/${c.comboId}/end`, tokenA);
    const res = await t.app.inject({ method: 'GET', url: `/combo/prodCombos?prodId=${teapot.prodId}` });
    const ids = (res.json() as { comboId: number; comboName: string }[]).map((x) => x.comboId);
    expect(ids).not.toContain(c.comboId);
    expect((res.json() as { comboName: string }[]).some((x) => x.comboName === '下周套餐')).toBe(false);
    const one = await t.app.inject({ method: 'GET', url: `/combo/getComboByComboId?comboId=${c.comboId}` });
    expect(one.json().unavailable).toBe('ended');
  });
});

async function cartInfo(user: RegisteredUser) {
  const res = await shopper(user, 'POST', '/p/shopCart/info', []);
  expect(res.statusCode, res.body).toBe(200);
  return CartInfoSchema.parse(res.json());
}

async function totalPay(user: RegisteredUser, ids: number[] = []) {
  const res = await shopper(user, 'POST', '/p/shopCart/totalPay', ids);
  return CartTotalSchema.parse(res.json());
}

describe('the cart', () => {
  it('keeps a package as a unit: its lines together, sets change the whole package, removing removes the unit', async () => {
    const c = await created(teaSet({ nameZh: '购物车套餐' }));
    const user = await shopperWithAddress(t);
    expect((await shopper(user, 'POST', '/p/shopCart/changeCombo', { comboId: c.comboId, count: 1 })).statusCode).toBe(200);
    await addToCart(t, user, tray, 1);
    let shops = await cartInfo(user);
    const shop = shops.find((s) => s.shopId === shopA.shopId)!;
    const [unit, loose] = shop.shopCartItemDiscounts;
    expect(unit!.combo).toMatchObject({ comboId: c.comboId, comboName: 'Tea set', prodCount: 1, comboAmount: 13_900, originalAmount: 16_000, comboReduce: 2_100, isChecked: 1, unavailable: null });
    expect(unit!.shopCartItems.map((i) => [i.prodId, i.prodCount, i.basketId])).toEqual([
      [teapot.prodId, 1, 0],
      [cup.prodId, 2, 0],
    ]);
    // 21.00 spread over 100.00 and 60.00: 13.12 (+ the remainder) and 7.87.
    expect(unit!.shopCartItems.map((i) => i.shareReduce)).toEqual([1_313, 787]);
    expect(loose!.combo).toBeNull();
    expect(loose!.shopCartItems[0]!.prodId).toBe(tray.prodId);
    expect(await totalPay(user, [loose!.shopCartItems[0]!.basketId])).toEqual({ totalMoney: 18_000, finalMoney: 15_900, subtractMoney: 2_100, count: 4 });

    // Another set: every line doubles, and so does the saving.
    expect((await shopper(user, 'POST', '/p/shopCart/changeCombo', { comboId: c.comboId, count: 1 })).statusCode).toBe(200);
    shops = await cartInfo(user);
    const doubled = shops.find((s) => s.shopId === shopA.shopId)!.shopCartItemDiscounts[0]!;
    expect(doubled.combo).toMatchObject({ prodCount: 2, comboReduce: 4_200, originalAmount: 32_000 });
    expect(doubled.shopCartItems.map((i) => i.prodCount)).toEqual([2, 4]);
    expect((await shopper(user, 'GET', '/p/shopCart/prodCount')).json()).toBe(3);

    // Unticked: no saving and nothing in the total.
    expect((await shopper(user, 'POST', '/p/shopCart/checkCombos', [{ comboId: c.comboId, isChecked: 0 }])).statusCode).toBe(200);
    shops = await cartInfo(user);
    expect(shops.find((s) => s.shopId === shopA.shopId)!.shopCartItemDiscounts[0]!.combo).toMatchObject({ isChecked: 0, comboReduce: 0 });
    expect(await totalPay(user)).toEqual({ totalMoney: 0, finalMoney: 0, subtractMoney: 0, count: 0 });
    await shopper(user, 'POST', '/p/shopCart/checkCombos', [{ comboId: c.comboId, isChecked: true }]);
    expect((await totalPay(user)).subtractMoney).toBe(4_200);

    // Taking a set off, then all: the unit leaves the cart.
    expect((await shopper(user, 'POST', '/p/shopCart/changeCombo', { comboId: c.comboId, count: -1 })).statusCode).toBe(200);
    expect((await cartInfo(user)).find((s) => s.shopId === shopA.shopId)!.shopCartItemDiscounts[0]!.combo!.prodCount).toBe(1);
    expect((await shopper(user, 'POST', '/p/shopCart/changeCombo', { comboId: c.comboId, count: -5 })).statusCode).toBe(200);
    expect((await cartInfo(user)).flatMap((s) => s.shopCartItemDiscounts).some((g) => g.combo)).toBe(false);
    await message(await shopper(user, 'POST', '/p/shopCart/changeCombo', { comboId: c.comboId, count: -1 }), 'combo.errors.notInCart');

    await shopper(user, 'POST', '/p/shopCart/changeCombo', { comboId: c.comboId, count: 1 });
    expect((await shopper(user, 'DELETE', '/p/shopCart/deleteCombos', [c.comboId])).statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(cartCombos).where(eq(cartCombos.comboId, c.comboId));
    expect(rows).toEqual([]);
  });

  it('refuses what cannot be bought, with clear messages', async () => {
    const user = await shopperWithAddress(t);
    const post = (body: unknown, lang: 'zh' | 'en' = 'en') => shopper(user, 'POST', '/p/shopCart/changeCombo', body, lang);
    await message(await post({ comboId: 999_999_999, count: 1 }), 'combo.errors.notFound');
    await message(await post({ comboId: 1, count: 0 }), 'combo.errors.count');
    await message(await post({ comboId: 1, count: 10_000 }), 'combo.errors.count');
    await message(await shopper(user, 'DELETE', '/p/shopCart/deleteCombos', []), 'cartPage.errors.selectOne');
    // 3 trays in stock: 4 sets are too many.
    const withTray = await created(teaSet({ nameZh: '托盘套餐', comboAmount: 11_000, lines: [{ prodId: teapot.prodId, skuId: teapot.skuId }, { prodId: tray.prodId, skuId: tray.skuId }] }));
    await message(await post({ comboId: withTray.comboId, count: 4 }, 'zh'), 'combo.errors.insufficient', undefined, 'zh');
    expect((await post({ comboId: withTray.comboId, count: 3 })).statusCode).toBe(200);
    await message(await post({ comboId: withTray.comboId, count: 1 }), 'combo.errors.insufficient');
    const upcoming = await created(teaSet({ nameZh: '未开始', startTime: at(5) }));
    await message(await post({ comboId: upcoming.comboId, count: 1 }), 'combo.errors.notStarted');
    // A line off the shelf: the package cannot be added, and the one in the cart says why and counts for nothing.
    const offShelf = await createProductIn(t, shopA.shopId, { price: 4_000, stocks: 10 });
    const withOff = await created(teaSet({ nameZh: '将下架', comboAmount: 12_000, lines: [{ prodId: teapot.prodId, skuId: teapot.skuId }, { prodId: offShelf.prodId, skuId: offShelf.skuId }] }));
    expect((await post({ comboId: withOff.comboId, count: 1 })).statusCode).toBe(200);
    await t.ctx.db.update(products).set({ status: 0 }).where(eq(products.id, offShelf.prodId));
    await message(await post({ comboId: withOff.comboId, count: 1 }), 'combo.errors.offShelf');
    const group = (await cartInfo(user)).flatMap((s) => s.shopCartItemDiscounts).find((g) => g.combo?.comboId === withOff.comboId)!;
    expect(group.combo).toMatchObject({ unavailable: 'offShelf', comboReduce: 0 });
  });

  it('never holds more sets in one cart than the stock allows, under 50 parallel adds by one shopper', async () => {
    const scarce = await createProductIn(t, shopA.shopId, { price: 5_000, stocks: 7 });
    const c = await created(teaSet({ nameZh: '限量套餐', comboAmount: 14_000, lines: [{ prodId: teapot.prodId, skuId: teapot.skuId }, { prodId: scarce.prodId, skuId: scarce.skuId }] }));
    const user = await shopperWithAddress(t);
    const answers = await Promise.all(Array.from({ length: 50 }, () => shopper(user, 'POST', '/p/shopCart/changeCombo', { comboId: c.comboId, count: 1 })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(7);
    for (const refused of answers.filter((r) => r.statusCode !== 200)) await message(refused, 'combo.errors.insufficient');
    const [row] = await t.ctx.db.select({ count: cartCombos.count }).from(cartCombos).where(eq(cartCombos.comboId, c.comboId));
    expect(row?.count).toBe(7);
  });
});

describe('checkout', () => {
  it('buys a package now: every line, the saving spread and stored on the lines and the order', async () => {
    const c = await created(teaSet({ nameZh: '立即购买套餐' }));
    const user = await shopperWithAddress(t);
    const before = [await skuStock(t, teapot.skuId), await skuStock(t, cup.skuId)];
    const uuid = randomUUID();
    const confirmed = await confirm(t, user, { addrId: 0, uuid, comboItem: { comboId: c.comboId, prodCount: 2 } });
    const order = confirmed.shopCartOrders[0]!;
    expect(order).toMatchObject({ shopId: shopA.shopId, total: 32_000, comboReduce: 4_200, totalCount: 6 });
    expect(order.shopCartItemDiscounts[0]!.combo).toMatchObject({ comboId: c.comboId, prodCount: 2, comboReduce: 4_200, originalAmount: 32_000 });
    expect(order.shopCartItemDiscounts[0]!.shopCartItems.map((i) => i.shareReduce)).toEqual([2_625, 1_575]);
    expect(confirmed.orderReduce).toBe(4_200);
    expect(confirmed.actualTotal).toBe(32_000 - 4_200 + order.transFee);

    const res = await submitRequest(t, user, { uuid, orderShopParams: [] });
    expect(res.statusCode, res.body).toBe(200);
    const [orderNumber] = SubmitResultSchema.parse(res.json()).orderNumbers.split(',');
    const items = await t.ctx.db.select().from(orderItems).where(eq(orderItems.orderNumber, orderNumber!));
    expect(items.map((i) => [i.productId, i.prodCount, i.comboId, i.comboShare, i.shareReduce, i.actualTotal])).toEqual([
      [teapot.prodId, 2, c.comboId, 2_625, 2_625, 20_000 - 2_625],
      [cup.prodId, 4, c.comboId, 1_575, 1_575, 12_000 - 1_575],
    ]);
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, orderNumber!));
    expect(row).toMatchObject({ comboReduce: 4_200, reduceAmount: 4_200, total: 32_000, actualTotal: 32_000 - 4_200 + row!.freight });
    expect([await skuStock(t, teapot.skuId), await skuStock(t, cup.skuId)]).toEqual([before[0]! - 2, before[1]! - 4]);

    const detail = await shopper(user, 'GET', `/p/myOrder/orderDetail?orderNumber=${orderNumber}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const d = OrderDetailSchema.parse(detail.json());
    expect(d).toMatchObject({ comboReduce: 4_200, reduceAmount: 4_200 });
    expect(d.orderItemDtos.map((i) => i.comboId)).toEqual([c.comboId, c.comboId]);

    // The merchant's figures count paid orders: nothing yet, then one order, six pieces, 42.00 taken off.
    expect((await merchant('GET', `/merchant/combos/${c.comboId}`, tokenA)).json()).toMatchObject({ orderCount: 0, piecesSold: 0, reduceAmount: 0 });
    await payOrders([orderNumber!]);
    const listed = await merchant('GET', `/merchant/combos/${c.comboId}`, tokenA);
    expect(listed.json()).toMatchObject({ orderCount: 1, piecesSold: 6, reduceAmount: 4_200 });
  });

  it('checks out the ticked cart packages with the loose lines and takes the bought packages out of the cart', async () => {
    const c = await created(teaSet({ nameZh: '购物车结算套餐' }));
    const user = await shopperWithAddress(t);
    await shopper(user, 'POST', '/p/shopCart/changeCombo', { comboId: c.comboId, count: 1 });
    await addToCart(t, user, cup, 1);
    const uuid = randomUUID();
    const confirmed = await confirm(t, user, { addrId: 0, uuid });
    const order = confirmed.shopCartOrders.find((o) => o.shopId === shopA.shopId)!;
    expect(order).toMatchObject({ total: 19_000, comboReduce: 2_100, totalCount: 4 });
    // The cup bought on its own is priced apart from the package's cups.
    expect(order.shopCartItemDiscounts.map((g) => [g.combo?.comboId ?? null, g.shopCartItems.length])).toEqual([
      [c.comboId, 2],
      [null, 1],
    ]);
    const res = await submitRequest(t, user, { uuid, orderShopParams: [] });
    expect(res.statusCode, res.body).toBe(200);
    const userRows = await t.ctx.db.select().from(cartCombos).where(and(eq(cartCombos.comboId, c.comboId)));
    expect(userRows).toEqual([]);
    expect(await cartInfo(user)).toEqual([]);
  });

  it('refuses a package that ended, went off the shelf or ran out, with clear messages', async () => {
    const user = await shopperWithAddress(t);
    const c = await created(teaSet({ nameZh: '提交前结束' }));
    const uuid = randomUUID();
    await confirm(t, user, { addrId: 0, uuid, comboItem: { comboId: c.comboId, prodCount: 1 } });
    await merchant('POST', `/merchant/combos/${c.comboId}/end`, tokenA);
    await message(await submitRequest(t, user, { uuid, orderShopParams: [] }, 'zh'), 'combo.errors.ended', undefined, 'zh');
    await message(await confirmRequest(t, user, { addrId: 0, uuid: randomUUID(), comboItem: { comboId: c.comboId, prodCount: 1 } }), 'combo.errors.ended');
    await message(await confirmRequest(t, user, { addrId: 0, uuid: randomUUID(), comboItem: { comboId: 999_999_999, prodCount: 1 } }), 'combo.errors.notFound');
    await message(await confirmRequest(t, user, { addrId: 0, uuid: randomUUID(), comboItem: { comboId: c.comboId, prodCount: 0 } }), 'checkout.errors.count');
    const scarce = await createProductIn(t, shopA.shopId, { price: 5_000, stocks: 1 });
    const s = await created(teaSet({ nameZh: '库存少', comboAmount: 14_000, lines: [{ prodId: teapot.prodId, skuId: teapot.skuId }, { prodId: scarce.prodId, skuId: scarce.skuId }] }));
    await message(await confirmRequest(t, user, { addrId: 0, uuid: randomUUID(), comboItem: { comboId: s.comboId, prodCount: 2 } }), 'combo.errors.insufficient');
    await t.ctx.db.update(products).set({ status: 0 }).where(eq(products.id, scarce.prodId));
    await message(await confirmRequest(t, user, { addrId: 0, uuid: randomUUID(), comboItem: { comboId: s.comboId, prodCount: 1 } }), 'combo.errors.offShelf');
  });

  it('never sells more sets than a line has stock for, under 30 parallel buyers', async () => {
    const limited = await createProductIn(t, shopA.shopId, { price: 5_000, stocks: 5 });
    const c = await created(teaSet({ nameZh: '并发套餐', comboAmount: 14_000, lines: [{ prodId: teapot.prodId, skuId: teapot.skuId }, { prodId: limited.prodId, skuId: limited.skuId }] }));
    const buyers = await Promise.all(Array.from({ length: 30 }, () => shopperWithAddress(t)));
    const uuids = buyers.map(() => randomUUID());
    await Promise.all(buyers.map((u, i) => confirm(t, u, { addrId: 0, uuid: uuids[i], comboItem: { comboId: c.comboId, prodCount: 1 } })));
    const results = await Promise.all(buyers.map((u, i) => submitRequest(t, u, { uuid: uuids[i], orderShopParams: [] })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    for (const r of results.filter((x) => x.statusCode !== 200)) expect(r.body).toBe(en('checkout.errors.insufficient'));
    expect(await skuStock(t, limited.skuId)).toBe(0);
    await payOrders(results.filter((r) => r.statusCode === 200).map((r) => SubmitResultSchema.parse(r.json()).orderNumbers));
    const sold = await merchant('GET', `/merchant/combos/${c.comboId}`, tokenA);
    expect(sold.json()).toMatchObject({ orderCount: 5, piecesSold: 10, reduceAmount: 5 * 1_000 });
  }, 240_000);
});

describe('the demo seed', () => {
  it('has a running package in the tea shop, dated from the seed time, whose lines are on sale and which saves', async () => {
    const [row] = await t.ctx.db
      .select({ id: combos.id, start: combos.startTime, end: combos.endTime })
      .from(combos)
      .where(eq(combos.nameZh, '品茗好物组合'));
    expect(row).toBeDefined();
    expect(row!.end.getTime() - row!.start.getTime()).toBe(16 * 86_400_000);
    const res = await t.app.inject({ method: 'GET', url: `/combo/getComboByComboId?comboId=${row!.id}`, headers: { 'accept-language': 'en' } });
    expect(res.json()).toMatchObject({ comboName: 'Tea time set', unavailable: null });
    expect(res.json().lines).toHaveLength(3);
    expect(res.json().saveAmount).toBeGreaterThan(0);
  });
});
