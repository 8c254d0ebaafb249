// The shopper's group-buy (拼团, reference §2.4, §5.5; decision 065): the running activities, a
// product's group panel, its open teams, confirm and submit of a group order, and a team's page.
// A group order takes the activity price only (no coupons, promotions, member discount or points),
// is order type 1, takes the SKU's stock by a conditional update in its own transaction, and is
// cancelled when unpaid like any order. The leader's order opens a team waiting for its payment
// (status 0); a member's order names an open team and takes a place only when paid
// (flows/group-teams.ts). The per-user limit counts the shopper's unpaid and paid group orders of
// the activity, read and written under a per-shopper lock.
import type { Language } from '@bazaar/shared/constants/limits';
import { GROUP_ACTIVITY_STATE, GROUP_IDENTITY, GROUP_OPEN_TEAM_ID, GROUP_ROBOT_USER_ID, GROUP_TEAM_STATUS } from '@bazaar/shared/constants/group';
import { DELIVERY_TYPE, ORDER_MOLD, ORDER_TYPE } from '@bazaar/shared/constants/order-status';
import { PRODUCT_STATUS, SKU_STATUS, UNLIMITED_STOCK } from '@bazaar/shared/constants/product-status';
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import type { Address } from '@bazaar/shared/schemas/address';
import type { Page } from '@bazaar/shared/schemas/common';
import type {
  GroupActivityCard,
  GroupActivityVO,
  GroupConfirm,
  GroupConfirmResult,
  GroupJoinList,
  GroupMember,
  GroupSubmit,
  GroupTeamInfo,
} from '@bazaar/shared/schemas/group';
import type { ProductDetail } from '@bazaar/shared/schemas/product';
import { createI18n } from '@bazaar/shared/i18n/catalogs';
import type { AppContext } from '../context.ts';
import { executeTogether } from '../db/one-statement.ts';
import { failedCheck, uniqueViolation } from '../db/errors.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { activityEnded, invalid } from '../lib/app-error.ts';
import { scheduleJobsStatement } from '../lib/jobs.ts';
import { localized } from '../lib/localized.ts';
import { nextSerialNumber } from '../lib/serial-number.ts';
import { localizeSku } from '../lib/sku-text.ts';
import { memberCards } from '../modules/account/buyer-search.ts';
import { createAddressService } from '../modules/address/service.ts';
import { checkedCartLines } from '../modules/cart/repository.ts';
import * as repo from '../modules/group/repository.ts';
import type { GroupActivity } from '../modules/group/repository.ts';
import { AUTO_CANCEL_JOB } from '../modules/order/lifecycle.ts';
import { buildOrderRows } from '../modules/order/order-rows.ts';
import { CHECKOUT_TOKEN_KEY, findOrderStatus, findSkuLines, placedOrderStatements, type CheckoutParts, type SkuLine } from '../modules/order/repository.ts';
import { skuCard } from '../modules/product/repository.ts';
import { invalidateProductDetail } from '../modules/product/service.ts';
import { STOCK_SHORT, takeStockPart } from '../modules/product/stock.ts';
import { freightFee } from '../modules/shop/freight.ts';
import { anyShopCard } from '../modules/shop/repository.ts';
import { CONFIRM_TTL_MS } from './place-order.ts';

const parts: CheckoutParts = { skuCard, anyShopCard, checkedCartLines };
const translators = { zh: createI18n('zh').t, en: createI18n('en').t };
/** A submit holds its uuid this long at most (a crashed request frees it by itself). */
const SUBMIT_LOCK_MS = 30_000;
const confirmKey = (userId: string, uuid: string) => `group:confirm:${userId}:${uuid}`;
const submitLockKey = (userId: string, uuid: string) => `group:submit:${userId}:${uuid}`;

