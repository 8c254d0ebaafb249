import { Link, useRouteLoaderData } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/member-center.member-equity';
import { MemberLevelSchema } from '@bazaar/shared/schemas/member';
import { LEVEL_TYPE } from '@bazaar/shared/constants/member';
import type { RootData } from '../root.tsx';
import { api } from '../lib/api.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { pageTitle } from '../components/page-meta.ts';
import { buttonClass } from '../components/ui/button.tsx';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { UserCenterSignIn } from '../features/account/user-center-gate.tsx';
import { EquityTable } from '../features/member/equity-table.tsx';
import { BUY_MEMBER_PATH, MEMBER_CENTER_PATH } from '../features/member/paths.ts';
import '../features/member/member.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'member.equity.title' });
}

/** Both kinds of level, in parallel. */
export async function loader({ request }: Route.LoaderArgs) {
  const data = await fetchAsUser(request, (ctx) =>
    Promise.all([
      api('/p/score/scoreLevel/page', { ...ctx, query: { levelType: LEVEL_TYPE.growth }, schema: z.array(MemberLevelSchema) }),
      api('/p/score/scoreLevel/page', { ...ctx, query: { levelType: LEVEL_TYPE.paid }, schema: z.array(MemberLevelSchema) }),
    ]),
  );
  return data ? { growth: data[0], paid: data[1] } : null;
}

export default function MemberEquity({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  if (!root?.user || !loaderData) return <UserCenterSignIn />;
  const { growth, paid } = loaderData;
  return (
    <div className="container page-section member-page">
      <section className="card member-equity" aria-labelledby="member-equity-title">
        <h1 id="member-equity-title" className="member-summary__title">
          {t('member.equity.title')}
        </h1>
        <p className="member-card__hint">{t('member.equity.intro')}</p>
        {growth.length === 0 && paid.length === 0 ? <p>{t('member.equity.empty')}</p> : null}
        <EquityTable caption={t('member.equity.paidLevels')} levels={paid} paid />
        <EquityTable caption={t('member.equity.growthLevels')} levels={growth} paid={false} />
        <div className="member-card__actions">
          {paid.length > 0 ? (
            <Link to={BUY_MEMBER_PATH} className={buttonClass()}>
              {t('member.equity.buy')}
            </Link>
          ) : null}
          <Link to={MEMBER_CENTER_PATH} className="text-link">
            {t('member.buy.back')}
          </Link>
        </div>
      </section>
    </div>
  );
}
