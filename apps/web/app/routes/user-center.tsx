import { Outlet, useRevalidator, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/user-center';
import type { RootData } from '../root.tsx';
import { pageTitle } from '../components/page-meta.ts';
import { Button } from '../components/ui/button.tsx';
import { FormError } from '../components/ui/form-error.tsx';
import { UserCenterMenu } from '../features/account/user-center-menu.tsx';
import { UserCenterSignIn } from '../features/account/user-center-gate.tsx';
import { PagePending } from '../components/ui/page-pending.tsx';
import '../features/account/account.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'userCenter.title' });
}

/** The user center: login required, a left menu and the page. */
export default function UserCenterLayout() {
  const root = useRouteLoaderData<RootData>('root');
  // A shared page (decision 052) learns its user in the browser.
  if (root?.userInBrowser) return <PagePending />;
  if (!root?.isLoggedIn || !root.user) return <UserCenterSignIn text="userCenter.login.text" />;
  return (
    <div className="container page-section user-center">
      <aside className="user-center__aside">
        <UserCenterMenu />
      </aside>
      <div className="user-center__content">
        <Outlet />
      </div>
    </div>
  );
}

/** A page of the user center that failed keeps the menu, says so and offers to load it again. */
export function ErrorBoundary() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const retrying = revalidator.state === 'loading';
  return (
    <div className="container page-section user-center">
      <aside className="user-center__aside">
        <UserCenterMenu />
      </aside>
      <div className="user-center__content">
        <section className="card uc-panel uc-load-failed">
          <FormError message={t('userCenter.loadFailed')} />
          <Button onClick={() => void revalidator.revalidate()} disabled={retrying}>
            {retrying ? t('userCenter.retrying') : t('userCenter.retry')}
          </Button>
        </section>
      </div>
    </div>
  );
}
