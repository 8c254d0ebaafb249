// Factories and calls for the after-sales request tests (decision 059): an order of a kit shop
// (one with a shop<id> merchant account) in the state a test needs, written by the order factory,
// and the shopper's, merchant's and staff's calls.
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ORDER_STATUS, PAY_TYPE } from '@bazaar/shared/constants/order-status';
import { RefundDetailSchema, type RefundApplyInput } from '@bazaar/shared/schemas/refund';
import { orderItems, products, skus } from '../db/schema.ts';
import { nextSerialNumber } from '../lib/serial-number.ts';
import { buildOrderRows, insertOrderRows } from '../modules/order/order-rows.ts';
import { json } from './account-test-kit.ts';
import { merchantLogin, openShopIds, type Buyer } from './merchant-test-kit.ts';
import { ensureSeeded } from './seeded.ts';
import type { TestApp } from './test-app.ts';
import { uploadImage } from './shop-application-test-kit.ts';

export type Lang = 'zh' | 'en';
const DAY = 86_400_000;

export interface RefundOrder {
  orderNumber: string;
  shopId: number;
  actualTotal: number;
  freight: number;
  items: Array<{ id: number; prodCount: number; actualTotal: number }>;
}

/**
 * An order of `shopId` for the buyer: `lines` SKUs at `price` fen, `count` pieces each, `freight`,
 * in `status` (2 paid, 3 shipped, 5 received `receivedAgoMs` before now), paid by balance.
 */
export async function refundOrder(
  t: TestApp,
  buyer: Buyer,
  shopId: number,
  options: { lines?: number; count?: number; price?: number; freight?: number; status?: number; receivedAgoMs?: number; orderType?: number; isRefund?: number; payType?: number } = {},
): Promise<RefundOrder> {
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
  const receivedAt = status === ORDER_STATUS.completed ? new Date(now.getTime() - (options.receivedAgoMs ?? DAY)) : null;
  const freight = options.freight ?? 0;
  await t.ctx.db.transaction(async (tx) => {
    await insertOrderRows(
      tx,
      buildOrderRows({
        orderNumber,
        userId: buyer.userId,
        shopId,
        status,
        freight,
        orderType: options.orderType,
        placedAt: new Date(now.getTime() - 20 * DAY),
        address: { receiver: '张三', mobile: '13912345678', provinceId: 330000, province: '浙江省', cityId: 330100, city: '杭州市', areaId: 330106, area: '西湖区', addr: '文三路 90 号' },
        lines: picked.map((p) => ({
          productId: p.productId,
          skuId: p.skuId,
          prodNameZh: p.nameZh,
          prodNameEn: p.nameEn,
          skuNameZh: p.skuZh,
          skuNameEn: p.skuEn,
          pic: p.pic,
          price: options.price ?? p.price,
          count,
          ...(options.isRefund !== undefined ? { isRefund: options.isRefund } : {}),
        })),
        extra: {
          payType: paid ? (options.payType ?? PAY_TYPE.balance) : null,
          isPayed: paid,
          payTime: paid ? new Date(now.getTime() - 19 * DAY) : null,
          dvyTime: status === ORDER_STATUS.shipped || status === ORDER_STATUS.completed ? new Date(now.getTime() - 10 * DAY) : null,
          finallyTime: receivedAt,
        },
      }),
    );
  });
  const items = await t.ctx.db
    .select({ id: orderItems.id, prodCount: orderItems.prodCount, actualTotal: orderItems.actualTotal })
    .from(orderItems)
    .where(eq(orderItems.orderNumber, orderNumber))
    .orderBy(asc(orderItems.id));
  return { orderNumber, shopId, actualTotal: items.reduce((n, i) => n + i.actualTotal, 0) + freight, freight, items };
}

export const shopperHeaders = (user: { token: string }, lang: Lang = 'en') => ({ authorization: user.token, 'accept-language': lang });

export function call(t: TestApp, user: { token: string } | null, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, lang: Lang = 'en') {
  const headers = { 'accept-language': lang, ...(user ? { authorization: user.token } : {}) };
  return body === undefined ? t.app.inject({ method, url, headers }) : t.app.inject({ method, url, ...json(body, { headers }) });
}

/** A valid apply body for one item (refund only, not received), overridable. */
export function applyBody(order: RefundOrder, overrides: Partial<RefundApplyInput> = {}): RefundApplyInput {
  const item = order.items[0]!;
  return {
    orderNumber: order.orderNumber,
    refundType: 2,
    orderItemId: item.id,
    goodsNum: 1,
    applyType: 1,
    isReceiver: 0,
    buyerReason: 2,
    buyerDesc: '包装破损',
    buyerMobile: '13800138000',
    photoFiles: [],
    refundAmount: Math.floor(item.actualTotal / item.prodCount),
    ...overrides,
  };
}

export async function apply(t: TestApp, user: { token: string }, body: RefundApplyInput, lang: Lang = 'en'): Promise<string> {
  const res = await call(t, user, 'POST', '/p/orderRefund/apply', body, lang);
  expect(res.statusCode, res.body).toBe(200);
  const refundSn = res.json() as string;
  expect(refundSn).toMatch(/^\d{19}$/);
  return refundSn;
}

export async function info(t: TestApp, user: { token: string }, refundSn: string, lang: Lang = 'en') {
  const res = await call(t, user, 'GET', `/p/orderRefund/info?refundSn=${refundSn}`, undefined, lang);
  expect(res.statusCode, res.body).toBe(200);
  return RefundDetailSchema.parse(res.json());
}

export function expectRefused(res: { statusCode: number; body: string }, message: string, status = 400): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.body).toBe(message);
}

/** Where the after-sales flow tests start: the seeded app, its first open shop and that shop's owner logged in. */
export async function seededShopOwner(): Promise<{ t: TestApp; shopId: number; owner: { token: string } }> {
  const t = await ensureSeeded();
  const shopId = (await openShopIds(t))[0]!;
  return { t, shopId, owner: { token: await merchantLogin(t, shopId) } };
}

/** A voucher picture this shopper uploaded (the apply and waybill calls take only the shopper's own uploads). */
export async function uploadedVoucher(t: TestApp, user: { token: string }): Promise<string> {
  const res = await uploadImage(t, user.token, 'public');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { path: string }).path;
}

