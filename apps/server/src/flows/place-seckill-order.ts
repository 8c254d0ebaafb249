// The shopper's flash sale (reference §2.2, §2.4, §5.6; decision 062): the sessions and their
// products, an activity's detail with the server's clock, the one-time order path, confirm (the
// activity price only: no coupons, promotions, member discount or points), submit through the gate
// (one atomic step; the order is written from the queue), the queue's answer, and "remind me".
// Every /p/seckill call counts toward the 5-requests-in-5-seconds rule.
import { randomBytes } from 'node:crypto';
import type { Language } from '@bazaar/shared/constants/limits';
import { ORDER_MOLD } from '@bazaar/shared/constants/order-status';
import { PRODUCT_STATUS, SKU_STATUS } from '@bazaar/shared/constants/product-status';
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import {
  SECKILL_HOT_LIMIT,
  SECKILL_HOT_WINDOW_SECONDS,
  SECKILL_ORDER_STATE,
  SECKILL_PATH_TTL_SECONDS,
  SECKILL_STATE,
} from '@bazaar/shared/constants/seckill';
import type { Page } from '@bazaar/shared/schemas/common';
import type {
  SeckillCard,
  SeckillConfirm,
  SeckillConfirmResult,
  SeckillDetail,
  SeckillOrderPathQuery,
  SeckillOrderStatus,
  SeckillSession,
  SeckillSessionProdsQuery,
  SeckillSessionProdsResult,
  SeckillSessionsResult,
  SeckillSubmit,
} from '@bazaar/shared/schemas/seckill';
import type { AppContext } from '../context.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { activityEnded, invalid, unauthorized } from '../lib/app-error.ts';
import { localized } from '../lib/localized.ts';
import { nextSerialNumber } from '../lib/serial-number.ts';
import { localizeSku } from '../lib/sku-text.ts';
import { createAddressService } from '../modules/address/service.ts';
import { requireMark, stepUnderMark, type SessionMark } from '../modules/auth/service.ts';
import { checkedCartLines } from '../modules/cart/repository.ts';
import { findSkuLines, type CheckoutParts, type SkuLine } from '../modules/order/repository.ts';
import { findSaleableProduct, skuCard } from '../modules/product/repository.ts';
import { GATE, seckillGate, type GateAnswer, type SeckillChoice } from '../modules/seckill/gate.ts';
import * as repo from '../modules/seckill/repository.ts';
import type { Activity } from '../modules/seckill/repository.ts';
import { freightFee } from '../modules/shop/freight.ts';
import { anyShopCard, openShopCard } from '../modules/shop/repository.ts';
import { openGate } from './seckill-gate.ts';
import { createI18n } from '@bazaar/shared/i18n/catalogs';

const skuParts: CheckoutParts = { skuCard, anyShopCard, checkedCartLines };
const detailParts = { openShopCard };
const GMT8_MS = 8 * 3_600_000;
const PATH_TTL_MS = SECKILL_PATH_TTL_SECONDS * 1000;
const HOT_WINDOW_MS = SECKILL_HOT_WINDOW_SECONDS * 1000;
/** An order path is this many random bytes (base64url: 4 characters per 3 bytes), then the activity's id. */
const PATH_RANDOM_BYTES = 18;
const PATH_RANDOM_CHARS = (PATH_RANDOM_BYTES / 3) * 4;
/** Activities are read again at most this often per instance on the hot path (a switch-off shows within it). */
const ACTIVITY_CACHE_MS = 1000;
const translators = { zh: createI18n('zh').t, en: createI18n('en').t };

