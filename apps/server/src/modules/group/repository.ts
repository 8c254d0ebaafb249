// The group-buy module's tables (db/schema/promotion.ts group_*; decision 065): activities and their
// SKUs, teams, and the seats of teams (group_orders: one per order, plus robots). Other owners' rows
// (products, stock, orders, users, refunds) are the flows' business. Every move of a team is one
// conditional statement: the join (join_num < group_number, status 1, before the end) never reads
// first, and the check constraint group_teams_ck (join_num <= group_number) is the last guard.
import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import {
  GROUP_ACTIVITY_STATE,
  GROUP_ACTIVITY_STATUS,
  GROUP_IDENTITY,
  GROUP_ORDER_STATUS,
  GROUP_ROBOT_USER_ID,
  GROUP_TEAM_STATUS,
  type GroupActivityState,
} from '@bazaar/shared/constants/group';
import type { Db, Tx } from '../../db/client.ts';
import { groupActivities, groupOrders, groupSkus, groupTeams } from '../../db/schema/promotion.ts';

type Queryable = Db | Tx;

/** A team's end as a row in `jobs` (ref = the team's id, run_at = its end): flows/expire-group-teams.ts handles it. */
export const GROUP_TEAM_EXPIRY_JOB = 'group.teamExpiry';

export interface GroupActivitySku {
  groupSkuId: number;
  skuId: number;
  actPrice: number;
  leaderPrice: number | null;
  sellNum: number;
}

export interface GroupActivity {
  id: number;
  shopId: number;
  productId: number;
  nameZh: string;
  nameEn: string | null;
  groupNumber: number;
  /** Minutes a team stays open after its leader pays. */
  groupValidTime: number;
  hasMaxNum: boolean;
  maxNum: number | null;
  hasRobot: boolean;
  startTime: Date;
  endTime: Date;
  status: number;
  createdAt: Date;
  skus: GroupActivitySku[];
}

export interface GroupTeam {
  id: number;
  groupActivityId: number;
  shopId: number;
  productId: number;
  groupNumber: number;
  joinNum: number;
  status: number;
  shareUserId: string;
  startTime: Date | null;
  endTime: Date | null;
  createdAt: Date;
}

export interface GroupSeat {
  id: number;
  groupTeamId: number;
  groupActivityId: number;
  userId: string;
  identityType: number;
  orderNumber: string | null;
  groupSkuId: number | null;
  prodCount: number;
  status: number;
  movedFromTeamId: number | null;
  createdAt: Date;
  updatedAt: Date;
}

// The outer table is named in full: drizzle writes a bare column name here, which would mean k's own id.
const skusJson = sql<GroupActivitySku[]>`(
  select coalesce(json_agg(json_build_object(
    'groupSkuId', k.id, 'skuId', k.sku_id, 'actPrice', k.act_price, 'leaderPrice', k.leader_price, 'sellNum', k.sell_num) order by k.id), '[]'::json)
  from ${groupSkus} k where k.group_activity_id = "group_activities"."id")`;

/** An activity's own columns. */
export const groupActivityColumns = {
  id: groupActivities.id,
  shopId: groupActivities.shopId,
  productId: groupActivities.productId,
  nameZh: groupActivities.nameZh,
  nameEn: groupActivities.nameEn,
  groupNumber: groupActivities.groupNumber,
  groupValidTime: groupActivities.groupValidTime,
  hasMaxNum: groupActivities.hasMaxNum,
  maxNum: groupActivities.maxNum,
  hasRobot: groupActivities.hasRobot,
  startTime: groupActivities.startTime,
  endTime: groupActivities.endTime,
  status: groupActivities.status,
  createdAt: groupActivities.createdAt,
};

const activityColumns = { ...groupActivityColumns, skus: skusJson };

const teamColumns = {
  id: groupTeams.id,
  groupActivityId: groupTeams.groupActivityId,
  shopId: groupTeams.shopId,
  productId: groupTeams.productId,
  groupNumber: groupTeams.groupNumber,
  joinNum: groupTeams.joinNum,
  status: groupTeams.status,
  shareUserId: groupTeams.shareUserId,
  startTime: groupTeams.startTime,
  endTime: groupTeams.endTime,
  createdAt: groupTeams.createdAt,
};

