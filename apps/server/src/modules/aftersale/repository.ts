// After-sales requests (decision 059): the refunds table, its history, its return parcels, the
// shops' return addresses, the period settings and the reminder notices. Every move of a request
// is a conditional update on the status it expects (`where return_money_sts in (...)`), so of two
// parallel moves one wins and the other finds nothing; the database's triggers (migration 0036)
// hold the order's total and the allowed moves whatever the code does.
import { and, asc, count, desc, eq, getTableColumns, getTableName, gte, inArray, like, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { OPEN_REFUND_STATUSES, REFUND_DEFAULT_PERIODS } from '@bazaar/shared/constants/refund';
import type { AftersaleSettings } from '@bazaar/shared/schemas/refund';
import type { Db, Tx } from '../../db/client.ts';
import { jsonObjectOf, parsedJson, rowFromJson } from '../../db/json-rows.ts';
import { preparedPer } from '../../db/prepared.ts';
import { aftersaleSettings, refundDeliveries, refundHistories, refundNotices, refunds, shopReturnAddresses } from '../../db/schema/aftersale.ts';

type Reader = Db | Tx;

/** Requests still in progress: applied, accepted, buyer shipped, seller received. */
const OPEN_REFUND_STATES = [...OPEN_REFUND_STATUSES] as number[];
/** Requests that hold part of the order's money: in progress or refunded. */
export const ACTIVE_REFUND_STATES = [1, 2, 3, 4, 5];

export type RefundRow = typeof refunds.$inferSelect;
export type NewRefund = typeof refunds.$inferInsert;
export type RefundDeliveryRow = typeof refundDeliveries.$inferSelect;
export type RefundHistoryRow = typeof refundHistories.$inferSelect;

const openRefundsStatement = preparedPer((db) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(refunds)
    .where(and(eq(refunds.userId, sql.placeholder('userId')), inArray(refunds.returnMoneySts, OPEN_REFUND_STATES)))
    .prepare('aftersale_open_refunds'),
);

export async function countOpenRefunds(db: Db, userId: string): Promise<number> {
  const [row] = await openRefundsStatement(db).execute({ userId });
  return row?.n ?? 0;
}

/** Open requests of one order (auto-receipt waits while there is one). */
export async function countOpenRefundsOfOrder(db: Reader, orderNumber: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(refunds)
    .where(and(eq(refunds.orderNumber, orderNumber), inArray(refunds.returnMoneySts, OPEN_REFUND_STATES)));
  return row?.n ?? 0;
}

export async function findRefund(db: Reader, refundSn: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.refundSn, refundSn));
  return row;
}

const refundStatement = preparedPer((db) =>
  db
    .select()
    .from(refunds)
    .where(eq(refunds.refundSn, sql.placeholder('refundSn')))
    .prepare('aftersale_refund'),
);

/** findRefund outside a transaction, prepared: the read before every decision of the merchant center. */
export async function readRefund(db: Db, refundSn: string): Promise<RefundRow | undefined> {
  const [row] = await refundStatement(db).execute({ refundSn });
  return row;
}

/** refundsOfOrders of one order as a part of another statement (decision 017, db/json-rows.ts): a scalar subquery answering JSON, read back by refundRowsOf. */
export function refundsOfOrderPart(orderNumber: string): SQL<unknown> {
  const column = (c: AnyColumn) => sql`${sql.identifier(getTableName(refunds))}.${sql.identifier(c.name)}`;
  return sql`(select coalesce(json_agg(${jsonObjectOf(getTableColumns(refunds))} order by ${column(refunds.applyTime)}, ${column(refunds.refundSn)}), '[]'::json) from ${refunds} where ${column(refunds.orderNumber)} = ${orderNumber})`;
}

export const refundRowsOf = (value: unknown): RefundRow[] => parsedJson<unknown[]>(value).map((row) => rowFromJson<RefundRow>(getTableColumns(refunds), row));

/** Every request of the orders, oldest first (what is refunded, what is open, per item). */
export async function refundsOfOrders(db: Reader, orderNumbers: string[]): Promise<RefundRow[]> {
  if (orderNumbers.length === 0) return [];
  return db.select().from(refunds).where(inArray(refunds.orderNumber, orderNumbers)).orderBy(asc(refunds.applyTime), asc(refunds.refundSn));
}