const errors = {
  notFound: () => invalid('seckill.errors.notFound'),
  notStarted: () => invalid('seckill.errors.notStarted'),
  notPurchasable: () => invalid('seckill.errors.notPurchasable'),
  hot: () => invalid('seckill.errors.hot'),
  pathExpired: () => invalid('seckill.errors.pathExpired'),
  duplicate: () => invalid('seckill.errors.duplicateSubmit'),
  insufficient: () => invalid('seckill.errors.insufficient'),
  overLimit: (maxNum: number) => invalid('seckill.errors.overLimit', { maxNum }),
  skuRequired: () => invalid('seckill.errors.skuRequired'),
  selectAddress: () => invalid('seckill.errors.selectAddress'),
  addAddress: () => invalid('seckill.errors.addAddress'),
  remindNotUpcoming: () => invalid('seckill.errors.remindNotUpcoming'),
};

// ---- Small caches of the hot path (per app) ----

type CachedActivity = { at: number; activity: Activity | undefined; reading?: Promise<Activity | undefined> };
const activityCaches = new WeakMap<AppContext, Map<number, CachedActivity>>();

/** The cached activity while it is fresh, without a promise (submit's common case); NOT_CACHED otherwise. */
const NOT_CACHED = Symbol('not cached');
function freshActivity(ctx: AppContext, seckillId: number): Activity | undefined | typeof NOT_CACHED {
  const hit = activityCaches.get(ctx)?.get(seckillId);
  return hit && Date.now() - hit.at < ACTIVITY_CACHE_MS ? hit.activity : NOT_CACHED;
}

/**
 * The activity as of at most a second ago (the hot path reads PostgreSQL once a second per activity,
 * not per attempt). Requests that find it stale while it is being read again wait for that one
 * read: in a burst, hundreds arrive within the read's round trip, and each ran its own statement.
 */
async function cachedActivity(ctx: AppContext, seckillId: number): Promise<Activity | undefined> {
  let cache = activityCaches.get(ctx);
  if (!cache) activityCaches.set(ctx, (cache = new Map()));
  const hit = cache.get(seckillId);
  const now = Date.now();
  if (hit && now - hit.at < ACTIVITY_CACHE_MS) return hit.activity;
  if (hit?.reading) return hit.reading;
  const reading = repo.findShownActivity(ctx.db, seckillId);
  const entry: CachedActivity = { at: -Infinity, activity: undefined, reading };
  if (cache.size > 1000) cache.clear();
  cache.set(seckillId, entry);
  try {
    const activity = await reading;
    // Fresh from when the statement was sent, as before.
    if (cache.get(seckillId) === entry) cache.set(seckillId, { at: now, activity });
    return activity;
  } catch (err) {
    if (cache.get(seckillId) === entry) cache.delete(seckillId);
    throw err;
  }
}

/** The 5-in-5-s rule: every /p/seckill request of the user counts. */
export async function countSeckillRequest(ctx: AppContext, userId: string): Promise<void> {
  const n = await seckillGate(ctx).hit(userId, HOT_WINDOW_MS, ctx.now().getTime());
  if (n > SECKILL_HOT_LIMIT) throw errors.hot();
}

// ---- Sessions ----

/** Midnight of the Beijing calendar day containing `at`, as a Date. */
function beijingMidnight(at: Date): Date {
  const shifted = new Date(at.getTime() + GMT8_MS);
  return new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()) - GMT8_MS);
}

/** 'yyyyMMddHHmm' in Beijing time. */
function sessionKey(start: Date): string {
  return formatApiTime(start).replace(/[-: ]/g, '').slice(0, 12);
}

function parseSessionKey(key: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(key);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi) - GMT8_MS);
  return sessionKey(date) === key ? date : null;
}

function stateAt(start: Date, end: Date, now: Date) {
  if (end.getTime() <= now.getTime()) return SECKILL_STATE.ended;
  return start.getTime() > now.getTime() ? SECKILL_STATE.notStarted : SECKILL_STATE.running;
}

function toSession(start: Date, durationMinutes: number, now: Date, tomorrow: boolean): SeckillSession {
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  return { sessionKey: sessionKey(start), label: formatApiTime(start).slice(11, 16), startTime: formatApiTime(start), endTime: formatApiTime(end), state: stateAt(start, end, now), tomorrow };
}

interface ListedSession {
  start: Date;
  durationMinutes: number;
  tomorrow: boolean;
  /** A session of an earlier day, listed for its sales still running. */
  earlier: boolean;
}