const seatColumns = {
  id: groupOrders.id,
  groupTeamId: groupOrders.groupTeamId,
  groupActivityId: groupOrders.groupActivityId,
  userId: groupOrders.userId,
  identityType: groupOrders.identityType,
  orderNumber: groupOrders.orderNumber,
  groupSkuId: groupOrders.groupSkuId,
  prodCount: groupOrders.prodCount,
  status: groupOrders.status,
  movedFromTeamId: groupOrders.movedFromTeamId,
  createdAt: groupOrders.createdAt,
  updatedAt: groupOrders.updatedAt,
};

/** The state shoppers see: 1 not started, 2 running, 3 ended (or off, or deleted). */
export function activityState(a: Pick<GroupActivity, 'startTime' | 'endTime' | 'status'>, now: Date): GroupActivityState {
  if (a.status !== GROUP_ACTIVITY_STATUS.on || a.endTime.getTime() <= now.getTime()) return GROUP_ACTIVITY_STATE.ended;
  return a.startTime.getTime() > now.getTime() ? GROUP_ACTIVITY_STATE.notStarted : GROUP_ACTIVITY_STATE.running;
}

/** An activity with its SKUs (any status), by id: one primary-key query. */
export async function findActivity(db: Queryable, id: number): Promise<GroupActivity | undefined> {
  const [row] = await db.select(activityColumns).from(groupActivities).where(eq(groupActivities.id, id));
  return row;
}

/** The running activities (on, started, not ended), newest first, a page of them and how many there are. */
export async function pageRunningActivities(db: Queryable, now: Date, offset: number, limit: number): Promise<{ rows: GroupActivity[]; total: number }> {
  const where = and(eq(groupActivities.status, GROUP_ACTIVITY_STATUS.on), gt(groupActivities.endTime, now), lte(groupActivities.startTime, now));
  const [rows, [count]] = await Promise.all([
    db.select(activityColumns).from(groupActivities).where(where).orderBy(desc(groupActivities.startTime), desc(groupActivities.id)).offset(offset).limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(groupActivities).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Teams formed (status 2) per activity. */
export async function teamsFormed(db: Queryable, activityIds: number[]): Promise<Map<number, number>> {
  if (activityIds.length === 0) return new Map();
  const rows = await db
    .select({ id: groupTeams.groupActivityId, n: sql<number>`count(*)::int` })
    .from(groupTeams)
    .where(and(inArray(groupTeams.groupActivityId, activityIds), eq(groupTeams.status, GROUP_TEAM_STATUS.success)))
    .groupBy(groupTeams.groupActivityId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** The open teams of an activity a shopper may join: grouping, places left, not ended; the closest to full first, then the soonest to end. */
export async function openTeams(db: Queryable, activityId: number, now: Date, limit: number): Promise<GroupTeam[]> {
  return db
    .select(teamColumns)
    .from(groupTeams)
    .where(
      and(
        eq(groupTeams.groupActivityId, activityId),
        eq(groupTeams.status, GROUP_TEAM_STATUS.grouping),
        sql`${groupTeams.joinNum} < ${groupTeams.groupNumber}`,
        gt(groupTeams.endTime, now),
      ),
    )
    .orderBy(sql`${groupTeams.groupNumber} - ${groupTeams.joinNum}`, asc(groupTeams.endTime), asc(groupTeams.id))
    .limit(limit);
}

export async function findTeam(db: Queryable, id: number): Promise<GroupTeam | undefined> {
  const [row] = await db.select(teamColumns).from(groupTeams).where(eq(groupTeams.id, id));
  return row;
}

/** The team row locked for this transaction (the expiry job; a join waits for it and then sees its outcome). */
export async function lockTeam(tx: Tx, id: number): Promise<GroupTeam | undefined> {
  const [row] = await tx.select(teamColumns).from(groupTeams).where(eq(groupTeams.id, id)).for('update');
  return row;
}

/**
 * Serializes one shopper's group orders of one activity for this transaction (the per-user limit is
 * read and written under it): a transaction-scoped advisory lock, released at commit or rollback.
 */
export async function lockShopperActivity(tx: Tx, activityId: number, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${activityId}::int, hashtext(${userId}))`);
}

/**
 * Units the shopper holds in the activity: the unpaid and paid group orders (invalid ones and robots
 * not counted), but not the paid ones of a failed team, which are refunded in full and closed.
 */
export async function unitsHeld(db: Queryable, activityId: number, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${groupOrders.prodCount}), 0)::int` })
    .from(groupOrders)
    .innerJoin(groupTeams, eq(groupTeams.id, groupOrders.groupTeamId))
    .where(
      and(
        eq(groupOrders.groupActivityId, activityId),
        eq(groupOrders.userId, userId),
        inArray(groupOrders.status, [GROUP_ORDER_STATUS.unpaid, GROUP_ORDER_STATUS.paid]),
        sql`not (${groupOrders.status} = ${GROUP_ORDER_STATUS.paid} and ${groupTeams.status} = ${GROUP_TEAM_STATUS.failed})`,
      ),
    );
  return row?.n ?? 0;
}

/** Whether the shopper holds a live seat (unpaid or paid) in the team. */
export async function hasSeat(db: Queryable, teamId: number, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: groupOrders.id })
    .from(groupOrders)
    .where(and(eq(groupOrders.groupTeamId, teamId), eq(groupOrders.userId, userId), inArray(groupOrders.status, [GROUP_ORDER_STATUS.unpaid, GROUP_ORDER_STATUS.paid])))
    .limit(1);
  return Boolean(row);
}

