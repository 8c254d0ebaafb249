// The pricing flow through the API (decision 033): a shop promotion in the cart (groups, label data,
// hint, choice, totalPay), at confirm and in what submit stores. Promotions here list their own test
// products only, so no other test's cart meets them.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CartInfoSchema, CartTotalSchema } from '@bazaar/shared/schemas/cart-view';
import { SubmitResultSchema } from '@bazaar/shared/schemas/order';
import { cartItems, discountItems, discountProducts, discounts, orderItems, orders } from '../db/schema.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import type { RegisteredUser } from '../test/account-test-kit.ts';
import { addToCart, as, confirm, createProductIn, openShops, shopperWithAddress, submitRequest, userIdOf, type OpenShop, type OrderTestProduct } from '../test/order-test-kit.ts';

let t: TestApp;
let shop: OpenShop;
let paidShop: OpenShop;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await ensureSeeded();
  const open = await openShops(t);
  shop = open.find((s) => s.freight === 0)!;
  paidShop = open.find((s) => s.freight > 0 && s.freeFreightFrom !== null)!;
});

interface PromotionRow {
  shopId: number;
  products: OrderTestProduct[];
  rule?: 0 | 1 | 2;
  repeat?: boolean;
  steps: { needAmount: number; reduceAmount?: number; discount?: number }[];
  maxReduceAmount?: number;
  status?: number;
  startsIn?: number;
  endsIn?: number;
}

/** A promotion for the listed products, running from an hour ago for a day unless told. */
async function createPromotion(p: PromotionRow): Promise<number> {
  const now = t.ctx.now().getTime();
  const [row] = await t.ctx.db
    .insert(discounts)
    .values({
      shopId: p.shopId,
      nameZh: '店铺满减',
      nameEn: 'Store deal',
      discountRule: p.rule ?? 0,
      discountType: p.repeat ? 1 : 0,
      suitableProdType: 1,
      maxReduceAmount: p.maxReduceAmount ?? null,
      startTime: new Date(now + (p.startsIn ?? -HOUR)),
      endTime: new Date(now + (p.endsIn ?? 24 * HOUR)),
      status: p.status ?? 1,
    })
    .returning({ id: discounts.id });
  await t.ctx.db.insert(discountItems).values(p.steps.map((s) => ({ discountId: row!.id, needAmount: s.needAmount, reduceAmount: s.reduceAmount ?? 0, discount: s.discount ?? null })));
  await t.ctx.db.insert(discountProducts).values(p.products.map((product) => ({ discountId: row!.id, productId: product.prodId })));
  return row!.id;
}

async function cartInfo(user: RegisteredUser, lang: 'zh' | 'en' = 'zh') {
  const res = await t.app.inject({ method: 'POST', url: '/p/shopCart/info', headers: as(user, { 'content-type': 'application/json', 'accept-language': lang }), payload: '[]' });
  expect(res.statusCode, res.body).toBe(200);
  return CartInfoSchema.parse(res.json());
}

async function totalPay(user: RegisteredUser, basketIds: number[]) {
  const res = await t.app.inject({ method: 'POST', url: '/p/shopCart/totalPay', headers: as(user, { 'content-type': 'application/json' }), payload: JSON.stringify(basketIds) });
  expect(res.statusCode, res.body).toBe(200);
  return CartTotalSchema.parse(res.json());
}

async function basketIdsOf(user: RegisteredUser) {
  const rows = await t.ctx.db.select({ id: cartItems.id, skuId: cartItems.skuId }).from(cartItems).where(eq(cartItems.userId, await userIdOf(t, user)));
  return new Map(rows.map((r) => [r.skuId, r.id]));
}

