// Demo orders for buyer01 and buyer02 in every state: unpaid (cancelled by the job 30 minutes
// after the seed, as any order), paid and waiting to ship, shipped with packages and a live
// courier timeline, signed, faulty, completed (to review and reviewed) and cancelled, and a paid
// virtual order delivered by its voucher codes (decision 014). Times are
// relative to the seed time so the flows go on from there; the content is the same every run.
// Stock and sold numbers move as checkout and payment move them, and every balance payment has
// its ledger row (with a first top-up), so the ledger sums to the wallet balance.
import { and, asc, eq, gt, inArray, or } from 'drizzle-orm';
import { DELIVERY_TYPE, ORDER_MOLD, ORDER_STATUS, PAY_TYPE } from '@bazaar/shared/constants/order-status';
import { AUTO_CANCEL_JOB, AUTO_RECEIPT_JOB } from '../../modules/order/lifecycle.ts';
import { scheduleJob } from '../../lib/jobs.ts';
import { nextSerialNumber } from '../../lib/serial-number.ts';
import { addSold, releaseStock, takeStock } from '../../modules/product/stock.ts';
import { COURIER_JOB } from '../../modules/logistics/tracking.ts';

import { buildOrderRows, insertOrderRows } from '../../modules/order/order-rows.ts';
import { CLOSE_TYPE } from '../../modules/order/transitions.ts';
import { issueVoucherCodes } from '../../modules/order/vouchers.ts';
import { freightFee } from '../../modules/shop/freight.ts';
import { isFaultyWaybill, planRoute, routeAt } from '../../providers/courier/sandbox-courier.ts';
import type { Db, Tx } from '../client.ts';
import {
  balanceLogs,
  deliveryCompanies,
  deliveryTraces,
  orderDeliveries,
  orderDeliveryItems,
  orders,
  payments,
  products,
  reviews,
  shops,
  skus,
  userWallets,
} from '../schema.ts';
import { demoUserId } from './seed.ts';
import { DAY_MS } from './site-data.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;
/** The sandbox step of the demo packages (the production default), fixed with each package. */
const DEMO_STEP_MS = 3 * HOUR;
/** ORDER_UNPAID_TIMEOUT_MINUTES and ORDER_AUTO_RECEIPT_DAYS at their defaults. */
const UNPAID_TIMEOUT_MS = 30 * MINUTE;
const AUTO_RECEIPT_MS = 15 * DAY_MS;

type Kind = 'unpaid' | 'toShip' | 'shipped' | 'signed' | 'faulty' | 'toReview' | 'reviewed' | 'cancelled' | 'expired' | 'virtual';

interface DemoOrder {
  buyer: 'buyer01' | 'buyer02';
  kind: Kind;
  /** Index among the open shops (by id); a virtual order takes the first shop that sells virtual goods. */
  shop: number;
  /** How many different products, and pieces of each. */
  lines: number;
  count: number;
  /** Hours before the seed when it was placed. */
  placedHoursAgo: number;
  payType?: number;
  remarks?: string;
}