/**
 * A new request and its first history row, in one statement (`history` takes the request's number),
 * with other owners' statement parts the flow hands in (`alongside`, decision 017: its deadline
 * jobs, the order's refund state), run by the same statement as CTEs: the insert fails or succeeds
 * with all of them, so it needs no transaction of its own.
 */
export async function insertRefund(tx: Db | Tx, row: NewRefund, history?: Omit<HistoryEntry, 'refundSn'>, alongside: SQL[] = []): Promise<void> {
  if (!history) {
    await tx.insert(refunds).values(row);
    return;
  }
  const h = historyValues({ ...history, refundSn: row.refundSn });
  const parts = alongside.map((part, i) => sql`, ${sql.identifier(`alongside_${i}`)} as (${part})`);
  await tx.execute(
    sql`with "added" as (${tx.insert(refunds).values(row).returning({ refundSn: refunds.refundSn }).getSQL()})${sql.join(parts)} ${historyFrom('added', h, sql`${h.returnMoneySts}::smallint`, sql`${h.refundAmount}::bigint`)}`,
  );
}

const col = (c: AnyColumn) => sql.identifier(c.name);

/** `insert into refund_histories ... select ... from <source>`: the history row of a request a CTE just wrote (its status and amount given as SQL). */
function historyFrom(source: 'added' | 'moved', h: HistoryEntry, status: SQL, amount: SQL): SQL {
  const from = sql.identifier(source);
  return sql`insert into ${refundHistories} (${col(refundHistories.refundSn)}, ${col(refundHistories.actor)}, ${col(refundHistories.actorId)}, ${col(refundHistories.actorName)}, ${col(refundHistories.action)}, ${col(refundHistories.returnMoneySts)}, ${col(refundHistories.note)}, ${col(refundHistories.refundAmount)}, ${col(refundHistories.createdAt)})
    select ${from}."refund_sn", ${h.actor}::varchar, ${h.actorId ?? null}::varchar, ${h.actorName ?? null}::varchar, ${h.action}::varchar, ${status}, ${h.note ?? null}::varchar, ${amount}, ${h.createdAt.toISOString()}::timestamptz from ${from}`;
}

/**
 * Moves a request that is in one of `from` (and belongs to `owner`, and has `applyType`, when given) with `set`, once.
 * Answers the row after the move, or undefined when it was not in such a state (or not the owner's).
 */
export async function moveRefund(tx: Db | Tx, input: MoveInput): Promise<RefundRow | undefined> {
  const found = await move(tx, input);
  return found?.row;
}

/**
 * moveRefund whose statement also answers `reading`: another owner's scalar subquery over the
 * moved row (decision 017; "moved"."order_number" is MOVED_ORDER_NUMBER), run only when the move
 * found its row and after it wrote it, e.g. the order locked with its lines. Needs `history`.
 */
export async function moveRefundReading(tx: Db | Tx, input: MoveInput & { reading: SQL<unknown> }): Promise<{ row: RefundRow; reading: unknown } | undefined> {
  const found = await move(tx, input);
  return found ? { row: found.row, reading: found.reading } : undefined;
}

/** The moved row's order number, for a `reading` of moveRefundReading. */
export const MOVED_ORDER_NUMBER = sql`"moved"."order_number"`;

interface MoveInput {
  refundSn: string;
  from: readonly number[];
  owner?: { userId?: string; shopId?: number };
  platformStatus?: number;
  applyType?: number;
  set: Partial<NewRefund>;
  now: Date;
  /** The history row of the move, written by the same statement with the moved row's status and amount (one round trip). */
  history?: Omit<HistoryEntry, 'refundSn' | 'returnMoneySts' | 'refundAmount' | 'createdAt'>;
  /**
   * Other owners' statement parts the flow hands in (decision 017), run by the same statement as
   * CTEs; each must hold itself to MOVED (a CTE runs whether or not the move found its row). Needs `history`.
   */
  alongside?: SQL[];
  /** See moveRefundReading. */
  reading?: SQL<unknown>;
}