describe('shop promotions in the cart', () => {
  it('groups the lines under their promotion with its label data, reduction and hint; totalPay takes it off', async () => {
    const user = await shopperWithAddress(t);
    const [a, b, plain] = [await createProductIn(t, shop.id, { price: 20_000 }), await createProductIn(t, shop.id, { price: 5_500 }), await createProductIn(t, shop.id, { price: 1_000 })];
    const id = await createPromotion({ shopId: shop.id, products: [a, b], steps: [{ needAmount: 30_000, reduceAmount: 5_000 }, { needAmount: 50_000, reduceAmount: 10_000 }] });
    await addToCart(t, user, a);
    await addToCart(t, user, b);
    await addToCart(t, user, plain);

    // 200 + 55 = 255: below the first step, the hint says ¥45 more saves ¥50.
    let [cart] = await cartInfo(user);
    const [promoted, rest] = cart!.shopCartItemDiscounts;
    expect(promoted!.chooseDiscountItemDto).toMatchObject({
      discountId: id,
      discountName: '店铺满减',
      discountRule: 0,
      discountType: 0,
      discountItems: [
        { needAmount: 30_000, reduceAmount: 5_000 },
        { needAmount: 50_000, reduceAmount: 10_000 },
      ],
      reachedItem: null,
      nextItem: { needAmount: 30_000, reduceAmount: 5_000, missing: 4_500 },
      reduceAmount: 0,
    });
    expect(promoted!.shopCartItems.map((i) => i.prodId).sort()).toEqual([a.prodId, b.prodId].sort());
    expect(rest).toMatchObject({ chooseDiscountItemDto: null });
    expect(rest!.shopCartItems.map((i) => i.prodId)).toEqual([plain.prodId]);
    expect(cart!.discounts.map((d) => d.discountId)).toEqual([id]);

    // One more of b: 310 reaches 满300减50, spread 200 : 110 (the larger line takes the remainder).
    await addToCart(t, user, b);
    [cart] = await cartInfo(user, 'en');
    const group = cart!.shopCartItemDiscounts[0]!;
    expect(group.chooseDiscountItemDto).toMatchObject({ discountName: 'Store deal', reduceAmount: 5_000, reachedItem: { needAmount: 30_000, times: 1 }, nextItem: { missing: 19_000 } });
    const shares = new Map(group.shopCartItems.map((i) => [i.prodId, i.shareReduce]));
    expect(shares.get(a.prodId)).toBe(3_226);
    expect(shares.get(b.prodId)).toBe(1_774);

    const ids = await basketIdsOf(user);
    expect(await totalPay(user, [...ids.values()])).toEqual({ totalMoney: 32_000, subtractMoney: 5_000, finalMoney: 27_000, count: 4 });
    // Without a, the promotion's step is not reached.
    expect(await totalPay(user, [ids.get(b.skuId)!, ids.get(plain.skuId)!])).toEqual({ totalMoney: 12_000, subtractMoney: 0, finalMoney: 12_000, count: 3 });

    // Unticking a: the group keeps it but counts only the ticked lines.
    await t.app.inject({ method: 'POST', url: '/p/shopCart/checkItems', headers: as(user, { 'content-type': 'application/json' }), payload: JSON.stringify([{ basketId: ids.get(a.skuId), isChecked: 0 }]) });
    [cart] = await cartInfo(user);
    expect(cart!.shopCartItemDiscounts[0]!.shopCartItems).toHaveLength(2);
    expect(cart!.shopCartItemDiscounts[0]!.chooseDiscountItemDto).toMatchObject({ reduceAmount: 0, nextItem: { missing: 19_000 } });
  });

  it('lets the shopper choose between promotions a line qualifies for; the best one by default', async () => {
    const user = await shopperWithAddress(t);
    const p = await createProductIn(t, shop.id, { price: 10_000 });
    const small = await createPromotion({ shopId: shop.id, products: [p], steps: [{ needAmount: 10_000, reduceAmount: 1_000 }] });
    const pieces = await createPromotion({ shopId: shop.id, products: [p], rule: 1, steps: [{ needAmount: 2, discount: 8 }] });
    await addToCart(t, user, p, 2);
    let [cart] = await cartInfo(user);
    const item = cart!.shopCartItemDiscounts[0]!.shopCartItems[0]!;
    expect(item.discountIds).toEqual([small, pieces]);
    // 满2件8折 on ¥200 saves 40, more than 满100减10.
    expect(cart!.shopCartItemDiscounts[0]!.chooseDiscountItemDto).toMatchObject({ discountId: pieces, discountRule: 1, discountItems: [{ needAmount: 2, discount: 8 }], reduceAmount: 4_000 });
    expect(cart!.discounts.map((d) => d.discountId)).toEqual([small, pieces]);

    const res = await t.app.inject({
      method: 'POST',
      url: '/p/shopCart/changeItem',
      headers: as(user, { 'content-type': 'application/json' }),
      payload: JSON.stringify({ basketId: item.basketId, prodId: p.prodId, skuId: p.skuId, shopId: p.shopId, count: 0, discountId: small }),
    });
    expect(res.statusCode, res.body).toBe(200);
    [cart] = await cartInfo(user);
    expect(cart!.shopCartItemDiscounts[0]!.chooseDiscountItemDto).toMatchObject({ discountId: small, reduceAmount: 1_000 });
    expect(cart!.shopCartItemDiscounts[0]!.shopCartItems[0]!.prodCount).toBe(2);
    expect(await totalPay(user, [item.basketId])).toMatchObject({ finalMoney: 19_000, subtractMoney: 1_000 });

    // A count of 0 without a promotion is still refused; another shopper's line is not found.
    const zero = await t.app.inject({ method: 'POST', url: '/p/shopCart/changeItem', headers: as(user, { 'content-type': 'application/json' }), payload: JSON.stringify({ basketId: item.basketId, prodId: p.prodId, skuId: p.skuId, shopId: p.shopId, count: 0 }) });
    expect(zero.statusCode).toBe(400);
    const other = await shopperWithAddress(t);
    const foreign = await t.app.inject({ method: 'POST', url: '/p/shopCart/changeItem', headers: as(other, { 'content-type': 'application/json' }), payload: JSON.stringify({ basketId: item.basketId, prodId: p.prodId, skuId: p.skuId, shopId: p.shopId, count: 0, discountId: small }) });
    expect(foreign.statusCode).toBe(400);
  });

  it('ignores promotions that are off, not started or ended', async () => {
    const user = await shopperWithAddress(t);
    const p = await createProductIn(t, shop.id, { price: 40_000 });
    await createPromotion({ shopId: shop.id, products: [p], status: 0, steps: [{ needAmount: 100, reduceAmount: 100 }] });
    await createPromotion({ shopId: shop.id, products: [p], startsIn: HOUR, steps: [{ needAmount: 100, reduceAmount: 100 }] });
    await createPromotion({ shopId: shop.id, products: [p], startsIn: -2 * HOUR, endsIn: -HOUR, steps: [{ needAmount: 100, reduceAmount: 100 }] });
    await addToCart(t, user, p);
    const [cart] = await cartInfo(user);
    expect(cart!.shopCartItemDiscounts).toEqual([expect.objectContaining({ chooseDiscountItemDto: null })]);
    expect(cart!.discounts).toEqual([]);
  });
});