const errors = {
  notFound: () => invalid('groupbuy.errors.notFound'),
  notStarted: () => invalid('groupbuy.errors.notStarted'),
  ended: () => invalid('groupbuy.errors.ended'),
  skuNotFound: () => invalid('groupbuy.errors.skuNotFound'),
  notPurchasable: () => invalid('groupbuy.errors.notPurchasable'),
  insufficient: () => invalid('groupbuy.errors.insufficient'),
  overLimit: (maxNum: number, bought: number) => invalid('groupbuy.errors.overLimit', { maxNum, bought }),
  teamNotFound: () => invalid('groupbuy.errors.teamNotFound'),
  teamNotOpen: () => invalid('groupbuy.errors.teamNotOpen'),
  teamOtherActivity: () => invalid('groupbuy.errors.teamOtherActivity'),
  alreadyInTeam: () => invalid('groupbuy.errors.alreadyInTeam'),
  expired: () => invalid('groupbuy.errors.expired'),
  duplicate: () => invalid('groupbuy.errors.duplicateSubmit'),
  selectAddress: () => invalid('groupbuy.errors.selectAddress'),
  addAddress: () => invalid('groupbuy.errors.addAddress'),
  teamChanged: () => invalid('groupbuy.errors.teamChanged'),
  orderNotFound: () => invalid('orders.errors.notFound'),
};

const pageOf = <T>(records: T[], total: number, current: number, size: number): Page<T> => ({ records, total, size, current, pages: Math.ceil(total / size) });

function isSaleable(line: SkuLine): boolean {
  return line.prodStatus === PRODUCT_STATUS.onShelf && line.shopStatus === SHOP_STATUS.open && line.skuStatus === SKU_STATUS.enabled;
}

/** 400 with the reason unless the activity is running now. */
function requireRunning(activity: GroupActivity | undefined, now: Date): GroupActivity {
  if (!activity) throw errors.notFound();
  const state = repo.activityState(activity, now);
  if (state === GROUP_ACTIVITY_STATE.notStarted) throw errors.notStarted();
  if (state === GROUP_ACTIVITY_STATE.ended) throw errors.ended();
  return activity;
}

/** A team a member may still pay into: grouping, a place left, before its end. */
function isOpen(team: repo.GroupTeam, now: Date): boolean {
  return team.status === GROUP_TEAM_STATUS.grouping && team.joinNum < team.groupNumber && team.endTime !== null && team.endTime.getTime() > now.getTime();
}

// ---- Public reads ----

/** The activity's SKUs that can be bought now, with their product lines (cheapest first). */
async function activityLines(ctx: AppContext, activities: GroupActivity[]): Promise<Map<number, SkuLine>> {
  const lines = await findSkuLines(
    ctx.db,
    [...new Set(activities.flatMap((a) => a.skus.map((s) => s.skuId)))],
    parts,
  );
  return new Map(lines.map((l) => [l.skuId, l]));
}

/** The lowest group price and single-buy price among the activity's SKUs still sold. */
function cheapest(activity: GroupActivity, lines: Map<number, SkuLine>) {
  const sold = activity.skus.filter((s) => lines.get(s.skuId)?.skuStatus === SKU_STATUS.enabled && lines.get(s.skuId)?.prodId === activity.productId);
  if (sold.length === 0) return null;
  return { groupPrice: Math.min(...sold.map((s) => s.actPrice)), price: Math.min(...sold.map((s) => lines.get(s.skuId)!.price)), line: lines.get(sold[0]!.skuId)! };
}

