import { Link, useRouteLoaderData } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/member-center.buy-member';
import { MemberInfoSchema, MemberLevelSchema } from '@bazaar/shared/schemas/member';
import { LEVEL_TYPE } from '@bazaar/shared/constants/member';
import { PAY_TYPE } from '@bazaar/shared/constants/order-status';
import type { Language } from '@bazaar/shared/constants/limits';
import type { RootData } from '../root.tsx';
import { api } from '../lib/api.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { formatYuan } from '../lib/format.ts';
import { pageTitle } from '../components/page-meta.ts';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { UserCenterSignIn } from '../features/account/user-center-gate.tsx';
import { BuyMemberForm, type MemberPayMethod } from '../features/member/buy-member-form.tsx';
import { MEMBER_CENTER_PATH } from '../features/member/paths.ts';
import { PayMark } from '../features/payment/pay-mark.tsx';
import { usePaySwitch } from '../features/payment/pay-switch.ts';
import '../features/payment/payment.css';
import '../features/member/member.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'member.buy.title' });
}

/** The paid levels on sale with their prices, my membership and my balance, in parallel. */
export async function loader({ request }: Route.LoaderArgs) {
  const data = await fetchAsUser(request, (ctx) =>
    Promise.all([
      api('/p/score/scoreLevel/page', { ...ctx, query: { levelType: LEVEL_TYPE.paid }, schema: z.array(MemberLevelSchema) }),
      api('/p/member/info', { ...ctx, schema: MemberInfoSchema }),
      api('/p/userBalance/getBalanceInfo', { ...ctx, schema: z.number() }),
    ]),
  );
  return data ? { levels: data[0], info: data[1], balance: data[2] } : null;
}

export default function BuyMember({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const root = useRouteLoaderData<RootData>('root');
  const switches = usePaySwitch();
  if (!root?.user || !loaderData) return <UserCenterSignIn />;
  const { levels, info, balance } = loaderData;
  const methods: Array<{ type: MemberPayMethod; label: string; mark: React.ReactNode }> | null = switches
    ? [
        ...(switches.aliPaySwitch ? [{ type: PAY_TYPE.alipay, label: t('payment.methods.alipay'), mark: <PayMark method="alipay" className="pay-method__logo pay-method__logo--alipay" /> }] : []),
        ...(switches.wxPaySwitch ? [{ type: PAY_TYPE.wechat, label: t('payment.methods.wechat'), mark: <PayMark method="wechat" className="pay-method__logo pay-method__logo--wechat" /> }] : []),
        ...(switches.balancePaySwitch
          ? [{ type: PAY_TYPE.balance, label: t('member.buy.balance', { amount: formatYuan(balance, lang) }), mark: <PayMark method="balance" className="pay-method__logo pay-method__logo--balance" /> }]
          : []),
      ]
    : null;
  return (
    <div className="container page-section member-page">
      <section className="card member-equity" aria-labelledby="buy-member-title">
        <h1 id="buy-member-title" className="member-summary__title">
          {t('member.buy.title')}
        </h1>
        <BuyMemberForm levels={levels} info={info} methods={methods} />
        <p>
          <Link to={MEMBER_CENTER_PATH} className="text-link">
            {t('member.buy.back')}
          </Link>
        </p>
      </section>
    </div>
  );
}