const DEMO_ORDERS: DemoOrder[] = [
  { buyer: 'buyer01', kind: 'unpaid', shop: 2, lines: 1, count: 1, placedHoursAgo: 0 },
  { buyer: 'buyer01', kind: 'toShip', shop: 0, lines: 2, count: 1, placedHoursAgo: 2, payType: PAY_TYPE.balance, remarks: '请用纸箱包装，谢谢' },
  { buyer: 'buyer01', kind: 'shipped', shop: 1, lines: 2, count: 1, placedHoursAgo: 6, payType: PAY_TYPE.balance },
  { buyer: 'buyer01', kind: 'signed', shop: 3, lines: 1, count: 2, placedHoursAgo: 3 * 24, payType: PAY_TYPE.alipay },
  { buyer: 'buyer01', kind: 'faulty', shop: 4, lines: 1, count: 1, placedHoursAgo: 4 * 24, payType: PAY_TYPE.wechat },
  { buyer: 'buyer01', kind: 'toReview', shop: 2, lines: 2, count: 1, placedHoursAgo: 12 * 24, payType: PAY_TYPE.alipay },
  { buyer: 'buyer01', kind: 'reviewed', shop: 5, lines: 1, count: 1, placedHoursAgo: 40 * 24, payType: PAY_TYPE.balance },
  { buyer: 'buyer01', kind: 'cancelled', shop: 6, lines: 1, count: 1, placedHoursAgo: 3 * 24 },
  { buyer: 'buyer01', kind: 'expired', shop: 7, lines: 1, count: 2, placedHoursAgo: 6 * 24 },
  { buyer: 'buyer01', kind: 'virtual', shop: 0, lines: 1, count: 2, placedHoursAgo: 26, payType: PAY_TYPE.alipay },
  { buyer: 'buyer02', kind: 'unpaid', shop: 8, lines: 2, count: 1, placedHoursAgo: 0 },
  { buyer: 'buyer02', kind: 'toShip', shop: 9, lines: 1, count: 1, placedHoursAgo: 5, payType: PAY_TYPE.wechat, remarks: 'Please ship before Friday' },
  { buyer: 'buyer02', kind: 'shipped', shop: 0, lines: 1, count: 2, placedHoursAgo: 20, payType: PAY_TYPE.balance },
  { buyer: 'buyer02', kind: 'toReview', shop: 3, lines: 1, count: 1, placedHoursAgo: 18 * 24, payType: PAY_TYPE.alipay },
  { buyer: 'buyer02', kind: 'cancelled', shop: 1, lines: 1, count: 1, placedHoursAgo: 2 * 24 },
];

const ADDRESSES = {
  buyer01: { receiver: '张小北', mobile: '13800000001', provinceId: 330000, province: '浙江省', cityId: 330100, city: '杭州市', areaId: 330106, area: '西湖区', addr: '文三路 90 号东部软件园 3 号楼 502 室' },
  buyer02: { receiver: 'Lily Chen', mobile: '13800000002', provinceId: 310000, province: '上海市', cityId: 310100, city: '上海市', areaId: 310115, area: '浦东新区', addr: '世纪大道 100 号 15 楼' },
};

/** Each demo buyer's balance movements besides the payments and the first top-up (type 1 top-up, 2 gift, 5 adjustment). */
const BALANCE_HISTORY: Record<'buyer01' | 'buyer02', Array<{ daysAgo: number; type: 1 | 2 | 5; ioType: 0 | 1; amount: number }>> = {
  buyer01: [
    { daysAgo: 60, type: 2, ioType: 1, amount: 5_000 },
    { daysAgo: 25, type: 5, ioType: 1, amount: 2_000 },
    { daysAgo: 12, type: 1, ioType: 1, amount: 10_000 },
    { daysAgo: 12, type: 2, ioType: 1, amount: 500 },
    { daysAgo: 5, type: 5, ioType: 0, amount: 1_000 },
  ],
  buyer02: [
    { daysAgo: 18, type: 5, ioType: 1, amount: 500 },
    { daysAgo: 3, type: 1, ioType: 1, amount: 5_000 },
  ],
};

const REVIEW_TEXT = '包装完好，质量不错，物流也很快，好评！';

/** Where each state stands: hours after placing for payment, shipment and the end. */
function timeline(kind: Kind, placedAt: Date) {
  const at = (hours: number) => new Date(placedAt.getTime() + hours * HOUR);
  switch (kind) {
    case 'unpaid':
      return { status: ORDER_STATUS.unpaid };
    case 'cancelled':
      return { status: ORDER_STATUS.cancelled, closeType: CLOSE_TYPE.buyer, cancelTime: at(0.1) };
    case 'expired':
      return { status: ORDER_STATUS.cancelled, closeType: CLOSE_TYPE.timeout, cancelTime: new Date(placedAt.getTime() + UNPAID_TIMEOUT_MS) };
    case 'toShip':
      return { status: ORDER_STATUS.paid, payTime: at(0.05) };
    case 'virtual':
      return { status: ORDER_STATUS.shipped, payTime: at(0.05), dvyTime: at(0.05) };
    case 'shipped':
      return { status: ORDER_STATUS.shipped, payTime: at(0.05), dvyTime: at(2) };
    case 'signed':
    case 'faulty':
      return { status: ORDER_STATUS.shipped, payTime: at(0.05), dvyTime: at(20) };
    case 'toReview':
      return { status: ORDER_STATUS.completed, payTime: at(0.05), dvyTime: at(18), finallyTime: at(4 * 24) };
    case 'reviewed':
      return { status: ORDER_STATUS.completed, payTime: at(0.05), dvyTime: at(18), finallyTime: at(5 * 24) };
  }
}