/** GET /group/activities (/group-buy): the running activities, newest first. */
export async function pageGroupActivities(ctx: AppContext, query: { current: number; size: number }, lang: Language): Promise<Page<GroupActivityCard>> {
  const now = ctx.now();
  const { rows, total } = await repo.pageRunningActivities(ctx.db, now, (query.current - 1) * query.size, query.size);
  const [lines, formed] = await Promise.all([activityLines(ctx, rows), repo.teamsFormed(ctx.db, rows.map((r) => r.id))]);
  const records: GroupActivityCard[] = [];
  for (const a of rows) {
    const best = cheapest(a, lines);
    if (!best) continue;
    records.push({
      groupActivityId: a.id,
      prodId: a.productId,
      shopId: a.shopId,
      shopName: localized(lang, best.line.shopNameZh, best.line.shopNameEn),
      activityName: localized(lang, a.nameZh, a.nameEn),
      prodName: localized(lang, best.line.prodNameZh, best.line.prodNameEn),
      pic: best.line.prodPic,
      groupPrice: best.groupPrice,
      price: best.price,
      groupNumber: a.groupNumber,
      teamsFormed: formed.get(a.id) ?? 0,
      soldNum: a.skus.reduce((n, s) => n + s.sellNum, 0),
      startTime: formatApiTime(a.startTime),
      endTime: formatApiTime(a.endTime),
    });
  }
  return pageOf(records, total, query.current, query.size);
}

/**
 * GET /prod/prodInfo's groupActivityVO: the activity (one primary-key query) over the product's
 * detail as the product module answered it (its SKUs in the reader's language). Null when the id
 * names no activity of this product, or one that ended or is off.
 */
export async function groupActivityVO(ctx: AppContext, detail: Pick<ProductDetail, 'prodId' | 'skuList'>, groupActivityId: number, lang: Language): Promise<GroupActivityVO | null> {
  const now = ctx.now();
  const activity = await repo.findActivityForDetail(ctx.db, groupActivityId, detail.prodId);
  if (!activity) return null;
  const state = repo.activityState(activity, now);
  // The activity of this product has ended or was taken offline: HTTP 204, and the page says so and goes home (reference §1).
  if (state === GROUP_ACTIVITY_STATE.ended) throw activityEnded();
  const skus = new Map(detail.skuList.map((s) => [s.skuId, s]));
  const skuList = activity.skus.flatMap((g) => {
    const sku = skus.get(g.skuId);
    return sku ? [{ groupSkuId: g.groupSkuId, skuId: g.skuId, properties: sku.properties, skuName: sku.skuName, pic: sku.pic, price: sku.price, actPrice: g.actPrice, leaderPrice: g.leaderPrice, stocks: sku.stocks }] : [];
  });
  if (skuList.length === 0) return null;
  return {
    groupActivityId: activity.id,
    prodId: activity.productId,
    activityName: localized(lang, activity.nameZh, activity.nameEn),
    state,
    startTime: formatApiTime(activity.startTime),
    endTime: formatApiTime(activity.endTime),
    startAt: activity.startTime.getTime(),
    endAt: activity.endTime.getTime(),
    serverTime: now.getTime(),
    groupNumber: activity.groupNumber,
    groupValidTime: ctx.env.GROUP_TEAM_VALID_SECONDS ? Math.max(1, Math.round(ctx.env.GROUP_TEAM_VALID_SECONDS / 60)) : activity.groupValidTime,
    hasMaxNum: activity.hasMaxNum,
    maxNum: activity.hasMaxNum ? activity.maxNum : null,
    hasRobot: activity.hasRobot,
    groupPrice: Math.min(...skuList.map((s) => s.actPrice)),
    price: Math.min(...skuList.map((s) => s.price)),
    teamsFormed: activity.teamsFormed,
    soldNum: activity.skus.reduce((n, s) => n + s.sellNum, 0),
    skuList,
  };
}

/**
 * GET /group/joinGroupList: the activity's open teams with their leaders (nickname, avatar). A
 * signed-in shopper is not offered the teams they already hold a seat in (QA2 item 6).
 */
