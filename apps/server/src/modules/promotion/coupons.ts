// Coupons, the shopper's side (issue 11 §2, decision 041): what the coupon center, a product page
// and a shop page offer, receiving (one conditional statement on the per-user count and the stock),
// my coupons by state, and the checkout's life cycle: the offers priced at confirm, the freeze as a
// statement part of submit's one statement, used at payment, returned on cancel or timeout.
// The shop module's open-shop card is handed in by flows/coupons.ts (named query, decision 017).
import { and, asc, count, desc, eq, gt, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import { COUPON_SCOPE, COUPON_VALIDITY, USER_COUPON_STATUS } from '@bazaar/shared/schemas/coupon';
import type { Db, Tx } from '../../db/client.ts';
import { failedCheck } from '../../db/errors.ts';
import type { StatementPart } from '../../db/one-statement.ts';
import { couponProducts, couponReceipts, coupons, couponUseRecords, userCoupons } from '../../db/schema/promotion.ts';
import { intArray, textArray } from '../../lib/sql-array.ts';

const ON = 1;
const RECEIVABLE = 0;
/** coupon_use_records.status. */
export const COUPON_USE = { frozen: 1, used: 2, returned: 3 } as const;
/** A receive that counted against the limit but found no stock: the statement undoes itself. */
export const COUPON_SOLD_OUT = 'COUPON_SOLD_OUT';
/** A submit whose coupon is no longer unused and valid (a parallel submit took it). */
export const COUPON_TAKEN = 'COUPON_TAKEN';
/** Unused coupons that ended less than this long ago are still listed at checkout, as expired. */
const CHECKOUT_EXPIRED_WINDOW_MS = 7 * 86_400_000;

type Part<T> = SQL.Aliased<T>;

/** The shop module's openShopCard, as this module uses it. */
export interface CouponParts {
  openShopCard: (db: Db) => SubqueryWithSelection<{ shopId: Part<number>; shopNameZh: Part<string>; shopNameEn: Part<string | null> }, 'shop_card'>;
}

/** A coupon anyone may receive now: on, receivable, not ended (fixed dates) or with a length (N days). */
const receivableNow = (now: Date) =>
  and(
    eq(coupons.putonStatus, ON),
    eq(coupons.getWay, RECEIVABLE),
    or(and(eq(coupons.validTimeType, COUPON_VALIDITY.fixed), gt(coupons.endTime, now)), and(eq(coupons.validTimeType, COUPON_VALIDITY.afterReceipt), isNotNull(coupons.validDays))),
    inArray(coupons.couponType, [1, 2]),
  );

const productIdsOf = sql<number[]>`(select coalesce(json_agg(${couponProducts.productId} order by ${couponProducts.productId}), '[]'::json) from ${couponProducts} where ${couponProducts.couponId} = ${sql.raw('"coupons"."id"')})`;

function cardQuery(db: Db, parts: CouponParts, userId: string | null) {
  const shop = parts.openShopCard(db);
  const columns = {
    id: coupons.id,
    shopId: coupons.shopId,
    shopNameZh: shop.shopNameZh,
    shopNameEn: shop.shopNameEn,
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
    stocks: coupons.stocks,
    limitNum: coupons.limitNum,
    received: sql<number>`coalesce(${couponReceipts.received}, 0)`.mapWith(Number),
  };
  const joined = (select: Record<string, unknown>) =>
    db
      .select(select as typeof columns)
      .from(coupons)
      .leftJoin(shop, eq(shop.shopId, coupons.shopId))
      .leftJoin(couponReceipts, and(eq(couponReceipts.couponId, coupons.id), eq(couponReceipts.userId, userId ?? '')))
      .$dynamic();
  /** Platform coupons, and shop coupons of open shops. */
  const shown = or(eq(coupons.shopId, 0), isNotNull(shop.shopId));
  return { joined, columns, shown };
}

export type CouponRow = Awaited<ReturnType<typeof listShopCoupons>>[number];

export interface CenterFilter {
  /** 0 both, 1 platform, 2 shop. */
  shopType: number;
  /** 0 both, 1 cash, 2 discount. */
  couponType: number;
  receivableOnly: boolean;
}

/** The coupon center: platform coupons first, then the newest; sold-out ones stay, marked. */
export async function pageCenterCoupons(db: Db, input: { userId: string | null; now: Date; filter: CenterFilter; limit: number; offset: number }, parts: CouponParts) {
  const { joined, columns, shown } = cardQuery(db, parts, input.userId);
  const f = input.filter;
  const where = and(
    receivableNow(input.now),
    shown,
    f.shopType === 1 ? eq(coupons.shopId, 0) : f.shopType === 2 ? gt(coupons.shopId, 0) : undefined,
    f.couponType > 0 ? eq(coupons.couponType, f.couponType) : undefined,
    f.receivableOnly ? and(gt(coupons.stocks, 0), lt(sql`coalesce(${couponReceipts.received}, 0)`, coupons.limitNum)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    joined(columns)
      .where(where)
      .orderBy(sql`${coupons.shopId} = 0 desc`, sql`${coupons.stocks} > 0 desc`, desc(coupons.id))
      .limit(input.limit)
      .offset(input.offset),
    joined({ n: count() }).where(where) as unknown as Promise<Array<{ n: number }>>,
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** A shop's receivable coupons (shopId 0: the platform's), newest first. */
export async function listShopCoupons(db: Db, input: { userId: string | null; now: Date; shopId: number }, parts: CouponParts) {
  const { joined, columns, shown } = cardQuery(db, parts, input.userId);
  return joined(columns)
    .where(and(receivableNow(input.now), shown, eq(coupons.shopId, input.shopId)))
    .orderBy(sql`${coupons.stocks} > 0 desc`, desc(coupons.id))
    .limit(50);
}

/** The receivable coupons that apply to a product: the platform's and its shop's, by their product scope. */
export async function listProductCoupons(db: Db, input: { userId: string | null; now: Date; shopId: number; prodId: number }, parts: CouponParts) {
  const { joined, columns, shown } = cardQuery(db, parts, input.userId);
  const listed = sql`exists (select 1 from ${couponProducts} where ${couponProducts.couponId} = ${coupons.id} and ${couponProducts.productId} = ${input.prodId})`;
  return joined(columns)
    .where(
      and(
        receivableNow(input.now),
        shown,
        or(eq(coupons.shopId, 0), eq(coupons.shopId, input.shopId)),
        or(eq(coupons.suitableProdType, COUPON_SCOPE.all), and(eq(coupons.suitableProdType, COUPON_SCOPE.listed), listed), and(eq(coupons.suitableProdType, COUPON_SCOPE.allExcept), sql`not ${listed}`)),
      ),
    )
    .orderBy(sql`${coupons.shopId} = 0`, sql`${coupons.stocks} > 0 desc`, desc(coupons.id))
    .limit(50);
}

/** One coupon as the center shows it, whatever its state (after a receive). */
export async function findCouponCard(db: Db, input: { userId: string | null; couponId: number }, parts: CouponParts) {
  const { joined, columns } = cardQuery(db, parts, input.userId);
  const [row] = await joined(columns).where(eq(coupons.id, input.couponId));
  return row ?? null;
}

export type ReceiveOutcome = { ok: true; userCouponId: number } | { ok: false; reason: 'unavailable' | 'limit' | 'soldOut' };

/**
 * Receives one coupon as ONE statement: the user's count goes up only below the limit (an upsert
 * whose conflict branch re-checks the latest row), the stock goes down only above zero, and the
 * user coupon is written with its period. A count without stock fails the statement (raise_unless),
 * so nothing stays. Parallel receives queue on the count row, then on the coupon row: never more
 * coupons than stock, never more per user than the limit (decision 041).
 */
export async function receiveCoupon(db: Db, input: { userId: string; couponId: number; now: Date }, openShopIds: () => SQL): Promise<ReceiveOutcome> {
  const now = input.now.toISOString();
  const at = sql`${now}::timestamptz`;
  try {
    const result = await db.execute(sql`
      with cr_coupon as (
        select c.id, c.limit_num from ${coupons} c
        where c.id = ${input.couponId} and c.puton_status = ${ON} and c.get_way = ${RECEIVABLE} and c.coupon_type in (1, 2)
          and (case when c.valid_time_type = ${COUPON_VALIDITY.fixed} then c.end_time > ${at} else c.valid_days is not null end)
          and (c.shop_id = 0 or c.shop_id in (${openShopIds()}))
      ), cr_count as (
        insert into ${couponReceipts} as r (coupon_id, user_id, received)
        select id, ${input.userId}, 1 from cr_coupon
        on conflict (coupon_id, user_id) do update set received = r.received + 1
        where r.received < (select limit_num from cr_coupon)
        returning r.coupon_id
      ), cr_stock as (
        update ${coupons} c set stocks = c.stocks - 1, version = c.version + 1, updated_at = ${at}
        where c.id = (select coupon_id from cr_count) and c.stocks > 0
        returning c.id, c.valid_time_type, c.start_time, c.end_time, c.after_receive_days, c.valid_days
      ), cr_given as (
        insert into ${userCoupons} (coupon_id, user_id, status, is_deleted, created_at, user_start_time, user_end_time, version)
        select id, ${input.userId}, ${USER_COUPON_STATUS.unused}, false, ${at},
          case when valid_time_type = ${COUPON_VALIDITY.fixed} then coalesce(start_time, ${at}) else ${at} + make_interval(days => after_receive_days) end,
          case when valid_time_type = ${COUPON_VALIDITY.fixed} then end_time else ${at} + make_interval(days => after_receive_days + valid_days) end,
          0
        from cr_stock
        returning id
      )
      select (select id from cr_given) as id, (select count(*) from cr_count)::int as counted,
        raise_unless((select count(*) from cr_count) = (select count(*) from cr_stock), ${COUPON_SOLD_OUT}) as whole`);
    const row = result.rows[0] as { id: number | null; counted: number } | undefined;
    if (row?.id != null) return { ok: true, userCouponId: Number(row.id) };
    return { ok: false, reason: await refusalOf(db, input) };
  } catch (err) {
    if (failedCheck(err) === COUPON_SOLD_OUT) return { ok: false, reason: 'soldOut' };
    throw err;
  }
}

/** Why a receive counted nothing: the limit, or the coupon is not (or no longer) receivable. */
async function refusalOf(db: Db, input: { userId: string; couponId: number }): Promise<'unavailable' | 'limit' | 'soldOut'> {
  const [row] = await db
    .select({ limitNum: coupons.limitNum, stocks: coupons.stocks, received: couponReceipts.received })
    .from(coupons)
    .leftJoin(couponReceipts, and(eq(couponReceipts.couponId, coupons.id), eq(couponReceipts.userId, input.userId)))
    .where(eq(coupons.id, input.couponId));
  if (row && (row.received ?? 0) >= row.limitNum) return 'limit';
  return 'unavailable';
}

// ---- my coupons ----------------------------------------------------------------------------------

const mine = (userId: string) => and(eq(userCoupons.userId, userId), eq(userCoupons.isDeleted, false));
const unusedNow = (now: Date) => and(eq(userCoupons.status, USER_COUPON_STATUS.unused), sql`${userCoupons.userEndTime} >= ${now.toISOString()}::timestamptz`);
const expiredNow = (now: Date) =>
  or(eq(userCoupons.status, USER_COUPON_STATUS.expired), and(eq(userCoupons.status, USER_COUPON_STATUS.unused), sql`${userCoupons.userEndTime} < ${now.toISOString()}::timestamptz`));
const byState = (status: number, now: Date) => (status === USER_COUPON_STATUS.unused ? unusedNow(now) : status === USER_COUPON_STATUS.used ? eq(userCoupons.status, USER_COUPON_STATUS.used) : expiredNow(now));

/** My coupons in one state: unused ending soonest first, used and expired newest first. */
export async function pageMyCoupons(db: Db, input: { userId: string; status: number; now: Date; limit: number; offset: number }, parts: CouponParts) {
  const shop = parts.openShopCard(db);
  const where = and(mine(input.userId), byState(input.status, input.now));
  const order =
    input.status === USER_COUPON_STATUS.unused
      ? [asc(userCoupons.userEndTime), asc(userCoupons.id)]
      : input.status === USER_COUPON_STATUS.used
        ? [sql`${userCoupons.usedTime} desc nulls first`, desc(userCoupons.id)]
        : [desc(userCoupons.userEndTime), desc(userCoupons.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: userCoupons.id,
        couponId: coupons.id,
        shopId: coupons.shopId,
        shopNameZh: shop.shopNameZh,
        shopNameEn: shop.shopNameEn,
        nameZh: coupons.nameZh,
        nameEn: coupons.nameEn,
        couponType: coupons.couponType,
        cashCondition: coupons.cashCondition,
        reduceAmount: coupons.reduceAmount,
        couponDiscount: coupons.couponDiscount,
        suitableProdType: coupons.suitableProdType,
        productIds: productIdsOf,
        status: userCoupons.status,
        userStartTime: userCoupons.userStartTime,
        userEndTime: userCoupons.userEndTime,
        receiveTime: userCoupons.receiveTime,
        usedTime: userCoupons.usedTime,
      })
      .from(userCoupons)
      .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
      .leftJoin(shop, eq(shop.shopId, coupons.shopId))
      .where(where)
      .orderBy(...order)
      .limit(input.limit)
      .offset(input.offset),
    db.select({ n: count() }).from(userCoupons).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** How many of my coupons are unused, used and expired, in one read. */
export async function countMyCoupons(db: Db, userId: string, now: Date) {
  const [row] = await db
    .select({
      unused: sql<number>`count(*) filter (where ${unusedNow(now)})`.mapWith(Number),
      used: sql<number>`count(*) filter (where ${userCoupons.status} = ${USER_COUPON_STATUS.used})`.mapWith(Number),
      expired: sql<number>`count(*) filter (where ${expiredNow(now)})`.mapWith(Number),
    })
    .from(userCoupons)
    .where(mine(userId));
  return { unused: row?.unused ?? 0, used: row?.used ?? 0, expired: row?.expired ?? 0 };
}

/** Deletes one of my used or expired coupons (never one an unpaid order holds); false when there is none such. */
export async function deleteMyCoupon(db: Db, input: { userId: string; userCouponId: number; now: Date }): Promise<boolean> {
  const rows = await db
    .update(userCoupons)
    .set({ isDeleted: true, version: sql`${userCoupons.version} + 1` })
    .where(
      and(
        mine(input.userId),
        eq(userCoupons.id, input.userCouponId),
        or(eq(userCoupons.status, USER_COUPON_STATUS.used), expiredNow(input.now)),
        sql`not exists (select 1 from ${couponUseRecords} where ${couponUseRecords.userCouponId} = ${input.userCouponId} and ${couponUseRecords.status} = ${COUPON_USE.frozen})`,
      ),
    )
    .returning({ id: userCoupons.id });
  return rows.length > 0;
}

// ---- checkout ------------------------------------------------------------------------------------

export interface CheckoutCouponRow {
  userCouponId: number;
  couponId: number;
  shopId: number;
  couponType: number;
  cashCondition: number;
  reduceAmount: number;
  couponDiscount: number | null;
  suitableProdType: number;
  productIds: number[];
  userStartTime: Date;
  userEndTime: Date;
  nameZh: string;
  nameEn: string | null;
}

/**
 * The shopper's unused coupons of these shops and the platform's, for pricing: those not yet valid
 * and those ended within a week too, so checkout can say why they cannot be used.
 */
export async function listCheckoutCoupons(db: Db, input: { userId: string; shopIds: number[]; now: Date }): Promise<CheckoutCouponRow[]> {
  const since = new Date(input.now.getTime() - CHECKOUT_EXPIRED_WINDOW_MS);
  return db
    .select({
      userCouponId: userCoupons.id,
      couponId: coupons.id,
      shopId: coupons.shopId,
      couponType: coupons.couponType,
      cashCondition: coupons.cashCondition,
      reduceAmount: coupons.reduceAmount,
      couponDiscount: coupons.couponDiscount,
      suitableProdType: coupons.suitableProdType,
      productIds: productIdsOf,
      userStartTime: userCoupons.userStartTime,
      userEndTime: userCoupons.userEndTime,
      nameZh: coupons.nameZh,
      nameEn: coupons.nameEn,
    })
    .from(userCoupons)
    .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
    .where(
      and(
        mine(input.userId),
        eq(userCoupons.status, USER_COUPON_STATUS.unused),
        sql`${userCoupons.userEndTime} >= ${since.toISOString()}::timestamptz`,
        inArray(coupons.couponType, [1, 2]),
        or(eq(coupons.shopId, 0), inArray(coupons.shopId, input.shopIds.length > 0 ? input.shopIds : [-1])),
      ),
    )
    .orderBy(asc(userCoupons.id));
}

/** Chosen user coupons that a checkout did not offer: whether each is the shopper's, and its shop. */
export async function findChosenCoupons(db: Db, input: { userId: string; userCouponIds: number[] }): Promise<Array<{ userCouponId: number; mine: boolean; shopId: number }>> {
  if (input.userCouponIds.length === 0) return [];
  return db
    .select({ userCouponId: userCoupons.id, mine: sql<boolean>`(${userCoupons.userId} = ${input.userId} and not ${userCoupons.isDeleted})`, shopId: coupons.shopId })
    .from(userCoupons)
    .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
    .where(inArray(userCoupons.id, input.userCouponIds));
}

/** One coupon's share of one order, fen. */
export interface CouponUse {
  userCouponId: number;
  orderNumber: string;
  amount: number;
}

/**
 * Submit's freeze, a part of its one statement: every chosen coupon moves from unused (and valid
 * now) to used, with a frozen use record per order it reduces. A coupon another submit took first
 * leaves the count short and the whole statement fails with COUPON_TAKEN.
 */
export function freezeCouponsPart(input: { userId: string; uses: CouponUse[]; now: Date }): StatementPart | null {
  const ids = [...new Set(input.uses.map((u) => u.userCouponId))];
  if (ids.length === 0) return null;
  const at = sql`${input.now.toISOString()}::timestamptz`;
  const uses = input.uses.map((u) => ({ uc: u.userCouponId, order_number: u.orderNumber, amount: u.amount }));
  return {
    ctes: sql`cp_uses as (
      select * from jsonb_to_recordset(${JSON.stringify(uses)}::jsonb) as u(uc int, order_number text, amount int)
    ), cp_taken as (
      update ${userCoupons} set status = ${USER_COUPON_STATUS.used}, version = version + 1
      where user_id = ${input.userId} and status = ${USER_COUPON_STATUS.unused} and is_deleted = false
        and id = any(${intArray(ids)}) and user_start_time <= ${at} and user_end_time >= ${at}
      returning id
    ), cp_records as (
      insert into ${couponUseRecords} (user_coupon_id, user_id, order_number, amount, status, created_at, updated_at)
      select u.uc, ${input.userId}, u.order_number, u.amount, ${COUPON_USE.frozen}, ${at}, ${at}
      from cp_uses u join cp_taken t on t.id = u.uc
    )`,
    condition: sql`(select count(*) from cp_taken) = ${ids.length}`,
    reason: COUPON_TAKEN,
  };
}

/** Payment: the orders' frozen coupons become used, a part of the settlement's one statement (in the payment's transaction). */
export function useOrderCouponsPart(input: { orderNumbers: string[]; now: Date }): StatementPart | null {
  if (input.orderNumbers.length === 0) return null;
  const at = sql`${input.now.toISOString()}::timestamptz`;
  return {
    ctes: sql`uoc_uses as (
      update ${couponUseRecords} set status = ${COUPON_USE.used}, updated_at = ${at}
      where order_number = any(${textArray(input.orderNumbers)}) and status = ${COUPON_USE.frozen}
      returning user_coupon_id
    ), uoc_coupons as (
      update ${userCoupons} set used_time = ${at}, version = version + 1
      where id in (select user_coupon_id from uoc_uses) and used_time is null
    )`,
    condition: sql`true`,
    reason: 'coupon_use',
  };
}

/**
 * The uses still held (frozen or used) of every coupon the orders used, theirs included, as the
 * CTE `name` (id, user_coupon_id, order_number): read by a locking read, in id order, so that whether
 * another order still holds a coupon is read as it stands, not as the statement's snapshot showed it.
 *
 * Why (decision 041, amendment of 2026-12-07): a platform coupon spans its checkout's orders, and
 * two of them may end at once (a cancel, the unpaid timeout, a whole refund: any two). Each side
 * returns its own use and gives the coupon back only if no other order holds it. With a plain read,
 * under READ COMMITTED each side read the other's use in its snapshot, still held by an order the
 * other side was voiding, and neither gave the coupon back: it stayed used for good (a write skew,
 * http/coupon-return.race.test.ts). A locking read of a row another transaction is changing waits
 * for it to commit, then takes the row's latest version and checks it again (PostgreSQL's
 * EvalPlanQual): the use the other side returned has left the set. The second side therefore sees
 * the first's return and gives the coupon back; the first saw the second's use still held. Both
 * sides lock the same rows in the same (id) order, so neither holds one the other waits for, and
 * the uses come before the user coupon's row, as at payment (useOrderCouponsPart), and the wallet
 * before both, as a balance payment takes them too (flows/pay-order.ts, beforeCoupons): no deadlock, and
 * no statement more than before.
 */
export function heldUsesLocked(name: string, orderNumbers: string[]): SQL {
  return sql`${sql.raw(name)} as (
      select o.id, o.user_coupon_id, o.order_number from ${couponUseRecords} o
      where o.user_coupon_id in (select m.user_coupon_id from ${couponUseRecords} m where m.order_number = any(${textArray(orderNumbers)}))
        and o.status in (${COUPON_USE.frozen}, ${COUPON_USE.used})
      order by o.id
      for update of o
    )`;
}

/**
 * Cancel or timeout: the orders' frozen coupons are returned; a coupon goes back to unused once no
 * other order still holds it (a platform coupon spans a checkout's orders; the check is a locking
 * read, heldUsesLocked). A returned coupon whose period has ended shows as expired. Its used time
 * goes with it: another order of the checkout may have been paid (and since wholly refunded).
 */
export async function returnOrderCoupons(tx: Tx, input: { orderNumbers: string[]; now: Date }): Promise<void> {
  if (input.orderNumbers.length === 0) return;
  const at = sql`${input.now.toISOString()}::timestamptz`;
  const numbers = textArray(input.orderNumbers);
  await tx.execute(sql`
    with ${heldUsesLocked('held', input.orderNumbers)}, r as (
      update ${couponUseRecords} u set status = ${COUPON_USE.returned}, updated_at = ${at}
      from held h
      where u.id = h.id and h.order_number = any(${numbers}) and u.status = ${COUPON_USE.frozen}
      returning u.user_coupon_id
    )
    update ${userCoupons} uc set status = ${USER_COUPON_STATUS.unused}, used_time = null, version = uc.version + 1
    where uc.id in (select user_coupon_id from r) and uc.status = ${USER_COUPON_STATUS.used}
      and not exists (select 1 from held h where h.user_coupon_id = uc.id and h.order_number <> all(${numbers}))`);
}
