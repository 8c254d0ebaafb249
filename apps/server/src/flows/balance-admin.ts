// Platform staff and the balance (issue 12, decision 040): the top-up presets (create, edit, turn
// on or off) and a shopper's balance moved by hand with a reason. Each change and its audit entry
// are one transaction (staffChange); an adjustment is also a ledger record the shopper sees. A large
// adjustment waits for a second finance staff member's approval (issue 25, decision 058).
import type { AdminBalanceAdjustResult, AdminBalanceOption, AdminUserBalance, BalanceRequest, BalanceRequestQuery } from '@bazaar/shared/schemas/balance';
import type { Page } from '@bazaar/shared/schemas/common';
import type { AppContext } from '../context.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { conflict, invalid, notFound } from '../lib/app-error.ts';
import { shopperCards } from '../modules/account/buyer-search.ts';
import { staffNames } from '../modules/admin/staff-names.ts';
import * as requests from '../modules/wallet/adjust-requests.ts';
import * as balance from '../modules/wallet/balance-service.ts';
import { balanceOf } from '../modules/wallet/service.ts';
import { fenToYuan } from '../providers/payment/payment-provider.ts';
import { requireShopper, staffChange } from './staff-change.ts';

export function listBalanceOptionsForStaff(ctx: AppContext): Promise<AdminBalanceOption[]> {
  return balance.listAdminOptions(ctx.db);
}

export function createBalanceOption(ctx: AppContext, adminId: number, values: balance.OptionValues): Promise<AdminBalanceOption> {
  return staffChange(
    ctx,
    adminId,
    async (tx, now) => {
      const created = await balance.createOption(tx, values, now);
      return { result: created, action: 'balance.option.create', targetType: 'balanceOption', targetId: created.id, before: null, after: { ...created } };
    },
  );
}

/** Every field, or only whether the preset is on (`{ enabled }`). */
export function updateBalanceOption(ctx: AppContext, adminId: number, id: number, values: Partial<balance.OptionValues>): Promise<AdminBalanceOption> {
  return staffChange(
    ctx,
    adminId,
    async (tx) => {
      const { before, after } = await balance.updateOption(tx, id, values);
      return { result: after, action: 'balance.option.update', targetType: 'balanceOption', targetId: id, before: { ...before }, after: { ...after } };
    },
  );
}

export async function getUserBalance(ctx: AppContext, userId: string): Promise<AdminUserBalance> {
  await requireShopper(ctx, userId);
  return { userId, balance: await balanceOf(ctx.db, userId), threshold: ctx.env.BALANCE_APPROVAL_THRESHOLD_FEN };
}

/**
 * A gain or a deduction (never below zero: refused with the balance in the message), audited. Above
 * the approval threshold (env BALANCE_APPROVAL_THRESHOLD_FEN, either way) nothing moves: a pending
 * request waits for a second finance staff member (decision 058).
 */
export async function adjustUserBalance(ctx: AppContext, adminId: number, userId: string, input: { change: number; reason: string }): Promise<AdminBalanceAdjustResult> {
  await requireShopper(ctx, userId);
  const threshold = ctx.env.BALANCE_APPROVAL_THRESHOLD_FEN;
  if (Math.abs(input.change) > threshold) return requestAdjustment(ctx, adminId, userId, input, threshold);
  return staffChange(
    ctx,
    adminId,
    async (tx, now) => {
      const moved = await balance.adjustBalance(tx, { userId, change: input.change, bizId: `staff:${adminId}`, now, formatYuan: fenToYuan });
      return {
        result: { userId, balance: moved.after, pending: false, requestId: null, threshold },
        action: 'balance.adjust',
        targetType: 'user',
        targetId: userId,
        before: { balance: moved.before },
        after: { balance: moved.after, change: input.change, reason: input.reason },
      };
    },
  );
}

