// Platform staff's shop list and moves (issue 10) across their owners: the shop module moves the
// row, the audit module records the change in the same transaction, and once it committed every
// cache that shows the shop's products is dropped on every instance (search pages and totals,
// product details, the home page's floors), so the storefront follows at once; taking a shop offline
// or reopening it also marks its merchant accounts' cached sessions (decision 068's merchant amendment).
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import type { Page } from '@bazaar/shared/schemas/common';
import type { AdminShop, AdminShopQuery } from '@bazaar/shared/schemas/admin-shops';
import type { AuditAction } from '@bazaar/shared/schemas/shop-application';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { invalid } from '../lib/app-error.ts';
import { getProfile } from '../modules/admin/service.ts';
import { recordChange } from '../modules/audit/service.ts';
import { dropHomeCache } from '../modules/catalog/service.ts';
import { dropProductDetails } from '../modules/product/service.ts';
import * as staff from '../modules/shop/staff.ts';
import { markShopSessions } from './merchant-session.ts';
import { dropSearchCaches } from './search-products.ts';

function toAdminShop(row: staff.StaffShopRow): AdminShop {
  return {
    shopId: row.id,
    shopName: row.nameZh,
    shopNameEn: row.nameEn,
    shopLogo: row.logo,
    type: row.type,
    status: row.status,
    offlineReason: row.status === SHOP_STATUS.offline ? row.offlineReason : null,
    tel: row.tel,
    region: [row.province, row.city, row.area].filter((part, i, all) => part && all.indexOf(part) === i).join(' '),
    userId: row.userId,
    createdAt: formatApiTime(row.createdAt),
    updatedAt: formatApiTime(row.updatedAt),
  };
}

/** GET /admin/shops. */
export async function pageStaffShops(ctx: AppContext, query: AdminShopQuery): Promise<Page<AdminShop>> {
  const { rows, total } = await staff.pageShops(ctx.db, query, query.size, (query.current - 1) * query.size);
  return { records: rows.map(toAdminShop), total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
}

/** GET /admin/shops/:shopId. */
export async function getStaffShop(ctx: AppContext, shopId: number): Promise<AdminShop> {
  const row = await staff.findShop(ctx.db, shopId);
  if (!row) throw invalid('staff.errors.shopNotFound');
  return toAdminShop(row);
}

/** Drops, on every instance, what shows a shop's products to shoppers. */
async function dropShopCaches(ctx: AppContext): Promise<void> {
  await Promise.all([dropSearchCaches(ctx), dropProductDetails(ctx), dropHomeCache(ctx)]);
}

const fields = (row: staff.StaffShopRow) => ({ status: row.status, type: row.type, offlineReason: row.offlineReason });

/** One staff move and its audit entry in one transaction; `refused` names why nothing moved. */
async function moveShop(
  ctx: AppContext,
  adminId: number,
  shopId: number,
  action: AuditAction,
  move: (tx: Tx, now: Date) => Promise<staff.ShopMove | null>,
  refused: string,
): Promise<AdminShop> {
  const admin = await getProfile(ctx, adminId);
  const now = ctx.now();
  const moved = await ctx.db.transaction(async (tx) => {
    const result = await move(tx, now);
    if (!result) throw invalid((await staff.findShop(tx, shopId)) ? refused : 'staff.errors.shopNotFound');
    await recordChange(
      tx,
      { admin: { id: admin.adminId, username: admin.username }, action, targetType: 'shop', targetId: shopId, before: fields(result.before), after: fields(result.after) },
      now,
    );
    return result;
  });
  return toAdminShop(moved.after);
}

/**
 * A move of the shop's state, then its accounts' cached sessions marked (they are verified again at
 * their next request, on every instance) and every cache that shows its products dropped. Done also
 * when the move is refused: a move stored whose marks then failed (a Redis error answers 500) is
 * refused at its retry as already done, and the retry must still mark, or a session cached before
 * the move would act for the rest of its bound (decision 068's merchant amendment).
 */
async function moveShopState(ctx: AppContext, shopId: number, moving: () => Promise<AdminShop>): Promise<AdminShop> {
  try {
    return await moving();
  } finally {
    await markShopSessions(ctx, shopId);
    await dropShopCaches(ctx);
  }
}

/** Open -> offline with a reason: its page says so, its products leave search and lists and cannot be bought, its accounts may no longer act. */
export function takeShopOffline(ctx: AppContext, adminId: number, shopId: number, reason: string): Promise<AdminShop> {
  return moveShopState(ctx, shopId, () => moveShop(ctx, adminId, shopId, 'shop.offline', (tx, now) => staff.takeOffline(tx, shopId, reason, now), 'staff.errors.shopNotOpen'));
}

/** Offline -> open: everything shows again. */
export function reopenShop(ctx: AppContext, adminId: number, shopId: number): Promise<AdminShop> {
  return moveShopState(ctx, shopId, () => moveShop(ctx, adminId, shopId, 'shop.reopen', (tx, now) => staff.reopen(tx, shopId, now), 'staff.errors.shopNotOffline'));
}

/** Self-run or ordinary; shown on the shop's head and product pages, so the details are dropped too. */
export async function setShopType(ctx: AppContext, adminId: number, shopId: number, type: number): Promise<AdminShop> {
  const shop = await moveShop(ctx, adminId, shopId, 'shop.type', (tx, now) => staff.setType(tx, shopId, type, now), 'staff.errors.sameType');
  await dropShopCaches(ctx);
  return shop;
}
