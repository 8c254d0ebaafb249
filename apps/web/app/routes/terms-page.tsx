import { Link, data, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/terms-page';
import { ServiceSwitchSchema, TermsSchema } from '@bazaar/shared/schemas/site';
import type { RootData } from '../root.tsx';
import { api } from '../lib/api.ts';
import { apiContextFor } from '../lib/request-api.server.ts';
import { pageTitle } from '../components/page-meta.ts';

// ?sts=0 service terms, ?sts=1 privacy policy (section 2), each only while its switch is on.
const DOCUMENTS = {
  '0': { path: '/sys/config/info/serviceTerms', switch: 'serviceTermsSwitch' },
  '1': { path: '/sys/config/info/servicePolicy', switch: 'privacyPolicySwitch' },
} as const;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return loaderData ? pageTitle(matches, { text: loaderData.title }) : [];
}

export async function loader({ request }: Route.LoaderArgs) {
  const sts = new URL(request.url).searchParams.get('sts');
  const document = sts === '0' || sts === '1' ? DOCUMENTS[sts] : null;
  if (!document) throw data(null, { status: 404 });
  const context = apiContextFor(request);
  const switches = await api('/sys/config/info/getSysServiceSwitch', { ...context, schema: ServiceSwitchSchema });
  if (!switches[document.switch]) throw data(null, { status: 404 });
  return api(document.path, { ...context, schema: TermsSchema });
}

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  const logo = root?.webConfig.pcLogoImgText;
  return (
    <>
      <header className="policy-header">
        <div className="container policy-header__inner">
          <Link to="/" className="site-header__logo" aria-label={t('layout.header.logoAlt')}>
            {logo ? <img src={logo} alt="" height={40} /> : <span className="site-header__logo-text">{t('common.appName')}</span>}
          </Link>
          <Link to="/" className="text-link text-link--muted">
            {t('terms.back')}
          </Link>
        </div>
      </header>
      <div className="container page-section">
        <article className="card article article--narrow">
          <header className="article__header">
            <h1 className="article__title">{loaderData.title}</h1>
          </header>
          {/* Terms are written by platform staff in the admin console: trusted HTML. */}
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: loaderData.content }} />
        </article>
      </div>
    </>
  );
}
