import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { Language } from '@bazaar/shared/constants/limits';
import { getBrowserToken } from '../../lib/cookies.ts';
import { stripLanguagePrefix } from '../../lib/paths.ts';
import { newFlowId, pageViewFor, recordPageView, sendPageView } from './traffic-log.ts';

/** Logs a page view on each route change (not on revalidation of the same location). */
export function useTrafficLog(lang: Language, userId: () => string | null): void {
  const location = useLocation();
  const lastKey = useRef<string | null>(null);
  const userIdRef = useRef(userId);
  useEffect(() => {
    userIdRef.current = userId;
  }, [userId]);

  useEffect(() => {
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    const page = pageViewFor(stripLanguagePrefix(location.pathname), location.search);
    if (!page) return;
    try {
      const record = recordPageView(localStorage, page, { now: Date.now(), userId: userIdRef.current(), newId: newFlowId });
      sendPageView(record, getBrowserToken(), lang);
    } catch {
      // Storage can be unavailable (private mode, quota): the page must work regardless.
    }
  }, [location.key, location.pathname, location.search, lang]);
}
