import { useState } from 'react';
import { Link, useRevalidator, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/user-center.uc-coupons';
import { MyCouponCountsSchema, MyCouponPageSchema } from '@bazaar/shared/schemas/coupon';
import type { RootData } from '../root.tsx';
import { api, ApiError } from '../lib/api.ts';
import { pageTitle } from '../components/page-meta.ts';
import { Pagination } from '../components/ui/pagination.tsx';
import { showToast } from '../components/ui/toast.tsx';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { MyCouponList } from '../features/coupon/my-coupons.tsx';
import '../features/coupon/coupon.css';

const PAGE_SIZE = 20;
/** The tabs in the specification's order: unused, used, expired (API status 1, 2, 0). */
const TABS = [1, 2, 0] as const;
type Status = (typeof TABS)[number];

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'coupon.mine.title' });
}

/** ?status= (1 unused, 2 used, 0 expired) and ?current=. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const raw = Number(params.get('status') ?? '1');
  const status: Status = TABS.includes(raw as Status) ? (raw as Status) : 1;
  const requested = Number(params.get('current'));
  const current = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  const data = await fetchAsUser(request, async (ctx) => {
    const [page, counts] = await Promise.all([
      api('/p/myCoupon/getCouponList', { ...ctx, query: { status, current, size: PAGE_SIZE }, schema: MyCouponPageSchema }),
      api('/p/myCoupon/getMyCouponsStatusCount', { ...ctx, schema: MyCouponCountsSchema }),
    ]);
    return { page, counts };
  });
  return { status, data };
}

export default function UserCenterCoupons({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const { status, data } = loaderData;
  // Logged out (or the token was refused): the layout shows its login panel instead.
  if (!root?.user || !data) return null;
  const { page, counts } = data;
  const countOf: Record<Status, number> = { 1: counts.unUseCount, 2: counts.useCount, 0: counts.expiredCount };

  async function remove(couponUserId: number) {
    if (busy) return;
    setBusy(true);
    try {
      await api(`/p/myCoupon/deleteCoupon/${couponUserId}`, { method: 'DELETE' });
      showToast(t('coupon.mine.deleted'), { kind: 'success' });
      await revalidator.revalidate();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card uc-panel my-coupons" aria-labelledby="uc-coupons-title">
      <div className="my-coupons__head">
        <h1 id="uc-coupons-title" className="uc-panel__title">
          {t('coupon.mine.title')}
        </h1>
        <Link className="text-link" to="/coupons">
          {t('coupon.mine.goCenter')}
        </Link>
      </div>
      <nav className="tabs" aria-label={t('coupon.mine.title')}>
        {TABS.map((tab) => (
          <Link key={tab} to={`?status=${tab}`} className="tabs__tab" aria-current={status === tab ? 'page' : undefined}>
            {t(`coupon.mine.tabs.${tab}`, { count: countOf[tab] })}
          </Link>
        ))}
      </nav>
      {page.records.length === 0 ? (
        <p className="empty-text">{t(`coupon.mine.empty.${status}`)}</p>
      ) : (
        <MyCouponList coupons={page.records} status={status} busy={busy} onDelete={(id) => void remove(id)} />
      )}
      <Pagination current={page.current} pages={page.pages} />
    </section>
  );
}