export async function groupJoinList(ctx: AppContext, query: { groupActivityId: number; size: number }, viewerId: string | null = null): Promise<GroupJoinList> {
  const now = ctx.now();
  const open = await repo.openTeams(ctx.db, query.groupActivityId, now, query.size);
  const own = viewerId ? await repo.teamsWithSeat(ctx.db, open.map((t) => t.id), viewerId) : new Set<number>();
  const teams = open.filter((t) => !own.has(t.id));
  const leaders = await memberCards(
    ctx.db,
    teams.map((t) => t.shareUserId),
  );
  return {
    serverTime: now.getTime(),
    teams: teams.map((t) => ({
      groupTeamId: t.id,
      leaderPic: leaders.get(t.shareUserId)?.pic ?? '',
      leaderNickName: leaders.get(t.shareUserId)?.nickName ?? '',
      joinNum: t.joinNum,
      groupNumber: t.groupNumber,
      missing: t.groupNumber - t.joinNum,
      endTime: formatApiTime(t.endTime!),
      endAt: t.endTime!.getTime(),
    })),
  };
}

// ---- Confirm and submit ----

/** What confirm caches under the uuid for submit: the priced line and the address copy. */
interface Choice {
  groupActivityId: number;
  groupSkuId: number;
  groupTeamId: number;
  prodId: number;
  shopId: number;
  skuId: number;
  count: number;
  price: number;
  freight: number;
  mold: number;
  prodNameZh: string;
  prodNameEn: string | null;
  skuNameZh: string;
  skuNameEn: string | null;
  pic: string;
  isRefund: number;
  address: Address | null;
}

/** The checks confirm and submit share: the activity running, the SKU in it, the team open, the limit. */
async function checkTeam(ctx: AppContext, userId: string, activity: GroupActivity, groupTeamId: number, now: Date): Promise<void> {
  if (groupTeamId === GROUP_OPEN_TEAM_ID) return;
  const team = await repo.findTeam(ctx.db, groupTeamId);
  if (!team) throw errors.teamNotFound();
  if (team.groupActivityId !== activity.id) throw errors.teamOtherActivity();
  if (await repo.hasSeat(ctx.db, team.id, userId)) throw errors.alreadyInTeam();
  if (!isOpen(team, now)) throw errors.teamNotOpen();
}

