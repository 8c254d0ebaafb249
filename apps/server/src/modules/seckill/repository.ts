// The seckill module's tables (db/schema/seckill.ts, decision 062): activities, their SKUs, the
// accepted attempts as seckill_orders, the platform's session times, reminders and reconciliation
// reports. Other owners' rows (products, SKUs' stock, orders) are the flows' business.
import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { insertJsonRows } from '../../db/json-rows.ts';
import { seckillOrders, seckillReminders, seckillReports, seckillSessionTimes, seckillSkus, seckills } from '../../db/schema/seckill.ts';
import { SECKILL_AUDIT, SECKILL_DEFAULT_SESSIONS, SECKILL_ORDER_STATE, SECKILL_STATE, SECKILL_STATUS, type SeckillState } from '@bazaar/shared/constants/seckill';

type Queryable = Db | Tx;

export interface ActivitySku {
  seckillSkuId: number;
  skuId: number;
  seckillPrice: number;
  seckillStocks: number;
  originalStocks: number;
}

export interface Activity {
  id: number;
  shopId: number;
  productId: number;
  nameZh: string;
  nameEn: string | null;
  startTime: Date;
  endTime: Date;
  maxNum: number;
  maxCancelTime: number;
  status: number;
  auditStatus: number;
  auditReason: string | null;
  offlineReason: string | null;
  gateLoadedAt: Date | null;
  settledAt: Date | null;
  createdAt: Date;
  skus: ActivitySku[];
}

// The outer table is named in full: drizzle writes a bare column name here, which would mean k's own id.
const skusJson = sql<ActivitySku[]>`(
  select coalesce(json_agg(json_build_object(
    'seckillSkuId', k.id, 'skuId', k.sku_id, 'seckillPrice', k.seckill_price,
    'seckillStocks', k.seckill_stocks, 'originalStocks', k.original_stocks) order by k.id), '[]'::json)
  from ${seckillSkus} k where k.seckill_id = "seckills"."id")`;

/** An activity's own columns (the consoles' rows in admin.ts read these too). */
export const seckillRowColumns = {
  id: seckills.id,
  shopId: seckills.shopId,
  productId: seckills.productId,
  nameZh: seckills.nameZh,
  nameEn: seckills.nameEn,
  startTime: seckills.startTime,
  endTime: seckills.endTime,
  maxNum: seckills.maxNum,
  maxCancelTime: seckills.maxCancelTime,
  status: seckills.status,
  auditStatus: seckills.auditStatus,
  auditReason: seckills.auditReason,
  offlineReason: seckills.offlineReason,
  gateLoadedAt: seckills.gateLoadedAt,
  settledAt: seckills.settledAt,
  createdAt: seckills.createdAt,
};

const activityColumns = { ...seckillRowColumns, skus: skusJson };

/** Approved and not deleted: what shoppers may see (an offline or ended-early one shows as ended). */
const shown = and(eq(seckills.auditStatus, SECKILL_AUDIT.approved), ne(seckills.status, SECKILL_STATUS.deleted));

/** The state shoppers see: 1 not started, 2 running, 3 ended (status 0 = ended early or taken offline). */
export function activityState(a: Pick<Activity, 'startTime' | 'endTime' | 'status'>, now: Date): SeckillState {
  if (a.status !== SECKILL_STATUS.on || a.endTime.getTime() <= now.getTime()) return SECKILL_STATE.ended;
  return a.startTime.getTime() > now.getTime() ? SECKILL_STATE.notStarted : SECKILL_STATE.running;
}

export async function findActivity(db: Queryable, seckillId: number): Promise<Activity | undefined> {
  const [row] = await db.select(activityColumns).from(seckills).where(eq(seckills.id, seckillId));
  return row;
}

/** A shown activity by id (approved, not deleted), or undefined. */
export async function findShownActivity(db: Queryable, seckillId: number): Promise<Activity | undefined> {
  const [row] = await db
    .select(activityColumns)
    .from(seckills)
    .where(and(eq(seckills.id, seckillId), shown));
  return row;
}

/**
 * The product's activity a shopper acts on: the running one, else the next to start, else the last
 * to end (so an ended one answers 204 and a coming one 'Event not started').
 */