/** The request, audited; a deduction the balance cannot cover is refused now (and checked again on approval). */
async function requestAdjustment(ctx: AppContext, adminId: number, userId: string, input: { change: number; reason: string }, threshold: number): Promise<AdminBalanceAdjustResult> {
  const current = await balanceOf(ctx.db, userId);
  if (current + input.change < 0) throw balance.balanceErrors.belowZero(fenToYuan(current));
  return staffChange(ctx, adminId, async (tx, now) => {
    const request = await requests.insertAdjustRequest(tx, { userId, change: input.change, reason: input.reason, requestedBy: adminId, now });
    return {
      result: { userId, balance: current, pending: true, requestId: request.id, threshold },
      action: 'balance.request',
      targetType: 'user',
      targetId: userId,
      before: null,
      after: { requestId: request.id, change: input.change, reason: input.reason },
    };
  });
}

/** GET /admin/balance/requests: pending first; `mine` marks the reader's own requests. */
export async function pageBalanceRequests(ctx: AppContext, adminId: number, query: BalanceRequestQuery): Promise<Page<BalanceRequest>> {
  const { rows, total } = await requests.pageAdjustRequests(ctx.db, { status: query.status }, query.size, (query.current - 1) * query.size);
  return { records: await describeRequests(ctx, adminId, rows), total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
}

async function describeRequests(ctx: AppContext, adminId: number, rows: requests.AdjustRequestRow[]): Promise<BalanceRequest[]> {
  const [shoppers, staff] = await Promise.all([
    shopperCards(ctx.db, rows.map((r) => r.userId)),
    staffNames(ctx.db, rows.flatMap((r) => (r.decidedBy === null ? [r.requestedBy] : [r.requestedBy, r.decidedBy]))),
  ]);
  const name = (id: number) => ({ adminId: id, username: staff.get(id) ?? '' });
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    nickName: shoppers.get(r.userId)?.nickName ?? '',
    mobile: shoppers.get(r.userId)?.mobile ?? '',
    change: r.change,
    reason: r.reason,
    status: r.status,
    requestedBy: name(r.requestedBy),
    mine: r.requestedBy === adminId,
    decidedBy: r.decidedBy === null ? null : name(r.decidedBy),
    rejectReason: r.rejectReason,
    createTime: formatApiTime(r.createdAt),
    decideTime: r.decidedAt ? formatApiTime(r.decidedAt) : null,
  }));
}

/**
 * Approves (the money moves, with its ledger record) or rejects (with a reason) a pending request,
 * audited. The conditional update pending -> decided and the money are one transaction, so of many
 * parallel approvals one moves the money and the others find it decided. A deduction the balance
 * no longer covers is refused and the request stays pending (to be rejected, or approved later).
 */
export async function decideBalanceRequest(ctx: AppContext, adminId: number, id: number, decision: { approve: true } | { approve: false; reason: string }): Promise<BalanceRequest> {
  await staffChange(ctx, adminId, async (tx, now) => {
    const found = await requests.findAdjustRequest(tx, id);
    if (!found) throw notFound('balance.errors.requestNotFound');
    if (found.requestedBy === adminId) throw invalid('balance.errors.ownRequest');
    const decided = await requests.decideAdjustRequest(tx, { id, approve: decision.approve, decidedBy: adminId, rejectReason: decision.approve ? null : decision.reason, now });
    if (!decided) throw conflict('balance.errors.requestDecided');
    const audit = { targetType: 'user', targetId: decided.userId, result: null };
    if (!decision.approve) {
      return { ...audit, action: 'balance.reject', before: { requestId: id, status: found.status }, after: { requestId: id, status: decided.status, change: decided.change, reason: decision.reason } };
    }
    const moved = await balance.adjustBalance(tx, { userId: decided.userId, change: decided.change, bizId: `request:${id}`, now, formatYuan: fenToYuan });
    return {
      ...audit,
      action: 'balance.approve',
      before: { requestId: id, status: found.status, balance: moved.before },
      after: { requestId: id, status: decided.status, balance: moved.after, change: decided.change, reason: decided.reason, requestedBy: decided.requestedBy },
    };
  });
  const row = await requests.findAdjustRequest(ctx.db, id);
  const [described] = await describeRequests(ctx, adminId, [row!]);
  return described!;
}