/** The last session (of the configured times, on any day) starting at or before `at`. */
function sessionAtOrBefore(times: Array<{ startMinute: number; durationMinutes: number }>, at: Date): { start: Date; durationMinutes: number } {
  for (let day = beijingMidnight(at); ; day = new Date(day.getTime() - 24 * 3_600_000)) {
    const last = times.filter((t) => day.getTime() + t.startMinute * 60_000 <= at.getTime()).at(-1);
    if (last) return { start: new Date(day.getTime() + last.startMinute * 60_000), durationMinutes: last.durationMinutes };
  }
}

/**
 * The tabs of /flash-sale: today's sessions and tomorrow's first; and first, when a sale begun before
 * today's first session still runs (yesterday's 20:00, or a custom start before it), the last session
 * at or before the latest such start (decision 064's amendment). Every sale running or to come is on
 * the tab of the last listed session at or before its start, the earlier ones on the first tab.
 */
async function listedSessions(ctx: AppContext, now: Date): Promise<ListedSession[]> {
  const times = await repo.listSessionTimes(ctx.db);
  if (times.length === 0) return [];
  const today = beijingMidnight(now);
  const tomorrow = new Date(today.getTime() + 24 * 3_600_000);
  const sessions: ListedSession[] = times.map((t) => ({ start: new Date(today.getTime() + t.startMinute * 60_000), durationMinutes: t.durationMinutes, tomorrow: false, earlier: false }));
  sessions.push({ start: new Date(tomorrow.getTime() + times[0]!.startMinute * 60_000), durationMinutes: times[0]!.durationMinutes, tomorrow: true, earlier: false });
  const carried = await repo.latestLiveStartBefore(ctx.db, now, sessions[0]!.start);
  if (carried) sessions.unshift({ ...sessionAtOrBefore(times, carried), tomorrow: false, earlier: true });
  return sessions;
}

/** GET /seckill/sessions: the listed sessions (listedSessions). */
export async function listSeckillSessions(ctx: AppContext): Promise<SeckillSessionsResult> {
  const now = ctx.now();
  const sessions = (await listedSessions(ctx, now)).map((s) => {
    const session = toSession(s.start, s.durationMinutes, now, s.tomorrow);
    // An earlier day's tab names its date: 'MM-dd HH:mm'.
    return s.earlier ? { ...session, label: session.startTime.slice(5, 16) } : session;
  });
  return { serverTime: now.getTime(), sessions };
}

// ---- Cards and detail ----

interface SkuStock {
  seckillSkuId: number;
  left: number;
}

/** Units left per SKU: the gate's count while it holds the activity, else PostgreSQL's. */
async function stocksLeft(ctx: AppContext, activity: Activity): Promise<SkuStock[]> {
  const fromDb = activity.skus.map((s) => ({ seckillSkuId: s.seckillSkuId, left: s.seckillStocks }));
  if (!activity.gateLoadedAt || activity.settledAt) return fromDb;
  const gate = await seckillGate(ctx).stocks(
    activity.id,
    activity.skus.map((s) => s.seckillSkuId),
  );
  return fromDb.map((s, i) => ({ ...s, left: gate[i] ?? s.left }));
}