/** Of these teams, the ones where the shopper holds a live seat (unpaid or paid). */
export async function teamsWithSeat(db: Queryable, teamIds: number[], userId: string): Promise<Set<number>> {
  if (teamIds.length === 0) return new Set();
  const rows = await db
    .select({ teamId: groupOrders.groupTeamId })
    .from(groupOrders)
    .where(and(inArray(groupOrders.groupTeamId, teamIds), eq(groupOrders.userId, userId), inArray(groupOrders.status, [GROUP_ORDER_STATUS.unpaid, GROUP_ORDER_STATUS.paid])));
  return new Set(rows.map((r) => r.teamId));
}

/** The constraint a second live seat of one shopper in one team runs into. */
export const SEAT_KEY = 'group_orders_team_user_uq';

/** A leader's new team, waiting for the payment (status 0); answers its id. */
export async function insertWaitingTeam(tx: Tx, team: { groupActivityId: number; shopId: number; productId: number; groupNumber: number; shareUserId: string; now: Date }): Promise<number> {
  const [row] = await tx
    .insert(groupTeams)
    .values({ ...team, status: GROUP_TEAM_STATUS.waiting, joinNum: 0, createdAt: team.now, updatedAt: team.now })
    .returning({ id: groupTeams.id });
  return row!.id;
}

export async function insertSeat(
  tx: Tx,
  seat: { groupTeamId: number; groupActivityId: number; userId: string; identityType: number; orderNumber: string; groupSkuId: number; prodCount: number; now: Date },
): Promise<void> {
  await tx.insert(groupOrders).values({ ...seat, status: GROUP_ORDER_STATUS.unpaid, createdAt: seat.now, updatedAt: seat.now });
}

export async function seatOfOrder(db: Queryable, orderNumber: string): Promise<GroupSeat | undefined> {
  const [row] = await db.select(seatColumns).from(groupOrders).where(eq(groupOrders.orderNumber, orderNumber));
  return row;
}

/** Unpaid -> paid for the seats of these orders; answers the seats that moved (each once, whoever comes second finds nothing). */
export async function markSeatsPaid(tx: Tx, orderNumbers: string[], now: Date): Promise<GroupSeat[]> {
  if (orderNumbers.length === 0) return [];
  return tx
    .update(groupOrders)
    .set({ status: GROUP_ORDER_STATUS.paid, updatedAt: now })
    .where(and(inArray(groupOrders.orderNumber, orderNumbers), eq(groupOrders.status, GROUP_ORDER_STATUS.unpaid)))
    .returning(seatColumns);
}

