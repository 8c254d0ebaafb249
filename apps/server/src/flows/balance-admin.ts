// Platform staff and the balance (issue 12, decision 040): the top-up presets (create, edit, turn
// on or off) and a shopper's balance moved by hand with a reason. Each change and its audit entry
// are one transaction (staffChange); an adjustment is also a ledger record the shopper sees.
import type { AdminBalanceOption, AdminUserBalance } from '@bazaar/shared/schemas/balance';
import type { AppContext } from '../context.ts';
import { invalid } from '../lib/app-error.ts';
import { findStaffUser } from '../modules/account/staff.ts';
import * as balance from '../modules/wallet/balance-service.ts';
import { balanceOf } from '../modules/wallet/service.ts';
import { fenToYuan } from '../providers/payment/payment-provider.ts';
import { staffChange } from './staff-change.ts';

const nothingToDrop = async () => undefined;

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
    nothingToDrop,
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
    nothingToDrop,
  );
}

async function requireUser(ctx: AppContext, userId: string): Promise<void> {
  if (!(await findStaffUser(ctx.db, userId))) throw invalid('staff.errors.userNotFound');
}

export async function getUserBalance(ctx: AppContext, userId: string): Promise<AdminUserBalance> {
  await requireUser(ctx, userId);
  return { userId, balance: await balanceOf(ctx.db, userId) };
}

/** A gain or a deduction (never below zero: refused with the balance in the message), audited. */
export async function adjustUserBalance(ctx: AppContext, adminId: number, userId: string, input: { change: number; reason: string }): Promise<AdminUserBalance> {
  await requireUser(ctx, userId);
  return staffChange(
    ctx,
    adminId,
    async (tx, now) => {
      const moved = await balance.adjustBalance(tx, { userId, change: input.change, bizId: `staff:${adminId}`, now, formatYuan: fenToYuan });
      return {
        result: { userId, balance: moved.after },
        action: 'balance.adjust',
        targetType: 'user',
        targetId: userId,
        before: { balance: moved.before },
        after: { balance: moved.after, change: input.change, reason: input.reason },
      };
    },
    nothingToDrop,
  );
}