async function toCards(ctx: AppContext, activities: Activity[], lang: Language): Promise<SeckillCard[]> {
  const now = ctx.now();
  const lines = await findSkuLines(
    ctx.db,
    [...new Set(activities.flatMap((a) => a.skus.map((s) => s.skuId)))],
    skuParts,
  );
  const bySku = new Map(lines.map((l) => [l.skuId, l]));
  const cards: SeckillCard[] = [];
  for (const a of activities) {
    const cheapest = [...a.skus].sort((x, y) => x.seckillPrice - y.seckillPrice)[0];
    const line = cheapest ? bySku.get(cheapest.skuId) : undefined;
    if (!cheapest || !line) continue;
    const left = (await stocksLeft(ctx, a)).reduce((n, s) => n + Math.max(0, s.left), 0);
    const total = a.skus.reduce((n, s) => n + s.originalStocks, 0);
    cards.push({
      seckillId: a.id,
      prodId: a.productId,
      prodName: localized(lang, line.prodNameZh, line.prodNameEn),
      pic: line.prodPic,
      seckillPrice: cheapest.seckillPrice,
      price: line.price,
      startTime: formatApiTime(a.startTime),
      endTime: formatApiTime(a.endTime),
      state: repo.activityState(a, now),
      totalStocks: total,
      stocksLeft: left,
      soldPercent: total > 0 ? Math.min(100, Math.floor(((total - left) * 100) / total)) : 0,
      maxNum: a.maxNum,
    });
  }
  return cards;
}

const pageOf = <T>(records: T[], total: number, current: number, size: number): Page<T> => ({ records, total, size, current, pages: Math.ceil(total / size) });

/** GET /seckill/sessionProds: the activities starting within one session. */
export async function seckillSessionProducts(ctx: AppContext, query: SeckillSessionProdsQuery, lang: Language): Promise<SeckillSessionProdsResult> {
  const start = parseSessionKey(query.session);
  if (!start) throw invalid('seckill.errors.session');
  const now = ctx.now();
  const listed = await listedSessions(ctx, now);
  const at = listed.findIndex((s) => s.start.getTime() === start.getTime());
  if (at >= 0) {
    // A listed tab: the sales starting from it until the next tab, the first tab also the earlier ones still running.
    const tab = { from: start, to: listed[at + 1]?.start ?? null, liveAt: at === 0 ? now : null };
    const { rows, total } = await repo.pageActivitiesOfTab(ctx.db, tab, (query.current - 1) * query.size, query.size);
    return { ...pageOf(await toCards(ctx, rows, lang), total, query.current, query.size), serverTime: now.getTime() };
  }
  // Another day's session (an old link): the sales starting within it.
  const times = await repo.listSessionTimes(ctx.db);
  const minute = Math.round((start.getTime() - beijingMidnight(start).getTime()) / 60_000);
  const session = times.find((t) => t.startMinute === minute);
  if (!session) throw invalid('seckill.errors.session');
  const end = new Date(start.getTime() + session.durationMinutes * 60_000);
  const { rows, total } = await repo.pageActivitiesStarting(ctx.db, start, end, (query.current - 1) * query.size, query.size);
  return { ...pageOf(await toCards(ctx, rows, lang), total, query.current, query.size), serverTime: ctx.now().getTime() };
}

/** GET /seckill/pageProd: running and upcoming activities, earliest first. */
export async function pageSeckillProducts(ctx: AppContext, query: { current: number; size: number }, lang: Language): Promise<Page<SeckillCard>> {
  const { rows, total } = await repo.pageActivitiesLive(ctx.db, ctx.now(), (query.current - 1) * query.size, query.size);
  return pageOf(await toCards(ctx, rows, lang), total, query.current, query.size);
}

