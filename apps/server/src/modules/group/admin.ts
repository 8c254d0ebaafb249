// Group-buy activities as the merchant center and the platform console see and change them (issue
// 29): a shop's create, list, counts, teams and early end; the platform's take-offline and put back
// online. Every statement a merchant's request reaches is bound to the session's shop (another
// shop's activity "does not exist"); every state change is a conditional update, so two staff
// members or a staff member and the shop never both move one. Teams already open are never touched
// here: each runs to its own end (the expiry job's), whatever the activity's status becomes.
import { and, asc, count, desc, eq, gt, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { GROUP_ACTIVITY_STATUS, GROUP_ORDER_STATUS, GROUP_ROBOT_USER_ID, GROUP_TEAM_STATUS } from '@bazaar/shared/constants/group-admin';
import type { GroupListState, MerchantGroupActivityInput } from '@bazaar/shared/schemas/group-admin';
import type { Db, Tx } from '../../db/client.ts';
import { groupActivities, groupOrders, groupSkus, groupTeams } from '../../db/schema/promotion.ts';
import { escapeLike } from '../../lib/sql-like.ts';

type Queryable = Db | Tx;

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

export interface GroupActivityRecord {
  id: number;
  shopId: number;
  productId: number;
  nameZh: string;
  nameEn: string | null;
  groupNumber: number;
  groupValidTime: number;
  hasMaxNum: boolean;
  maxNum: number | null;
  hasRobot: boolean;
  startTime: Date;
  endTime: Date;
  status: number;
  createdAt: Date;
}

const S = GROUP_ACTIVITY_STATUS;

/** The rows of one shown state at `now` (deleted ones never show). */
export function listStateWhere(state: GroupListState, now: Date): SQL | undefined {
  const on = eq(groupActivities.status, S.on);
  switch (state) {
    case 'offline':
      return eq(groupActivities.status, S.offline);
    case 'ended':
      return or(eq(groupActivities.status, S.ended), and(on, lte(groupActivities.endTime, now)));
    case 'upcoming':
      return and(on, gt(groupActivities.startTime, now));
    case 'running':
      return and(on, lte(groupActivities.startTime, now), gt(groupActivities.endTime, now));
  }
}

export function listStateOf(row: { status: number; startTime: Date; endTime: Date }, now: Date): GroupListState {
  if (row.status === S.offline) return 'offline';
  if (row.status !== S.on || row.endTime <= now) return 'ended';
  return row.startTime > now ? 'upcoming' : 'running';
}

export interface GroupActivityFilter {
  /** Null: every shop (platform staff). */
  shopId: number | null;
  state?: GroupListState;
  /** A name search: the activity's own names, or these products (the flow resolved the product names). */
  name?: { keyword: string; productIds: number[] };
}

/** A page of activities, newest first. */
export async function pageActivities(db: Db, filter: GroupActivityFilter, now: Date, current: number, size: number): Promise<{ rows: GroupActivityRecord[]; total: number }> {
  const like = filter.name ? `%${escapeLike(filter.name.keyword)}%` : '';
  const where = and(
    ne(groupActivities.status, S.deleted),
    filter.shopId === null ? undefined : eq(groupActivities.shopId, filter.shopId),
    filter.state ? listStateWhere(filter.state, now) : undefined,
    filter.name
      ? or(
          sql`${groupActivities.nameZh} ilike ${like}`,
          sql`${groupActivities.nameEn} ilike ${like}`,
          filter.name.productIds.length ? inArray(groupActivities.productId, filter.name.productIds) : undefined,
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(groupActivityColumns)
      .from(groupActivities)
      .where(where)
      .orderBy(desc(groupActivities.id))
      .limit(size)
      .offset((current - 1) * size),
    db.select({ n: count() }).from(groupActivities).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One activity (not deleted) of the shop, or of any shop when shopId is null. */
export async function findActivity(db: Queryable, shopId: number | null, id: number): Promise<GroupActivityRecord | undefined> {
  const [row] = await db
    .select(groupActivityColumns)
    .from(groupActivities)
    .where(and(eq(groupActivities.id, id), ne(groupActivities.status, S.deleted), shopId === null ? undefined : eq(groupActivities.shopId, shopId)));
  return row;
}

export interface GroupSkuRecord {
  id: number;
  groupActivityId: number;
  skuId: number;
  actPrice: number;
  sellNum: number;
}

/** The SKUs of these activities, by activity, in SKU order. */
export async function skusOf(db: Queryable, ids: number[]): Promise<Map<number, GroupSkuRecord[]>> {
  const map = new Map<number, GroupSkuRecord[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ id: groupSkus.id, groupActivityId: groupSkus.groupActivityId, skuId: groupSkus.skuId, actPrice: groupSkus.actPrice, sellNum: groupSkus.sellNum })
    .from(groupSkus)
    .where(inArray(groupSkus.groupActivityId, ids))
    .orderBy(asc(groupSkus.groupActivityId), asc(groupSkus.skuId));
  for (const r of rows) {
    const list = map.get(r.groupActivityId) ?? [];
    list.push(r);
    map.set(r.groupActivityId, list);
  }
  return map;
}

export interface GroupCounts {
  teamNum: number;
  groupingNum: number;
  successNum: number;
  failedNum: number;
  orderNum: number;
}

/**
 * What each activity's teams came to: teams formed (a leader paid: grouping, succeeded or failed)
 * by status, and the shoppers' paid seats (robots are no orders).
 */
export async function countsOf(db: Queryable, ids: number[]): Promise<Map<number, GroupCounts>> {
  const map = new Map<number, GroupCounts>(ids.map((id) => [id, { teamNum: 0, groupingNum: 0, successNum: 0, failedNum: 0, orderNum: 0 }]));
  if (ids.length === 0) return map;
  const [teams, orders] = await Promise.all([
    db
      .select({ id: groupTeams.groupActivityId, status: groupTeams.status, n: count() })
      .from(groupTeams)
      .where(and(inArray(groupTeams.groupActivityId, ids), ne(groupTeams.status, GROUP_TEAM_STATUS.waiting)))
      .groupBy(groupTeams.groupActivityId, groupTeams.status),
    db
      .select({ id: groupOrders.groupActivityId, n: count() })
      .from(groupOrders)
      .where(and(inArray(groupOrders.groupActivityId, ids), eq(groupOrders.status, GROUP_ORDER_STATUS.paid), ne(groupOrders.userId, GROUP_ROBOT_USER_ID)))
      .groupBy(groupOrders.groupActivityId),
  ]);
  for (const t of teams) {
    const c = map.get(t.id)!;
    c.teamNum += t.n;
    if (t.status === GROUP_TEAM_STATUS.grouping) c.groupingNum = t.n;
    else if (t.status === GROUP_TEAM_STATUS.success) c.successNum = t.n;
    else if (t.status === GROUP_TEAM_STATUS.failed) c.failedNum = t.n;
  }
  for (const o of orders) map.get(o.id)!.orderNum = o.n;
  return map;
}

/**
 * Whether another group activity of the product (on, or taken offline and so able to come back)
 * overlaps [start, end): a product is in one group buy at a time.
 */
export async function productBusy(db: Queryable, productId: number, start: Date, end: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: groupActivities.id })
    .from(groupActivities)
    .where(
      and(
        eq(groupActivities.productId, productId),
        inArray(groupActivities.status, [S.on, S.offline]),
        sql`${groupActivities.startTime} < ${end.toISOString()}::timestamptz`,
        sql`${groupActivities.endTime} > ${start.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Serializes the creates of one product's group activities until the transaction ends, so two never both pass the overlap check. */
export async function lockProductActivities(tx: Tx, productId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('group-product'), ${productId}::int)`);
}

/** Writes a new activity of the shop (on) with its SKUs' group prices; the validity is stored in minutes. */
export async function insertActivity(tx: Tx, shopId: number, input: MerchantGroupActivityInput, now: Date): Promise<number> {
  const [row] = await tx
    .insert(groupActivities)
    .values({
      shopId,
      productId: input.prodId,
      nameZh: input.nameZh,
      nameEn: input.nameEn || null,
      groupNumber: input.groupNumber,
      groupValidTime: input.validHours * 60,
      hasMaxNum: input.hasMaxNum,
      maxNum: input.hasMaxNum ? input.maxNum : null,
      hasRobot: input.hasRobot,
      startTime: input.startTime,
      endTime: input.endTime,
      status: S.on,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: groupActivities.id });
  const id = row!.id;
  await tx.insert(groupSkus).values(input.skus.map((s) => ({ groupActivityId: id, skuId: s.skuId, actPrice: s.actPrice })));
  return id;
}

/**
 * Ends an upcoming or running activity of the shop now (status 0; a started one's end becomes now).
 * Answers the row before, or undefined when nothing moved (another shop's, or already over).
 */
export async function endActivity(tx: Tx, shopId: number, id: number, now: Date): Promise<GroupActivityRecord | undefined> {
  const [before] = await tx
    .select(groupActivityColumns)
    .from(groupActivities)
    .where(and(eq(groupActivities.id, id), eq(groupActivities.shopId, shopId), eq(groupActivities.status, S.on), gt(groupActivities.endTime, now)))
    .for('update');
  if (!before) return undefined;
  await tx
    .update(groupActivities)
    .set({ status: S.ended, endTime: before.startTime < now ? now : before.endTime, version: sql`${groupActivities.version} + 1`, updatedAt: now })
    .where(eq(groupActivities.id, id));
  return before;
}

/** Moves an activity whose end has not passed from one status to another (conditional). Answers the row before, or undefined. */
async function moveStatus(tx: Tx, id: number, from: number, to: number, now: Date): Promise<GroupActivityRecord | undefined> {
  const [before] = await tx
    .select(groupActivityColumns)
    .from(groupActivities)
    .where(and(eq(groupActivities.id, id), eq(groupActivities.status, from), gt(groupActivities.endTime, now)))
    .for('update');
  if (!before) return undefined;
  await tx.update(groupActivities).set({ status: to, version: sql`${groupActivities.version} + 1`, updatedAt: now }).where(eq(groupActivities.id, id));
  return before;
}

/** Takes an upcoming or running activity offline (status 2): no new teams; its window stays, so it may come back. */
export const takeOffline = (tx: Tx, id: number, now: Date) => moveStatus(tx, id, S.on, S.offline, now);

/** Puts an activity taken offline back online (status 1) while its end has not passed. */
export const putOnline = (tx: Tx, id: number, now: Date) => moveStatus(tx, id, S.offline, S.on, now);

export interface GroupTeamRecord {
  id: number;
  status: number;
  joinNum: number;
  groupNumber: number;
  startTime: Date | null;
  endTime: Date | null;
  createdAt: Date;
  members: Array<{ userId: string; identityType: number; orderNumber: string | null; status: number; prodCount: number; createdAt: Date }>;
}

/** A page of an activity's teams (optionally of one status), newest first, each with its seats (not the invalid ones), leader first. */
export async function pageTeams(db: Db, activityId: number, status: number | undefined, current: number, size: number): Promise<{ rows: GroupTeamRecord[]; total: number }> {
  const where = and(eq(groupTeams.groupActivityId, activityId), status === undefined ? undefined : eq(groupTeams.status, status));
  const [teams, [total]] = await Promise.all([
    db
      .select({ id: groupTeams.id, status: groupTeams.status, joinNum: groupTeams.joinNum, groupNumber: groupTeams.groupNumber, startTime: groupTeams.startTime, endTime: groupTeams.endTime, createdAt: groupTeams.createdAt })
      .from(groupTeams)
      .where(where)
      .orderBy(desc(groupTeams.id))
      .limit(size)
      .offset((current - 1) * size),
    db.select({ n: count() }).from(groupTeams).where(where),
  ]);
  const seats = teams.length
    ? await db
        .select({ teamId: groupOrders.groupTeamId, userId: groupOrders.userId, identityType: groupOrders.identityType, orderNumber: groupOrders.orderNumber, status: groupOrders.status, prodCount: groupOrders.prodCount, createdAt: groupOrders.createdAt })
        .from(groupOrders)
        .where(and(inArray(groupOrders.groupTeamId, teams.map((t) => t.id)), ne(groupOrders.status, GROUP_ORDER_STATUS.invalid)))
        .orderBy(desc(groupOrders.identityType), asc(groupOrders.id))
    : [];
  const rows = teams.map((t) => ({
    ...t,
    members: seats.filter((s) => s.teamId === t.id).map(({ teamId: _teamId, ...s }) => s),
  }));
  return { rows, total: total?.n ?? 0 };
}
