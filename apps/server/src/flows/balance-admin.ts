// Platform staff and the balance (issue 12, decision 040): the top-up presets (create, edit, turn
// on or off) and a shopper's balance moved by hand with a reason. Each change and its audit entry
// are one transaction (staffChange); an adjustment is also a ledger record the shopper sees.
import type { AdminBalanceOption, AdminUserBalance } from '@bazaar/shared/schemas/balance';
import type { AppContext } from '../context.ts';
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
  return { userId, balance: await balanceOf(ctx.db, userId) };
}

/** A gain or a deduction (never below zero: refused with the balance in the message), audited. */
export async function adjustUserBalance(ctx: AppContext, adminId: number, userId: string, input: { change: number; reason: string }): Promise<AdminUserBalance> {
  await requireShopper(ctx, userId);
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
  );
}