/** GET /seckill/prod: one activity for /secdetail (204 once ended). */
export async function seckillDetail(ctx: AppContext, seckillId: number, lang: Language): Promise<SeckillDetail> {
  const now = ctx.now();
  const activity = await repo.findShownActivity(ctx.db, seckillId);
  if (!activity) throw errors.notFound();
  const state = repo.activityState(activity, now);
  if (state === SECKILL_STATE.ended) throw activityEnded();
  const product = await findSaleableProduct(ctx.db, activity.productId, detailParts);
  if (!product) throw errors.notPurchasable();
  const skus = new Map(product.skus.map((s) => [s.id, s]));
  const left = new Map((await stocksLeft(ctx, activity)).map((s) => [s.seckillSkuId, s.left]));
  const skuList = activity.skus.flatMap((s) => {
    const sku = skus.get(s.skuId);
    if (!sku) return [];
    const { properties, skuName } = localizeSku(sku, lang);
    return [
      {
        seckillSkuId: s.seckillSkuId,
        skuId: s.skuId,
        properties,
        skuName,
        pic: sku.pic ?? product.pic,
        price: sku.price,
        seckillPrice: s.seckillPrice,
        stocks: Math.max(0, left.get(s.seckillSkuId) ?? 0),
        totalStocks: s.originalStocks,
      },
    ];
  });
  if (skuList.length === 0) throw errors.notPurchasable();
  const cheapest = [...skuList].sort((a, b) => a.seckillPrice - b.seckillPrice)[0]!;
  return {
    seckillId: activity.id,
    prodId: product.id,
    shopId: product.shopId,
    shopName: localized(lang, product.shopNameZh, product.shopNameEn),
    prodName: localized(lang, product.nameZh, product.nameEn),
    brief: localized(lang, product.briefZh, product.briefEn),
    pic: product.pic,
    imgs: product.imgs.length ? product.imgs : [product.pic],
    content: (lang === 'en' && product.contentEn ? product.contentEn : product.contentZh) ?? '',
    mold: product.mold,
    price: cheapest.price,
    seckillPrice: cheapest.seckillPrice,
    startTime: formatApiTime(activity.startTime),
    endTime: formatApiTime(activity.endTime),
    state,
    startAt: activity.startTime.getTime(),
    endAt: activity.endTime.getTime(),
    serverTime: now.getTime(),
    maxNum: activity.maxNum,
    maxCancelTime: activity.maxCancelTime,
    totalStocks: skuList.reduce((n, s) => n + s.totalStocks, 0),
    stocksLeft: skuList.reduce((n, s) => n + s.stocks, 0),
    skuList,
  };
}

// ---- The order path, confirm, submit ----

/** 400 'Event not started' before the window, 204 after it (or once switched off). */
function requireRunning(activity: Activity, now: Date): void {
  const state = repo.activityState(activity, now);
  if (state === SECKILL_STATE.ended) throw activityEnded();
  if (state === SECKILL_STATE.notStarted) throw errors.notStarted();
}

/** GET /p/seckill/orderPath: the shopper's one-time path for the product (the same one again while it lives). */
export async function seckillOrderPath(ctx: AppContext, userId: string, query: SeckillOrderPathQuery): Promise<{ orderPath: string }> {
  await countSeckillRequest(ctx, userId);
  const now = ctx.now();
  const activity = query.seckillId ? await cachedActivity(ctx, query.seckillId) : await repo.findActivityOfProduct(ctx.db, query.prodId, now);
  if (!activity || activity.productId !== query.prodId) throw errors.notFound();
  requireRunning(activity, now);
  const gate = seckillGate(ctx);
  if (!(await gate.isLoaded(activity.id)) && !(await openGate(ctx, activity.id))) throw activityEnded();
  const existing = await gate.path(userId, query.prodId, now.getTime());
  if (existing) return { orderPath: existing };
  // The activity's id follows the random part, so submit finds the activity (cached) before its one gate step.
  const orderPath = `${randomBytes(PATH_RANDOM_BYTES).toString('base64url')}${activity.id}`;
  await gate.savePath(userId, query.prodId, orderPath, now.getTime() + PATH_TTL_MS);
  return { orderPath };
}

/** The path must be this user's live one for the product. Answers when it runs out. */
async function requirePath(ctx: AppContext, userId: string, prodId: number, orderPath: string): Promise<void> {
  const live = await seckillGate(ctx).path(userId, prodId, ctx.now().getTime());
  if (live !== orderPath) throw (await seckillGate(ctx).pathUsed(orderPath)) ? errors.duplicate() : errors.pathExpired();
}

function isSaleable(line: SkuLine): boolean {
  return line.prodStatus === PRODUCT_STATUS.onShelf && line.shopStatus === SHOP_STATUS.open && line.skuStatus === SKU_STATUS.enabled;
}