/** Products of a shop (physical) or of any open shop (virtual) with enough stock, one SKU each, always the same ones. */
async function pickLines(tx: Tx, from: { shopId: number } | { virtual: true }, lines: number, offset: number) {
  const where = 'shopId' in from ? and(eq(products.shopId, from.shopId), eq(products.mold, ORDER_MOLD.physical)) : and(eq(products.mold, ORDER_MOLD.virtual), eq(shops.status, 1));
  const rows = await tx
    .select({ skuId: skus.id, productId: products.id, shopId: products.shopId, nameZh: products.nameZh, nameEn: products.nameEn, skuZh: skus.nameZh, skuEn: skus.nameEn, price: skus.price, weight: skus.weight, pic: products.pic })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(where, eq(products.status, 1), eq(skus.status, 1), or(eq(skus.stocks, -1), gt(skus.stocks, 20))))
    .orderBy(asc(products.id), asc(skus.id));
  const byProduct = new Map<number, (typeof rows)[number]>();
  for (const r of rows) if (!byProduct.has(r.productId)) byProduct.set(r.productId, r);
  const distinct = [...byProduct.values()];
  return Array.from({ length: lines }, (_, i) => distinct[(offset + i) % distinct.length]!);
}

/** A waybill of the demo, faulty or not as the order needs (the sandbox decides by number). */
function demoWaybill(prefix: string, seq: number, faulty: boolean): string {
  for (let n = seq * 1000; ; n++) {
    const waybill = `${prefix}${String(8_800_000_000 + n)}`;
    if (isFaultyWaybill(waybill) === faulty) return waybill;
  }
}

