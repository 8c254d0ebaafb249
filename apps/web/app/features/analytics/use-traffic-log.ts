import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import type { Language } from '@bazaar/shared/constants/limits';
import type { RootData } from '../../root.tsx';
import { getBrowserToken } from '../../lib/cookies.ts';
import { stripLanguagePrefix } from '../../lib/paths.ts';
import { newFlowId, orderCreatedView, pageViewFor, recordPageView, sendPageView } from './traffic-log.ts';

/**
 * The checkouts' "order created" record (page id 11 with orderNumbers and nums), sent in the
 * background once the order is submitted, in the same session as the page views around it.
 */
export function useOrderCreatedLog(): (orderNumbers: string, nums: number, bizType?: number) => void {
  const root = useRouteLoaderData<RootData>('root');
  const lang = root?.lang ?? 'zh';
  const userId = root?.user?.userId ?? null;
  return useCallback(
    (orderNumbers, nums, bizType) => {
      try {
        const record = recordPageView(localStorage, orderCreatedView(orderNumbers, nums, bizType), { now: Date.now(), userId, newId: newFlowId });
        sendPageView(record, getBrowserToken(), lang);
      } catch {
        // Storage can be unavailable: the order is placed regardless.
      }
    },
    [lang, userId],
  );
}

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