async function move(tx: Db | Tx, input: MoveInput): Promise<{ row: RefundRow; reading?: unknown } | undefined> {
  const update = tx
    .update(refunds)
    .set({ ...input.set, updatedAt: input.now, version: sql`${refunds.version} + 1` })
    .where(
      and(
        eq(refunds.refundSn, input.refundSn),
        inArray(refunds.returnMoneySts, [...input.from]),
        input.owner?.userId ? eq(refunds.userId, input.owner.userId) : undefined,
        input.owner?.shopId ? eq(refunds.shopId, input.owner.shopId) : undefined,
        input.platformStatus === undefined ? undefined : eq(refunds.platformStatus, input.platformStatus),
        input.applyType === undefined ? undefined : eq(refunds.applyType, input.applyType),
      ),
    )
    .returning();
  if (!input.history) {
    if (input.reading) throw new Error('moveRefund: a reading needs the history row');
    const [row] = await update;
    return row ? { row } : undefined;
  }
  // A data-modifying CTE runs once whether or not the select reads it; it sees the moved row only through `moved`.
  const moved = tx.$with('moved').as(update);
  const h = historyValues({ ...input.history, refundSn: input.refundSn, returnMoneySts: 0, refundAmount: 0, createdAt: input.now });
  const logged = tx.$with('logged', {}).as(historyFrom('moved', h, sql`"moved"."return_money_sts"`, sql`"moved"."refund_amount"`));
  const alongside = (input.alongside ?? []).map((part, i) => tx.$with(`alongside_${i}`, {}).as(part));
  const statement = tx.with(moved, logged, ...alongside);
  if (!input.reading) {
    const [row] = await statement.select().from(moved);
    return row ? { row } : undefined;
  }
  const [found] = await statement.select({ ...moved._.selectedFields, reading: sql<unknown>`${input.reading}` }).from(moved);
  if (!found) return undefined;
  const { reading, ...row } = found;
  return { row, reading };
}

/** The condition a part handed to moveRefund (`alongside`) holds itself to: the move found its row. */
export const MOVED = sql`exists (select 1 from "moved")`;

type DeliveryFields = Omit<typeof refundDeliveries.$inferInsert, 'refundSn' | 'createdAt' | 'updatedAt'>;

/**
 * upsertDelivery as a part of moveRefund's statement (`alongside`): the parcel of the row the move
 * found (none when it found none), `fields` written and every other column left as it was (the
 * waybill keeps the return address the acceptance wrote, and the other way round). No read first.
 */
export function deliveryOfMovedPart(fields: Partial<DeliveryFields>, now: Date): SQL {
  const keys = (Object.keys(fields) as Array<keyof DeliveryFields>).filter((key) => fields[key] !== undefined);
  const names = keys.map((key) => col(refundDeliveries[key]));
  const values = keys.map((key) => {
    const column = refundDeliveries[key];
    // Cast to the base type only: a value too long for its column fails on the write, never cut short.
    return sql`${sql.param(fields[key], column)}::${sql.raw(column.getSQLType().replace(/\(.*\)/, ''))}`;
  });
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`insert into ${refundDeliveries} (${col(refundDeliveries.refundSn)}, ${sql.join(names, sql`, `)}, ${col(refundDeliveries.createdAt)}, ${col(refundDeliveries.updatedAt)})
    select "moved"."refund_sn", ${sql.join(values, sql`, `)}, ${at}, ${at} from "moved"
    on conflict (${col(refundDeliveries.refundSn)}) do update set ${sql.join(
      names.map((name) => sql`${name} = excluded.${name}`),
      sql`, `,
    )}, ${col(refundDeliveries.updatedAt)} = excluded.${col(refundDeliveries.updatedAt)}`;
}

// ---- History ----

export interface HistoryEntry {
  refundSn: string;
  actor: 'buyer' | 'seller' | 'platform' | 'system';
  actorId?: string | null;
  actorName?: string | null;
  action: string;
  returnMoneySts: number;
  note?: string | null;
  refundAmount: number;
  createdAt: Date;
}

/** The row as stored: the note and the name cut to their columns. */
const historyValues = (entry: HistoryEntry) => ({ ...entry, note: entry.note ? entry.note.slice(0, 255) : null, actorName: entry.actorName ? entry.actorName.slice(0, 64) : null });