/** POST /p/group/order/confirm */
export async function confirmGroupOrder(ctx: AppContext, userId: string, input: GroupConfirm, lang: Language): Promise<GroupConfirmResult> {
  const now = ctx.now();
  const activity = requireRunning(await repo.findActivityBySku(ctx.db, input.groupSkuId), now);
  const sku = activity.skus.find((s) => s.groupSkuId === input.groupSkuId);
  if (!sku) throw errors.skuNotFound();
  await checkTeam(ctx, userId, activity, input.groupTeamId, now);
  const addressService = createAddressService(ctx);
  const [[line], held, addresses] = await Promise.all([findSkuLines(ctx.db, [sku.skuId], parts), repo.unitsHeld(ctx.db, activity.id, userId), addressService.list(userId)]);
  if (!line || line.prodId !== activity.productId || !isSaleable(line)) throw errors.notPurchasable();
  if (line.stocks !== UNLIMITED_STOCK && line.stocks < input.prodCount) throw errors.insufficient();
  const maxNum = activity.hasMaxNum ? (activity.maxNum ?? 0) : null;
  if (maxNum !== null && held + input.prodCount > maxNum) throw errors.overLimit(maxNum, held);
  const address = input.addrId === 0 ? (addresses[0] ?? null) : addresses.find((a) => a.addrId === input.addrId);
  if (address === undefined) throw errors.selectAddress();
  const virtual = line.mold === ORDER_MOLD.virtual;
  // The leader's price when this order opens a team and the activity sets one.
  const price = input.groupTeamId === GROUP_OPEN_TEAM_ID && sku.leaderPrice !== null ? sku.leaderPrice : sku.actPrice;
  const total = price * input.prodCount;
  // The shop's freight rule for this parcel and province, like any order (never discounted).
  const freight = virtual ? 0 : freightFee(line.freightRule, { pieces: input.prodCount, grams: line.weight * input.prodCount, goods: total }, address?.provinceId ?? null);
  const zhSku = localizeSku({ properties: line.properties, nameZh: line.skuNameZh, nameEn: line.skuNameEn }, 'zh');
  const choice: Choice = {
    groupActivityId: activity.id,
    groupSkuId: sku.groupSkuId,
    groupTeamId: input.groupTeamId,
    prodId: activity.productId,
    shopId: activity.shopId,
    skuId: sku.skuId,
    count: input.prodCount,
    price,
    freight,
    mold: line.mold,
    prodNameZh: line.prodNameZh,
    prodNameEn: line.prodNameEn,
    skuNameZh: zhSku.skuName,
    skuNameEn: line.skuNameEn,
    pic: line.skuPic ?? line.prodPic,
    isRefund: line.isRefund,
    address,
  };
  await ctx.kv.set(confirmKey(userId, input.uuid), JSON.stringify(choice), CONFIRM_TTL_MS);
  const shown = address ? (await addressService.localize([address], lang))[0]! : null;
  return {
    groupActivityId: activity.id,
    groupSkuId: sku.groupSkuId,
    groupTeamId: input.groupTeamId,
    prodId: activity.productId,
    shopId: activity.shopId,
    shopName: localized(lang, line.shopNameZh, line.shopNameEn),
    prodName: localized(lang, line.prodNameZh, line.prodNameEn),
    skuId: sku.skuId,
    skuName: localizeSku({ properties: line.properties, nameZh: line.skuNameZh, nameEn: line.skuNameEn }, lang).skuName,
    pic: choice.pic,
    prodCount: input.prodCount,
    actPrice: price,
    price: line.price,
    total,
    transFee: freight,
    actualTotal: total + freight,
    mold: line.mold,
    userAddr: shown,
    groupNumber: activity.groupNumber,
    groupValidTime: activity.groupValidTime,
    hasMaxNum: activity.hasMaxNum,
    maxNum,
    boughtNum: held,
    canBuyNum: maxNum === null ? null : Math.max(0, maxNum - held),
    cancelMinutes: ctx.env.ORDER_UNPAID_TIMEOUT_MINUTES,
  };
}

/**
 * POST /p/group/order/submit: the confirmed choice becomes one order of type 1, in one transaction
 * under the shopper's lock for the activity: the limit read again, the team checked again (a leader's
 * waiting team made), the stock taken by a conditional update, the order with its seat and its
 * unpaid-timeout job. The checkout token's primary key refuses a second submit of the same uuid.
 */
