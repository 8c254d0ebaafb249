// Platform staff and points (issue 12): the rules (rate, cap, expiry, sign-in rewards) and a
// shopper's points moved by hand with a reason. Each change and its audit entry are one transaction.
import type { AdminUserPoints, PointsAdjust, PointsSettings } from '@bazaar/shared/schemas/points';
import type { AppContext } from '../context.ts';
import * as points from '../modules/wallet/points-service.ts';
import { requireShopper, staffChange } from './staff-change.ts';

export function getPointsSettings(ctx: AppContext): Promise<PointsSettings> {
  return points.readPointsSettings(ctx.db);
}

export function updatePointsSettings(ctx: AppContext, adminId: number, input: PointsSettings): Promise<PointsSettings> {
  return staffChange(
    ctx,
    adminId,
    async (tx, now) => {
      const { before, after } = await points.writePointsSettings(tx, input, now);
      return { result: after, action: 'points.settings', targetType: 'pointsSettings', targetId: 1, before, after };
    },
  );
}

export async function getUserPoints(ctx: AppContext, userId: string): Promise<AdminUserPoints> {
  await requireShopper(ctx, userId);
  return { userId, score: await points.scoreOf(ctx.db, userId) };
}

/** A gain is a batch with the usual expiry; a deduction spends soonest-ending batches, never below zero. */
export async function adjustUserPoints(ctx: AppContext, adminId: number, userId: string, input: PointsAdjust): Promise<AdminUserPoints> {
  await requireShopper(ctx, userId);
  const settings = await points.readPointsSettings(ctx.db);
  return staffChange(
    ctx,
    adminId,
    async (tx, now) => {
      const moved = await points.adjustPoints(tx, { userId, change: input.change, bizId: `staff:${adminId}:${now.getTime()}`, settings, now });
      return {
        result: { userId, score: moved.after },
        action: 'points.adjust',
        targetType: 'user',
        targetId: userId,
        before: { score: moved.before },
        after: { score: moved.after, change: input.change, reason: input.reason },
      };
    },
  );
}
