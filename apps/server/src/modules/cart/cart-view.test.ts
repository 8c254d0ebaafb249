import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CartExpiryItemSchema, CartInfoSchema, CartTotalSchema, CartViewSchema } from '@bazaar/shared/schemas/cart-view';
import { countQueries } from '../../db/query-count.ts';
import { cartItems, products, skus } from '../../db/schema.ts';
import { ensureSeeded } from '../../test/seeded.ts';
import type { TestApp } from '../../test/test-app.ts';
import { registerUser } from '../../test/account-test-kit.ts';
import { seededShopId } from '../../test/product-test-kit.ts';
import { addLine, createShopProduct } from '../../test/cart-test-kit.ts';

let t: TestApp;

beforeAll(async () => {
  t = await ensureSeeded();
});

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, token: string | null, body?: unknown, lang?: 'en') =>
  t.app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(lang ? { 'accept-language': lang } : {}),
    },
    ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });

async function info(token: string, lang?: 'en') {
  const res = await call('POST', '/p/shopCart/info', token, [], lang);
  expect(res.statusCode, res.body).toBe(200);
  return CartInfoSchema.parse(res.json());
}
const itemsOf = (shops: Awaited<ReturnType<typeof info>>) => shops.flatMap((s) => s.shopCartItemDiscounts.flatMap((g) => g.shopCartItems));
async function expired(token: string, lang?: 'en') {
  const res = await call('GET', '/p/shopCart/getShopCartExpiryProdList', token, undefined, lang);
  expect(res.statusCode, res.body).toBe(200);
  return CartExpiryItemSchema.array().parse(res.json());
}
async function total(token: string, basketIds: unknown[]) {
  const res = await call('POST', '/p/shopCart/totalPay', token, basketIds);
  expect(res.statusCode, res.body).toBe(200);
  return CartTotalSchema.parse(res.json());
}
async function prodCount(token: string) {
  return (await call('GET', '/p/shopCart/prodCount', token)).json() as number;
}

