import { useEffect, useRef, type ReactNode } from 'react';
import { useRevalidator, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/member-center.member-center';
import { MemberInfoSchema } from '@bazaar/shared/schemas/member';
import { ScoreInfoSchema } from '@bazaar/shared/schemas/points';
import { PAY_ENTRY } from '@bazaar/shared/constants/order-status';
import { PaymentInfoSchema, SERIAL_NUMBER_PATTERN, type PaymentInfo } from '@bazaar/shared/schemas/payment';
import type { RootData } from '../root.tsx';
import { ApiError, api } from '../lib/api.ts';
import { pageTitle } from '../components/page-meta.ts';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { UserCenterSignIn } from '../features/account/user-center-gate.tsx';
import { MemberSummary } from '../features/member/member-summary.tsx';
import { PointsExpiryNotice } from '../features/points/points-summary.tsx';
import { SignInCard } from '../features/points/sign-in-card.tsx';
import { usePaymentArrived } from '../features/payment/use-payment-arrived.ts';
import { PointsMallEntry } from '../features/pointsmall/points-mall-entry.tsx';
import '../features/points/points.css';
import '../features/member/member.css';
import '../features/pointsmall/pointsmall.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'member.center.title' });
}

/** My levels and benefits, the sign-in card, and (?payNo=) the purchase the shopper comes back from. */
export async function loader({ request }: Route.LoaderArgs) {
  const payNo = new URL(request.url).searchParams.get('payNo') ?? '';
  const data = await fetchAsUser(request, (ctx) =>
    Promise.all([
      api('/p/member/info', { ...ctx, schema: MemberInfoSchema }),
      api('/p/score/scoreInfo', { ...ctx, schema: ScoreInfoSchema }),
      SERIAL_NUMBER_PATTERN.test(payNo)
        ? api('/p/order/getPayInfoByPayNo', { ...ctx, query: { payNo }, schema: PaymentInfoSchema }).catch((err: unknown) => {
            // Not this shopper's, or not a payment: the page shows no news of it.
            if (err instanceof ApiError && err.status === 400) return null;
            throw err;
          })
        : Promise.resolve(null),
    ]),
  );
  if (!data) return null;
  const [info, points, payment] = data;
  return { info, points, payment: payment && payment.payEntry === PAY_ENTRY.membership ? payment : null };
}

export default function MemberCenter({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootData>('root');
  if (!root?.user || !loaderData) return <UserCenterSignIn />;
  const { info, points, payment } = loaderData;
  return (
    <div className="container page-section member-page">
      {payment ? (
        <SummaryAfterPurchase key={payment.payNo} info={info} payment={payment} signIn={<SignInCard info={points} />} />
      ) : (
        <MemberSummary info={info} purchase={null} signIn={<SignInCard info={points} />} />
      )}
      <PointsExpiryNotice info={points} />
      <PointsMallEntry />
    </div>
  );
}

/** After paying: waits for the money, then loads the page again with the membership. */
function SummaryAfterPurchase({ info, payment, signIn }: { info: Parameters<typeof MemberSummary>[0]['info']; payment: PaymentInfo; signIn: ReactNode }) {
  const revalidator = useRevalidator();
  const paid = usePaymentArrived(payment);
  const reloaded = useRef(payment.status === 1);
  useEffect(() => {
    if (paid && !reloaded.current) {
      reloaded.current = true;
      void revalidator.revalidate();
    }
  }, [paid, revalidator]);
  return <MemberSummary info={info} purchase={payment.status === 1 ? { state: 'arrived' } : { state: 'pending' }} signIn={signIn} />;
}
