// A group order's payment and its team (reference §5.5; decision 065), inside the payment's own
// transaction (flows/pay-order.ts settleOrderPayment calls settleGroupPayment for the orders it paid):
// - the seat 0 -> 1 (once: a second notification finds nothing to move), the SKU's sold units
//   (after the teams below: the team's row, then the activity SKU's, as the expiry takes them);
// - the leader's payment opens the team (0 -> 1, end = paid time + validity) and books its expiry job;
// - a member takes a place with ONE conditional update (grouping, a place left, before the end); the
//   last place makes the team a success in the same statement, and then every paid order of the team
//   moves 7 -> 2 in this transaction;
// - a member whose team could not take them (full, failed, ended) opens a team of their own, and the
//   seat remembers the team asked for, so the order says so.
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { cancelJob, scheduleJob } from '../lib/jobs.ts';
import { GROUP_IDENTITY, GROUP_TEAM_STATUS } from '@bazaar/shared/constants/group';
import * as repo from '../modules/group/repository.ts';
import { scheduleAutoReceipt } from '../modules/order/lifecycle.ts';
import { markGroupOrdersFormed, markVirtualDelivered } from '../modules/order/transitions.ts';
import { issueVoucherCodes } from '../modules/order/vouchers.ts';

/** A team's end: the expiry job (ref = the team's id) fills it with robots or fails it (flows/expire-group-teams.ts). */
export const GROUP_TEAM_EXPIRY_JOB = repo.GROUP_TEAM_EXPIRY_JOB;

/** How long a team stays open after its leader pays: GROUP_TEAM_VALID_SECONDS when set (tests, demos), else the activity's minutes. */
export function teamValidMs(ctx: AppContext, activity: Pick<repo.GroupActivity, 'groupValidTime'>): number {
  return ctx.env.GROUP_TEAM_VALID_SECONDS ? ctx.env.GROUP_TEAM_VALID_SECONDS * 1000 : activity.groupValidTime * 60_000;
}

/**
 * The team succeeded: its paid orders move grouping -> pending delivery; virtual ones are delivered by
 * their voucher codes at once, as any paid virtual order. Answers the orders that moved.
 */
export async function formTeam(ctx: AppContext, tx: Tx, teamId: number, now: Date): Promise<string[]> {
  const seats = await repo.paidSeats(tx, teamId);
  const orderNumbers = seats.flatMap((s) => (s.orderNumber ? [s.orderNumber] : []));
  const formed = await markGroupOrdersFormed(tx, { orderNumbers, now });
  const delivered = await markVirtualDelivered(tx, { orderNumbers: formed, now });
  await issueVoucherCodes(tx, delivered, now);
  for (const orderNumber of delivered) await scheduleAutoReceipt(ctx, tx, orderNumber, now);
  await cancelJob(tx, GROUP_TEAM_EXPIRY_JOB, String(teamId));
  return formed;
}

export interface GroupSettle {
  /** Orders that moved 7 -> 2 because this payment filled their team. */
  formedOrders: string[];
  /** Orders whose team could not take them: each opened a team of its own. */
  movedOrders: string[];
}

/** In the payment's transaction, for the orders it just paid (group orders among them have a seat). */
export async function settleGroupPayment(ctx: AppContext, tx: Tx, paidOrders: string[], paidAt: Date): Promise<GroupSettle> {
  const out: GroupSettle = { formedOrders: [], movedOrders: [] };
  const seats = await repo.markSeatsPaid(tx, paidOrders, paidAt);
  if (seats.length === 0) return out;
  const activities = new Map<number, repo.GroupActivity | undefined>();
  for (const seat of seats) {
    if (!activities.has(seat.groupActivityId)) activities.set(seat.groupActivityId, await repo.findActivity(tx, seat.groupActivityId));
    const activity = activities.get(seat.groupActivityId);
    const team = await repo.findTeam(tx, seat.groupTeamId);
    if (!activity || !team) continue;
    const end = new Date(paidAt.getTime() + teamValidMs(ctx, activity));
    if (seat.identityType === GROUP_IDENTITY.leader && team.status === GROUP_TEAM_STATUS.waiting && (await repo.openTeam(tx, team.id, paidAt, end))) {
      await scheduleJob(tx, { kind: GROUP_TEAM_EXPIRY_JOB, ref: String(team.id), runAt: end });
      continue;
    }
    const joined = await repo.joinTeam(tx, team.id, paidAt);
    if (joined) {
      if (joined.status === GROUP_TEAM_STATUS.success) out.formedOrders.push(...(await formTeam(ctx, tx, team.id, paidAt)));
      continue;
    }
    // Full, failed or ended meanwhile: this member opens a team of their own (reference §5.5).
    const newTeamId = await repo.moveSeatToNewTeam(tx, seat, { shopId: team.shopId, productId: team.productId, groupNumber: activity.groupNumber, start: paidAt, end });
    await scheduleJob(tx, { kind: GROUP_TEAM_EXPIRY_JOB, ref: String(newTeamId), runAt: end });
    if (seat.orderNumber) out.movedOrders.push(seat.orderNumber);
  }
  // The sold count after the teams: a team's expiry locks the team, then takes a failed team's
  // units off this count (flows/expire-group-teams.ts). Counted before the join, a member paying
  // at a team's end held the activity SKU's row while waiting for the team's, and the two deadlocked
  // (the payment answered 500, or the expiry job failed).
  await repo.addSellNum(tx, seats);
  return out;
}
