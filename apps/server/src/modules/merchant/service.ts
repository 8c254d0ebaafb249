// The merchant API's use cases: store-account login, the shop's orders and shipping them.
// Every order query is filtered by the shop of the token, so a shop never sees another's orders.
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES, type Language } from '@bazaar/shared/constants/limits';
import { DELIVERY_TYPE, ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import type { DeliveryInput, MerchantLoginInput, MerchantOrder, MerchantOrderDetail, MerchantOrderQuery, MerchantToken } from '@bazaar/shared/schemas/merchant';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { conflict, invalid } from '../../lib/app-error.ts';
import { scheduleJob, type JobHandler } from '../../lib/jobs.ts';
import type { CourierProvider } from '../../providers/courier/courier-provider.ts';
import { createCourierProvider } from '../../providers/courier/create-courier-provider.ts';
import { formatApiTime } from '../../lib/api-time.ts';
import { listOrderPackages } from '../logistics/service.ts';
import { startTracking } from '../logistics/tracking.ts';
import { markReceived, markShipped } from '../order/transitions.ts';
import * as repo from './repository.ts';

export const MERCHANT_TOKEN_TTL_MS = 12 * 3_600_000;
export const AUTO_RECEIPT_JOB = 'order.autoReceipt';
const DAY_MS = 86_400_000;

const pick = (lang: Language, zh: string | null, en: string | null) => (lang === 'en' && en ? en : (zh ?? ''));
const tokenKey = (token: string) => `merchant:token:${createHash('sha256').update(token).digest('hex')}`;
const failKey = (username: string) => `merchant:login:fail:${username.toLowerCase()}`;

export interface MerchantSession {
  accountId: number;
  shopId: number;
}

// Unknown accounts still cost one argon2 verification, so timing does not reveal them.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hash(randomBytes(16).toString('hex')));

async function lockedError(ctx: AppContext, username: string) {
  const ms = await ctx.kv.ttl(failKey(username));
  return invalid('merchant.errors.locked', { minutes: Math.max(1, Math.ceil((ms > 0 ? ms : LOGIN_LOCK_MS) / 60_000)) });
}

export async function login(ctx: AppContext, input: MerchantLoginInput, lang: Language): Promise<MerchantToken> {
  const failures = Number((await ctx.kv.get(failKey(input.username))) ?? 0);
  if (failures >= LOGIN_MAX_FAILURES) throw await lockedError(ctx, input.username);
  const account = await repo.findAccountByUsername(ctx.db, input.username);
  const matches = await verify(account?.passwordHash ?? (await getDummyHash()), input.password);
  if (!account || !matches) {
    // Unknown accounts count too, so probing names also ends in the lock.
    const n = await ctx.kv.incr(failKey(input.username), LOGIN_LOCK_MS);
    if (n >= LOGIN_MAX_FAILURES) throw await lockedError(ctx, input.username);
    throw invalid('merchant.errors.wrongCredentials');
  }
  if (account.status !== 1) throw invalid('merchant.errors.disabled');
  if (account.shopStatus !== 1) throw invalid('merchant.errors.shopClosed');
  await ctx.kv.del(failKey(input.username));
  const accessToken = randomBytes(32).toString('hex');
  const session: MerchantSession = { accountId: account.id, shopId: account.shopId };
  await ctx.kv.set(tokenKey(accessToken), JSON.stringify(session), MERCHANT_TOKEN_TTL_MS);
  await repo.touchLogin(ctx.db, account.id, ctx.now());
  return { accessToken, expiresIn: MERCHANT_TOKEN_TTL_MS / 1000, shopId: account.shopId, shopName: pick(lang, account.shopNameZh, account.shopNameEn) };
}

/** The session of a merchant token, while its account is enabled and its shop open. */
export async function sessionOf(ctx: AppContext, token: string): Promise<MerchantSession | null> {
  const stored = await ctx.kv.get(tokenKey(token));
  if (!stored) return null;
  const session = JSON.parse(stored) as MerchantSession;
  const active = await repo.findActiveAccount(ctx.db, session.accountId);
  return active && active.shopId === session.shopId ? session : null;
}

export async function logout(ctx: AppContext, token: string): Promise<void> {
  await ctx.kv.del(tokenKey(token));
}

// ---- Orders ----

async function describeOrders(ctx: AppContext, rows: Awaited<ReturnType<typeof repo.findShopOrder>>[], lang: Language): Promise<MerchantOrder[]> {
  const found = rows.filter((r) => r !== null);
  const numbers = found.map((r) => r.orderNumber);
  const [items, shipped, addresses] = await Promise.all([
    repo.listItems(ctx.db, numbers),
    repo.listShippedCounts(ctx.db, numbers),
    repo.listAddresses(ctx.db, numbers),
  ]);
  const shippedBy = new Map(shipped.map((s) => [s.orderItemId, Number(s.shipped)]));
  const addressBy = new Map(addresses.map((a) => [a.orderNumber, a]));
  return found.map((o) => {
    const a = addressBy.get(o.orderNumber);
    return {
      orderNumber: o.orderNumber,
      status: o.status,
      orderType: o.orderType,
      orderMold: o.orderMold,
      dvyType: o.dvyType,
      total: o.total,
      freight: o.freight,
      reduceAmount: o.reduceAmount,
      actualTotal: o.actualTotal,
      remarks: o.remarks ?? '',
      createTime: formatApiTime(o.createdAt),
      payTime: o.payTime ? formatApiTime(o.payTime) : null,
      dvyTime: o.dvyTime ? formatApiTime(o.dvyTime) : null,
      finallyTime: o.finallyTime ? formatApiTime(o.finallyTime) : null,
      address: a ? { receiver: a.receiver, mobile: a.mobile, province: a.province ?? '', city: a.city ?? '', area: a.area ?? '', addr: a.addr } : null,
      items: items
        .filter((i) => i.orderNumber === o.orderNumber)
        .map((i) => ({
          orderItemId: i.id,
          prodId: i.productId,
          skuId: i.skuId,
          prodName: pick(lang, i.prodNameZh, i.prodNameEn),
          skuName: pick(lang, i.skuNameZh, i.skuNameEn),
          pic: i.pic,
          price: i.price,
          prodCount: i.prodCount,
          shippedCount: shippedBy.get(i.id) ?? 0,
        })),
    };
  });
}

export async function pageOrders(ctx: AppContext, session: MerchantSession, query: MerchantOrderQuery, lang: Language) {
  const { rows, total } = await repo.pageShopOrders(ctx.db, session.shopId, query.status, query.current, query.size);
  return { records: await describeOrders(ctx, rows, lang), total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
}

export async function orderDetail(ctx: AppContext, session: MerchantSession, orderNumber: string, lang: Language): Promise<MerchantOrderDetail> {
  const row = await repo.findShopOrder(ctx.db, session.shopId, orderNumber);
  if (!row) throw invalid('merchant.errors.orderNotFound');
  const [[order], packages] = await Promise.all([describeOrders(ctx, [row], lang), listOrderPackages(ctx.db, orderNumber, lang)]);
  return { ...order!, packages };
}

/** Every piece of every line must be packed exactly once across the packages. */
function checkPacking(input: DeliveryInput, lines: Array<{ id: number; prodCount: number }>) {
  const packed = new Map<number, number>();
  for (const pkg of input.packages) {
    for (const item of pkg.items) packed.set(item.orderItemId, (packed.get(item.orderItemId) ?? 0) + item.count);
  }
  const complete = packed.size === lines.length && lines.every((l) => packed.get(l.id) === l.prodCount);
  if (!complete) throw invalid('merchant.errors.itemsMismatch');
}

/**
 * Ships a paid order in one or more packages, in one transaction: the conditional move 2 -> 3,
 * the packages and their items, the courier subscription per package and the auto-receipt job.
 */
export async function shipOrder(
  ctx: AppContext,
  session: MerchantSession,
  input: DeliveryInput,
  lang: Language,
  courier: CourierProvider = createCourierProvider(ctx.env),
): Promise<MerchantOrderDetail> {
  const waybills = input.packages.map((p) => `${p.dvyId}:${p.dvyFlowId.toUpperCase()}`);
  if (new Set(waybills).size !== waybills.length) throw invalid('merchant.errors.waybillRepeated');
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const order = await repo.findShopOrder(tx, session.shopId, input.orderNumber);
    if (!order) throw invalid('merchant.errors.orderNotFound');
    if (order.status !== ORDER_STATUS.paid) throw conflict('merchant.errors.statusChanged');
    if (order.dvyType !== DELIVERY_TYPE.express) throw invalid('merchant.errors.notExpress');
    const companyIds = [...new Set(input.packages.map((p) => p.dvyId))];
    const companies = new Map((await repo.listActiveCompanies(tx, companyIds)).map((c) => [c.id, c]));
    if (companies.size !== companyIds.length) throw invalid('merchant.errors.courierInvalid');
    checkPacking(input, await repo.listItems(tx, [order.orderNumber]));
    if (!(await markShipped(tx, { orderNumber: order.orderNumber, shopId: session.shopId, now }))) throw conflict('merchant.errors.statusChanged');
    const stepMs = courier.isSandbox ? ctx.env.COURIER_SANDBOX_STEP_SECONDS * 1000 : undefined;
    for (const pkg of input.packages) {
      const company = companies.get(pkg.dvyId)!;
      const deliveryId = await repo.insertDelivery(tx, {
        orderNumber: order.orderNumber,
        dvyId: company.id,
        dvyName: company.nameZh,
        dvyFlowId: pkg.dvyFlowId,
        state: 0,
        createdAt: now,
        updatedAt: now,
      });
      const counts = new Map<number, number>();
      for (const item of pkg.items) counts.set(item.orderItemId, (counts.get(item.orderItemId) ?? 0) + item.count);
      await repo.insertDeliveryItems(
        tx,
        [...counts].map(([orderItemId, count]) => ({ deliveryId, orderItemId, count })),
      );
      await startTracking(
        tx,
        courier,
        { deliveryId, request: { companyCode: company.code, companyName: company.nameZh, waybill: pkg.dvyFlowId, shippedAt: now, stepMs } },
        now,
      );
    }
    await scheduleAutoReceipt(ctx, tx, order.orderNumber, now);
  });
  return orderDetail(ctx, session, input.orderNumber, lang);
}

/** A delivered order (shipped, or a virtual one paid) is received by itself ORDER_AUTO_RECEIPT_DAYS later. */
export async function scheduleAutoReceipt(ctx: AppContext, tx: Tx, orderNumber: string, deliveredAt: Date): Promise<void> {
  await scheduleJob(tx, { kind: AUTO_RECEIPT_JOB, ref: orderNumber, runAt: new Date(deliveredAt.getTime() + ctx.env.ORDER_AUTO_RECEIPT_DAYS * DAY_MS) });
}

/** `order.autoReceipt`: a shipped order is received when its time comes; a no-op if the buyer already confirmed. */
export function autoReceiptHandler(ctx: AppContext): JobHandler {
  return async (job) => {
    await ctx.db.transaction((tx) => markReceived(tx, { orderNumber: job.ref, now: ctx.now() }));
  };
}