/** POST /p/seckill/{orderPath}/confirm */
export async function confirmSeckillOrder(ctx: AppContext, userId: string, orderPath: string, input: SeckillConfirm, lang: Language): Promise<SeckillConfirmResult> {
  await countSeckillRequest(ctx, userId);
  await requirePath(ctx, userId, input.prodId, orderPath);
  const now = ctx.now();
  const activity = await repo.findActivityOfProduct(ctx.db, input.prodId, now);
  if (!activity || activity.shopId !== input.shopId) throw errors.notFound();
  requireRunning(activity, now);
  const sku = activity.skus.find((s) => s.seckillSkuId === input.seckillSkuId);
  if (!sku) throw errors.skuRequired();
  const gate = seckillGate(ctx);
  const [[line], [left], held, addresses] = await Promise.all([
    findSkuLines(ctx.db, [sku.skuId], skuParts),
    gate.stocks(activity.id, [sku.seckillSkuId]),
    gate.held(activity.id, userId),
    createAddressService(ctx).list(userId),
  ]);
  if (!line || line.prodId !== activity.productId || !isSaleable(line)) throw errors.notPurchasable();
  const stock = left ?? sku.seckillStocks;
  if (stock <= 0 || input.prodCount > stock) throw errors.insufficient();
  const canBuy = activity.maxNum < 0 ? input.prodCount : Math.max(0, activity.maxNum - held);
  if (activity.maxNum >= 0 && held + input.prodCount > activity.maxNum) throw errors.overLimit(activity.maxNum);
  const address = input.addrId === 0 ? (addresses[0] ?? null) : addresses.find((a) => a.addrId === input.addrId);
  if (address === undefined) throw errors.selectAddress();
  const virtual = line.mold === ORDER_MOLD.virtual;
  const total = sku.seckillPrice * input.prodCount;
  // The shop's freight rule for this parcel and province, like any order (never discounted).
  const freight = virtual ? 0 : freightFee(line.freightRule, { pieces: input.prodCount, grams: line.weight * input.prodCount, goods: total }, address?.provinceId ?? null);
  const zhSku = localizeSku({ properties: line.properties, nameZh: line.skuNameZh, nameEn: line.skuNameEn }, 'zh');
  const choice: SeckillChoice = {
    seckillId: activity.id,
    seckillSkuId: sku.seckillSkuId,
    prodId: activity.productId,
    shopId: activity.shopId,
    count: input.prodCount,
    price: sku.seckillPrice,
    freight,
    skuId: sku.skuId,
    mold: line.mold,
    prodNameZh: line.prodNameZh,
    prodNameEn: line.prodNameEn,
    skuNameZh: zhSku.skuName,
    skuNameEn: line.skuNameEn,
    pic: line.skuPic ?? line.prodPic,
    isRefund: line.isRefund,
    address,
    expiresAt: now.getTime() + PATH_TTL_MS,
  };
  await gate.saveChoice(userId, orderPath, JSON.stringify(choice), choice.expiresAt);
  const shown = address ? (await createAddressService(ctx).localize([address], lang))[0]! : null;
  return {
    seckillId: activity.id,
    prodId: activity.productId,
    shopId: activity.shopId,
    shopName: localized(lang, line.shopNameZh, line.shopNameEn),
    prodName: localized(lang, line.prodNameZh, line.prodNameEn),
    skuName: localizeSku({ properties: line.properties, nameZh: line.skuNameZh, nameEn: line.skuNameEn }, lang).skuName,
    pic: choice.pic,
    seckillSkuId: sku.seckillSkuId,
    skuId: sku.skuId,
    prodCount: input.prodCount,
    seckillPrice: sku.seckillPrice,
    price: line.price,
    total,
    transFee: freight,
    actualTotal: total + freight,
    mold: line.mold,
    userAddr: shown,
    maxNum: activity.maxNum,
    boughtNum: held,
    canBuyNum: Math.min(canBuy, stock),
    endTime: formatApiTime(activity.endTime),
    maxCancelTime: activity.maxCancelTime,
  };
}