export async function insertHistory(tx: Tx, entry: HistoryEntry): Promise<void> {
  await tx.insert(refundHistories).values(historyValues(entry));
}

export function historyOf(db: Reader, refundSn: string): Promise<RefundHistoryRow[]> {
  return db.select().from(refundHistories).where(eq(refundHistories.refundSn, refundSn)).orderBy(asc(refundHistories.id));
}

// ---- The return parcel ----

export async function findDelivery(db: Reader, refundSn: string): Promise<RefundDeliveryRow | undefined> {
  const [row] = await db.select().from(refundDeliveries).where(eq(refundDeliveries.refundSn, refundSn));
  return row;
}

export async function upsertDelivery(tx: Tx, row: typeof refundDeliveries.$inferInsert, now: Date): Promise<void> {
  const { refundSn: _sn, ...set } = row;
  await tx
    .insert(refundDeliveries)
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: refundDeliveries.refundSn, set: { ...set, updatedAt: now } });
}

// ---- Lists ----

export interface RefundFilter {
  userId?: string;
  shopId?: number;
  statuses?: readonly number[] | null;
  applyType?: number;
  /** A refund or order number, or its start. */
  keyword?: string;
  platformRequested?: boolean;
  /** Requested at or after this moment / before this moment. */
  appliedFrom?: Date;
  appliedBefore?: Date;
}

function whereOf(filter: RefundFilter): SQL | undefined {
  return and(
    filter.userId ? eq(refunds.userId, filter.userId) : undefined,
    filter.shopId ? eq(refunds.shopId, filter.shopId) : undefined,
    filter.statuses ? inArray(refunds.returnMoneySts, [...filter.statuses]) : undefined,
    filter.applyType ? eq(refunds.applyType, filter.applyType) : undefined,
    filter.keyword ? or(like(refunds.refundSn, `${filter.keyword}%`), like(refunds.orderNumber, `${filter.keyword}%`)) : undefined,
    filter.platformRequested ? eq(refunds.platformStatus, 1) : undefined,
    filter.appliedFrom ? gte(refunds.applyTime, filter.appliedFrom) : undefined,
    filter.appliedBefore ? lt(refunds.applyTime, filter.appliedBefore) : undefined,
  );
}

/** Other owners' named statement parts a list joins by column (handed in by the flows): the shop's name and the buyer's nickname. */
export interface RefundNameParts {
  shopName: (shopId: AnyColumn) => SQL<string>;
  nickName: (userId: AnyColumn) => SQL<string>;
}

export type NamedRefundRow = RefundRow & { shopName: string; nickName: string };

function namedColumns(parts: RefundNameParts) {
  return { ...getTableColumns(refunds), shopName: parts.shopName(refunds.shopId), nickName: parts.nickName(refunds.userId) };
}

