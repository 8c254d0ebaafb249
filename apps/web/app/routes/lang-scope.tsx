import { useEffect } from 'react';
import { Outlet, data, isRouteErrorResponse, useRouteError } from 'react-router';
import type { Route } from './+types/lang-scope';
import { SiteChrome } from '../components/site-chrome.tsx';
import { FallbackErrorPage, NotFoundPage } from '../components/error-pages.tsx';
import { isChunkLoadError, reloadForChunkError } from '../components/chunk-reload.ts';

// The optional language prefix: /en/... is English; /zh/... was already redirected by the root
// loader; any other prefix is a 404 (section 2).
export function loader({ params }: Route.LoaderArgs) {
  if (params.lang !== undefined && params.lang !== 'en') throw data(null, { status: 404 });
  return null;
}

export default function LangScope() {
  return <Outlet />;
}

// Errors below this route are shown inside the site's top bar, header and footer.
export function ErrorBoundary() {
  const error = useRouteError();
  const chunkError = isChunkLoadError(error);
  useEffect(() => {
    if (chunkError) reloadForChunkError();
  }, [chunkError]);
  return (
    <SiteChrome topBar header footer>
      {isRouteErrorResponse(error) && error.status === 404 ? <NotFoundPage /> : <FallbackErrorPage />}
    </SiteChrome>
  );
}
