import { useRouteLoaderData } from 'react-router';
import type { Route } from './+types/user-center.index';
import type { RootData } from '../root.tsx';
import { api } from '../lib/api.ts';
import { z } from 'zod';
import { CenterInfoSchema } from '@bazaar/shared/schemas/account';
import { ScoreInfoSchema } from '@bazaar/shared/schemas/points';
import { MemberInfoSchema } from '@bazaar/shared/schemas/member';
import { MyCouponCountsSchema } from '@bazaar/shared/schemas/coupon';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { UserCenterOverview } from '../features/account/user-center-overview.tsx';
import { UserCenterWallet } from '../features/account/user-center-wallet.tsx';

/** The summary, the points card, the balance, the member level and the coupons to use, in parallel. */
export async function loader({ request }: Route.LoaderArgs) {
  const data = await fetchAsUser(request, (ctx) =>
    Promise.all([
      api('/p/user/centerInfo', { ...ctx, schema: CenterInfoSchema }),
      api('/p/score/scoreInfo', { ...ctx, schema: ScoreInfoSchema }),
      api('/p/userBalance/getBalanceInfo', { ...ctx, schema: z.number().int() }),
      api('/p/member/info', { ...ctx, schema: MemberInfoSchema }),
      api('/p/myCoupon/getMyCouponsStatusCount', { ...ctx, schema: MyCouponCountsSchema }),
    ]),
  );
  const member = data?.[3] ?? null;
  return {
    info: data?.[0] ?? null,
    points: data?.[1] ?? null,
    balance: data?.[2] ?? 0,
    coupons: data?.[4]?.unUseCount ?? 0,
    member: member ? { levelName: member.paidLevel?.levelName ?? member.growthLevel?.levelName ?? null, growth: member.growth } : null,
  };
}

export default function UserCenterIndex({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootData>('root');
  // Logged out (or the token was refused): the layout shows its login panel instead.
  const { info, points, balance, member, coupons } = loaderData;
  if (!root?.user || !info || !points) return null;
  return (
    <>
      <UserCenterOverview user={root.user} info={info} />
      <UserCenterWallet score={points.score} signedIn={points.isSignIn} balance={balance} coupons={coupons} member={member} />
    </>
  );
}
