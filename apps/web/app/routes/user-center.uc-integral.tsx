import { useRouteLoaderData } from 'react-router';
import type { Route } from './+types/user-center.uc-integral';
import { ScoreInfoSchema, ScoreLogPageSchema } from '@bazaar/shared/schemas/points';
import { POINTS_IO } from '@bazaar/shared/constants/points';
import type { RootData } from '../root.tsx';
import { api } from '../lib/api.ts';
import { pageTitle } from '../components/page-meta.ts';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { PointsSummary } from '../features/points/points-summary.tsx';
import { SignInCard } from '../features/points/sign-in-card.tsx';
import { PointsRecords, type PointsFilter } from '../features/points/points-records.tsx';
import { PointsMallEntry } from '../features/pointsmall/points-mall-entry.tsx';
import '../features/points/points.css';
import '../features/pointsmall/pointsmall.css';

const PAGE_SIZE = 10;

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'points.title' });
}

/** ?io=in|out filters the records (all otherwise), ?current= pages; the card and the page in parallel. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const io = url.searchParams.get('io');
  const filter: PointsFilter = io === 'in' || io === 'out' ? io : 'all';
  const requested = Number(url.searchParams.get('current'));
  const current = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  const ioType = filter === 'in' ? POINTS_IO.in : filter === 'out' ? POINTS_IO.out : undefined;
  const data = await fetchAsUser(request, (ctx) =>
    Promise.all([
      api('/p/score/scoreInfo', { ...ctx, schema: ScoreInfoSchema }),
      api('/p/score/page', { ...ctx, query: { current, size: PAGE_SIZE, ioType }, schema: ScoreLogPageSchema }),
    ]),
  );
  return { filter, info: data?.[0] ?? null, page: data?.[1] ?? null };
}

export default function UserCenterIntegral({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootData>('root');
  const { filter, info, page } = loaderData;
  // Logged out (or the token was refused): the layout shows its login panel instead.
  if (!root?.user || !info || !page) return null;
  return (
    <div className="points-page">
      <PointsSummary info={info} />
      <SignInCard info={info} />
      <PointsMallEntry />
      <PointsRecords records={page.records} filter={filter} current={page.current} pages={page.pages} />
    </div>
  );
}