export async function seedOrders(db: Db, now: Date = new Date()): Promise<void> {
  const buyerIds = { buyer01: demoUserId('buyer01'), buyer02: demoUserId('buyer02') };
  const [existing] = await db.select({ orderNumber: orders.orderNumber }).from(orders).where(inArray(orders.userId, Object.values(buyerIds))).limit(1);
  if (existing) return;
  const wallets = await db.select({ userId: userWallets.userId }).from(userWallets).where(inArray(userWallets.userId, Object.values(buyerIds)));
  if (wallets.length !== 2) return; // not the demo mall

  await db.transaction(async (tx) => {
    const openShops = await tx
      .select({ id: shops.id, city: shops.city, freightRule: shops.freightRule })
      .from(shops)
      .where(eq(shops.status, 1))
      .orderBy(asc(shops.id));
    const couriers = await tx.select({ id: deliveryCompanies.id, code: deliveryCompanies.code, nameZh: deliveryCompanies.nameZh }).from(deliveryCompanies).orderBy(asc(deliveryCompanies.seq));
    const spent = { buyer01: 0, buyer02: 0 };
    const balancePayments: Array<{ buyer: 'buyer01' | 'buyer02'; payNo: string; amount: number; orderNumber: string; at: Date }> = [];

    for (const [index, demo] of DEMO_ORDERS.entries()) {
      const virtual = demo.kind === 'virtual';
      const userId = buyerIds[demo.buyer];
      const placedAt = new Date(now.getTime() - demo.placedHoursAgo * HOUR - (demo.placedHoursAgo ? 0 : 5 * MINUTE));
      const state = timeline(demo.kind, placedAt);
      const lines = await pickLines(tx, virtual ? { virtual: true } : { shopId: openShops[demo.shop % openShops.length]!.id }, demo.lines, index);
      const shop = virtual ? openShops.find((s) => s.id === lines[0]!.shopId)! : openShops[demo.shop % openShops.length]!;
      const stockLines = lines.map((l) => ({ skuId: l.skuId, count: demo.count }));
      // Checkout reserved the stock; a cancelled order gave it back.
      const short = await takeStock(tx, stockLines);
      if (short !== null) throw new Error(`demo order stock: SKU ${short} is short`);
      if (state.status === ORDER_STATUS.cancelled) await releaseStock(tx, stockLines);

      const total = lines.reduce((sum, l) => sum + l.price * demo.count, 0);
      const freight = virtual ? 0 : freightFee(shop.freightRule, { pieces: lines.length * demo.count, grams: lines.reduce((g, l) => g + l.weight * demo.count, 0), goods: total }, ADDRESSES[demo.buyer].provinceId);
      const orderNumber = nextSerialNumber(placedAt.getTime());
      const paid = 'payTime' in state && !!state.payTime;
      const payNo = paid ? nextSerialNumber(state.payTime!.getTime()) : null;
      const items = await insertOrderRows(
        tx,
        buildOrderRows({
          orderNumber,
          userId,
          shopId: shop.id,
          status: state.status,
          orderMold: virtual ? ORDER_MOLD.virtual : ORDER_MOLD.physical,
          dvyType: virtual ? DELIVERY_TYPE.none : DELIVERY_TYPE.express,
          prodName: lines.map((l) => l.nameZh).join(','),
          freight,
          remarks: demo.remarks ?? null,
          placedAt,
          updatedAt: now,
          // Virtual goods are not shipped, so their orders keep no address; their codes are the delivery.
          address: virtual ? null : ADDRESSES[demo.buyer],
          lines: lines.map((l) => ({
            productId: l.productId,
            skuId: l.skuId,
            prodNameZh: l.nameZh,
            prodNameEn: l.nameEn,
            skuNameZh: l.skuZh,
            skuNameEn: l.skuEn,
            pic: l.pic,
            price: l.price,
            count: demo.count,
            commSts: demo.kind === 'reviewed' ? 1 : 0,
          })),
          extra: {
            payType: paid ? demo.payType! : null,
            payNo,
            isPayed: paid,
            payTime: 'payTime' in state ? state.payTime : null,
            dvyTime: 'dvyTime' in state ? state.dvyTime : null,
            finallyTime: 'finallyTime' in state ? state.finallyTime : null,
            cancelTime: 'cancelTime' in state ? state.cancelTime : null,
            closeType: 'closeType' in state ? state.closeType : null,
          },
        }),
      );
      if (virtual) await issueVoucherCodes(tx, [orderNumber], state.payTime!);

      if (state.status === ORDER_STATUS.unpaid) {
        await scheduleJob(tx, { kind: AUTO_CANCEL_JOB, ref: orderNumber, runAt: new Date(placedAt.getTime() + UNPAID_TIMEOUT_MS) });
      }
      if (paid) {
        await addSold(tx, lines.map((l) => ({ productId: l.productId, count: demo.count })));
        const amount = total + freight;
        await tx.insert(payments).values({
          payNo: payNo!,
          userId,
          payEntry: 0,
          payType: demo.payType!,
          orderNumbers: orderNumber,
          amount,
          status: 1,
          providerTradeNo: demo.payType === PAY_TYPE.balance ? null : `${demo.payType === PAY_TYPE.alipay ? '2026' : '4200'}${payNo!.slice(-16)}`,
          expiresAt: new Date(placedAt.getTime() + UNPAID_TIMEOUT_MS),
          paidAt: state.payTime!,
          createdAt: placedAt,
          updatedAt: state.payTime!,
        });
        if (demo.payType === PAY_TYPE.balance) {
          spent[demo.buyer] += amount;
          balancePayments.push({ buyer: demo.buyer, payNo: payNo!, amount, orderNumber, at: state.payTime! });
        }
      }
      if (demo.kind === 'reviewed') {
        await tx.insert(reviews).values(
          items.map((item) => ({
            productId: item.productId,
            orderItemId: item.id,
            orderNumber,
            userId,
            shopId: shop.id,
            skuNameZh: item.skuNameZh,
            skuNameEn: item.skuNameEn,
            score: 5,
            evaluate: 0,
            content: REVIEW_TEXT,
            createdAt: new Date(state.finallyTime!.getTime() + HOUR),
          })),
        );
      }

      if ('dvyTime' in state && state.dvyTime) {
        const dvyTime = state.dvyTime;
        // Two-line orders travel as two packages with different couriers; virtual goods in none.
        const packages = virtual ? [] : demo.lines > 1 ? items.map((item) => [item]) : [items];
        for (const [p, packed] of packages.entries()) {
          const courier = couriers[(index + p) % couriers.length]!;
          const waybill = demoWaybill(courier.code, index * 10 + p, demo.kind === 'faulty');
          const request = { companyCode: courier.code, companyName: courier.nameZh, waybill, shippedAt: dvyTime, fromCity: shop.city, toCity: ADDRESSES[demo.buyer].city, toArea: ADDRESSES[demo.buyer].area, stepMs: DEMO_STEP_MS };
          const route = routeAt(planRoute(request, DEMO_STEP_MS), demo.kind === 'toReview' || demo.kind === 'reviewed' ? new Date(dvyTime.getTime() + 30 * DAY_MS) : now);
          const [delivery] = await tx
            .insert(orderDeliveries)
            .values({ orderNumber, dvyId: courier.id, dvyName: courier.nameZh, dvyFlowId: waybill, state: route.state, createdAt: dvyTime, updatedAt: route.events.at(-1)?.time ?? dvyTime })
            .returning({ id: orderDeliveries.id });
          await tx.insert(orderDeliveryItems).values(packed.map((item) => ({ deliveryId: delivery!.id, orderItemId: item.id, count: demo.count })));
          if (route.events.length) {
            await tx.insert(deliveryTraces).values(route.events.map((e) => ({ deliveryId: delivery!.id, acceptTime: e.time, acceptStation: e.station, state: e.state, message: e.message ?? null })));
          }
          if (route.nextCheckAt && state.status === ORDER_STATUS.shipped) {
            await scheduleJob(tx, { kind: COURIER_JOB, ref: `${delivery!.id}:${route.events.length + 1}`, runAt: route.nextCheckAt, payload: { deliveryId: delivery!.id, stepMs: DEMO_STEP_MS } });
          }
        }
        if (state.status === ORDER_STATUS.shipped) {
          await scheduleJob(tx, { kind: AUTO_RECEIPT_JOB, ref: orderNumber, runAt: new Date(dvyTime.getTime() + AUTO_RECEIPT_MS) });
        }
      }
    }

    // The ledger: a history of top-ups (with a preset's gift), staff adjustments and the demo
    // payments, whose first top-up is sized so that it leaves the advertised balance.
    const wallet = await tx.select({ userId: userWallets.userId, balance: userWallets.balance }).from(userWallets).where(inArray(userWallets.userId, Object.values(buyerIds)));
    for (const buyer of ['buyer01', 'buyer02'] as const) {
      const balance = wallet.find((w) => w.userId === buyerIds[buyer])?.balance ?? 0;
      const history = BALANCE_HISTORY[buyer];
      const rest = history.reduce((sum, h) => sum + (h.ioType === 1 ? h.amount : -h.amount), 0);
      const topUpAt = new Date(now.getTime() - 60 * DAY_MS);
      await tx.insert(balanceLogs).values([
        { userId: buyerIds[buyer], changeBalance: balance + spent[buyer] - rest, ioType: 1, type: 1, payNo: nextSerialNumber(topUpAt.getTime()), isPayed: true, payTime: topUpAt, createdAt: topUpAt },
        ...history.map((h) => {
          const at = new Date(now.getTime() - h.daysAgo * DAY_MS);
          return { userId: buyerIds[buyer], changeBalance: h.amount, ioType: h.ioType, type: h.type, bizId: h.type === 5 ? 'staff:seed' : null, isPayed: true, payTime: at, createdAt: at };
        }),
      ]);
    }
    if (balancePayments.length) {
      await tx.insert(balanceLogs).values(
        balancePayments.map((p) => ({ userId: buyerIds[p.buyer], changeBalance: p.amount, ioType: 0, type: 3, payNo: p.payNo, bizId: p.orderNumber, isPayed: true, payTime: p.at, createdAt: p.at })),
      );
    }
  });
}