/** The activity an order path was issued for (paths from before the id was added carry none). */
function pathActivityId(orderPath: string): number | null {
  const id = orderPath.slice(PATH_RANDOM_CHARS);
  return orderPath.length > PATH_RANDOM_CHARS && /^\d{1,9}$/.test(id) ? Number(id) : null;
}

/** What the gate's refusal means for the shopper (AppErrors carry no stack: a burst makes thousands). */
function gateRefusal(answer: GateAnswer, maxNum: number): Error {
  switch (answer) {
    case GATE.insufficient:
      return errors.insufficient();
    case GATE.overLimit:
      return errors.overLimit(maxNum);
    case GATE.duplicate:
      return errors.duplicate();
    case GATE.hot:
      return errors.hot();
    case GATE.otherShop:
      return errors.notFound();
    case GATE.noAddress:
      return errors.addAddress();
    case GATE.notLoaded:
      return activityEnded();
    default:
      return errors.pathExpired();
  }
}

/**
 * POST /p/seckill/{orderPath}/submit: through the gate in one step; answers the reserved order
 * number. The path names its activity, so one gate step (one Redis round trip) checks the shopper's
 * session mark (`mark`, the cached session's: decision 068), counts the request, reads the choice,
 * checks it and takes the units; a path without it, an activity not running, or a choice of another
 * activity take the long way (the same rules, in the same order, in several steps, after the mark).
 */
export async function submitSeckillOrder(ctx: AppContext, userId: string, orderPath: string, input: SeckillSubmit, mark: SessionMark | null): Promise<{ orderNumbers: string }> {
  const seckillId = pathActivityId(orderPath);
  let activity = seckillId === null ? undefined : freshActivity(ctx, seckillId);
  if (activity === NOT_CACHED) activity = await cachedActivity(ctx, seckillId!);
  if (!activity || repo.activityState(activity, ctx.now()) !== SECKILL_STATE.running) {
    if (mark && !(await requireMark(ctx, mark))) throw unauthorized();
    return submitTheLongWay(ctx, userId, orderPath, input, true);
  }
  // A choice of another activity answers only after the mark passed in the same step.
  return (await submitThroughGate(ctx, userId, orderPath, input, activity, false, mark)) ?? submitTheLongWay(ctx, userId, orderPath, input, false);
}

/** The gate's one step for a running activity; null when the path's choice is of another activity. */
async function submitThroughGate(
  ctx: AppContext,
  userId: string,
  orderPath: string,
  input: SeckillSubmit,
  activity: Activity,
  counted: boolean,
  mark: SessionMark | null = null,
): Promise<{ orderNumbers: string } | null> {
  const gate = seckillGate(ctx);
  const now = ctx.now().getTime();
  const orderNumber = nextSerialNumber(now);
  const step = (counted: boolean, mark: SessionMark | null) =>
    gate.submit({
      sessionMark: mark ?? undefined,
      userId,
      path: orderPath,
      now,
      hotWindowMs: counted ? 0 : HOT_WINDOW_MS,
      hotLimit: SECKILL_HOT_LIMIT,
      seckillId: activity.id,
      shopId: input.orderShopParam.shopId,
      maxNum: activity.maxNum,
      orderNumber,
      remarks: input.orderShopParam.remarks || null,
      maxCancelTime: activity.maxCancelTime,
    });
  const ask = async (counted: boolean) => {
    // The session's mark changed since it was cached (a revocation, or any logout of the account):
    // nothing was done; the session is verified again, then the same step under the new mark.
    const passed = await stepUnderMark(mark!, (current) => step(counted, current), (answer) => answer === GATE.staleSession);
    if (!passed) throw unauthorized();
    mark = passed.mark;
    return passed.answer;
  };
  // The common case, an unchanged mark (or none), without the renewal loop's closures and promise.
  let answer = await step(counted, mark);
  if (answer === GATE.staleSession && mark) answer = await ask(counted);
  if (answer === GATE.otherActivity) return null;
  if (answer === GATE.notLoaded) {
    if (!(await openGate(ctx, activity.id))) throw activityEnded();
    answer = mark ? await ask(true) : await step(true, null);
  }
  if (answer === GATE.accepted) return { orderNumbers: orderNumber };
  throw gateRefusal(answer, activity.maxNum);
}

