import { Input } from 'antd';
import { AdminUserBalanceSchema, type AdminUserBalance, type BalanceAdjust } from '@bazaar/shared/schemas/balance';
import { UserAdjustButton, type UserAdjustKind } from './user-adjust-button.tsx';

const yuan = (fen: number) => (fen / 100).toFixed(2);

/**
 * The users page's "adjust balance" action (issue 12): a signed yuan change with a reason; the API
 * checks the amount and answers its own words (the limit, two decimals, below zero with the balance).
 */
const BALANCE: UserAdjustKind<AdminUserBalance, BalanceAdjust> = {
  texts: 'userBalance',
  path: 'balance',
  schema: AdminUserBalanceSchema,
  amount: (answer) => ({ balance: yuan(answer.balance) }),
  changeInput: <Input inputMode="decimal" autoComplete="off" style={{ width: 200 }} />,
  textChange: true,
  toBody: (values) => ({ change: String(values.change).trim(), reason: values.reason }),
};

export function UserBalanceButton({ userId, name }: { userId: string; name: string }) {
  return <UserAdjustButton kind={BALANCE} userId={userId} name={name} />;
}
