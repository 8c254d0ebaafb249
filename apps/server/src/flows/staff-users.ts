// Platform staff's shopper list and login switch (issue 10) across their owners: the account
// module moves the user row, the audit module records it in the same transaction, and the auth
// module ends the shopper's sessions. Every request's token lookup checks `users.status` in the
// same statement (decision 015), on every instance and with nothing cached, so a disabled
// shopper's next request is refused even before the revocation lands.
import type { Page } from '@bazaar/shared/schemas/common';
import type { AdminUser, AdminUserQuery } from '@bazaar/shared/schemas/admin-users';
import type { AppContext } from '../context.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { invalid } from '../lib/app-error.ts';
import * as accounts from '../modules/account/staff.ts';
import { getProfile } from '../modules/admin/service.ts';
import { recordChange } from '../modules/audit/service.ts';
import { revokeSessions } from '../modules/auth/service.ts';

function toAdminUser(row: accounts.StaffUserRow): AdminUser {
  return {
    userId: row.id,
    userName: row.userName,
    nickName: row.nickName,
    mobile: row.mobile,
    pic: row.pic,
    status: row.status,
    disabledReason: row.status === 0 ? row.disabledReason : null,
    createdAt: formatApiTime(row.createdAt),
  };
}

/** GET /admin/users. */
export async function pageStaffUsers(ctx: AppContext, query: AdminUserQuery): Promise<Page<AdminUser>> {
  const { rows, total } = await accounts.pageUsers(ctx.db, query, query.size, (query.current - 1) * query.size);
  return { records: rows.map(toAdminUser), total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
}

const fields = (row: accounts.StaffUserRow) => ({ status: row.status, disabledReason: row.disabledReason });

async function moveUser(
  ctx: AppContext,
  adminId: number,
  userId: string,
  disable: { reason: string } | null,
): Promise<AdminUser> {
  const admin = await getProfile(ctx, adminId);
  const now = ctx.now();
  const moved = await ctx.db.transaction(async (tx) => {
    const result = disable ? await accounts.disableUser(tx, userId, disable.reason, now) : await accounts.enableUser(tx, userId, now);
    if (!result) {
      const exists = await accounts.findStaffUser(tx, userId);
      throw invalid(!exists ? 'staff.errors.userNotFound' : disable ? 'staff.errors.userDisabled' : 'staff.errors.userEnabled');
    }
    await recordChange(
      tx,
      {
        admin: { id: admin.adminId, username: admin.username },
        action: disable ? 'user.disable' : 'user.enable',
        targetType: 'user',
        targetId: userId,
        before: fields(result.before),
        after: fields(result.after),
      },
      now,
    );
    return result.after;
  });
  return toAdminUser(moved);
}

/** Disables the login with a reason: its sessions end, and the login says why. */
export async function disableShopper(ctx: AppContext, adminId: number, userId: string, reason: string): Promise<AdminUser> {
  const user = await moveUser(ctx, adminId, userId, { reason });
  await revokeSessions(ctx, 'shopper', userId);
  return user;
}

/** Enables the login again; the shopper logs in anew (the old sessions stay ended). */
export async function enableShopper(ctx: AppContext, adminId: number, userId: string): Promise<AdminUser> {
  return moveUser(ctx, adminId, userId, null);
}
