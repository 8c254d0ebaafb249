// One shape for every staff edit of the platform console (issue 10): the change and its audit-log
// entry (who, what, when, before and after) in one transaction, then the caches the change makes
// stale dropped on every instance, only once the change is committed.
import type { AuditAction } from '@bazaar/shared/schemas/shop-application';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { invalid } from '../lib/app-error.ts';
import { findStaffUser } from '../modules/account/staff.ts';
import { getProfile } from '../modules/admin/service.ts';
import { recordChange } from '../modules/audit/service.ts';

export interface StaffChange<T> {
  result: T;
  action: AuditAction;
  targetType: string;
  targetId: string | number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export async function staffChange<T>(
  ctx: AppContext,
  adminId: number,
  work: (tx: Tx, now: Date) => Promise<StaffChange<T>>,
  dropCaches: () => Promise<void> = async () => undefined,
): Promise<T> {
  const admin = await getProfile(ctx, adminId);
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const change = await work(tx, now);
    await recordChange(
      tx,
      { admin: { id: admin.adminId, username: admin.username }, action: change.action, targetType: change.targetType, targetId: change.targetId, before: change.before, after: change.after },
      now,
    );
    return change.result;
  });
  await dropCaches();
  return result;
}

/** Refuses, with the console's message, a shopper that does not exist (staff act on shoppers by id). */
export async function requireShopper(ctx: AppContext, userId: string): Promise<void> {
  if (!(await findStaffUser(ctx.db, userId))) throw invalid('staff.errors.userNotFound');
}