/**
 * Submit when the path does not name a running activity, or its choice is of another: the count
 * (unless done), the choice and the activity it names (so the messages come in the rules' order),
 * then the same gate step for that activity, uncounted.
 */
async function submitTheLongWay(ctx: AppContext, userId: string, orderPath: string, input: SeckillSubmit, count: boolean): Promise<{ orderNumbers: string }> {
  if (count) await countSeckillRequest(ctx, userId);
  const gate = seckillGate(ctx);
  const cached = await gate.choice(userId, orderPath);
  if (!cached) throw (await gate.pathUsed(orderPath)) ? errors.duplicate() : errors.pathExpired();
  const choice = JSON.parse(cached) as Pick<SeckillChoice, 'seckillId' | 'shopId'>;
  if (input.orderShopParam.shopId !== undefined && input.orderShopParam.shopId !== choice.shopId) throw errors.notFound();
  const activity = await cachedActivity(ctx, choice.seckillId);
  if (!activity) throw errors.notFound();
  requireRunning(activity, ctx.now());
  const submitted = await submitThroughGate(ctx, userId, orderPath, input, activity, true);
  // The choice changed between the read and the step (another confirm): as if the path had expired.
  if (!submitted) throw errors.pathExpired();
  return submitted;
}

/**
 * GET /p/seckill/createOrderStatus: the caller's own attempt only. Another user's written attempt is
 * 'order not found' (it tells nothing of it); a number not written yet is 'queued' (the caller's own
 * still in the queue, or no attempt at all: the two cannot be told apart without reading the queue).
 */
export async function seckillOrderStatus(ctx: AppContext, userId: string, orderNumber: string, lang: Language): Promise<SeckillOrderStatus> {
  await countSeckillRequest(ctx, userId);
  const row = await repo.attemptState(ctx.db, orderNumber);
  if (row && row.userId !== userId) throw invalid('orders.errors.notFound');
  if (!row) return { created: false, state: 'queued', message: null };
  if (row.state === SECKILL_ORDER_STATE.failed) {
    const t = translators[lang];
    return { created: false, state: 'failed', message: t('seckill.errors.writeFailed', { reason: t(row.failReason ?? 'seckill.errors.queueFailed') }) };
  }
  return { created: true, state: 'created', message: null };
}

// ---- Remind me ----

/**
 * Remind me and forget it have a counter of their own (not the buying 5-in-5-s allowance): toggling
 * a reminder never holds up a purchase. Modest: 10 in the same 5 s window.
 */
const REMIND_LIMIT = 10;
async function countRemindRequest(ctx: AppContext, userId: string): Promise<void> {
  const n = await seckillGate(ctx).hit(`remind:${userId}`, HOT_WINDOW_MS, ctx.now().getTime());
  if (n > REMIND_LIMIT) throw errors.hot();
}

/** POST /p/seckill/remind: an upcoming activity only. */
export async function remindSeckill(ctx: AppContext, userId: string, seckillId: number): Promise<void> {
  await countRemindRequest(ctx, userId);
  const activity = await repo.findShownActivity(ctx.db, seckillId);
  if (!activity) throw errors.notFound();
  if (repo.activityState(activity, ctx.now()) !== SECKILL_STATE.notStarted) throw errors.remindNotUpcoming();
  await repo.addReminder(ctx.db, seckillId, userId);
}

export async function forgetSeckillReminder(ctx: AppContext, userId: string, seckillId: number): Promise<void> {
  await countRemindRequest(ctx, userId);
  await repo.removeReminder(ctx.db, seckillId, userId);
}

export async function seckillReminders(ctx: AppContext, userId: string): Promise<{ seckillIds: number[] }> {
  return { seckillIds: await repo.pendingReminderIds(ctx.db, userId) };
}
