// Flash-sale activities as the merchant center and the platform console see and change them (issue
// 27, decision 062): a shop's create, list, counts and early end; the platform's session times,
// review, take-offline and reconciliation reports. Every statement a merchant's request reaches is
// bound to the session's shop (another shop's activity "does not exist"); every state change is a
// conditional update, so two staff members or a staff member and the shop never both move one.
// The SKUs' own stock is the product module's (the flows take and give it in the same transaction).
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql, sum, type SQL } from 'drizzle-orm';
import { SECKILL_AUDIT, SECKILL_ORDER_STATE, SECKILL_STATUS } from '@bazaar/shared/constants/seckill';
import type { MerchantSeckillInput, SeckillListState, SeckillSessionTime } from '@bazaar/shared/schemas/seckill';
import type { Db, Tx } from '../../db/client.ts';
import { seckillOrders, seckillReports, seckillSessionTimes, seckillSkus, seckills } from '../../db/schema/seckill.ts';
import { seckillRowColumns, type Activity } from './repository.ts';

type Queryable = Db | Tx;

/** The rows of one shown state at `now` (deleted ones never show). */
export function listStateWhere(state: SeckillListState, now: Date): SQL | undefined {
  const on = eq(seckills.status, SECKILL_STATUS.on);
  switch (state) {
    case 'pending':
      return and(on, eq(seckills.auditStatus, SECKILL_AUDIT.pending), gt(seckills.endTime, now));
    case 'rejected':
      return eq(seckills.auditStatus, SECKILL_AUDIT.rejected);
    case 'offline':
      return and(eq(seckills.status, SECKILL_STATUS.off), ne(seckills.auditStatus, SECKILL_AUDIT.rejected), isNotNull(seckills.offlineReason));
    case 'ended':
      return and(
        ne(seckills.auditStatus, SECKILL_AUDIT.rejected),
        or(and(eq(seckills.status, SECKILL_STATUS.off), isNull(seckills.offlineReason)), and(on, lte(seckills.endTime, now))),
      );
    case 'upcoming':
      return and(on, eq(seckills.auditStatus, SECKILL_AUDIT.approved), gt(seckills.startTime, now));
    case 'running':
      return and(on, eq(seckills.auditStatus, SECKILL_AUDIT.approved), lte(seckills.startTime, now), gt(seckills.endTime, now));
  }
}

export function listStateOf(row: { status: number; auditStatus: number; offlineReason: string | null; startTime: Date; endTime: Date }, now: Date): SeckillListState {
  if (row.auditStatus === SECKILL_AUDIT.rejected) return 'rejected';
  if (row.status !== SECKILL_STATUS.on) return row.offlineReason ? 'offline' : 'ended';
  if (row.endTime <= now) return 'ended';
  if (row.auditStatus === SECKILL_AUDIT.pending) return 'pending';
  return row.startTime > now ? 'upcoming' : 'running';
}

/** An activity's own row, without its SKUs. */
export type SeckillRecord = Omit<Activity, 'skus'>;

export interface SeckillSkuRecord {
  id: number;
  seckillId: number;
  skuId: number;
  seckillPrice: number;
  seckillStocks: number;
  originalStocks: number;
}

export interface SeckillListFilter {
  /** Null: every shop (platform staff). */
  shopId: number | null;
  state?: SeckillListState;
  /** Only these products (a product-name search the flow resolved); an empty list matches nothing. */
  productIds?: number[];
}

