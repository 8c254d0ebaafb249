// Group-buy activities in the merchant center (issue 29): the group module writes them; the product
// module says whether the product and its SKUs are the shop's and on sale; the seckill module says
// whether the product is in a flash sale in that window; the account module names the teams'
// members. Every read and change is bound to the session's shop: another shop's activity answers
// "does not exist" (404). The rows here are the platform console's too (flows/admin-group.ts).
import type { Language } from '@bazaar/shared/constants/limits';
import { GROUP_ACTIVITY_STATUS, GROUP_LEADER, GROUP_MAX_DAYS, GROUP_ROBOT_USER_ID, GROUP_START_GRACE_MS } from '@bazaar/shared/constants/group-admin';
import { PROD_TYPE, PRODUCT_STATUS, SKU_STATUS } from '@bazaar/shared/constants/product-status';
import type { Page } from '@bazaar/shared/schemas/common';
import type {
  GroupActivityDetail,
  GroupActivityRow,
  GroupTeamQuery,
  GroupTeamRow,
  MerchantGroupActivityCreated,
  MerchantGroupActivityInput,
  MerchantGroupActivityQuery,
} from '@bazaar/shared/schemas/group-admin';
import type { AppContext } from '../context.ts';
import { invalid, notFound } from '../lib/app-error.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { localized } from '../lib/localized.ts';
import { localizeSku } from '../lib/sku-text.ts';
import { buyerNicknames } from '../modules/account/buyer-search.ts';
import { latestAfterOf } from '../modules/audit/service.ts';
import { dropHomeCache } from '../modules/catalog/service.ts';
import * as groups from '../modules/group/admin.ts';
import { productCardsOf } from '../modules/product/coupon-reads.ts';
import { findShopProduct } from '../modules/product/merchant-products.ts';
import { productIdsByName, skuTextsOf } from '../modules/product/seckill-console-reads.ts';
import { invalidateProductDetail } from '../modules/product/service.ts';
import { lockProductActivities as lockSeckillProduct, productBusy as seckillBusy } from '../modules/seckill/admin.ts';
import { findShopNames } from '../modules/shop/product-reads.ts';

const DAY_MS = 86_400_000;
/** How many products a name search may match before the list says nothing more precise. */
const NAME_MATCH_LIMIT = 500;
/** Products a group buy may sell: normal ones, and ones already kept for group buys. */
const GROUP_PROD_TYPES: ReadonlySet<number> = new Set([PROD_TYPE.normal, PROD_TYPE.group]);
const yuan = (fen: number) => (fen / 100).toFixed(2);

/** The filter a name search stands for: the activity's names, or the products whose name matches (undefined: no search). */
export async function nameFilter(ctx: AppContext, shopId: number | null, name: string | undefined): Promise<groups.GroupActivityFilter['name']> {
  const keyword = name?.trim();
  return keyword ? { keyword, productIds: await productIdsByName(ctx.db, shopId, keyword, NAME_MATCH_LIMIT) } : undefined;
}

/** The platform's reasons of the activities taken offline among these, by id. */
async function offlineReasons(ctx: AppContext, records: groups.GroupActivityRecord[]): Promise<Map<number, string>> {
  const offline = records.filter((r) => r.status === GROUP_ACTIVITY_STATUS.offline).map((r) => r.id);
  const entries = await latestAfterOf(ctx.db, 'groupbuy.offline', 'group_activity', offline);
  return new Map(offline.map((id) => [id, String(entries.get(String(id))?.reason ?? '')]));
}