export async function submitGroupOrder(ctx: AppContext, userId: string, input: GroupSubmit): Promise<{ orderNumbers: string }> {
  const lock = submitLockKey(userId, input.uuid);
  const [locked, cached] = await Promise.all([ctx.kv.setIfAbsent(lock, '1', SUBMIT_LOCK_MS), ctx.kv.get(confirmKey(userId, input.uuid))]);
  if (!locked) throw errors.duplicate();
  let released = false;
  try {
    if (!cached) throw errors.expired();
    const choice = JSON.parse(cached) as Choice;
    if (input.groupTeamId !== undefined && input.groupTeamId !== choice.groupTeamId) throw errors.teamChanged();
    const virtual = choice.mold === ORDER_MOLD.virtual;
    if (!virtual && !choice.address) throw errors.addAddress();
    const now = ctx.now();
    const activity = requireRunning(await repo.findActivity(ctx.db, choice.groupActivityId), now);
    await checkTeam(ctx, userId, activity, choice.groupTeamId, now);
    const [line] = await findSkuLines(ctx.db, [choice.skuId], parts);
    if (!line || !isSaleable(line)) throw errors.notPurchasable();
    const remarks = input.remarks ?? input.orderShopParams?.[0]?.remarks ?? '';
    const orderNumber = nextSerialNumber(now.getTime());
    const a = choice.address;
    const built = buildOrderRows({
      orderNumber,
      userId,
      shopId: choice.shopId,
      orderType: ORDER_TYPE.grouping,
      orderMold: choice.mold,
      dvyType: virtual ? DELIVERY_TYPE.none : DELIVERY_TYPE.express,
      freight: choice.freight,
      remarks: remarks || null,
      checkoutUuid: input.uuid,
      placedAt: now,
      address: a && !virtual ? { receiver: a.receiver, mobile: a.mobile, provinceId: a.provinceId, province: a.province, cityId: a.cityId, city: a.city, areaId: a.areaId, area: a.area, addr: a.addr } : null,
      lines: [
        {
          productId: choice.prodId,
          skuId: choice.skuId,
          prodNameZh: choice.prodNameZh,
          prodNameEn: choice.prodNameEn,
          skuNameZh: choice.skuNameZh,
          skuNameEn: choice.skuNameEn,
          pic: choice.pic,
          price: choice.price,
          count: choice.count,
          isRefund: choice.isRefund,
        },
      ],
    });
    const runAt = new Date(now.getTime() + ctx.env.ORDER_UNPAID_TIMEOUT_MINUTES * 60_000);
    try {
      await ctx.db.transaction(async (tx) => {
        await repo.lockShopperActivity(tx, activity.id, userId);
        if (activity.hasMaxNum) {
          const held = await repo.unitsHeld(tx, activity.id, userId);
          if (held + choice.count > (activity.maxNum ?? 0)) throw errors.overLimit(activity.maxNum ?? 0, held);
        }
        let teamId = choice.groupTeamId;
        let identityType: number = GROUP_IDENTITY.member;
        if (teamId === GROUP_OPEN_TEAM_ID) {
          identityType = GROUP_IDENTITY.leader;
          teamId = await repo.insertWaitingTeam(tx, { groupActivityId: activity.id, shopId: activity.shopId, productId: activity.productId, groupNumber: activity.groupNumber, shareUserId: userId, now });
        }
        // The stock move, the order with its token and the unpaid-timeout job: one statement; a short SKU undoes it.
        await executeTogether(
          tx,
          [
            ...placedOrderStatements({ token: { userId, uuid: input.uuid, orderNumbers: orderNumber, createdAt: now }, orders: [built.order], items: built.items, addresses: built.address ? [built.address] : [] }),
            scheduleJobsStatement([{ kind: AUTO_CANCEL_JOB, ref: orderNumber, runAt }]),
          ],
          [takeStockPart([{ skuId: choice.skuId, count: choice.count }])!],
        );
        await repo.insertSeat(tx, { groupTeamId: teamId, groupActivityId: activity.id, userId, identityType, orderNumber, groupSkuId: choice.groupSkuId, prodCount: choice.count, now });
      });
    } catch (err) {
      if (failedCheck(err) === STOCK_SHORT) throw errors.insufficient();
      const key = uniqueViolation(err);
      if (key === repo.SEAT_KEY) throw errors.alreadyInTeam();
      if (key === CHECKOUT_TOKEN_KEY || key === '') throw errors.duplicate();
      throw err;
    }
    released = true;
    await ctx.kv.del(confirmKey(userId, input.uuid), lock);
    invalidateProductDetail(ctx, choice.prodId);
    return { orderNumbers: orderNumber };
  } finally {
    if (!released) await ctx.kv.del(lock);
  }
}

// ---- The team page ----