/** A page of activities, newest first. */
export async function pageSeckills(db: Db, filter: SeckillListFilter, now: Date, current: number, size: number): Promise<{ rows: SeckillRecord[]; total: number }> {
  if (filter.productIds && filter.productIds.length === 0) return { rows: [], total: 0 };
  const where = and(
    ne(seckills.status, SECKILL_STATUS.deleted),
    filter.shopId === null ? undefined : eq(seckills.shopId, filter.shopId),
    filter.state ? listStateWhere(filter.state, now) : undefined,
    filter.productIds ? inArray(seckills.productId, filter.productIds) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(seckillRowColumns)
      .from(seckills)
      .where(where)
      .orderBy(desc(seckills.id))
      .limit(size)
      .offset((current - 1) * size),
    db.select({ n: count() }).from(seckills).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One activity (not deleted) of the shop, or of any shop when shopId is null. */
export async function findSeckill(db: Queryable, shopId: number | null, id: number): Promise<SeckillRecord | undefined> {
  const [row] = await db
    .select(seckillRowColumns)
    .from(seckills)
    .where(and(eq(seckills.id, id), ne(seckills.status, SECKILL_STATUS.deleted), shopId === null ? undefined : eq(seckills.shopId, shopId)));
  return row;
}

/** The SKUs of these activities, by activity, in SKU order. */
export async function skusOf(db: Queryable, seckillIds: number[]): Promise<Map<number, SeckillSkuRecord[]>> {
  const map = new Map<number, SeckillSkuRecord[]>();
  if (seckillIds.length === 0) return map;
  const rows = await db
    .select({ id: seckillSkus.id, seckillId: seckillSkus.seckillId, skuId: seckillSkus.skuId, seckillPrice: seckillSkus.seckillPrice, seckillStocks: seckillSkus.seckillStocks, originalStocks: seckillSkus.originalStocks })
    .from(seckillSkus)
    .where(inArray(seckillSkus.seckillId, seckillIds))
    .orderBy(asc(seckillSkus.seckillId), asc(seckillSkus.skuId));
  for (const r of rows) {
    const list = map.get(r.seckillId) ?? [];
    list.push(r);
    map.set(r.seckillId, list);
  }
  return map;
}

export interface OrderCounts {
  unpaidNum: number;
  paidNum: number;
  cancelledNum: number;
}

/** Units in written flash orders of these activities by state (unpaid, paid, cancelled). */
export async function orderCountsOf(db: Queryable, seckillIds: number[]): Promise<Map<number, OrderCounts>> {
  const map = new Map<number, OrderCounts>();
  if (seckillIds.length === 0) return map;
  const rows = await db
    .select({ seckillId: seckillOrders.seckillId, state: seckillOrders.state, units: sum(seckillOrders.prodCount).mapWith(Number) })
    .from(seckillOrders)
    .where(and(inArray(seckillOrders.seckillId, seckillIds), inArray(seckillOrders.state, [SECKILL_ORDER_STATE.unpaid, SECKILL_ORDER_STATE.paid, SECKILL_ORDER_STATE.cancelled])))
    .groupBy(seckillOrders.seckillId, seckillOrders.state);
  for (const r of rows) {
    const c = map.get(r.seckillId) ?? { unpaidNum: 0, paidNum: 0, cancelledNum: 0 };
    if (r.state === SECKILL_ORDER_STATE.unpaid) c.unpaidNum = r.units ?? 0;
    else if (r.state === SECKILL_ORDER_STATE.paid) c.paidNum = r.units ?? 0;
    else c.cancelledNum = r.units ?? 0;
    map.set(r.seckillId, c);
  }
  return map;
}

/**
 * Whether another activity of the product (not deleted, not rejected, not ended early or taken
 * offline) overlaps [start, end): a product is in one flash sale at a time.
 */
export async function productBusy(db: Queryable, productId: number, start: Date, end: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: seckills.id })
    .from(seckills)
    .where(
      and(
        eq(seckills.productId, productId),
        eq(seckills.status, SECKILL_STATUS.on),
        ne(seckills.auditStatus, SECKILL_AUDIT.rejected),
        sql`${seckills.startTime} < ${end.toISOString()}::timestamptz`,
        sql`${seckills.endTime} > ${start.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Serializes the creates of one product's activities until the transaction ends, so two never both pass the overlap check. */
export async function lockProductActivities(tx: Tx, productId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seckill-product'), ${productId}::int)`);
}

/** Writes a new activity of the shop, waiting for the platform's review, with its SKUs (the flow took their stock). */
export async function insertSeckill(tx: Tx, shopId: number, input: MerchantSeckillInput, now: Date): Promise<number> {
  const [row] = await tx
    .insert(seckills)
    .values({
      shopId,
      productId: input.prodId,
      nameZh: input.nameZh,
      nameEn: input.nameEn || null,
      startTime: input.startTime,
      endTime: input.endTime,
      maxNum: input.maxNum,
      maxCancelTime: input.maxCancelTime,
      status: SECKILL_STATUS.on,
      auditStatus: SECKILL_AUDIT.pending,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: seckills.id });
  const id = row!.id;
  await tx.insert(seckillSkus).values(input.skus.map((s) => ({ seckillId: id, skuId: s.skuId, seckillPrice: s.seckillPrice, seckillStocks: s.seckillStocks, originalStocks: s.seckillStocks })));
  return id;
}

/**
 * Marks an activity settled unless something settled it already (conditional), answering its SKUs'
 * flash stock left for the caller to give back to the SKUs in the same transaction; undefined when
 * it was settled before.
 */
export async function settleNow(tx: Tx, id: number, now: Date): Promise<Array<{ skuId: number; count: number }> | undefined> {
  const moved = await tx
    .update(seckills)
    .set({ settledAt: now, version: sql`${seckills.version} + 1`, updatedAt: now })
    .where(and(eq(seckills.id, id), isNull(seckills.settledAt)))
    .returning({ id: seckills.id });
  if (moved.length === 0) return undefined;
  const left = await tx.select({ skuId: seckillSkus.skuId, count: seckillSkus.seckillStocks }).from(seckillSkus).where(eq(seckillSkus.seckillId, id));
  return left.filter((l) => l.count > 0);
}

/**
 * Ends a pending, upcoming or running activity of the shop now (status 0; a started one's end becomes
 * now). Answers the row before, or undefined when nothing moved (another shop's, or already over).
 */
export async function endSeckill(tx: Tx, shopId: number, id: number, now: Date): Promise<SeckillRecord | undefined> {
  const [before] = await tx
    .select(seckillRowColumns)
    .from(seckills)
    .where(and(eq(seckills.id, id), eq(seckills.shopId, shopId), eq(seckills.status, SECKILL_STATUS.on), ne(seckills.auditStatus, SECKILL_AUDIT.rejected), gt(seckills.endTime, now)))
    .for('update');
  if (!before) return undefined;
  await tx
    .update(seckills)
    .set({ status: SECKILL_STATUS.off, endTime: before.startTime < now ? now : before.endTime, version: sql`${seckills.version} + 1`, updatedAt: now })
    .where(eq(seckills.id, id));
  return before;
}

/** Approves or rejects a pending activity whose window has not passed (conditional). Answers the row before, or undefined. */
export async function reviewSeckill(tx: Tx, id: number, approve: boolean, reason: string, now: Date): Promise<SeckillRecord | undefined> {
  const [before] = await tx
    .select(seckillRowColumns)
    .from(seckills)
    .where(and(eq(seckills.id, id), eq(seckills.status, SECKILL_STATUS.on), eq(seckills.auditStatus, SECKILL_AUDIT.pending), gt(seckills.endTime, now)))
    .for('update');
  if (!before) return undefined;
  await tx
    .update(seckills)
    .set({
      auditStatus: approve ? SECKILL_AUDIT.approved : SECKILL_AUDIT.rejected,
      auditReason: approve ? (reason || null) : reason,
      version: sql`${seckills.version} + 1`,
      updatedAt: now,
    })
    .where(eq(seckills.id, id));
  return before;
}

/** Takes an approved activity that has not ended offline with a reason (status 0; a started one's end becomes now). Answers the row before, or undefined. */
export async function takeSeckillOffline(tx: Tx, id: number, reason: string, now: Date): Promise<SeckillRecord | undefined> {
  const [before] = await tx
    .select(seckillRowColumns)
    .from(seckills)
    .where(and(eq(seckills.id, id), eq(seckills.status, SECKILL_STATUS.on), eq(seckills.auditStatus, SECKILL_AUDIT.approved), gt(seckills.endTime, now)))
    .for('update');
  if (!before) return undefined;
  await tx
    .update(seckills)
    .set({ status: SECKILL_STATUS.off, offlineReason: reason, endTime: before.startTime < now ? now : before.endTime, version: sql`${seckills.version} + 1`, updatedAt: now })
    .where(eq(seckills.id, id));
  return before;
}

const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The day's session times, earliest first (empty until the platform sets them). */
export async function listSessionTimes(db: Queryable): Promise<SeckillSessionTime[]> {
  const rows = await db.select({ startMinute: seckillSessionTimes.startMinute, durationMinutes: seckillSessionTimes.durationMinutes }).from(seckillSessionTimes).orderBy(asc(seckillSessionTimes.startMinute));
  return rows.map((r) => ({ startTime: clock(r.startMinute), durationMinutes: r.durationMinutes }));
}

/** Whether the sessions, in start order, overlap one another (the last one running past midnight into the first counts too). */
export function sessionsOverlap(list: SeckillSessionTime[]): boolean {
  const sorted = list.map((s) => ({ start: minuteOf(s.startTime), minutes: s.durationMinutes })).sort((a, b) => a.start - b.start);
  return sorted.some((s, i) => {
    const next = sorted[i + 1];
    const nextStart = next ? next.start : sorted[0]!.start + 1440;
    return s.start + s.minutes > nextStart;
  });
}

/** Replaces the day's session times (the caller locked out parallel writers with the transaction). */
export async function replaceSessionTimes(tx: Tx, list: SeckillSessionTime[], now: Date): Promise<void> {
  // One writer at a time: a second replace waits here and then sees the first one's rows gone.
  await tx.execute(sql`lock table ${seckillSessionTimes} in share row exclusive mode`);
  await tx.delete(seckillSessionTimes);
  await tx.insert(seckillSessionTimes).values(list.map((s) => ({ startMinute: minuteOf(s.startTime), durationMinutes: s.durationMinutes, createdAt: now })));
}

export interface ReportRecord {
  id: number;
  seckillId: number;
  seckillNameZh: string;
  seckillNameEn: string | null;
  shopId: number;
  seckillSkuId: number;
  skuId: number;
  totalStocks: number;
  gateStocks: number | null;
  dbStocks: number;
  acceptedNum: number;
  orderedNum: number;
  cancelledNum: number;
  difference: number;
  matched: boolean;
  createdAt: Date;
}

/** A page of reconciliation reports: differences first, then newest. */
export async function pageReports(db: Db, filter: { seckillId?: number; onlyMismatch?: boolean }, current: number, size: number): Promise<{ rows: ReportRecord[]; total: number }> {
  const where = and(filter.seckillId ? eq(seckillReports.seckillId, filter.seckillId) : undefined, filter.onlyMismatch ? eq(seckillReports.matched, false) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: seckillReports.id,
        seckillId: seckillReports.seckillId,
        seckillNameZh: seckills.nameZh,
        seckillNameEn: seckills.nameEn,
        shopId: seckills.shopId,
        seckillSkuId: seckillReports.seckillSkuId,
        skuId: seckillSkus.skuId,
        totalStocks: seckillReports.totalStocks,
        gateStocks: seckillReports.gateStocks,
        dbStocks: seckillReports.dbStocks,
        acceptedNum: seckillReports.acceptedNum,
        orderedNum: seckillReports.orderedNum,
        cancelledNum: seckillReports.cancelledNum,
        difference: seckillReports.difference,
        matched: seckillReports.matched,
        createdAt: seckillReports.createdAt,
      })
      .from(seckillReports)
      .innerJoin(seckills, eq(seckills.id, seckillReports.seckillId))
      .innerJoin(seckillSkus, eq(seckillSkus.id, seckillReports.seckillSkuId))
      .where(where)
      .orderBy(asc(seckillReports.matched), desc(seckillReports.id))
      .limit(size)
      .offset((current - 1) * size),
    db.select({ n: count() }).from(seckillReports).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
