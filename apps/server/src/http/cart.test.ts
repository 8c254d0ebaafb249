import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../db/query-count.ts';
import { cartItems, products, skus } from '../db/schema.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { registerUser } from '../test/account-test-kit.ts';
import { createTestProduct, seededShopId, type TestProduct } from '../test/product-test-kit.ts';

let t: TestApp;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await ensureSeeded();
});

const change = (token: string | null, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/p/shopCart/changeItem',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}), ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
const count = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/p/shopCart/prodCount', headers: { authorization: token } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as number;
};
const line = (p: TestProduct, sku: number, n: number, basketId = 0) => ({ basketId, prodId: p.prodId, skuId: p.skuIds[sku], shopId: p.shopId, count: n });

describe('POST /p/shopCart/changeItem and GET /p/shopCart/prodCount', () => {
  it('answers 401 to a visitor', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/p/shopCart/prodCount' })).statusCode).toBe(401);
    expect((await change(null, { prodId: 1, skuId: 1, shopId: 1, count: 1 })).statusCode).toBe(401);
  });

  it('adds, tops up, takes off and removes a line; the count follows', async () => {
    const { token } = await registerUser(t);
    const p = await createTestProduct(t);
    expect(await count(token)).toBe(0);
    expect((await change(token, line(p, 0, 2))).statusCode).toBe(200);
    expect(await count(token)).toBe(2);
    expect((await change(token, line(p, 0, 3))).statusCode).toBe(200);
    expect(await count(token)).toBe(5);
    // An unlimited SKU takes any quantity up to the line maximum.
    expect((await change(token, line(p, 2, 9_999))).statusCode).toBe(200);
    expect(await count(token)).toBe(10_004);
    const [row] = await t.ctx.db.select().from(cartItems).where(eq(cartItems.skuId, p.skuIds[0]!));
    expect((await change(token, line(p, 0, -1, row!.id))).statusCode).toBe(200);
    expect(await count(token)).toBe(10_003);
    expect((await change(token, line(p, 0, -10))).statusCode).toBe(200);
    expect(await count(token)).toBe(9_999);
  });

  it('answers "Insufficient inventory" above the live stock, even while the detail is cached', async () => {
    const { token } = await registerUser(t);
    const p = await createTestProduct(t);
    expect((await t.app.inject({ method: 'GET', url: `/prod/prodInfo?prodId=${p.prodId}` })).json().skuList[0].stocks).toBe(5);
    await t.ctx.db.update(skus).set({ stocks: 3 }).where(eq(skus.id, p.skuIds[0]!));
    const res = await change(token, line(p, 0, 4), en);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('Insufficient inventory');
    expect((await change(token, line(p, 0, 3))).statusCode).toBe(200);
    const more = await change(token, line(p, 0, 1));
    expect(more.statusCode).toBe(400);
    expect(more.body).toBe('库存不足');
  });

  it('answers "Product not in stock" for a sold-out SKU', async () => {
    const { token } = await registerUser(t);
    const p = await createTestProduct(t);
    const res = await change(token, line(p, 1, 1), en);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('Product not in stock');
  });

  it.each([
    ['off the shelf', { status: 0 }],
    ['of an offline shop', { shopStatus: 2 as const }],
    ['a seckill product', { prodType: 2 }],
  ])('answers "Product cannot be bought" for a product %s', async (_name, options) => {
    const { token } = await registerUser(t);
    const p = await createTestProduct(t, options);
    const res = await change(token, line(p, 0, 1), en);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('Product cannot be bought');
  });

  it('refuses a SKU of another product, a wrong shop, a disabled SKU and unknown ids', async () => {
    const { token } = await registerUser(t);
    const p = await createTestProduct(t);
    const other = await createTestProduct(t, { skus: [{ properties: '颜色:红', stocks: 9, status: 0 }] });
    const otherShop = await seededShopId(t, 2);
    for (const body of [
      { ...line(p, 0, 1), skuId: other.skuIds[0] },
      { ...line(p, 0, 1), shopId: otherShop },
      line(other, 0, 1),
      { ...line(p, 0, 1), skuId: 2_147_483_000 },
    ]) {
      const res = await change(token, body, en);
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe('Product cannot be bought');
    }
    expect(await count(token)).toBe(0);
  });

  it.each([
    ['zero', 0],
    ['a fraction', 1.5],
    ['a word', 'two'],
    ['too many', 10_000],
    ['missing', undefined],
  ])('answers "Please enter the correct number of items" for a count that is %s', async (_name, n) => {
    const { token } = await registerUser(t);
    const p = await createTestProduct(t);
    const res = await change(token, { ...line(p, 0, 1), count: n }, en);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('Please enter the correct number of items');
  });

  it('refuses to take pieces off a line that does not exist, and a line above the maximum', async () => {
    const { token } = await registerUser(t);
    const p = await createTestProduct(t);
    expect((await change(token, line(p, 0, -1), en)).body).toBe('Please enter the correct number of items');
    await change(token, line(p, 2, 9_000));
    expect((await change(token, line(p, 2, 1_000), en)).body).toBe('Please enter the correct number of items');
  });

  it('never lets one shopper change another’s line', async () => {
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    const p = await createTestProduct(t);
    await change(alice.token, line(p, 0, 2));
    const [row] = await t.ctx.db.select().from(cartItems).where(eq(cartItems.skuId, p.skuIds[0]!));
    const res = await change(bob.token, line(p, 0, -1, row!.id), en);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('This item is not in your cart');
    expect(await count(alice.token)).toBe(2);
    expect(await count(bob.token)).toBe(0);
  });

  it('rejects malformed bodies with 400, never 500', async () => {
    const { token } = await registerUser(t);
    for (const body of ['', '[]', '{"prodId":', '12', JSON.stringify({ prodId: 'x', skuId: 1, shopId: 1, count: 1 })]) {
      expect((await change(token, body)).statusCode).toBe(400);
    }
  });

  it('adds to a line in two statements after the token check, without a transaction', async () => {
    const { token } = await registerUser(t);
    const p = await createTestProduct(t);
    for (const n of [1, 2]) {
      const { result, queries } = await countQueries(() => change(token, line(p, 0, n)));
      expect(result.statusCode, result.body).toBe(200);
      expect(queries).toHaveLength(3);
    }
    expect(await count(token)).toBe(3);
  });

  it('parallel adds of one SKU never take a line past the stock', async () => {
    const { token } = await registerUser(t);
    const p = await createTestProduct(t); // SKU 0 has 5 pieces
    const answers = await Promise.all(Array.from({ length: 8 }, () => change(token, line(p, 0, 1), en)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
    for (const r of answers.filter((a) => a.statusCode !== 200)) expect(r.body).toMatch(/Insufficient inventory|Please enter the correct number of items/);
    expect(await count(token)).toBe(5);
    const rows = await t.ctx.db.select().from(cartItems).where(eq(cartItems.skuId, p.skuIds[0]!));
    expect(rows).toHaveLength(1);
  });

  it('counts the cart in one statement after the token check', async () => {
    const { token } = await registerUser(t);
    const { result, queries } = await countQueries(() => t.app.inject({ method: 'GET', url: '/p/shopCart/prodCount', headers: { authorization: token } }));
    expect(result.json()).toBe(0);
    expect(queries).toHaveLength(2);
  });

  it('stays consistent when a product is taken off the shelf after it was added', async () => {
    const { token } = await registerUser(t);
    const p = await createTestProduct(t);
    await change(token, line(p, 0, 2));
    await t.ctx.db.update(products).set({ status: 0 }).where(eq(products.id, p.prodId));
    expect((await change(token, line(p, 0, 1), en)).body).toBe('Product cannot be bought');
    // Taking it out of the cart still works.
    expect((await change(token, line(p, 0, -2))).statusCode).toBe(200);
    expect(await count(token)).toBe(0);
  });
});
