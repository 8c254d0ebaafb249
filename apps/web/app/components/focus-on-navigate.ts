import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a client-side move to another page, focus goes to that page's main heading (or the main
 * region when it has none), so a keyboard or screen-reader user starts at the new content instead
 * of walking the header again. A change of query alone (filters, sort, tabs, paging) keeps focus
 * on the control that made it. The first render is the browser's own page load: left alone.
 */
export function useFocusOnNavigate(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById('main');
    const target = main?.querySelector<HTMLElement>('h1') ?? main;
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    // The router restores or resets the scroll position itself.
    target.focus({ preventScroll: true });
  }, [pathname]);
}