describe('shop promotions at checkout', () => {
  it('confirm shows the reduction per order and submit stores every line’s share and the order’s totals', async () => {
    const user = await shopperWithAddress(t);
    const a = await createProductIn(t, paidShop.id, { price: 20_000 });
    const b = await createProductIn(t, paidShop.id, { price: 15_000 });
    const id = await createPromotion({ shopId: paidShop.id, products: [a, b], repeat: true, steps: [{ needAmount: 10_000, reduceAmount: 1_000 }] });
    await addToCart(t, user, a);
    await addToCart(t, user, b);
    const uuid = randomUUID();
    const confirmed = await confirm(t, user, { addrId: 0, uuid });
    const [order] = confirmed.shopCartOrders;
    // Every full ¥100 saves ¥10: ¥350 saves ¥30; freight follows the goods amount.
    const freight = paidShop.freeFreightFrom !== null && 35_000 >= paidShop.freeFreightFrom ? 0 : paidShop.freight;
    expect(order).toMatchObject({ total: 35_000, discountReduce: 3_000, couponReduce: 0, transFee: freight, actualTotal: 32_000 + freight, coupons: [] });
    expect(order!.shopCartItemDiscounts[0]!.chooseDiscountItemDto).toMatchObject({ discountId: id, discountType: 1, reachedItem: { times: 3 }, reduceAmount: 3_000 });
    expect(order!.shopCartItemDiscounts[0]!.shopCartItems.map((i) => i.shareReduce).sort()).toEqual([1_285, 1_715]);
    expect(confirmed).toMatchObject({ total: 35_000, orderReduce: 3_000, actualTotal: 32_000 + freight, coupons: [] });

    const res = await submitRequest(t, user, { uuid, orderShopParams: [{ shopId: paidShop.id, remarks: '' }] });
    expect(res.statusCode, res.body).toBe(200);
    const [number] = SubmitResultSchema.parse(res.json()).orderNumbers.split(',');
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, number!));
    expect(row).toMatchObject({ total: 35_000, reduceAmount: 3_000, discountReduce: 3_000, shopCouponReduce: 0, platformCouponReduce: 0, freight, actualTotal: 32_000 + freight });
    const items = await t.ctx.db.select().from(orderItems).where(eq(orderItems.orderNumber, number!));
    const byProduct = new Map(items.map((i) => [i.productId, i]));
    expect(byProduct.get(a.prodId)).toMatchObject({ productTotalAmount: 20_000, discountShare: 1_715, shareReduce: 1_715, platformShareReduce: 0, actualTotal: 18_285 });
    expect(byProduct.get(b.prodId)).toMatchObject({ productTotalAmount: 15_000, discountShare: 1_285, shareReduce: 1_285, actualTotal: 13_715 });
  });

  it('buy now takes the promotion too', async () => {
    const user = await shopperWithAddress(t);
    const p = await createProductIn(t, shop.id, { price: 6_000 });
    await createPromotion({ shopId: shop.id, products: [p], rule: 2, steps: [{ needAmount: 10_000, discount: 9 }], maxReduceAmount: 1_500 });
    const confirmed = await confirm(t, user, { addrId: 0, uuid: randomUUID(), orderItem: { prodId: p.prodId, skuId: p.skuId, shopId: p.shopId, prodCount: 3 } });
    // 满100打9折 on ¥180 would save 18, capped at 15.
    expect(confirmed.shopCartOrders[0]).toMatchObject({ total: 18_000, discountReduce: 1_500, actualTotal: 16_500 });
  });
});
