import { Link, data, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/invite';
import { InviteConfigSchema, type InviteConfig } from '@bazaar/shared/schemas/site';
import type { Language } from '@bazaar/shared/constants/limits';
import type { RootData } from '../root.tsx';
import { ApiError, api } from '../lib/api.ts';
import { apiContextFor } from '../lib/request-api.server.ts';
import { metaLanguage, pageTitle } from '../components/page-meta.ts';

function inviteText(invite: InviteConfig, lang: Language) {
  return lang === 'en'
    ? { title: invite.inviteTitleEn || invite.inviteTitleCn, content: invite.inviteContentEn || invite.inviteContentCn }
    : { title: invite.inviteTitleCn, content: invite.inviteContentCn };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return loaderData ? pageTitle(matches, { text: inviteText(loaderData, metaLanguage(matches)).title }) : [];
}

/** Investor relations and the invitation to merchants (section 2, linked from the top bar), from the site config. */
export async function loader({ request }: Route.LoaderArgs) {
  return api('/webConfig/getInviteConfig', { ...apiContextFor(request), schema: InviteConfigSchema }).catch((error: unknown) => {
    // Until the platform has written the page it does not exist.
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  });
}

export default function InvitePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useRouteLoaderData<RootData>('root')?.lang ?? 'zh';
  const { title, content } = inviteText(loaderData, lang);
  return (
    <div className="container page-section">
      <nav className="breadcrumb" aria-label={t('common.breadcrumb')}>
        <Link to="/">{t('layout.header.home')}</Link>
        <span aria-hidden="true">/</span>
        <span aria-current="page">{title}</span>
      </nav>
      <article className="card article article--narrow">
        <header className="article__header">
          <h1 className="article__title">{title}</h1>
        </header>
        {/* Written by platform staff and cleaned by the API (content module). */}
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: content }} />
      </article>
    </div>
  );
}
