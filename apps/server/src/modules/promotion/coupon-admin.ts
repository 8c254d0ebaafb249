// Coupons as their issuers manage them (issue 11 §5, decision 044): a shop's coupons (merchant
// center) and the platform's, shopId 0 (console). Every statement is bound to the issuer's shopId,
// so another shop's coupon answers "does not exist". The usage figures are counted here, from the
// module's own tables: held (user_coupons, received or issued), used (use records of paid orders)
// and the amount those orders saved.
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { COUPON_VALIDITY } from '@bazaar/shared/schemas/coupon';
import { COUPON_PUTON, type CouponAdminInput, type CouponAdminState } from '@bazaar/shared/schemas/coupon-admin';
import type { Db, Tx } from '../../db/client.ts';
import { qualified } from '../../db/named-query.ts';
import { couponProducts, coupons, couponUseRecords, userCoupons } from '../../db/schema/promotion.ts';
import { COUPON_USE } from './coupons.ts';
import { escapeLike } from '../../lib/sql-like.ts';

/** A fixed-dates coupon whose end has passed at `now`. */
const pastEnd = (now: Date) => sql`(${coupons.validTimeType} = ${COUPON_VALIDITY.fixed} and ${coupons.endTime} <= ${now.toISOString()}::timestamptz)`;

export function stateWhere(state: CouponAdminState | 'all', now: Date): SQL | undefined {
  switch (state) {
    case 'on':
      return and(eq(coupons.putonStatus, COUPON_PUTON.on), sql`not ${pastEnd(now)}`);
    case 'off':
      return and(eq(coupons.putonStatus, COUPON_PUTON.off), sql`not ${pastEnd(now)}`);
    case 'ended':
      return or(eq(coupons.putonStatus, COUPON_PUTON.ended), pastEnd(now));
    default:
      return undefined;
  }
}

export function stateOf(row: { putonStatus: number; validTimeType: number; endTime: Date | null }, now: Date): CouponAdminState {
  if (row.putonStatus === COUPON_PUTON.ended) return 'ended';
  if (row.validTimeType === COUPON_VALIDITY.fixed && row.endTime !== null && row.endTime <= now) return 'ended';
  return row.putonStatus === COUPON_PUTON.on ? 'on' : 'off';
}


const listedCount = sql<number>`(select count(*)::int from ${couponProducts} where ${qualified(couponProducts.couponId)} = ${qualified(coupons.id)})`;
const heldCount = sql<number>`(select count(*)::int from ${userCoupons} where ${qualified(userCoupons.couponId)} = ${qualified(coupons.id)})`;
/** Used: a use record of a paid order (a frozen one waits for payment, a returned one came back). */
const usedRecords = sql`from ${couponUseRecords} r join ${userCoupons} u on u.id = r.user_coupon_id where u.coupon_id = ${qualified(coupons.id)} and r.status = ${COUPON_USE.used}`;
const usedCount = sql<number>`(select count(distinct r.user_coupon_id)::int ${usedRecords})`;
const reducedSum = sql<string>`(select coalesce(sum(r.amount), 0)::bigint ${usedRecords})`;

const rowColumns = {
  id: coupons.id,
  shopId: coupons.shopId,
  nameZh: coupons.nameZh,
  nameEn: coupons.nameEn,
  couponType: coupons.couponType,
  cashCondition: coupons.cashCondition,
  reduceAmount: coupons.reduceAmount,
  couponDiscount: coupons.couponDiscount,
  suitableProdType: coupons.suitableProdType,
  validTimeType: coupons.validTimeType,
  startTime: coupons.startTime,
  endTime: coupons.endTime,
  afterReceiveDays: coupons.afterReceiveDays,
  validDays: coupons.validDays,
  totalStock: coupons.totalStock,
  stocks: coupons.stocks,
  limitNum: coupons.limitNum,
  getWay: coupons.getWay,
  putonStatus: coupons.putonStatus,
  productCount: listedCount,
  received: heldCount,
  used: usedCount,
  reduced: reducedSum,
};

type RawRow = { [K in keyof typeof rowColumns]: unknown };
export interface CouponRecord {
  id: number;
  shopId: number;
  nameZh: string;
  nameEn: string | null;
  couponType: number;
  cashCondition: number;
  reduceAmount: number;
  couponDiscount: number | null;
  suitableProdType: number;
  validTimeType: number;
  startTime: Date | null;
  endTime: Date | null;
  afterReceiveDays: number;
  validDays: number | null;
  totalStock: number;
  stocks: number;
  limitNum: number;
  getWay: number;
  putonStatus: number;
  productCount: number;
  usage: { received: number; used: number; reducedAmount: number };
}

function toRecord(r: RawRow): CouponRecord {
  const { received, used, reduced, productCount, couponDiscount, ...rest } = r;
  return {
    ...(rest as Omit<CouponRecord, 'productCount' | 'usage' | 'couponDiscount'>),
    couponDiscount: couponDiscount === null ? null : Number(couponDiscount),
    productCount: Number(productCount),
    usage: { received: Number(received), used: Number(used), reducedAmount: Number(reduced) },
  };
}

export interface CouponListFilter {
  shopId: number;
  state: CouponAdminState | 'all';
  keyword?: string;
}