/**
 * Unpaid -> invalid for the seat of a cancelled unpaid order. A leader's team that never opened
 * (status 0: nobody else can be in it) ends as failed. Answers whether a seat moved.
 */
export async function invalidateUnpaidSeat(tx: Tx, orderNumber: string, now: Date): Promise<boolean> {
  const [seat] = await tx
    .update(groupOrders)
    .set({ status: GROUP_ORDER_STATUS.invalid, updatedAt: now })
    .where(and(eq(groupOrders.orderNumber, orderNumber), eq(groupOrders.status, GROUP_ORDER_STATUS.unpaid)))
    .returning({ teamId: groupOrders.groupTeamId, identityType: groupOrders.identityType });
  if (!seat) return false;
  if (seat.identityType === GROUP_IDENTITY.leader) {
    await tx
      .update(groupTeams)
      .set({ status: GROUP_TEAM_STATUS.failed, updatedAt: now, version: sql`${groupTeams.version} + 1` })
      .where(and(eq(groupTeams.id, seat.teamId), eq(groupTeams.status, GROUP_TEAM_STATUS.waiting)));
  }
  return true;
}

/** The leader paid: waiting -> grouping with one member and its end. Answers whether it moved. */
export async function openTeam(tx: Tx, teamId: number, start: Date, end: Date): Promise<boolean> {
  const moved = await tx
    .update(groupTeams)
    .set({ status: GROUP_TEAM_STATUS.grouping, joinNum: 1, startTime: start, endTime: end, updatedAt: start, version: sql`${groupTeams.version} + 1` })
    .where(and(eq(groupTeams.id, teamId), eq(groupTeams.status, GROUP_TEAM_STATUS.waiting)))
    .returning({ id: groupTeams.id });
  return moved.length === 1;
}

/**
 * The join, one guarded statement (decision 065): a place is taken only while the team is grouping,
 * has a place and has not ended at `paidAt`; the last place makes it a success (2) in the same
 * statement. Answers the team after the join, or null when no place could be taken.
 */
export async function joinTeam(tx: Tx, teamId: number, paidAt: Date): Promise<{ joinNum: number; groupNumber: number; status: number } | null> {
  const [row] = await tx
    .update(groupTeams)
    .set({
      joinNum: sql`${groupTeams.joinNum} + 1`,
      status: sql`(case when ${groupTeams.joinNum} + 1 >= ${groupTeams.groupNumber} then ${GROUP_TEAM_STATUS.success} else ${groupTeams.status} end)::smallint`,
      updatedAt: paidAt,
      version: sql`${groupTeams.version} + 1`,
    })
    .where(and(eq(groupTeams.id, teamId), eq(groupTeams.status, GROUP_TEAM_STATUS.grouping), sql`${groupTeams.joinNum} < ${groupTeams.groupNumber}`, gt(groupTeams.endTime, paidAt)))
    .returning({ joinNum: groupTeams.joinNum, groupNumber: groupTeams.groupNumber, status: groupTeams.status });
  return row ?? null;
}

/**
 * A member whose team could not take them opens a team of their own, already grouping with them as
 * its leader (reference §5.5); their seat moves to it and remembers the team asked for. Answers the new team's id.
 */
export async function moveSeatToNewTeam(
  tx: Tx,
  seat: Pick<GroupSeat, 'id' | 'groupTeamId' | 'groupActivityId' | 'userId'>,
  team: { shopId: number; productId: number; groupNumber: number; start: Date; end: Date },
): Promise<number> {
  const [row] = await tx
    .insert(groupTeams)
    .values({
      groupActivityId: seat.groupActivityId,
      shopId: team.shopId,
      productId: team.productId,
      groupNumber: team.groupNumber,
      joinNum: 1,
      status: GROUP_TEAM_STATUS.grouping,
      shareUserId: seat.userId,
      startTime: team.start,
      endTime: team.end,
      createdAt: team.start,
      updatedAt: team.start,
    })
    .returning({ id: groupTeams.id });
  await tx
    .update(groupOrders)
    .set({ groupTeamId: row!.id, identityType: GROUP_IDENTITY.leader, movedFromTeamId: seat.groupTeamId, updatedAt: team.start })
    .where(eq(groupOrders.id, seat.id));
  return row!.id;
}

