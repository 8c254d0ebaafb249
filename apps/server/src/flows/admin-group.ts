// Group-buy in the platform console (issue 29): every shop's activities with their counts and
// teams, taking one offline with a reason (no new teams from then; open teams run to their end) and
// putting it back online. Each decision is a conditional update with its audit entry in one
// transaction; the audit entry is where the reason is kept and read back.
import type { Language } from '@bazaar/shared/constants/limits';
import { GROUP_ACTIVITY_STATUS } from '@bazaar/shared/constants/group-admin';
import type { Page } from '@bazaar/shared/schemas/common';
import type { AdminGroupActivityQuery, GroupActivityDetail, GroupActivityOffline, GroupActivityRow, GroupTeamQuery, GroupTeamRow } from '@bazaar/shared/schemas/group-admin';
import type { AppContext } from '../context.ts';
import { invalid, notFound } from '../lib/app-error.ts';
import { getProfile } from '../modules/admin/service.ts';
import { recordChange } from '../modules/audit/service.ts';
import { dropHomeCache } from '../modules/catalog/service.ts';
import * as groups from '../modules/group/admin.ts';
import { invalidateProductDetail } from '../modules/product/service.ts';
import { detailOf, nameFilter, pageOfRows, teamsOf } from './merchant-group.ts';

/** GET /admin/group-activities: every shop's activities (by shop, state and name), newest first. */
export async function pageAllActivities(ctx: AppContext, query: AdminGroupActivityQuery, lang: Language): Promise<Page<GroupActivityRow>> {
  const name = await nameFilter(ctx, null, query.name);
  const result = await groups.pageActivities(ctx.db, { shopId: query.shopId ?? null, state: query.state, name }, ctx.now(), query.current, query.size);
  return pageOfRows(ctx, result, query.current, query.size, lang);
}

async function anyActivityRecord(ctx: AppContext, id: number) {
  const found = await groups.findActivity(ctx.db, null, id);
  if (!found) throw notFound('groupbuyAdmin.errors.notFound');
  return found;
}

/** GET /admin/group-activities/:id */
export async function anyActivity(ctx: AppContext, id: number, lang: Language): Promise<GroupActivityDetail> {
  return detailOf(ctx, await anyActivityRecord(ctx, id), lang);
}

/** GET /admin/group-activities/:id/teams */
export async function anyActivityTeams(ctx: AppContext, id: number, query: GroupTeamQuery): Promise<Page<GroupTeamRow>> {
  await anyActivityRecord(ctx, id);
  return teamsOf(ctx, id, query);
}

async function decide(ctx: AppContext, adminId: number, id: number, offline: boolean, reason: string | null): Promise<void> {
  const admin = await getProfile(ctx, adminId);
  const now = ctx.now();
  const before = await ctx.db.transaction(async (tx) => {
    const before = offline ? await groups.takeOffline(tx, id, now) : await groups.putOnline(tx, id, now);
    if (!before) {
      const found = await groups.findActivity(tx, null, id);
      if (!found) throw notFound('groupbuyAdmin.errors.notFound');
      throw invalid(offline ? 'groupbuyAdmin.errors.cannotOffline' : 'groupbuyAdmin.errors.cannotOnline');
    }
    await recordChange(
      tx,
      {
        admin: { id: admin.adminId, username: admin.username },
        action: offline ? 'groupbuy.offline' : 'groupbuy.online',
        targetType: 'group_activity',
        targetId: id,
        before: { shopId: before.shopId, status: before.status },
        after: offline ? { status: GROUP_ACTIVITY_STATUS.offline, reason } : { status: GROUP_ACTIVITY_STATUS.on },
      },
      now,
    );
    return before;
  });
  invalidateProductDetail(ctx, before.productId);
  await dropHomeCache(ctx);
}

/** POST /admin/group-activities/:id/offline: an upcoming or running activity opens no new teams from now; the shop sees the reason. Audited. */
export const takeActivityOffline = (ctx: AppContext, adminId: number, id: number, input: GroupActivityOffline) => decide(ctx, adminId, id, true, input.reason);

/** POST /admin/group-activities/:id/online: an activity taken offline whose end has not passed is on again. Audited. */
export const putActivityOnline = (ctx: AppContext, adminId: number, id: number) => decide(ctx, adminId, id, false, null);
