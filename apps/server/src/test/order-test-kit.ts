// Factories for tests that need orders: products of their own in chosen shops (through
// product-test-kit.ts), and everything else through the API as a browser does it (address, cart, confirm, submit).
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ConfirmResultSchema, SubmitResultSchema, type ConfirmResult } from '@bazaar/shared/schemas/order';
import { AddressSchema } from '@bazaar/shared/schemas/address';
import { shops, skus, users } from '../db/schema.ts';
import type { TestApp } from './test-app.ts';
import { FREIGHT_CHARGE } from '@bazaar/shared/schemas/freight';
import { json, registerUser, type RegisteredUser } from './account-test-kit.ts';
import { createTestProduct } from './product-test-kit.ts';

export interface OpenShop {
  id: number;
  freight: number;
  freeFreightFrom: number | null;
}

/**
 * The seeded open shops with a flat fee per order, self-run first: [0] has free freight, [1]
 * charges freight. `freight` and `freeFreightFrom` are the rule's everywhere values: the test
 * shoppers' addresses are in no province a demo rule lists.
 */
export async function openShops(t: TestApp): Promise<OpenShop[]> {
  const rows = await t.ctx.db
    .select({ id: shops.id, rule: shops.freightRule })
    .from(shops)
    .where(eq(shops.status, 1))
    .orderBy(asc(shops.type), asc(shops.id));
  return rows
    .filter((r) => r.rule.chargeType === FREIGHT_CHARGE.perOrder)
    .map((r) => ({ id: r.id, freight: r.rule.base.firstFee, freeFreightFrom: r.rule.freeFrom }));
}

export interface OrderTestProduct {
  prodId: number;
  skuId: number;
  shopId: number;
  nameZh: string;
  nameEn: string;
}

/** A product with one SKU in the given shop (createTestProduct, the one product factory of the tests). */
export async function createProductIn(
  t: TestApp,
  shopId: number,
  options: { price?: number; stocks?: number; mold?: 0 | 1; status?: number; prodType?: number } = {},
): Promise<OrderTestProduct> {
  const { price = 5_000, stocks = 100, ...rest } = options;
  const product = await createTestProduct(t, { ...rest, shopId, skus: [{ properties: '颜色:红色', nameZh: '红色', nameEn: 'Red', price, stocks }] });
  return { prodId: product.prodId, skuId: product.skuIds[0]!, shopId, nameZh: product.nameZh, nameEn: product.nameEn! };
}

export async function skuStock(t: TestApp, skuId: number): Promise<number> {
  const [row] = await t.ctx.db.select({ stocks: skus.stocks }).from(skus).where(eq(skus.id, skuId));
  return row!.stocks;
}

export const as = (user: RegisteredUser, headers: Record<string, string> = {}) => ({ authorization: user.token, ...headers });

export async function addAddress(t: TestApp, user: RegisteredUser, overrides: Record<string, unknown> = {}) {
  const body = { receiver: '张三', mobile: '13912345678', provinceId: 330000, cityId: 330100, areaId: 330106, addr: '文三路 90 号', commonAddr: false, ...overrides };
  const res = await t.app.inject({ method: 'POST', url: '/p/address/addAddr', ...json(body, { headers: as(user) }) });
  expect(res.statusCode, res.body).toBe(200);
  return AddressSchema.parse(res.json());
}

export async function addToCart(t: TestApp, user: RegisteredUser, product: OrderTestProduct, count = 1) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/p/shopCart/changeItem',
    ...json({ basketId: 0, prodId: product.prodId, skuId: product.skuId, shopId: product.shopId, count }, { headers: as(user) }),
  });
  expect(res.statusCode, res.body).toBe(200);
}

export function confirmRequest(t: TestApp, user: RegisteredUser, body: Record<string, unknown>, lang: 'zh' | 'en' = 'en') {
  return t.app.inject({ method: 'POST', url: '/p/order/confirm', ...json(body, { headers: as(user, { 'accept-language': lang }) }) });
}

export function submitRequest(t: TestApp, user: RegisteredUser, body: Record<string, unknown>, lang: 'zh' | 'en' = 'en') {
  return t.app.inject({ method: 'POST', url: '/p/order/submit', ...json(body, { headers: as(user, { 'accept-language': lang }) }) });
}

export async function confirm(t: TestApp, user: RegisteredUser, body: Record<string, unknown>): Promise<ConfirmResult> {
  const res = await confirmRequest(t, user, body);
  expect(res.statusCode, res.body).toBe(200);
  return ConfirmResultSchema.parse(res.json());
}

/** Confirms and submits a checkout (buy now when `item` is given, else the ticked cart); answers the order numbers. */
export async function placeOrder(
  t: TestApp,
  user: RegisteredUser,
  item?: { product: OrderTestProduct; count?: number },
  remarks: Record<number, string> = {},
): Promise<string[]> {
  const uuid = randomUUID();
  const orderItem = item ? { prodId: item.product.prodId, skuId: item.product.skuId, shopId: item.product.shopId, prodCount: item.count ?? 1 } : undefined;
  const confirmed = await confirm(t, user, { addrId: 0, orderItem, uuid });
  const res = await submitRequest(t, user, {
    uuid,
    orderShopParams: confirmed.shopCartOrders.map((o) => ({ shopId: o.shopId, remarks: remarks[o.shopId] ?? '' })),
  });
  expect(res.statusCode, res.body).toBe(200);
  return SubmitResultSchema.parse(res.json()).orderNumbers.split(',');
}

/** A registered shopper with a default address. */
export async function shopperWithAddress(t: TestApp): Promise<RegisteredUser> {
  const user = await registerUser(t);
  await addAddress(t, user);
  return user;
}

export async function userIdOf(t: TestApp, user: RegisteredUser): Promise<string> {
  const [row] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.mobile, user.mobile));
  return row!.id;
}