/** Paid units of the activity's SKUs (its sold count); a failed team's refunded units come off (negative counts). */
export async function addSellNum(tx: Tx, seats: Array<{ groupSkuId: number | null; prodCount: number }>): Promise<void> {
  const bySku = new Map<number, number>();
  for (const s of seats) if (s.groupSkuId) bySku.set(s.groupSkuId, (bySku.get(s.groupSkuId) ?? 0) + s.prodCount);
  for (const [id, n] of [...bySku].sort((a, b) => a[0] - b[0])) {
    await tx.update(groupSkus).set({ sellNum: sql`${groupSkus.sellNum} + ${n}` }).where(eq(groupSkus.id, id));
  }
}

/** The paid seats of a team (robots included), the leader first, then in order of payment. */
export async function paidSeats(db: Queryable, teamId: number): Promise<GroupSeat[]> {
  return db
    .select(seatColumns)
    .from(groupOrders)
    .where(and(eq(groupOrders.groupTeamId, teamId), eq(groupOrders.status, GROUP_ORDER_STATUS.paid)))
    .orderBy(desc(groupOrders.identityType), asc(groupOrders.updatedAt), asc(groupOrders.id));
}

/** The expiry with robots: the places left filled by robot seats (userId '0'), the team a success. Answers whether it moved. */
export async function fillWithRobots(tx: Tx, team: GroupTeam, now: Date): Promise<boolean> {
  const [moved] = await tx
    .update(groupTeams)
    .set({ joinNum: sql`${groupTeams.groupNumber}`, status: GROUP_TEAM_STATUS.success, updatedAt: now, version: sql`${groupTeams.version} + 1` })
    .where(and(eq(groupTeams.id, team.id), eq(groupTeams.status, GROUP_TEAM_STATUS.grouping)))
    .returning({ id: groupTeams.id });
  if (!moved) return false;
  const places = team.groupNumber - team.joinNum;
  if (places > 0) {
    await tx.insert(groupOrders).values(
      Array.from({ length: places }, () => ({
        groupTeamId: team.id,
        groupActivityId: team.groupActivityId,
        userId: GROUP_ROBOT_USER_ID,
        identityType: GROUP_IDENTITY.member,
        prodCount: 0,
        status: GROUP_ORDER_STATUS.paid,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
  return true;
}

/** The expiry without robots: grouping -> failed. Answers whether it moved. */
export async function failTeam(tx: Tx, teamId: number, now: Date): Promise<boolean> {
  const moved = await tx
    .update(groupTeams)
    .set({ status: GROUP_TEAM_STATUS.failed, updatedAt: now, version: sql`${groupTeams.version} + 1` })
    .where(and(eq(groupTeams.id, teamId), eq(groupTeams.status, GROUP_TEAM_STATUS.grouping)))
    .returning({ id: groupTeams.id });
  return moved.length === 1;
}

/** The activity an activity SKU belongs to (confirm names the SKU only): one indexed query. */
export async function findActivityBySku(db: Queryable, groupSkuId: number): Promise<GroupActivity | undefined> {
  const [row] = await db
    .select(activityColumns)
    .from(groupActivities)
    .where(eq(groupActivities.id, sql`(select ${groupSkus.groupActivityId} from ${groupSkus} where ${groupSkus.id} = ${groupSkuId})`));
  return row;
}

/**
 * The product detail's group panel (GET /prod/prodInfo with groupActivityId): the activity of this
 * product with its SKUs and its formed teams, in one primary-key query; undefined when deleted.
 */
export async function findActivityForDetail(db: Queryable, id: number, productId: number): Promise<(GroupActivity & { teamsFormed: number }) | undefined> {
  const [row] = await db
    .select({
      ...activityColumns,
      teamsFormed: sql<number>`(select count(*)::int from ${groupTeams} t where t.group_activity_id = "group_activities"."id" and t.status = ${GROUP_TEAM_STATUS.success})`,
    })
    .from(groupActivities)
    .where(and(eq(groupActivities.id, id), eq(groupActivities.productId, productId), sql`${groupActivities.status} <> ${GROUP_ACTIVITY_STATUS.deleted}`));
  return row;
}
