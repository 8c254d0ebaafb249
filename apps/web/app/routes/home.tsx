import { Link, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/home';
import { pageOf } from '@bazaar/shared/schemas/common';
import { HomeSchema, type Home } from '@bazaar/shared/schemas/home';
import { NoticeSummarySchema } from '@bazaar/shared/schemas/site';
import type { RootData } from '../root.tsx';
import { api } from '../lib/api.ts';
import { apiContextFor } from '../lib/request-api.server.ts';
import { sharedData } from '../lib/shared-data.server.ts';
import { SiteHeader } from '../features/layout/header.tsx';
import { CategoryMenu, type MenuCategory } from '../features/home/category-menu.tsx';
import { Carousel } from '../features/home/carousel.tsx';
import { ActivityBlocks } from '../features/home/activity-blocks.tsx';
import { Floor, ProductFloor } from '../features/home/product-floor.tsx';
import { HOME_COUPONS_TO } from '../features/coupon/home-coupons.tsx';
import { loadHomeCoupons } from '../features/coupon/home-coupons.server.ts';
import '../features/home/home.css';

const HOME_NOTICE_COUNT = 6;
/** The carousel's box; the seeded slides are 1200 x 440 and are cropped to it. */
const CAROUSEL_WIDTH = 718;
const CAROUSEL_HEIGHT = 360;

export async function loader({ request }: Route.LoaderArgs) {
  const context = apiContextFor(request);
  // Three calls in parallel: everything of the catalog in one, the notices and the platform's
  // coupons (generalCouponList), which the page can do without. None depends on who asks, so
  // logged-in views share them for a few seconds per language, as the site config is shared
  // (shared-data.server.ts).
  const { lang } = context;
  const [home, notices, coupons] = await Promise.all([
    sharedData(`home:${lang}`, () => api('/index/home', { ...context, token: null, schema: HomeSchema })),
    sharedData(`home-notices:${lang}`, () =>
      api('/shop/notice/noticeList/0', { ...context, token: null, query: { current: 1, size: HOME_NOTICE_COUNT }, schema: pageOf(NoticeSummarySchema) }),
    ).catch(() => null),
    loadHomeCoupons(context, lang),
  ]);
  // Only what the page draws travels to it (the tree's other fields were half its loader data).
  const { categories, ...rest } = home;
  return { home: { ...rest, categories: menuOf(categories, true) }, notices: notices?.records ?? null, coupons };
}

function menuOf(nodes: Home['categories'], top: boolean): MenuCategory[] {
  return nodes.map(({ categoryId, categoryName, pic, children }) => ({ categoryId, categoryName, ...(top && pic ? { pic } : {}), children: menuOf(children, false) }));
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  if (!root) return null;
  const { webConfig, lang } = root;
  const welcome = lang === 'en' ? webConfig.pcWelcomeEn : webConfig.pcWelcomeCn;
  const { home, notices, coupons } = loaderData;

  return (
    <>
      <SiteHeader webConfig={webConfig} />
      <div className="container home-page">
        <h1 className="visually-hidden">{welcome || t('common.appName')}</h1>
        <div className="home-top">
          <CategoryMenu categories={home.categories} />
          <Carousel banners={home.banners} width={CAROUSEL_WIDTH} height={CAROUSEL_HEIGHT} />
          <aside className="card home-notices" aria-labelledby="home-notices-title">
            <div className="card__header">
              <h2 id="home-notices-title" className="card__title">
                {t('home.notices.title')}
              </h2>
              <Link to="/notice-list" className="text-link text-link--muted">
                {t('home.notices.more')}
              </Link>
            </div>
            {notices === null || notices.length === 0 ? (
              <p className="empty-text">{t('home.notices.empty')}</p>
            ) : (
              <ul className="notice-lines">
                {notices.map((notice) => (
                  <li key={notice.id}>
                    <Link to={`/notice-detail?id=${notice.id}&shopId=0`} className="notice-lines__link" title={notice.title}>
                      {notice.title}
                    </Link>
                    <time className="notice-lines__date" dateTime={notice.publishTime.slice(0, 10)}>
                      {notice.publishTime.slice(5, 10)}
                    </time>
                  </li>
                ))}
              </ul>
            )}
          </aside>
        </div>

        <ActivityBlocks seckills={home.seckills} groupBuys={home.groupBuys} discounts={home.discounts} />

        {coupons ? (
          <Floor id="home-coupons" title={coupons.title} note={coupons.note} more={coupons.more} moreTo={HOME_COUPONS_TO}>
            <ul className="home-coupons">
              {coupons.coupons.map((c) => (
                <li key={c.couponId}>
                  <Link to={HOME_COUPONS_TO} className="home-coupon">
                    <strong>{c.value}</strong>
                    <span>{c.condition}</span>
                    <small>{c.name}</small>
                  </Link>
                </li>
              ))}
            </ul>
          </Floor>
        ) : null}

        <ProductFloor
          id="home-recommended"
          title={t('homePage.floors.recommended')}
          note={t('homePage.floors.recommendedNote')}
          more={t('homePage.floors.more')}
          moreTo="/list?st=0"
          products={home.recommended}
        />
        <ProductFloor
          id="home-newest"
          title={t('homePage.floors.newest')}
          note={t('homePage.floors.newestNote')}
          more={t('homePage.floors.more')}
          moreTo="/list?st=0"
          products={home.newest}
        />
      </div>
    </>
  );
}
