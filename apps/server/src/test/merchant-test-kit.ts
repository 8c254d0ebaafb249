// Factories for the shipping tests: paid orders written as rows (checkout and payment belong to
// other modules), a shop's merchant login through the API, and a job runner that drains due jobs.
import { and, asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { ORDER_STATUS, PAY_TYPE } from '@bazaar/shared/constants/order-status';
import { MerchantTokenSchema } from '@bazaar/shared/schemas/merchant';
import { merchantAccounts, orderItems, orders, products, shops, skus } from '../db/schema.ts';
import { buildOrderRows, insertOrderRows } from '../modules/order/order-rows.ts';
import { jobHandlers } from '../jobs.ts';
import { runDueJobs } from '../lib/jobs.ts';
import { nextSerialNumber } from '../lib/serial-number.ts';
import type { TestApp } from './test-app.ts';
import { cipherOf, json, registerUser, type RegisteredUser } from './account-test-kit.ts';

export const MERCHANT_PASSWORD = 'merchant123';

export interface Buyer extends RegisteredUser {
  userId: string;
}

export async function registerBuyer(t: TestApp): Promise<Buyer> {
  const user = await registerUser(t);
  const info = await t.app.inject({ method: 'GET', url: '/p/user/userInfo', headers: { authorization: user.token } });
  return { ...user, userId: info.json().userId as string };
}

/** Open shops with an enabled merchant account of the kit's kind (shop<id> / merchant123), by id. */
export async function openShopIds(t: TestApp): Promise<number[]> {
  const rows = await t.ctx.db
    .select({ id: shops.id })
    .from(shops)
    .innerJoin(merchantAccounts, eq(merchantAccounts.shopId, shops.id))
    .where(and(eq(shops.status, 1), eq(merchantAccounts.status, 1), eq(merchantAccounts.username, sql`'shop' || ${shops.id}`)))
    .orderBy(asc(shops.id));
  return rows.map((r) => r.id);
}

export async function merchantLogin(t: TestApp, shopId: number): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/merchant/login', ...json({ username: `shop${shopId}`, password: cipherOf(t, MERCHANT_PASSWORD) }) });
  expect(res.statusCode, res.body).toBe(200);
  return MerchantTokenSchema.parse(res.json()).accessToken;
}

export interface TestOrder {
  orderNumber: string;
  shopId: number;
  items: Array<{ id: number; prodCount: number }>;
}

/** A paid (status 2) express order of `shopId` for the buyer: `lines` SKUs of the shop, `count` pieces each. */
export async function createPaidOrder(t: TestApp, buyer: Buyer, shopId: number, options: { lines?: number; count?: number; status?: number } = {}): Promise<TestOrder> {
  const lines = options.lines ?? 2;
  const count = options.count ?? 2;
  const picked = await t.ctx.db
    .select({ skuId: skus.id, productId: products.id, nameZh: products.nameZh, nameEn: products.nameEn, skuZh: skus.nameZh, skuEn: skus.nameEn, price: skus.price, pic: products.pic })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(products.shopId, shopId), eq(products.status, 1), eq(products.mold, 0), eq(skus.status, 1)))
    .orderBy(asc(skus.id))
    .limit(lines);
  expect(picked.length).toBe(lines);
  const orderNumber = nextSerialNumber();
  const now = t.ctx.now();
  const status = options.status ?? ORDER_STATUS.paid;
  const paid = status !== ORDER_STATUS.unpaid;
  await t.ctx.db.transaction(async (tx) => {
    await insertOrderRows(
      tx,
      buildOrderRows({
        orderNumber,
        userId: buyer.userId,
        shopId,
        status,
        prodName: picked.map((p) => p.nameZh).join(','),
        remarks: '请尽快发货',
        placedAt: now,
        address: { receiver: '张三', mobile: '13912345678', provinceId: 330000, province: '浙江省', cityId: 330100, city: '杭州市', areaId: 330106, area: '西湖区', addr: '文三路 90 号' },
        lines: picked.map((p) => ({
          productId: p.productId,
          skuId: p.skuId,
          prodNameZh: p.nameZh,
          prodNameEn: p.nameEn,
          skuNameZh: p.skuZh,
          skuNameEn: p.skuEn,
          pic: p.pic,
          price: p.price,
          count,
        })),
        extra: { payType: paid ? PAY_TYPE.balance : null, isPayed: paid, payTime: paid ? now : null },
      }),
    );
  });
  const items = await t.ctx.db.select({ id: orderItems.id, prodCount: orderItems.prodCount }).from(orderItems).where(eq(orderItems.orderNumber, orderNumber)).orderBy(asc(orderItems.id));
  return { orderNumber, shopId, items };
}

export async function orderStatus(t: TestApp, orderNumber: string): Promise<number | undefined> {
  const [row] = await t.ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.orderNumber, orderNumber));
  return row?.status;
}

/** Runs every due job at the app's clock until none is left. */
export async function drainJobs(t: TestApp): Promise<void> {
  while ((await runDueJobs(t.ctx.db, jobHandlers(t.ctx), t.ctx.now())) > 0);
}
