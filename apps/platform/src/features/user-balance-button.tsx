import { Input } from 'antd';
import { AdminBalanceAdjustResultSchema, type BalanceAdjust } from '@bazaar/shared/schemas/balance';
import type { z } from 'zod';
import { UserAdjustButton, type UserAdjustKind } from './user-adjust-button.tsx';

const yuan = (fen: number) => (fen / 100).toFixed(2);
/** '1,000.00': the threshold is a round, large amount, read easier with its thousands marked. */
const grouped = (fen: number) => (fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The balance and the approval threshold as read (GET) or as an adjustment left them (POST: with whether it waits for approval). */
const BalanceAnswerSchema = AdminBalanceAdjustResultSchema.partial({ pending: true, requestId: true });
type BalanceAnswer = z.infer<typeof BalanceAnswerSchema>;

/**
 * The users page's "adjust balance" action (issue 12): a signed yuan change with a reason; the API
 * checks the amount and answers its own words (the limit, two decimals, below zero with the balance).
 * A change above the approval threshold only asks for it (decision 058): the dialog says so up front,
 * from the threshold the balance read answers, and again when a change waits.
 */
const BALANCE: UserAdjustKind<BalanceAnswer, BalanceAdjust> = {
  texts: 'userBalance',
  path: 'balance',
  schema: BalanceAnswerSchema,
  amount: (answer) => ({ balance: yuan(answer.balance) }),
  changeInput: <Input inputMode="decimal" autoComplete="off" style={{ width: 200 }} />,
  textChange: true,
  toBody: (values) => ({ change: String(values.change).trim(), reason: values.reason }),
  doneText: (answer) => (answer.pending ? { key: 'pending', vars: { threshold: grouped(answer.threshold) } } : null),
  // Said before sending (decision 058), from the server's BALANCE_APPROVAL_THRESHOLD_FEN.
  note: (answer) => ({ key: 'threshold', vars: { threshold: grouped(answer.threshold) } }),
};

export function UserBalanceButton({ userId, name }: { userId: string; name: string }) {
  return <UserAdjustButton kind={BALANCE} userId={userId} name={name} />;
}
