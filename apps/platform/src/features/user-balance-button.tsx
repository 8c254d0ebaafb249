import { Input } from 'antd';
import { AdminBalanceAdjustResultSchema, type BalanceAdjust } from '@bazaar/shared/schemas/balance';
import type { z } from 'zod';
import { UserAdjustButton, type UserAdjustKind } from './user-adjust-button.tsx';

const yuan = (fen: number) => (fen / 100).toFixed(2);

/** The balance as read (GET) or as an adjustment left it (POST: with whether it waits for approval). */
const BalanceAnswerSchema = AdminBalanceAdjustResultSchema.partial({ pending: true, requestId: true, threshold: true });
type BalanceAnswer = z.infer<typeof BalanceAnswerSchema>;

/**
 * The users page's "adjust balance" action (issue 12): a signed yuan change with a reason; the API
 * checks the amount and answers its own words (the limit, two decimals, below zero with the balance).
 * A change above the approval threshold only asks for it (decision 058): the dialog says it waits.
 */
const BALANCE: UserAdjustKind<BalanceAnswer, BalanceAdjust> = {
  texts: 'userBalance',
  path: 'balance',
  schema: BalanceAnswerSchema,
  amount: (answer) => ({ balance: yuan(answer.balance) }),
  changeInput: <Input inputMode="decimal" autoComplete="off" style={{ width: 200 }} />,
  textChange: true,
  toBody: (values) => ({ change: String(values.change).trim(), reason: values.reason }),
  doneText: (answer) => (answer.pending ? { key: 'pending', vars: { threshold: yuan(answer.threshold ?? 0) } } : null),
};

export function UserBalanceButton({ userId, name }: { userId: string; name: string }) {
  return <UserAdjustButton kind={BALANCE} userId={userId} name={name} />;
}