/** A page of one issuer's coupons, newest first, with their usage (two statements). */
export async function pageCoupons(db: Db, filter: CouponListFilter, now: Date, current: number, size: number): Promise<{ rows: CouponRecord[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(coupons.shopId, filter.shopId), stateWhere(filter.state, now)];
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`;
    conditions.push(or(sql`${coupons.nameZh} ilike ${like}`, sql`${coupons.nameEn} ilike ${like}`));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(coupons)
      .where(where)
      .orderBy(desc(coupons.id))
      .limit(size)
      .offset((current - 1) * size),
    db.select({ n: count() }).from(coupons).where(where),
  ]);
  return { rows: rows.map(toRecord), total: total?.n ?? 0 };
}

/** One coupon of the issuer (shopId 0: the platform), with its listed product ids. */
export async function findCoupon(db: Db | Tx, shopId: number, id: number): Promise<(CouponRecord & { productIds: number[] }) | undefined> {
  const [row] = await db
    .select(rowColumns)
    .from(coupons)
    .where(and(eq(coupons.id, id), eq(coupons.shopId, shopId)));
  if (!row) return undefined;
  const listed = await db.select({ productId: couponProducts.productId }).from(couponProducts).where(eq(couponProducts.couponId, id)).orderBy(asc(couponProducts.productId));
  return { ...toRecord(row), productIds: listed.map((r) => r.productId) };
}

const isFixed = (input: CouponAdminInput) => input.validTimeType === COUPON_VALIDITY.fixed;
const listedOf = (input: CouponAdminInput) => (input.suitableProdType === 0 ? [] : input.productIds);

/** The fields an edit may change at any time (the terms, once shoppers hold the coupon, may not). */
function openFields(input: CouponAdminInput) {
  return {
    nameZh: input.nameZh,
    nameEn: input.nameEn,
    validTimeType: input.validTimeType,
    startTime: isFixed(input) ? input.startTime : null,
    endTime: isFixed(input) ? input.endTime : null,
    afterReceiveDays: isFixed(input) ? 0 : input.afterReceiveDays,
    validDays: isFixed(input) ? null : input.validDays,
    limitNum: input.limitNum,
    getWay: input.getWay,
    putonStatus: input.putonStatus,
  };
}

function termFields(input: CouponAdminInput) {
  const cash = input.couponType === 1;
  return {
    couponType: input.couponType,
    cashCondition: input.cashCondition,
    reduceAmount: cash ? input.reduceAmount : 0,
    couponDiscount: cash ? null : input.couponDiscount,
    suitableProdType: input.suitableProdType,
  };
}

/** Creates a coupon of the issuer (the flow checked the listed products). */
export async function insertCoupon(tx: Tx, shopId: number, input: CouponAdminInput, now: Date): Promise<number> {
  const [row] = await tx
    .insert(coupons)
    .values({ shopId, ...openFields(input), ...termFields(input), totalStock: input.totalStock, stocks: input.totalStock, createdAt: now, updatedAt: now })
    .returning({ id: coupons.id });
  const listed = listedOf(input);
  if (listed.length) await tx.insert(couponProducts).values(listed.map((productId) => ({ couponId: row!.id, productId })));
  return row!.id;
}

export type UpdateOutcome = 'missing' | 'locked' | 'termsLocked' | 'stockBelowReceived' | 'saved';

/**
 * Rewrites a coupon that has not ended. Once any shopper holds it, its terms (kind, amounts, scope,
 * listed products) stay as they were received. The stock moves by a conditional update against the
 * latest row, so a receive running at the same moment never leaves it below what was taken.
 */
export async function updateCoupon(tx: Tx, shopId: number, id: number, input: CouponAdminInput, now: Date): Promise<UpdateOutcome> {
  const [locked] = await tx.select({ id: coupons.id }).from(coupons).where(and(eq(coupons.id, id), eq(coupons.shopId, shopId))).for('update');
  const before = locked ? await findCoupon(tx, shopId, id) : undefined;
  if (!before) return 'missing';
  if (stateOf(before, now) === 'ended') return 'locked';
  const terms = termFields(input);
  const listed = [...listedOf(input)].sort((a, b) => a - b);
  const sameTerms =
    terms.couponType === before.couponType &&
    terms.cashCondition === before.cashCondition &&
    terms.reduceAmount === before.reduceAmount &&
    (terms.couponDiscount ?? null) === before.couponDiscount &&
    terms.suitableProdType === before.suitableProdType &&
    listed.join(',') === before.productIds.join(',');
  if (!sameTerms && before.usage.received > 0) return 'termsLocked';
  const moved = await tx
    .update(coupons)
    .set({
      ...openFields(input),
      ...terms,
      stocks: sql`${coupons.stocks} + (${input.totalStock}::int - ${coupons.totalStock})`,
      totalStock: input.totalStock,
      version: sql`${coupons.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(coupons.id, id), eq(coupons.shopId, shopId), sql`${coupons.totalStock} - ${coupons.stocks} <= ${input.totalStock}`))
    .returning({ id: coupons.id });
  if (moved.length === 0) return 'stockBelowReceived';
  if (!sameTerms) {
    await tx.delete(couponProducts).where(eq(couponProducts.couponId, id));
    if (listed.length) await tx.insert(couponProducts).values(listed.map((productId) => ({ couponId: id, productId })));
  }
  return 'saved';
}

/**
 * Ends a coupon that has not ended (conditional): nobody receives it or is issued it any more; the
 * ones shoppers hold stay usable in their own periods. Answers whether it moved.
 */
export async function endCoupon(db: Db | Tx, shopId: number, id: number, now: Date): Promise<boolean> {
  const moved = await db
    .update(coupons)
    .set({ putonStatus: COUPON_PUTON.ended, version: sql`${coupons.version} + 1`, updatedAt: now })
    .where(and(eq(coupons.id, id), eq(coupons.shopId, shopId), inArray(coupons.putonStatus, [COUPON_PUTON.on, COUPON_PUTON.off]), sql`not ${pastEnd(now)}`))
    .returning({ id: coupons.id });
  return moved.length > 0;
}
