import { Link, useRouteLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/home';
import { pageOf } from '@bazaar/shared/schemas/common';
import { NoticeSummarySchema } from '@bazaar/shared/schemas/site';
import type { RootData } from '../root.tsx';
import { api } from '../lib/api.ts';
import { apiContextFor } from '../lib/request-api.server.ts';
import { SiteHeader } from '../features/layout/header.tsx';
import { buttonClass } from '../components/ui/button.tsx';

const HOME_NOTICE_COUNT = 6;

export async function loader({ request }: Route.LoaderArgs) {
  // The notices are a side panel: if they cannot be loaded the page still renders without them.
  const notices = await api('/shop/notice/noticeList/0', {
    ...apiContextFor(request),
    query: { current: 1, size: HOME_NOTICE_COUNT },
    schema: pageOf(NoticeSummarySchema),
  }).catch(() => null);
  return { notices: notices?.records ?? null };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  if (!root) return null;
  const { webConfig, lang } = root;
  const welcome = lang === 'en' ? webConfig.pcWelcomeEn : webConfig.pcWelcomeCn;
  const { notices } = loaderData;

  return (
    <>
      <SiteHeader webConfig={webConfig} />
      <div className="container home">
        <section className="hero" aria-labelledby="home-hero-title">
          <div className="hero__content">
            <p className="hero__eyebrow">{t('home.hero.eyebrow')}</p>
            <h1 id="home-hero-title" className="hero__title">
              {welcome || t('common.appName')}
            </h1>
            <p className="hero__subtitle">{t('home.hero.subtitle')}</p>
            <div className="hero__actions">
              <Link to="/list?st=0" className={buttonClass({ variant: 'primary', size: 'lg' }) + ' hero__cta'}>
                {t('home.hero.browse')}
              </Link>
            </div>
          </div>
          {webConfig.pcLogoImgText ? <img className="hero__logo" src={webConfig.pcLogoImgText} alt="" /> : null}
        </section>

        {notices ? (
          <section className="card home-notices" aria-labelledby="home-notices-title">
            <div className="card__header">
              <h2 id="home-notices-title" className="card__title">
                {t('home.notices.title')}
              </h2>
              <Link to="/notice-list" className="text-link text-link--muted">
                {t('home.notices.more')}
              </Link>
            </div>
            {notices.length === 0 ? (
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
          </section>
        ) : null}
      </div>
    </>
  );
}
