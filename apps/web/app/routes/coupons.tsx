import { Link, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/coupons';
import { pageOf } from '@bazaar/shared/schemas/common';
import { CouponCardSchema } from '@bazaar/shared/schemas/coupon';
import type { RootData } from '../root.tsx';
import { pageTitle } from '../components/page-meta.ts';
import { Pagination } from '../components/ui/pagination.tsx';
import { loadCoupons } from '../features/coupon/coupon-loader.server.ts';
import { LazyCouponTickets } from '../features/coupon/coupon-tickets-lazy.tsx';
import '../features/coupon/coupon.css';

const PAGE_SIZE = 20;
const SHOP_TYPES = ['0', '1', '2'] as const;
const COUPON_TYPES = ['0', '1', '2'] as const;

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'coupon.center.title' });
}

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T => (allowed.includes(value as T) ? (value as T) : allowed[0]!);

/** The coupon center (reference 2.8): ?shopType= platform/shop, ?couponType= cash/discount, ?receivable=1, ?current=. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const shopType = oneOf(params.get('shopType'), SHOP_TYPES);
  const couponType = oneOf(params.get('couponType'), COUPON_TYPES);
  const receivableOnly = params.get('receivable') === '1' ? '1' : '0';
  const requested = Number(params.get('current'));
  const current = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  // The platform tab reads the platform's coupons call (reference 2.8); the others the center's page.
  const page =
    shopType === '1'
      ? await loadCoupons(request, '/generalCouponList', { couponType, receivableOnly, current, size: PAGE_SIZE }, pageOf(CouponCardSchema))
      : await loadCoupons(request, '/getCouponPage', { shopType, couponType, receivableOnly, current, size: PAGE_SIZE }, pageOf(CouponCardSchema));
  return { page, filter: { shopType, couponType, receivableOnly } };
}

export default function Coupons({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  const isLoggedIn = root?.isLoggedIn ?? false;
  const { page, filter } = loaderData;
  const href = (change: Partial<typeof filter>) => {
    const next = { ...filter, ...change };
    const params = new URLSearchParams({ shopType: next.shopType, couponType: next.couponType });
    if (next.receivableOnly === '1') params.set('receivable', '1');
    return `/coupons?${params.toString()}`;
  };
  return (
    <div className="container page-section coupon-center">
      <section className="card coupon-center__head" aria-labelledby="coupon-center-title">
        <h1 id="coupon-center-title" className="coupon-center__title">
          {t('coupon.center.title')}
        </h1>
        <p className="coupon-center__intro">{t('coupon.center.intro')}</p>
        <nav className="tabs" aria-label={t('coupon.center.filterLabel')}>
          {SHOP_TYPES.map((type) => (
            <Link key={type} to={href({ shopType: type })} className="tabs__tab" aria-current={filter.shopType === type ? 'page' : undefined}>
              {t(`coupon.center.shopType.${type}`)}
            </Link>
          ))}
        </nav>
        <div className="coupon-center__filters">
          {COUPON_TYPES.map((type) => (
            <Link key={type} to={href({ couponType: type })} className="coupon-chip" aria-current={filter.couponType === type ? 'true' : undefined}>
              {t(`coupon.center.couponType.${type}`)}
            </Link>
          ))}
          {isLoggedIn ? (
            <Link to={href({ receivableOnly: filter.receivableOnly === '1' ? '0' : '1' })} className="coupon-chip" aria-current={filter.receivableOnly === '1' ? 'true' : undefined}>
              {t('coupon.center.receivableOnly')}
            </Link>
          ) : null}
        </div>
      </section>
      {page.records.length === 0 ? (
        <p className="card empty-text coupon-center__empty">{t('coupon.center.empty')}</p>
      ) : (
        <LazyCouponTickets key={`${filter.shopType}-${filter.couponType}-${filter.receivableOnly}-${page.current}`} coupons={page.records} isLoggedIn={isLoggedIn} />
      )}
      <Pagination current={page.current} pages={page.pages} />
    </div>
  );
}