export async function findActivityOfProduct(db: Queryable, prodId: number, now: Date): Promise<Activity | undefined> {
  const rows = await db
    .select(activityColumns)
    .from(seckills)
    .where(and(eq(seckills.productId, prodId), shown))
    .orderBy(desc(seckills.endTime))
    .limit(20);
  const live = rows.filter((r) => activityState(r, now) !== SECKILL_STATE.ended);
  return live.sort((a, b) => a.startTime.getTime() - b.startTime.getTime())[0] ?? rows[0];
}

/** Shown activities starting in [from, to), earliest first, a page of them, and how many there are. */
export async function pageActivitiesStarting(db: Queryable, from: Date, to: Date, offset: number, limit: number): Promise<{ rows: Activity[]; total: number }> {
  const where = and(shown, sql`${seckills.startTime} >= ${from}`, sql`${seckills.startTime} < ${to}`);
  const [rows, [count]] = await Promise.all([
    db.select(activityColumns).from(seckills).where(where).orderBy(asc(seckills.startTime), asc(seckills.id)).offset(offset).limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(seckills).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/**
 * A /flash-sale tab's activities (decision 064's amendment): shown ones starting in [from, to) (`to`
 * null: no bound), and with `liveAt`, those starting before `from` too while not ended then (the
 * first tab holds the earlier sales still running).
 */
export async function pageActivitiesOfTab(db: Queryable, tab: { from: Date; to: Date | null; liveAt: Date | null }, offset: number, limit: number): Promise<{ rows: Activity[]; total: number }> {
  const from = tab.liveAt ? or(sql`${seckills.startTime} >= ${tab.from}`, and(eq(seckills.status, SECKILL_STATUS.on), gt(seckills.endTime, tab.liveAt))) : sql`${seckills.startTime} >= ${tab.from}`;
  const where = and(shown, from, tab.to ? sql`${seckills.startTime} < ${tab.to}` : undefined);
  const [rows, [count]] = await Promise.all([
    db.select(activityColumns).from(seckills).where(where).orderBy(asc(seckills.startTime), asc(seckills.id)).offset(offset).limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(seckills).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The latest start of the shown, enabled activities begun before `before` and not ended at `now` (null: none). */
export async function latestLiveStartBefore(db: Queryable, now: Date, before: Date): Promise<Date | null> {
  const [row] = await db
    .select({ startTime: seckills.startTime })
    .from(seckills)
    .where(and(shown, eq(seckills.status, SECKILL_STATUS.on), gt(seckills.endTime, now), sql`${seckills.startTime} < ${before}`))
    .orderBy(desc(seckills.startTime))
    .limit(1);
  return row?.startTime ?? null;
}

/** Shown, enabled activities not yet ended, earliest start first (GET /seckill/pageProd). */
export async function pageActivitiesLive(db: Queryable, now: Date, offset: number, limit: number): Promise<{ rows: Activity[]; total: number }> {
  const where = and(shown, eq(seckills.status, SECKILL_STATUS.on), gt(seckills.endTime, now));
  const [rows, [count]] = await Promise.all([
    db.select(activityColumns).from(seckills).where(where).orderBy(asc(seckills.startTime), asc(seckills.id)).offset(offset).limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(seckills).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Units per user of an activity in unpaid and paid flash orders (what the gate loads as holders). */
export async function holdersOf(db: Queryable, seckillId: number): Promise<Array<{ userId: string; units: number }>> {
  return db
    .select({ userId: seckillOrders.userId, units: sql<number>`sum(${seckillOrders.prodCount})::int` })
    .from(seckillOrders)
    .where(and(eq(seckillOrders.seckillId, seckillId), inArray(seckillOrders.state, [SECKILL_ORDER_STATE.unpaid, SECKILL_ORDER_STATE.paid])))
    .groupBy(seckillOrders.userId);
}

/** The user's units in unpaid and paid flash orders of the activity (reference §5.6). */
export async function heldUnits(db: Queryable, seckillId: number, userId: string): Promise<number> {
  const [row] = await db
    .select({ units: sql<number>`coalesce(sum(${seckillOrders.prodCount}), 0)::int` })
    .from(seckillOrders)
    .where(and(eq(seckillOrders.seckillId, seckillId), eq(seckillOrders.userId, userId), inArray(seckillOrders.state, [SECKILL_ORDER_STATE.unpaid, SECKILL_ORDER_STATE.paid])));
  return row?.units ?? 0;
}

export async function markGateLoaded(db: Queryable, seckillId: number, now: Date): Promise<void> {
  await db.update(seckills).set({ gateLoadedAt: now }).where(and(eq(seckills.id, seckillId), isNull(seckills.gateLoadedAt)));
}

// ---- The order writers ----

export type NewSeckillOrder = typeof seckillOrders.$inferInsert;

/** Records attempts by their order number; answers the numbers that were new (a redelivered one is not). */
export async function insertSeckillOrders(tx: Queryable, rows: NewSeckillOrder[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await tx.execute<{ order_number: string }>(sql`${insertJsonRows(seckillOrders, rows, { onConflictDoNothing: true })} returning order_number`);
  return new Set(inserted.rows.map((r) => r.order_number));
}

/**
 * PostgreSQL's flash stock drops by what was written, per SKU, only where enough is left. Answers
 * false when some SKU had too little (the gate let through more than PostgreSQL holds: never
 * expected, and the batch is then written one attempt at a time).
 */
export async function takeFlashStock(tx: Queryable, lines: Array<{ seckillSkuId: number; count: number }>): Promise<boolean> {
  const per = new Map<number, number>();
  for (const l of lines) per.set(l.seckillSkuId, (per.get(l.seckillSkuId) ?? 0) + l.count);
  if (per.size === 0) return true;
  const values = sql.join(
    [...per].map(([id, n]) => sql`(${id}::int, ${n}::int)`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    update ${seckillSkus} set seckill_stocks = seckill_stocks - d.n, version = version + 1
    from (values ${values}) as d(id, n)
    where ${seckillSkus.id} = d.id and seckill_stocks >= d.n`);
  return (result.rowCount ?? 0) === per.size;
}

/** A paid flash order's attempt becomes paid (state 0 -> 1), in the payment's transaction. */
export async function markSeckillOrdersPaid(tx: Queryable, orderNumbers: string[], now: Date): Promise<void> {
  if (orderNumbers.length === 0) return;
  await tx
    .update(seckillOrders)
    .set({ state: SECKILL_ORDER_STATE.paid, updatedAt: now })
    .where(and(inArray(seckillOrders.orderNumber, orderNumbers), eq(seckillOrders.state, SECKILL_ORDER_STATE.unpaid)));
}

export interface CancelledUnit {
  seckillId: number;
  seckillSkuId: number;
  skuId: number;
  userId: string;
  count: number;
  /** The activity was settled already: the unit goes to the SKU's own stock, not the flash stock. */
  settled: boolean;
}

/**
 * A cancelled flash order (unpaid timeout or the buyer): its attempt becomes cancelled and, unless
 * the activity was settled, its units go back to PostgreSQL's flash stock, in the cancel's
 * transaction. Undefined when the order is no flash order (or was cancelled before).
 */
export async function cancelSeckillOrder(tx: Tx, orderNumber: string, now: Date): Promise<CancelledUnit | undefined> {
  const [row] = await tx
    .update(seckillOrders)
    .set({ state: SECKILL_ORDER_STATE.cancelled, updatedAt: now })
    .where(and(eq(seckillOrders.orderNumber, orderNumber), eq(seckillOrders.state, SECKILL_ORDER_STATE.unpaid)))
    .returning({ seckillId: seckillOrders.seckillId, seckillSkuId: seckillOrders.seckillSkuId, userId: seckillOrders.userId, count: seckillOrders.prodCount });
  if (!row) return undefined;
  // The activity row is locked, so a settle running now either sees this unit back or runs after it.
  const [activity] = await tx.execute<{ settled_at: Date | null }>(sql`select settled_at from ${seckills} where id = ${row.seckillId} for update`).then((r) => r.rows);
  const settled = Boolean(activity?.settled_at);
  const [sku] = settled
    ? await tx.select({ skuId: seckillSkus.skuId }).from(seckillSkus).where(eq(seckillSkus.id, row.seckillSkuId))
    : await tx
        .update(seckillSkus)
        .set({ seckillStocks: sql`${seckillSkus.seckillStocks} + ${row.count}`, version: sql`${seckillSkus.version} + 1` })
        .where(eq(seckillSkus.id, row.seckillSkuId))
        .returning({ skuId: seckillSkus.skuId });
  return { ...row, skuId: sku!.skuId, settled };
}

/** What createOrderStatus reads: the attempt's state for its own shopper (undefined while queued). */
/** The attempt written under this order number, whoever's it is (the caller tells its own from another's by userId). */
export async function attemptState(db: Queryable, orderNumber: string): Promise<{ userId: string; state: number; failReason: string | null } | undefined> {
  const [row] = await db
    .select({ userId: seckillOrders.userId, state: seckillOrders.state, failReason: seckillOrders.failReason })
    .from(seckillOrders)
    .where(eq(seckillOrders.orderNumber, orderNumber));
  return row;
}

// ---- Session times ----

/** The day's sessions as minutes after midnight (Beijing time), earliest first; the defaults until staff set them. */
export async function listSessionTimes(db: Queryable): Promise<Array<{ startMinute: number; durationMinutes: number }>> {
  const rows = await db
    .select({ startMinute: seckillSessionTimes.startMinute, durationMinutes: seckillSessionTimes.durationMinutes })
    .from(seckillSessionTimes)
    .orderBy(asc(seckillSessionTimes.startMinute));
  if (rows.length > 0) return rows;
  return SECKILL_DEFAULT_SESSIONS.map((s) => ({ startMinute: clockMinutes(s.startTime), durationMinutes: s.durationMinutes }));
}

/** 'HH:mm' -> minutes after midnight. */
function clockMinutes(value: string): number {
  const [h, m] = value.split(':').map(Number);
  return h! * 60 + m!;
}

// ---- Reminders ----

export async function addReminder(db: Queryable, seckillId: number, userId: string): Promise<void> {
  await db.insert(seckillReminders).values({ seckillId, userId }).onConflictDoNothing();
}

export async function removeReminder(db: Queryable, seckillId: number, userId: string): Promise<void> {
  await db.delete(seckillReminders).where(and(eq(seckillReminders.seckillId, seckillId), eq(seckillReminders.userId, userId), isNull(seckillReminders.sentAt)));
}

export async function pendingReminderIds(db: Queryable, userId: string): Promise<number[]> {
  const rows = await db
    .select({ seckillId: seckillReminders.seckillId })
    .from(seckillReminders)
    .where(and(eq(seckillReminders.userId, userId), isNull(seckillReminders.sentAt)))
    .orderBy(asc(seckillReminders.seckillId));
  return rows.map((r) => r.seckillId);
}

/** Claims the reminders of an activity still to send (marks them sent), so each goes once. */
export async function takeDueReminders(db: Queryable, seckillId: number, now: Date, limit = 500): Promise<string[]> {
  const rows = await db.execute<{ user_id: string }>(sql`
    update ${seckillReminders} set sent_at = ${now}
    where id in (select id from ${seckillReminders} where seckill_id = ${seckillId} and sent_at is null order by id limit ${limit} for update skip locked)
    returning user_id`);
  return rows.rows.map((r) => r.user_id);
}

// ---- The jobs' sweep: what opens, what ended, whose reminders are due ----

/** Approved, enabled activities starting before `until` whose gate is not loaded and that have not ended. */
export async function activitiesToOpen(db: Queryable, now: Date, until: Date): Promise<Array<{ id: number; startTime: Date }>> {
  return db
    .select({ id: seckills.id, startTime: seckills.startTime })
    .from(seckills)
    .where(and(eq(seckills.auditStatus, SECKILL_AUDIT.approved), eq(seckills.status, SECKILL_STATUS.on), isNull(seckills.gateLoadedAt), lte(seckills.startTime, until), gt(seckills.endTime, now)))
    .limit(200);
}

/**
 * Activities not settled yet that have ended (or were switched off): approved ones, and pending ones
 * nobody reviewed before their end, whose reserved flash stock must go back to the SKUs too
 * (a rejection settles at once).
 */
export async function activitiesToSettle(db: Queryable, now: Date): Promise<Array<{ id: number; endTime: Date }>> {
  return db
    .select({ id: seckills.id, endTime: seckills.endTime })
    .from(seckills)
    .where(
      and(
        isNull(seckills.settledAt),
        ne(seckills.auditStatus, SECKILL_AUDIT.rejected),
        or(lte(seckills.endTime, now), ne(seckills.status, SECKILL_STATUS.on)),
      ),
    )
    .limit(200);
}

/** Started activities with reminders not sent. */
export async function activitiesWithDueReminders(db: Queryable, now: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: seckills.id })
    .from(seckills)
    .innerJoin(seckillReminders, eq(seckillReminders.seckillId, seckills.id))
    .where(and(isNull(seckillReminders.sentAt), lte(seckills.startTime, now), gt(seckills.endTime, now), eq(seckills.status, SECKILL_STATUS.on), eq(seckills.auditStatus, SECKILL_AUDIT.approved)))
    .limit(200);
  return rows.map((r) => r.id);
}

// ---- Settling and reconciliation ----

export interface SkuTally {
  seckillSkuId: number;
  skuId: number;
  originalStocks: number;
  seckillStocks: number;
  orderedNum: number;
  cancelledNum: number;
}

/** Per SKU of the activity: PostgreSQL's flash stock and the units of its written attempts by state. */
export async function tallySkus(db: Queryable, seckillId: number): Promise<SkuTally[]> {
  const rows = await db.execute<{ id: number; sku_id: number; original_stocks: number; seckill_stocks: number; ordered: number; cancelled: number }>(sql`
    select k.id, k.sku_id, k.original_stocks, k.seckill_stocks,
      coalesce(sum(o.prod_count) filter (where o.state in (${SECKILL_ORDER_STATE.unpaid}, ${SECKILL_ORDER_STATE.paid})), 0)::int as ordered,
      coalesce(sum(o.prod_count) filter (where o.state = ${SECKILL_ORDER_STATE.cancelled}), 0)::int as cancelled
    from ${seckillSkus} k left join ${seckillOrders} o on o.seckill_sku_id = k.id
    where k.seckill_id = ${seckillId}
    group by k.id order by k.id`);
  return rows.rows.map((r) => ({
    seckillSkuId: Number(r.id),
    skuId: Number(r.sku_id),
    originalStocks: Number(r.original_stocks),
    seckillStocks: Number(r.seckill_stocks),
    orderedNum: Number(r.ordered),
    cancelledNum: Number(r.cancelled),
  }));
}

export type NewReport = typeof seckillReports.$inferInsert;

/**
 * Settles an ended activity once: locks it, records the reports (one per SKU, replacing an earlier
 * run's), and marks it settled. Answers the unsold flash stock per SKU (to go back to the SKUs'
 * stock in the same transaction), or null when it was settled before.
 */
export async function settleActivity(tx: Tx, seckillId: number, reports: NewReport[], now: Date): Promise<Array<{ skuId: number; count: number }> | null> {
  const locked = await tx.execute<{ settled_at: Date | null }>(sql`select settled_at from ${seckills} where id = ${seckillId} for update`);
  if (!locked.rows[0] || locked.rows[0].settled_at) return null;
  for (const r of reports) {
    await tx
      .insert(seckillReports)
      .values(r)
      .onConflictDoUpdate({
        target: seckillReports.seckillSkuId,
        set: {
          totalStocks: r.totalStocks,
          gateStocks: r.gateStocks ?? null,
          dbStocks: r.dbStocks,
          acceptedNum: r.acceptedNum,
          orderedNum: r.orderedNum,
          cancelledNum: r.cancelledNum,
          difference: r.difference,
          matched: r.matched,
          createdAt: now,
        },
      });
  }
  await tx.update(seckills).set({ settledAt: now, updatedAt: now }).where(eq(seckills.id, seckillId));
  const left = await tx.select({ skuId: seckillSkus.skuId, count: seckillSkus.seckillStocks }).from(seckillSkus).where(eq(seckillSkus.seckillId, seckillId));
  return left.filter((l) => l.count > 0);
}
