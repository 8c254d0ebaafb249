// The balance as the shopper, staff and the payment flows use it (issue 12, decision 040): the
// top-up presets, a top-up made unpaid and credited once with its gifts, staff adjustments and
// the records page. The statements are in balance.ts.
import { BALANCE_IO, BALANCE_LOG_TYPE, BALANCE_MAX_FEN, BALANCE_OPTIONS_MAX } from '@bazaar/shared/constants/balance';
import type { Language } from '@bazaar/shared/constants/limits';
import { POINTS_SOURCE } from '@bazaar/shared/constants/points';
import type { AdminBalanceOption, BalanceLog, BalanceLogQuery, BalanceOption } from '@bazaar/shared/schemas/balance';
import type { Page } from '@bazaar/shared/schemas/common';
import type { Db, Tx } from '../../db/client.ts';
import { formatApiTime } from '../../lib/api-time.ts';
import { invalid } from '../../lib/app-error.ts';
import { expiryAfterYears } from './china-day.ts';
import * as ledger from './balance.ts';
import { grantPart, runPart } from './points.ts';
import { readPointsSettings } from './points-settings.ts';
import { debitBalance, findBalance, insertBalanceLog } from './repository.ts';

export const balanceErrors = {
  optionNotFound: () => invalid('balance.errors.optionNotFound'),
  overMax: () => invalid('balance.errors.overMax'),
  belowZero: (balance: string) => invalid('balance.errors.adjustBelowZero', { balance }),
  tooManyOptions: () => invalid('balance.errors.tooManyOptions'),
};

const optionTitle = (row: ledger.BalanceOptionRow, lang: Language) => (lang === 'en' && row.titleEn ? row.titleEn : row.titleZh);

/** GET /p/userBalance/getList: the presets that are on, in the reader's language. */
export async function listTopUpOptions(db: Db, lang: Language): Promise<BalanceOption[]> {
  const rows = await ledger.listOptions(db, true);
  return rows.map((r) => ({
    balanceId: r.id,
    balanceTitle: optionTitle(r, lang),
    rechargeAmount: r.rechargeAmount,
    presAmount: r.presAmount,
    presScore: r.presScore,
    presGrowth: r.presGrowth,
  }));
}

export interface TopUpTerms {
  amount: number;
  optionId: number | null;
  giftAmount: number;
  giftScore: number;
  giftGrowth: number;
}

/** What a top-up pays and gives: a preset that is on (with its gifts), or a custom amount (none). */
export async function topUpTerms(db: Db, input: { optionId: number | null; amount: number | null }): Promise<TopUpTerms> {
  if (input.optionId === null) return { amount: input.amount!, optionId: null, giftAmount: 0, giftScore: 0, giftGrowth: 0 };
  const option = await ledger.findOption(db, input.optionId);
  if (!option || option.status !== 1) throw balanceErrors.optionNotFound();
  return { amount: option.rechargeAmount, optionId: option.id, giftAmount: option.presAmount, giftScore: option.presScore, giftGrowth: option.presGrowth };
}

/** Refuses a top-up that would lift the balance past its ceiling (reference 5.10). */
export async function checkRoomFor(db: Db, userId: string, terms: TopUpTerms): Promise<void> {
  const balance = await findBalance(db, userId);
  if (balance + terms.amount + terms.giftAmount > BALANCE_MAX_FEN) throw balanceErrors.overMax();
}

/** The top-up's record, unpaid, in the caller's transaction (with its payment row). */
export function recordUnpaidTopUp(tx: Tx, input: { userId: string; payNo: string; terms: TopUpTerms; now: Date }): Promise<number> {
  return ledger.insertUnpaidTopUp(tx, { userId: input.userId, payNo: input.payNo, now: input.now, ...input.terms });
}

/**
 * The money of a top-up arrived: the record turns paid and the balance grows by it, with the
 * gifts promised when it was made (extra balance as a gift record, points as a batch, growth).
 * Once per top-up, whatever the number of notifications. Answers false when it was done before.
 */
export async function creditTopUp(tx: Tx, input: { userId: string; payNo: string; paidAt: Date }): Promise<boolean> {
  const topUp = await ledger.markTopUpPaid(tx, input);
  if (!topUp) return false;
  const balance = await ledger.creditBalance(tx, { userId: input.userId, amount: topUp.amount + topUp.giftAmount, growth: topUp.giftGrowth, now: input.paidAt });
  if (balance === null) throw balanceErrors.overMax();
  if (topUp.giftAmount > 0) {
    await insertBalanceLog(tx, {
      userId: input.userId,
      changeBalance: topUp.giftAmount,
      ioType: BALANCE_IO.in,
      type: BALANCE_LOG_TYPE.gift,
      payNo: input.payNo,
      isPayed: true,
      payTime: input.paidAt,
      createdAt: input.paidAt,
    });
  }
  if (topUp.giftScore > 0) {
    const settings = await readPointsSettings(tx);
    await runPart(
      tx,
      grantPart({ userId: input.userId, score: topUp.giftScore, source: POINTS_SOURCE.topUpGift, bizId: input.payNo, expireAt: expiryAfterYears(input.paidAt, settings.expireYears), now: input.paidAt }),
    );
  }
  return true;
}