describe('the cart page calls', () => {
  it('answer 401 to a visitor', async () => {
    for (const [method, url, body] of [
      ['POST', '/p/shopCart/info', []],
      ['GET', '/p/shopCart/view', undefined],
      ['GET', '/p/shopCart/getShopCartExpiryProdList', undefined],
      ['POST', '/p/shopCart/totalPay', [1]],
      ['POST', '/p/shopCart/checkItems', [{ basketId: 1, isChecked: 1 }]],
      ['DELETE', '/p/shopCart/deleteItem', [1]],
      ['DELETE', '/p/shopCart/deleteAll', undefined],
    ] as const) {
      expect((await call(method, url, null, body)).statusCode, url).toBe(401);
    }
  });

  it('group the lines by shop, newest first, in the request language', async () => {
    const { token } = await registerUser(t);
    expect(await info(token)).toEqual([]);
    const a = await createShopProduct(t, 0);
    const b = await createShopProduct(t, 1);
    const a1 = await addLine(t, token, a, 0, 2);
    const b1 = await addLine(t, token, b, 2, 3);
    const a2 = await addLine(t, token, a, 2, 1);

    const zhCart = await info(token);
    // The shop with the newest line comes first; inside a shop, the newest line first.
    expect(zhCart.map((s) => s.shopId)).toEqual([a.shopId, b.shopId]);
    expect(zhCart[0]!.shopCartItemDiscounts).toHaveLength(1);
    expect(zhCart[0]!.shopCartItemDiscounts[0]!.chooseDiscountItemDto).toBeNull();
    expect(zhCart[0]!.shopCartItemDiscounts[0]!.shopCartItems.map((i) => i.basketId)).toEqual([a2, a1]);
    const line = zhCart[0]!.shopCartItemDiscounts[0]!.shopCartItems[1]!;
    expect(line).toMatchObject({ prodId: a.prodId, skuId: a.skuIds[0], prodName: a.nameZh, skuName: '黑色 M', price: 9_900, prodCount: 2, productTotalAmount: 19_800, stocks: 5, isChecked: 1 });
    expect(line.pic).toBeTruthy();
    expect(zhCart[1]!.shopCartItemDiscounts[0]!.shopCartItems).toMatchObject([{ basketId: b1, prodCount: 3, stocks: -1, skuName: '白色 M' }]);

    const enCart = await info(token, 'en');
    const enLine = itemsOf(enCart).find((i) => i.basketId === a1)!;
    expect(enLine.prodName).toMatch(/^Test product /);
    expect(enLine.skuName).toBe('Black / M');
    expect(enCart[0]!.shopName).not.toBe(zhCart[0]!.shopName);
  });

  it('list the lines that became invalid apart, with the reason, and clear only those', async () => {
    const { token } = await registerUser(t);
    const ok = await createShopProduct(t, 0);
    const offShelf = await createShopProduct(t, 0);
    const soldOut = await createShopProduct(t, 1);
    const skuGone = await createShopProduct(t, 1);
    const closedShop = await createShopProduct(t, 0);
    const seckill = await createShopProduct(t, 1);
    const keep = await addLine(t, token, ok, 0, 1);
    const lines = {
      offShelf: await addLine(t, token, offShelf, 0, 1),
      soldOut: await addLine(t, token, soldOut, 0, 2),
      skuGone: await addLine(t, token, skuGone, 2, 1),
      shopClosed: await addLine(t, token, closedShop, 0, 1),
      cannotBuy: await addLine(t, token, seckill, 0, 1),
    };
    expect(await prodCount(token)).toBe(7);

    await t.ctx.db.update(products).set({ status: 0 }).where(eq(products.id, offShelf.prodId));
    await t.ctx.db.update(skus).set({ stocks: 0 }).where(eq(skus.id, soldOut.skuIds[0]!));
    await t.ctx.db.update(skus).set({ status: 0 }).where(eq(skus.id, skuGone.skuIds[2]!));
    await t.ctx.db.update(products).set({ shopId: await seededShopId(t, 2) }).where(eq(products.id, closedShop.prodId));
    await t.ctx.db.update(products).set({ prodType: 2 }).where(eq(products.id, seckill.prodId));

    expect(itemsOf(await info(token)).map((i) => i.basketId)).toEqual([keep]);
    const list = await expired(token, 'en');
    expect(list.map((i) => [i.basketId, i.reason])).toEqual([
      [lines.cannotBuy, 'cannotBuy'],
      [lines.shopClosed, 'shopClosed'],
      [lines.skuGone, 'skuGone'],
      [lines.soldOut, 'soldOut'],
      [lines.offShelf, 'offShelf'],
    ]);
    expect(list.find((i) => i.basketId === lines.soldOut)).toMatchObject({ prodId: soldOut.prodId, skuName: 'Black / M', prodCount: 2, price: 9_900, shopId: soldOut.shopId });

    // Invalid lines never count in the total.
    expect(await total(token, [keep, ...Object.values(lines)])).toEqual({ totalMoney: 9_900, finalMoney: 9_900, subtractMoney: 0, count: 1 });

    expect((await call('DELETE', '/p/shopCart/deleteAll', token)).statusCode).toBe(200);
    expect(await expired(token)).toEqual([]);
    expect(itemsOf(await info(token)).map((i) => i.basketId)).toEqual([keep]);
    expect(await prodCount(token)).toBe(1);
  });

  it('total the selected buyable lines in fen', async () => {
    const { token } = await registerUser(t);
    const a = await createShopProduct(t, 0, {
      skus: [
        { properties: '颜色:红', nameZh: '红', nameEn: 'Red', price: 1_234, stocks: 10 },
        { properties: '颜色:蓝', nameZh: '蓝', nameEn: 'Blue', price: 99_999, stocks: -1 },
      ],
    });
    const b = await createShopProduct(t, 1);
    const red = await addLine(t, token, a, 0, 3);
    const blue = await addLine(t, token, a, 1, 2);
    const other = await addLine(t, token, b, 2, 1);
    expect(await total(token, [])).toEqual({ totalMoney: 0, finalMoney: 0, subtractMoney: 0, count: 0 });
    expect(await total(token, [red])).toEqual({ totalMoney: 3_702, finalMoney: 3_702, subtractMoney: 0, count: 3 });
    // Duplicates count once; ids as digit strings are accepted (Mall4j clients).
    expect(await total(token, [red, String(blue), blue, other])).toEqual({ totalMoney: 3_702 + 199_998 + 9_900, finalMoney: 213_600, subtractMoney: 0, count: 6 });
    // A price change shows at once: the total is read live.
    await t.ctx.db.update(skus).set({ price: 1_000 }).where(eq(skus.id, a.skuIds[0]!));
    expect((await total(token, [red])).finalMoney).toBe(3_000);
    // Unknown ids add nothing.
    expect((await total(token, [red, 2_147_483_000])).count).toBe(3);
  });

  it('answer the whole page in one call that agrees with info, the unavailable lines and totalPay of the ticked lines', async () => {
    const { token } = await registerUser(t);
    const view = async (lang?: 'en') => {
      const res = await call('GET', '/p/shopCart/view', token, undefined, lang);
      expect(res.statusCode, res.body).toBe(200);
      return CartViewSchema.parse(res.json());
    };
    expect(await view()).toEqual({ shops: [], expired: [], total: { totalMoney: 0, finalMoney: 0, subtractMoney: 0, count: 0 } });
    const a = await createShopProduct(t, 0);
    const b = await createShopProduct(t, 1);
    const gone = await createShopProduct(t, 1);
    const x = await addLine(t, token, a, 0, 2);
    await addLine(t, token, a, 2, 1);
    const y = await addLine(t, token, b, 0, 3);
    await addLine(t, token, gone, 0, 1);
    await t.ctx.db.update(products).set({ status: 0 }).where(eq(products.id, gone.prodId));
    expect((await call('POST', '/p/shopCart/checkItems', token, [{ basketId: y, isChecked: 0 }])).statusCode).toBe(200);

    for (const lang of [undefined, 'en'] as const) {
      const shops = await info(token, lang);
      const ticked = itemsOf(shops).filter((i) => i.isChecked === 1).map((i) => i.basketId);
      expect(ticked).toContain(x);
      expect(await view(lang)).toEqual({ shops, expired: await expired(token, lang), total: await total(token, ticked) });
    }
    const whole = await view();
    expect(whole.expired.map((i) => i.prodId)).toEqual([gone.prodId]);
    expect(whole.total.count).toBe(3);
  });

  it('tick and untick lines; the ticks are kept for checkout', async () => {
    const { token } = await registerUser(t);
    const a = await createShopProduct(t, 0);
    const x = await addLine(t, token, a, 0, 1);
    const y = await addLine(t, token, a, 2, 1);
    const checks = async () => Object.fromEntries(itemsOf(await info(token)).map((i) => [i.basketId, i.isChecked]));
    expect(await checks()).toEqual({ [x]: 1, [y]: 1 });
    expect((await call('POST', '/p/shopCart/checkItems', token, [{ basketId: x, isChecked: 0 }])).statusCode).toBe(200);
    expect(await checks()).toEqual({ [x]: 0, [y]: 1 });
    expect((await call('POST', '/p/shopCart/checkItems', token, [{ basketId: x, isChecked: 1 }, { basketId: y, isChecked: false }])).statusCode).toBe(200);
    expect(await checks()).toEqual({ [x]: 1, [y]: 0 });
    expect((await call('POST', '/p/shopCart/checkItems', token, [])).statusCode).toBe(200);
    expect(await checks()).toEqual({ [x]: 1, [y]: 0 });
  });

  it('delete one or several lines; the count follows; an empty list asks to select one', async () => {
    const { token } = await registerUser(t);
    const a = await createShopProduct(t, 0);
    const b = await createShopProduct(t, 1);
    const x = await addLine(t, token, a, 0, 2);
    const y = await addLine(t, token, a, 2, 3);
    const z = await addLine(t, token, b, 2, 4);
    expect(await prodCount(token)).toBe(9);
    expect((await call('DELETE', '/p/shopCart/deleteItem', token, [y])).statusCode).toBe(200);
    expect(await prodCount(token)).toBe(6);
    expect((await call('DELETE', '/p/shopCart/deleteItem', token, [x, z, x])).statusCode).toBe(200);
    expect(await prodCount(token)).toBe(0);
    expect(await info(token)).toEqual([]);

    const empty = await call('DELETE', '/p/shopCart/deleteItem', token, [], 'en');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toBe('Please select at least one item');
    expect((await call('DELETE', '/p/shopCart/deleteItem', token, [])).body).toBe('请至少选择一件商品');
  });

  it('never read, tick, count or delete another shopper’s lines', async () => {
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    const a = await createShopProduct(t, 0);
    const line = await addLine(t, alice.token, a, 0, 2);
    await t.ctx.db.update(skus).set({ stocks: 0 }).where(eq(skus.id, a.skuIds[0]!));
    expect(await expired(bob.token)).toEqual([]);
    expect((await expired(alice.token)).map((i) => i.basketId)).toEqual([line]);
    await t.ctx.db.update(skus).set({ stocks: 5 }).where(eq(skus.id, a.skuIds[0]!));

    expect(await info(bob.token)).toEqual([]);
    expect(await total(bob.token, [line])).toEqual({ totalMoney: 0, finalMoney: 0, subtractMoney: 0, count: 0 });
    expect((await call('POST', '/p/shopCart/checkItems', bob.token, [{ basketId: line, isChecked: 0 }])).statusCode).toBe(200);
    expect((await call('DELETE', '/p/shopCart/deleteItem', bob.token, [line])).statusCode).toBe(200);
    expect((await call('DELETE', '/p/shopCart/deleteAll', bob.token)).statusCode).toBe(200);

    const [row] = await t.ctx.db.select().from(cartItems).where(eq(cartItems.id, line));
    expect(row).toMatchObject({ count: 2, isChecked: true });
    expect(itemsOf(await info(alice.token)).map((i) => i.basketId)).toEqual([line]);
  });

  it('answer malformed bodies with a localized 400, never a 500', async () => {
    const { token } = await registerUser(t);
    const cases: [Method, string, unknown][] = [
      ['POST', '/p/shopCart/totalPay', '{"a":1}'],
      ['POST', '/p/shopCart/totalPay', ['x']],
      ['POST', '/p/shopCart/totalPay', [0]],
      ['POST', '/p/shopCart/totalPay', [1.5]],
      ['POST', '/p/shopCart/totalPay', Array.from({ length: 501 }, (_, i) => i + 1)],
      ['POST', '/p/shopCart/totalPay', '[1,'],
      ['POST', '/p/shopCart/checkItems', [{ basketId: 1 }]],
      ['POST', '/p/shopCart/checkItems', [{ basketId: 1, isChecked: 2 }]],
      ['POST', '/p/shopCart/checkItems', { basketId: 1, isChecked: 1 }],
      ['DELETE', '/p/shopCart/deleteItem', [-1]],
      ['DELETE', '/p/shopCart/deleteItem', '"1"'],
      ['POST', '/p/shopCart/info', '{}'],
    ];
    for (const [method, url, body] of cases) {
      const res = await call(method, url, token, body, 'en');
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('read the cart in one statement after the token check, however many lines (and one more for the running promotions of its shops when priced, one beside it for the discount packages)', async () => {
    const { token } = await registerUser(t);
    const ids: number[] = [];
    for (let n = 0; n < 3; n++) {
      const p = await createShopProduct(t, n % 2);
      ids.push(await addLine(t, token, p, 0, 1), await addLine(t, token, p, 2, 1));
    }
    for (const [method, url, body, statements] of [
      ['POST', '/p/shopCart/info', [], 4],
      ['GET', '/p/shopCart/getShopCartExpiryProdList', undefined, 2],
      ['GET', '/p/shopCart/view', undefined, 4],
      ['POST', '/p/shopCart/totalPay', ids, 4],
      ['POST', '/p/shopCart/checkItems', ids.map((basketId, i) => ({ basketId, isChecked: i % 2 })), 2],
      ['DELETE', '/p/shopCart/deleteItem', ids.slice(0, 2), 2],
    ] as const) {
      const { result, queries } = await countQueries(() => call(method, url, token, body));
      expect(result.statusCode, url).toBe(200);
      expect(queries, url).toHaveLength(statements);
    }
    expect(itemsOf(await info(token))).toHaveLength(4);
  });
});
