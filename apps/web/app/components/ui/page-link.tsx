import { useEffect, type AnchorHTMLAttributes } from 'react';
import type { NavigateFunction } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';

const MARK = 'data-page-link';

/**
 * A link to a storefront page as a plain anchor, for long lists (product cards): React Router's
 * Link resolves its path against the routes and reads the router's state on every render, which a
 * CPU profile of the home page (about 150 links) put at 6% of a render. A plain click on one is
 * moved within the app by the app shell (useClientLinks), as Link does; any other click (a new
 * tab, a modifier key) is the browser's. Absolute paths only, without Link's state or replace
 * options. `data-discover` lets React Router find the route ahead of the click, as for a Link.
 * On an English page the link leads to the English address (/en/...) itself, so neither a click
 * nor a new tab meets the root loader's 302 (decision 020).
 */
export function PageLink({ to, ...rest }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string }) {
  const lang = useTranslation().i18n.language;
  // `to` is a page's path ('/detail/7', never '/'): on an English page, its English address. ('zh' is
  // FALLBACK_LANGUAGE, written out: this is on every landing page, decision 011.)
  return <a href={lang === 'zh' ? to : `/${lang}${to}`} data-discover="true" {...{ [MARK]: '' }} {...rest} />;
}

/** In the app shell: a plain left click on a PageLink navigates within the app. */
export function useClientLinks(navigate: NavigateFunction): void {
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest(`a[${MARK}]`) : null;
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      event.preventDefault();
      void navigate(anchor.getAttribute('href') ?? '/');
    }
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}