/** A page of requests, newest first, and their total. */
export async function pageRefunds(db: Reader, filter: RefundFilter, size: number, offset: number, parts: RefundNameParts): Promise<{ rows: NamedRefundRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db.select(namedColumns(parts)).from(refunds).where(where).orderBy(desc(refunds.applyTime), desc(refunds.refundSn)).limit(size).offset(offset),
    db.select({ n: count() }).from(refunds).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findNamedRefund(db: Reader, refundSn: string, parts: RefundNameParts): Promise<NamedRefundRow | undefined> {
  const [row] = await db.select(namedColumns(parts)).from(refunds).where(eq(refunds.refundSn, refundSn));
  return row;
}

/** Requests per returnMoneySts of a shop (or of every shop), and the refused ones brought to the platform. */
export async function countByStatus(db: Reader, shopId?: number, applyType?: number): Promise<{ byStatus: Map<number, number>; platformRequested: number }> {
  const where = and(shopId ? eq(refunds.shopId, shopId) : undefined, applyType ? eq(refunds.applyType, applyType) : undefined);
  const [rows, [platform]] = await Promise.all([
    db.select({ status: refunds.returnMoneySts, n: count() }).from(refunds).where(where).groupBy(refunds.returnMoneySts),
    db
      .select({ n: count() })
      .from(refunds)
      .where(and(where, eq(refunds.platformStatus, 1))),
  ]);
  return { byStatus: new Map(rows.map((r) => [r.status, r.n])), platformRequested: platform?.n ?? 0 };
}

// ---- Return addresses ----

export async function findReturnAddress(db: Reader, shopId: number) {
  const [row] = await db
    .select({ receiverName: shopReturnAddresses.receiverName, receiverMobile: shopReturnAddresses.receiverMobile, receiverAddr: shopReturnAddresses.receiverAddr })
    .from(shopReturnAddresses)
    .where(eq(shopReturnAddresses.shopId, shopId));
  return row;
}

export async function saveReturnAddress(db: Reader, shopId: number, address: { receiverName: string; receiverMobile: string; receiverAddr: string }, now: Date): Promise<void> {
  await db
    .insert(shopReturnAddresses)
    .values({ shopId, ...address, updatedAt: now })
    .onConflictDoUpdate({ target: shopReturnAddresses.shopId, set: { ...address, updatedAt: now } });
}

// ---- Settings ----

export async function readSettings(db: Reader): Promise<AftersaleSettings> {
  const [row] = await db.select().from(aftersaleSettings).where(eq(aftersaleSettings.id, 1));
  return settingsOfRow(row);
}

/** readSettings as a part of another statement (decision 017): a scalar subquery answering JSON, read back by settingsOf. */
export function settingsPart(): SQL<unknown> {
  return sql`(select ${jsonObjectOf(getTableColumns(aftersaleSettings))} from ${aftersaleSettings} where ${sql.identifier(getTableName(aftersaleSettings))}.${sql.identifier(aftersaleSettings.id.name)} = 1)`;
}

export const settingsOf = (value: unknown): AftersaleSettings =>
  settingsOfRow(value === null || value === undefined ? undefined : rowFromJson<typeof aftersaleSettings.$inferSelect>(getTableColumns(aftersaleSettings), value));

function settingsOfRow(row: typeof aftersaleSettings.$inferSelect | undefined): AftersaleSettings {
  if (!row) return { ...REFUND_DEFAULT_PERIODS };
  return {
    applyDays: row.applyDays,
    sellerHandleDays: row.sellerHandleDays,
    buyerShipDays: row.buyerShipDays,
    sellerReceiveDays: row.sellerReceiveDays,
    reminderHours: row.reminderHours,
  };
}

export async function writeSettings(tx: Tx, settings: AftersaleSettings, now: Date): Promise<void> {
  await tx
    .insert(aftersaleSettings)
    .values({ id: 1, ...settings, updatedAt: now })
    .onConflictDoUpdate({ target: aftersaleSettings.id, set: { ...settings, updatedAt: now } });
}

// ---- Reminders ----

/** Claims the reminder of the request's current deadline: true once per deadline (a retried job finds it claimed). */
export async function claimReminder(tx: Tx, refundSn: string, status: number, deadline: Date): Promise<boolean> {
  const moved = await tx
    .update(refunds)
    .set({ remindedFor: deadline })
    .where(and(eq(refunds.refundSn, refundSn), eq(refunds.returnMoneySts, status), eq(refunds.deadline, deadline), sql`${refunds.remindedFor} is distinct from ${deadline}`))
    .returning({ refundSn: refunds.refundSn });
  return moved.length === 1;
}

export async function insertNotice(tx: Tx, notice: { refundSn: string; userId?: string | null; shopId?: number | null; kind: string; deadline: Date; createdAt: Date }): Promise<void> {
  await tx.insert(refundNotices).values(notice).onConflictDoNothing();
}

/** The owner's reminders, newest first; `kinds` narrows them (a warehouse account sees only the receipt ones). */
export function noticesOf(db: Reader, owner: { userId?: string; shopId?: number }, limit: number, kinds?: readonly string[]) {
  return db
    .select()
    .from(refundNotices)
    .where(and(owner.userId ? eq(refundNotices.userId, owner.userId) : eq(refundNotices.shopId, owner.shopId ?? -1), kinds ? inArray(refundNotices.kind, [...kinds]) : undefined))
    .orderBy(desc(refundNotices.id))
    .limit(limit);
}