/** The rows of these activities as both consoles show them. */
export async function rowsOf(ctx: AppContext, records: groups.GroupActivityRecord[], lang: Language): Promise<{ rows: GroupActivityRow[]; skuMap: Map<number, groups.GroupSkuRecord[]> }> {
  const now = ctx.now();
  const ids = records.map((r) => r.id);
  const [skuMap, counts, cards, names, reasons] = await Promise.all([
    groups.skusOf(ctx.db, ids),
    groups.countsOf(ctx.db, ids),
    productCardsOf(ctx.db, [...new Set(records.map((r) => r.productId))]),
    findShopNames(ctx.db, [...new Set(records.map((r) => r.shopId))]),
    offlineReasons(ctx, records),
  ]);
  const cardBy = new Map(cards.map((c) => [c.id, c]));
  const rows = records.map((r): GroupActivityRow => {
    const card = cardBy.get(r.productId);
    const shop = names.get(r.shopId);
    const skus = skuMap.get(r.id) ?? [];
    return {
      groupActivityId: r.id,
      shopId: r.shopId,
      shopName: shop ? localized(lang, shop.nameZh, shop.nameEn) : '',
      nameZh: r.nameZh,
      nameEn: r.nameEn,
      prodId: r.productId,
      prodName: card ? localized(lang, card.nameZh, card.nameEn) : '',
      pic: card?.pic ?? '',
      startTime: formatApiTime(r.startTime),
      endTime: formatApiTime(r.endTime),
      listState: groups.listStateOf(r, now),
      status: r.status,
      offlineReason: reasons.get(r.id) ?? null,
      groupNumber: r.groupNumber,
      validHours: r.groupValidTime / 60,
      hasRobot: r.hasRobot,
      hasMaxNum: r.hasMaxNum,
      maxNum: r.hasMaxNum ? r.maxNum : null,
      minActPrice: skus.length ? Math.min(...skus.map((s) => s.actPrice)) : 0,
      counts: counts.get(r.id)!,
      createdAt: formatApiTime(r.createdAt),
    };
  });
  return { rows, skuMap };
}

export async function pageOfRows(ctx: AppContext, result: { rows: groups.GroupActivityRecord[]; total: number }, current: number, size: number, lang: Language): Promise<Page<GroupActivityRow>> {
  const { rows } = await rowsOf(ctx, result.rows, lang);
  return { records: rows, total: result.total, size, current, pages: Math.ceil(result.total / size) };
}

/** One activity with its SKUs (names, usual and group prices, pieces sold). */
export async function detailOf(ctx: AppContext, record: groups.GroupActivityRecord, lang: Language): Promise<GroupActivityDetail> {
  const { rows, skuMap } = await rowsOf(ctx, [record], lang);
  const skus = skuMap.get(record.id) ?? [];
  const texts = new Map((await skuTextsOf(ctx.db, skus.map((s) => s.skuId))).map((s) => [s.id, s]));
  return {
    ...rows[0]!,
    skus: skus.map((s) => {
      const text = texts.get(s.skuId);
      return { groupSkuId: s.id, skuId: s.skuId, skuName: text ? localizeSku(text, lang).skuName : '', price: text?.price ?? 0, actPrice: s.actPrice, sellNum: s.sellNum };
    }),
  };
}