/**
 * A staff adjustment in the caller's transaction (which writes the audit log): one conditional
 * update and its record; a deduction below zero is refused with the balance in the message.
 */
export async function adjustBalance(tx: Tx, input: { userId: string; change: number; bizId: string; now: Date; formatYuan: (fen: number) => string }): Promise<{ before: number; after: number }> {
  const before = await ledger.lockBalance(tx, input.userId);
  const amount = Math.abs(input.change);
  let after: number | null;
  if (input.change < 0) {
    after = await debitBalance(tx, input.userId, amount, input.now);
    if (after === null) throw balanceErrors.belowZero(input.formatYuan(before));
  } else {
    after = await ledger.creditBalance(tx, { userId: input.userId, amount, now: input.now });
    if (after === null) throw balanceErrors.overMax();
  }
  await insertBalanceLog(tx, {
    userId: input.userId,
    changeBalance: amount,
    ioType: input.change < 0 ? BALANCE_IO.out : BALANCE_IO.in,
    type: BALANCE_LOG_TYPE.adjustment,
    bizId: input.bizId,
    isPayed: true,
    payTime: input.now,
    createdAt: input.now,
  });
  return { before, after };
}

/** GET /p/userBalanceLog/log: the settled records, newest first. */
export async function pageBalanceLogs(db: Db, userId: string, query: BalanceLogQuery): Promise<Page<BalanceLog>> {
  const { rows, total } = await ledger.pageBalanceLogs(db, userId, { type: query.type, ioType: query.ioType }, query.size, (query.current - 1) * query.size);
  return {
    records: rows.map((r) => ({ id: r.id, changeBalance: r.changeBalance, ioType: r.ioType, type: r.type, bizId: r.bizId, createTime: formatApiTime(r.createdAt) })),
    total,
    size: query.size,
    current: query.current,
    pages: Math.ceil(total / query.size),
  };
}

export function balanceLedgerSums(db: Db | Tx, userId: string) {
  return ledger.balanceLedgerSums(db, userId);
}

// ---- Staff: the presets ----

function adminOption(r: ledger.BalanceOptionRow): AdminBalanceOption {
  return {
    id: r.id,
    titleZh: r.titleZh,
    titleEn: r.titleEn ?? '',
    rechargeAmount: r.rechargeAmount,
    presAmount: r.presAmount,
    presScore: r.presScore,
    presGrowth: r.presGrowth,
    seq: r.seq,
    enabled: r.status === 1,
  };
}

export interface OptionValues {
  titleZh: string;
  titleEn: string;
  rechargeAmount: number;
  presAmount: number;
  presScore: number;
  presGrowth: number;
  seq: number;
  enabled: boolean;
}

const optionColumns = (v: OptionValues) => ({
  titleZh: v.titleZh,
  titleEn: v.titleEn,
  rechargeAmount: v.rechargeAmount,
  presAmount: v.presAmount,
  presScore: v.presScore,
  presGrowth: v.presGrowth,
  seq: v.seq,
  status: v.enabled ? 1 : 0,
});

export async function listAdminOptions(db: Db): Promise<AdminBalanceOption[]> {
  return (await ledger.listOptions(db, false)).map(adminOption);
}

export async function createOption(tx: Tx, values: OptionValues, now: Date): Promise<AdminBalanceOption> {
  if ((await ledger.listOptions(tx, false)).length >= BALANCE_OPTIONS_MAX) throw balanceErrors.tooManyOptions();
  return adminOption(await ledger.insertOption(tx, { ...optionColumns(values), createdAt: now }));
}

/** Edits a preset (every field, or only whether it is on); answers it before and after. */
export async function updateOption(tx: Tx, id: number, values: Partial<OptionValues>): Promise<{ before: AdminBalanceOption; after: AdminBalanceOption }> {
  const row = await ledger.lockOption(tx, id);
  if (!row) throw balanceErrors.optionNotFound();
  const before = adminOption(row);
  const merged = { ...before, ...values };
  const updated = await ledger.updateOption(tx, id, optionColumns(merged));
  return { before, after: adminOption(updated!) };
}
