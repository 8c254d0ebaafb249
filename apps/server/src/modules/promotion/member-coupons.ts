// Member-exclusive coupons (issue 12, reference 5.8 and 5.9): coupons staff mark for a paid level
// (coupons.level_id, issued only) go to each buyer of that level when the purchase is settled.
// The issue is one statement: the stock goes down only above zero, the per-user count follows, and
// the user coupon is written with its period; a coupon sold out is skipped, never a failure.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { COUPON_VALIDITY, USER_COUPON_STATUS } from '@bazaar/shared/schemas/coupon';
import type { Db, Tx } from '../../db/client.ts';
import { couponReceipts, coupons, userCoupons } from '../../db/schema/promotion.ts';

const ON = 1;
/** getWay 1: issued only, never in the coupon center. */
const ISSUED_ONLY = 1;

/** The coupons of the given levels that are on and not ended, for the levels' pages. */
export async function listLevelCoupons(db: Db | Tx, levelIds: number[], now: Date) {
  if (levelIds.length === 0) return [];
  return db
    .select({
      levelId: coupons.levelId,
      couponId: coupons.id,
      shopId: coupons.shopId,
      nameZh: coupons.nameZh,
      nameEn: coupons.nameEn,
      couponType: coupons.couponType,
      cashCondition: coupons.cashCondition,
      reduceAmount: coupons.reduceAmount,
      couponDiscount: coupons.couponDiscount,
    })
    .from(coupons)
    .where(
      and(
        inArray(coupons.levelId, levelIds),
        eq(coupons.putonStatus, ON),
        eq(coupons.getWay, ISSUED_ONLY),
        sql`(${coupons.validTimeType} <> ${COUPON_VALIDITY.fixed} or ${coupons.endTime} > ${now.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(coupons.id));
}

/** Issues one of each of the level's coupons still in stock to the user; answers how many were given. */
export async function issueLevelCoupons(tx: Tx, input: { userId: string; levelId: number; now: Date }): Promise<number> {
  const at = sql`${input.now.toISOString()}::timestamptz`;
  const result = await tx.execute<{ given: number | string }>(sql`
    with ic_stock as (
      update ${coupons} c set stocks = c.stocks - 1, version = c.version + 1, updated_at = ${at}
      where c.level_id = ${input.levelId} and c.puton_status = ${ON} and c.get_way = ${ISSUED_ONLY} and c.coupon_type in (1, 2) and c.stocks > 0
        and (case when c.valid_time_type = ${COUPON_VALIDITY.fixed} then c.end_time > ${at} else c.valid_days is not null end)
      returning c.id, c.valid_time_type, c.start_time, c.end_time, c.after_receive_days, c.valid_days
    ), ic_count as (
      insert into ${couponReceipts} as r (coupon_id, user_id, received)
      select id, ${input.userId}, 1 from ic_stock
      on conflict (coupon_id, user_id) do update set received = r.received + 1
      returning r.coupon_id
    ), ic_given as (
      insert into ${userCoupons} (coupon_id, user_id, status, is_deleted, created_at, user_start_time, user_end_time, version)
      select id, ${input.userId}, ${USER_COUPON_STATUS.unused}, false, ${at},
        case when valid_time_type = ${COUPON_VALIDITY.fixed} then coalesce(start_time, ${at}) else ${at} + make_interval(days => after_receive_days) end,
        case when valid_time_type = ${COUPON_VALIDITY.fixed} then end_time else ${at} + make_interval(days => after_receive_days + valid_days) end,
        0
      from ic_stock
      returning id
    )
    select (select count(*) from ic_given)::int as given, (select count(*) from ic_count)::int as counted`);
  return Number(result.rows[0]?.given ?? 0);
}

/** How many of a coupon the user holds (tests and the seed's checks). */
export async function countUserCoupons(db: Db | Tx, userId: string, couponId: number): Promise<number> {
  const rows = await db.select({ id: userCoupons.id }).from(userCoupons).where(and(eq(userCoupons.userId, userId), eq(userCoupons.couponId, couponId)));
  return rows.length;
}
