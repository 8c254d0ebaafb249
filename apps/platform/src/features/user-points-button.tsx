import { InputNumber } from 'antd';
import { POINTS_ADJUST_MAX } from '@bazaar/shared/constants/points';
import { AdminUserPointsSchema, PointsAdjustSchema, type AdminUserPoints, type PointsAdjust } from '@bazaar/shared/schemas/points';
import { UserAdjustButton, type UserAdjustKind } from './user-adjust-button.tsx';

/** The users page's "adjust points" action (issue 12): a signed whole number with a reason, audited. */
const POINTS: UserAdjustKind<AdminUserPoints, PointsAdjust> = {
  texts: 'userPoints',
  path: 'points',
  schema: AdminUserPointsSchema,
  amount: (answer) => ({ score: answer.score }),
  changeInput: <InputNumber min={-POINTS_ADJUST_MAX} max={POINTS_ADJUST_MAX} precision={0} style={{ width: 200 }} />,
  textChange: false,
  toBody: (values) => {
    const checked = PointsAdjustSchema.safeParse(values);
    return checked.success ? checked.data : null;
  },
};

export function UserPointsButton({ userId, name }: { userId: string; name: string }) {
  return <UserAdjustButton kind={POINTS} userId={userId} name={name} />;
}
