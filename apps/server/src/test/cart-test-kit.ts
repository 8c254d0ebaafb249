// Factories for cart tests: products in the seeded open shops and lines added through the API.
import { asc, eq } from 'drizzle-orm';
import { CartInfoSchema } from '@bazaar/shared/schemas/cart-view';
import { expect } from 'vitest';
import { products, shops } from '../db/schema.ts';
import type { TestApp } from './test-app.ts';
import { createTestProduct, type TestProduct, type TestProductOptions } from './product-test-kit.ts';

/** The id of the n-th (0-based) open shop of the seeded mall. */
export async function openShopId(t: TestApp, n: number): Promise<number> {
  const rows = await t.ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.status, 1)).orderBy(asc(shops.id)).limit(n + 1);
  const row = rows[n];
  if (!row) throw new Error(`the seed has no open shop number ${n}`);
  return row.id;
}

/** A test product sold by the n-th open shop. */
export async function createShopProduct(t: TestApp, n: number, options: TestProductOptions = {}): Promise<TestProduct> {
  const p = await createTestProduct(t, options);
  const shopId = await openShopId(t, n);
  if (shopId !== p.shopId) await t.ctx.db.update(products).set({ shopId }).where(eq(products.id, p.prodId));
  return { ...p, shopId };
}

/** Puts `count` pieces of a SKU in the user's cart through the API; answers the basketId. */
export async function addLine(t: TestApp, token: string, p: TestProduct, sku: number, count: number): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/p/shopCart/changeItem',
    headers: { authorization: token, 'content-type': 'application/json' },
    payload: JSON.stringify({ basketId: 0, prodId: p.prodId, skuId: p.skuIds[sku], shopId: p.shopId, count }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const info = await t.app.inject({ method: 'POST', url: '/p/shopCart/info', headers: { authorization: token, 'content-type': 'application/json' }, payload: '[]' });
  const items = CartInfoSchema.parse(info.json()).flatMap((shop) => shop.shopCartItemDiscounts.flatMap((group) => group.shopCartItems));
  const line = items.find((item) => item.skuId === p.skuIds[sku]);
  if (!line) throw new Error('the line just added is not in the cart');
  return line.basketId;
}