/** An activity's teams with their members (nicknames; a robot has none). */
export async function teamsOf(ctx: AppContext, activityId: number, query: GroupTeamQuery): Promise<Page<GroupTeamRow>> {
  const { rows, total } = await groups.pageTeams(ctx.db, activityId, query.status, query.current, query.size);
  const nicknames = await buyerNicknames(ctx.db, rows.flatMap((t) => t.members.map((m) => m.userId)).filter((id) => id !== GROUP_ROBOT_USER_ID));
  const records = rows.map(
    (t): GroupTeamRow => ({
      groupTeamId: t.id,
      status: t.status,
      joinNum: t.joinNum,
      groupNumber: t.groupNumber,
      startTime: t.startTime ? formatApiTime(t.startTime) : null,
      endTime: t.endTime ? formatApiTime(t.endTime) : null,
      createdAt: formatApiTime(t.createdAt),
      members: t.members.map((m) => {
        const robot = m.userId === GROUP_ROBOT_USER_ID;
        return {
          nickName: robot ? '' : (nicknames.get(m.userId) ?? ''),
          robot,
          leader: m.identityType === GROUP_LEADER,
          orderNumber: robot ? null : m.orderNumber,
          status: m.status,
          prodCount: m.prodCount,
          joinTime: formatApiTime(m.createdAt),
        };
      }),
    }),
  );
  return { records, total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
}

/** GET /merchant/group-activities: the shop's activities by shown state and name, newest first, with their counts. */
export async function pageShopActivities(ctx: AppContext, shopId: number, query: MerchantGroupActivityQuery, lang: Language): Promise<Page<GroupActivityRow>> {
  const name = await nameFilter(ctx, shopId, query.name);
  const result = await groups.pageActivities(ctx.db, { shopId, state: query.state, name }, ctx.now(), query.current, query.size);
  return pageOfRows(ctx, result, query.current, query.size, lang);
}

async function ownActivity(ctx: AppContext, shopId: number, id: number) {
  const found = await groups.findActivity(ctx.db, shopId, id);
  if (!found) throw notFound('groupbuyAdmin.errors.notFound');
  return found;
}

/** GET /merchant/group-activities/:id */
export async function shopActivity(ctx: AppContext, shopId: number, id: number, lang: Language): Promise<GroupActivityDetail> {
  return detailOf(ctx, await ownActivity(ctx, shopId, id), lang);
}

/** GET /merchant/group-activities/:id/teams */
export async function shopActivityTeams(ctx: AppContext, shopId: number, id: number, query: GroupTeamQuery): Promise<Page<GroupTeamRow>> {
  await ownActivity(ctx, shopId, id);
  return teamsOf(ctx, id, query);
}

/** Everything about the input that needs the product and the clock. */
async function checkInput(ctx: AppContext, shopId: number, input: MerchantGroupActivityInput, now: Date): Promise<void> {
  if (input.startTime.getTime() < now.getTime() - GROUP_START_GRACE_MS) throw invalid('groupbuyAdmin.errors.startPassed');
  if (input.endTime.getTime() <= now.getTime()) throw invalid('groupbuyAdmin.errors.endPassed');
  if (input.endTime.getTime() - input.startTime.getTime() > GROUP_MAX_DAYS * DAY_MS) throw invalid('groupbuyAdmin.errors.tooLong');
  const found = await findShopProduct(ctx.db, shopId, input.prodId);
  if (!found) throw invalid('groupbuyAdmin.errors.productNotOwned');
  if (found.product.status !== PRODUCT_STATUS.onShelf || !GROUP_PROD_TYPES.has(found.product.prodType)) throw invalid('groupbuyAdmin.errors.productNotOnSale');
  const skuBy = new Map(found.skus.map((s) => [s.id, s]));
  for (const line of input.skus) {
    const sku = skuBy.get(line.skuId);
    if (!sku || sku.status !== SKU_STATUS.enabled) throw invalid('groupbuyAdmin.errors.skuNotOfProduct');
    if (line.actPrice >= sku.price) throw invalid('groupbuyAdmin.errors.priceAbovePrice', { price: yuan(sku.price) });
  }
}

/**
 * POST /merchant/group-activities: on at once (no review); a product in a flash sale or another
 * group activity of an overlapping window is refused. The creates of one product are serialized
 * (the group lock and the flash sale's), so two at once never both pass the overlap check.
 */
export async function createShopActivity(ctx: AppContext, shopId: number, input: MerchantGroupActivityInput): Promise<MerchantGroupActivityCreated> {
  const now = ctx.now();
  await checkInput(ctx, shopId, input, now);
  const groupActivityId = await ctx.db.transaction(async (tx) => {
    await groups.lockProductActivities(tx, input.prodId);
    await lockSeckillProduct(tx, input.prodId);
    if ((await groups.productBusy(tx, input.prodId, input.startTime, input.endTime)) || (await seckillBusy(tx, input.prodId, input.startTime, input.endTime))) {
      throw invalid('groupbuyAdmin.errors.productBusy');
    }
    return groups.insertActivity(tx, shopId, input, now);
  });
  invalidateProductDetail(ctx, input.prodId);
  await dropHomeCache(ctx);
  return { groupActivityId };
}

/**
 * POST /merchant/group-activities/:id/end: an upcoming or running activity stops now: no new teams;
 * teams still open finish by their own expiry. One the platform took offline is the platform's to
 * put back, not the shop's to end (QA2 item 8): refused with its own message, its end left as it is.
 */
export async function endShopActivity(ctx: AppContext, shopId: number, id: number): Promise<void> {
  const now = ctx.now();
  const before = await ctx.db.transaction((tx) => groups.endActivity(tx, shopId, id, now));
  if (!before) {
    const found = await ownActivity(ctx, shopId, id);
    if (found.status === GROUP_ACTIVITY_STATUS.offline) throw invalid('groupbuyAdmin.errors.offlineCannotEnd');
    throw invalid('groupbuyAdmin.errors.cannotEnd');
  }
  invalidateProductDetail(ctx, before.productId);
  await dropHomeCache(ctx);
}
