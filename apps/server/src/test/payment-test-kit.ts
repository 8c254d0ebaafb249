// Factories for the payment tests: shoppers through the real API, unpaid orders written straight
// into the database (placing orders is the checkout's business and has its own tests), and a
// balance topped up with its ledger row, as a top-up would leave it.
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { balanceLogs, orders, userWallets } from '../db/schema.ts';
import { buildOrderRows, insertOrderRows } from '../modules/order/order-rows.ts';
import { scheduleJob } from '../lib/jobs.ts';
import { nextSerialNumber } from '../lib/serial-number.ts';
import type { TestApp } from './test-app.ts';
import { registerUser, type RegisteredUser } from './account-test-kit.ts';
import { createTestProduct } from './product-test-kit.ts';
import { AUTO_CANCEL_JOB } from '../modules/order/lifecycle.ts';

export interface TestShopper extends RegisteredUser {
  userId: string;
}

export async function createShopper(t: TestApp): Promise<TestShopper> {
  const user = await registerUser(t);
  const info = await t.app.inject({ method: 'GET', url: '/p/user/userInfo', headers: { authorization: user.token } });
  expect(info.statusCode, info.body).toBe(200);
  return { ...user, userId: info.json().userId as string };
}

/** Adds to the balance with a top-up ledger row (type 1, in). */
export async function topUpBalance(t: TestApp, userId: string, fen: number): Promise<void> {
  await t.ctx.db.transaction(async (tx) => {
    await tx
      .insert(userWallets)
      .values({ userId, balance: fen })
      .onConflictDoUpdate({ target: userWallets.userId, set: { balance: sql`${userWallets.balance} + ${fen}` } });
    await tx.insert(balanceLogs).values({ userId, changeBalance: fen, ioType: 1, type: 1, isPayed: true, payTime: t.ctx.now() });
  });
}

/** In minus out over the settled ledger rows. */
export async function ledgerSum(t: TestApp, userId: string): Promise<number> {
  const [row] = await t.ctx.db
    .select({ sum: sql<number>`coalesce(sum(case when ${balanceLogs.ioType} = 1 then ${balanceLogs.changeBalance} else -${balanceLogs.changeBalance} end), 0)::bigint` })
    .from(balanceLogs)
    .where(and(eq(balanceLogs.userId, userId), eq(balanceLogs.isPayed, true)));
  return Number(row?.sum ?? 0);
}

export async function walletBalance(t: TestApp, userId: string): Promise<number> {
  const [row] = await t.ctx.db.select({ balance: userWallets.balance }).from(userWallets).where(eq(userWallets.userId, userId));
  return row?.balance ?? 0;
}

export interface TestOrder {
  orderNumber: string;
  productId: number;
  amount: number;
  count: number;
}

/** One unpaid order per entry (each of its own new product), as a submit leaves them, auto-cancel job included. */
export async function createUnpaidOrders(t: TestApp, userId: string, entries: Array<{ price?: number; count?: number; freight?: number }>): Promise<TestOrder[]> {
  const made: TestOrder[] = [];
  for (const entry of entries) {
    const price = entry.price ?? 1_990;
    const count = entry.count ?? 1;
    const freight = entry.freight ?? 0;
    const product = await createTestProduct(t, { skus: [{ properties: '颜色:蓝色', nameZh: '蓝色', nameEn: 'Blue', price, stocks: 100 }] });
    const orderNumber = nextSerialNumber();
    const now = t.ctx.now();
    const amount = price * count + freight;
    await t.ctx.db.transaction(async (tx) => {
      await insertOrderRows(
        tx,
        buildOrderRows({
          orderNumber,
          userId,
          shopId: product.shopId,
          prodName: product.nameZh,
          freight,
          placedAt: now,
          address: { receiver: '张三', mobile: '13800138000', provinceId: 330000, province: '浙江省', cityId: 330100, city: '杭州市', areaId: 330106, area: '西湖区', addr: '文三路 100 号' },
          lines: [
            {
              productId: product.prodId,
              skuId: product.skuIds[0]!,
              prodNameZh: product.nameZh,
              prodNameEn: `Test product ${orderNumber.slice(-6)}`,
              skuNameZh: '蓝色',
              skuNameEn: 'Blue',
              price,
              count,
            },
          ],
        }),
      );
      await scheduleJob(tx, { kind: AUTO_CANCEL_JOB, ref: orderNumber, runAt: new Date(now.getTime() + t.ctx.env.ORDER_UNPAID_TIMEOUT_MINUTES * 60_000) });
    });
    made.push({ orderNumber, productId: product.prodId, amount, count });
  }
  return made;
}

export async function orderRow(t: TestApp, orderNumber: string) {
  const [row] = await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return row!;
}

export const authed = (token: string, lang: 'zh' | 'en' = 'zh') => ({ authorization: token, 'accept-language': lang });