async function teamInfo(ctx: AppContext, team: repo.GroupTeam, lang: Language, order: GroupTeamInfo['order'], viewerId: string | null = null): Promise<GroupTeamInfo> {
  const now = ctx.now();
  const [activity, seats, inTeam] = await Promise.all([
    repo.findActivity(ctx.db, team.groupActivityId),
    repo.paidSeats(ctx.db, team.id),
    viewerId ? repo.hasSeat(ctx.db, team.id, viewerId) : false,
  ]);
  if (!activity) throw errors.teamNotFound();
  const [cards, lines] = await Promise.all([
    memberCards(
      ctx.db,
      seats.filter((s) => s.userId !== GROUP_ROBOT_USER_ID).map((s) => s.userId),
    ),
    activityLines(ctx, [activity]),
  ]);
  const best = cheapest(activity, lines) ?? (lines.size > 0 ? { groupPrice: Math.min(...activity.skus.map((s) => s.actPrice)), price: [...lines.values()][0]!.price, line: [...lines.values()][0]! } : null);
  if (!best) throw errors.teamNotFound();
  const robotName = translators[lang]('groupbuy.robotName');
  const members: GroupMember[] = seats.map((s) => {
    const robot = s.userId === GROUP_ROBOT_USER_ID;
    const card = cards.get(s.userId);
    return { pic: robot ? '' : (card?.pic ?? ''), nickName: robot ? robotName : (card?.nickName ?? ''), leader: s.identityType === GROUP_IDENTITY.leader, robot };
  });
  const state = repo.activityState(activity, now);
  const grouping = team.status === GROUP_TEAM_STATUS.grouping;
  return {
    groupTeamId: team.id,
    status: team.status as GroupTeamInfo['status'],
    groupNumber: team.groupNumber,
    joinNum: team.joinNum,
    missing: grouping ? Math.max(0, team.groupNumber - team.joinNum) : 0,
    startTime: team.startTime ? formatApiTime(team.startTime) : null,
    endTime: team.endTime ? formatApiTime(team.endTime) : null,
    endAt: team.endTime ? team.endTime.getTime() : null,
    serverTime: now.getTime(),
    // A member (the leader too) is not offered their own team: it is theirs to share (QA2 item 6).
    joinable: !inTeam && isOpen(team, now) && state === GROUP_ACTIVITY_STATE.running,
    ...(viewerId ? { inTeam } : {}),
    members,
    product: {
      prodId: activity.productId,
      prodName: localized(lang, best.line.prodNameZh, best.line.prodNameEn),
      pic: best.line.prodPic,
      shopId: activity.shopId,
      shopName: localized(lang, best.line.shopNameZh, best.line.shopNameEn),
      groupPrice: best.groupPrice,
      price: best.price,
    },
    activity: {
      groupActivityId: activity.id,
      activityName: localized(lang, activity.nameZh, activity.nameEn),
      state,
      groupNumber: activity.groupNumber,
      hasRobot: activity.hasRobot,
      endTime: formatApiTime(activity.endTime),
    },
    order,
  };
}

/** GET /p/group/teamInfo?orderNumber=: the team of the shopper's own group order. */
export async function teamOfOrder(ctx: AppContext, userId: string, orderNumber: string, lang: Language): Promise<GroupTeamInfo> {
  const [seat, order] = await Promise.all([repo.seatOfOrder(ctx.db, orderNumber), findOrderStatus(ctx.db, userId, orderNumber)]);
  // Another shopper's order answers as an unknown one.
  if (!order) throw errors.orderNotFound();
  if (!seat || seat.userId !== userId) throw invalid('groupbuy.errors.notGroupOrder');
  const team = await repo.findTeam(ctx.db, seat.groupTeamId);
  if (!team) throw errors.teamNotFound();
  return teamInfo(ctx, team, lang, {
    orderNumber,
    status: order.status,
    groupOrderStatus: seat.status,
    leader: seat.identityType === GROUP_IDENTITY.leader,
    movedFromTeamId: seat.movedFromTeamId,
  });
}

/** GET /group/teamInfo?groupTeamId=: a team by its share link (a team not yet opened by its leader's payment is not shown). */
export async function teamById(ctx: AppContext, groupTeamId: number, lang: Language, viewerId: string | null = null): Promise<GroupTeamInfo> {
  const team = await repo.findTeam(ctx.db, groupTeamId);
  if (!team || team.status === GROUP_TEAM_STATUS.waiting) throw errors.teamNotFound();
  return teamInfo(ctx, team, lang, null, viewerId);
}
