import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { NOTICE_TICKER_INTERVAL_MS } from '@bazaar/shared/constants/limits';
import type { NoticeSummary } from '@bazaar/shared/schemas/site';
import { apiData } from '../../lib/api.ts';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', listener);
      return () => query.removeEventListener('change', listener);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

const noticeHref = (notice: NoticeSummary) => `/notice-detail?id=${notice.id}&shopId=0`;

/**
 * The top bar's platform notices: one line at a time, scrolling up every 800 ms and looping
 * seamlessly (the first notice is repeated at the end, then the strip jumps back unanimated).
 * Hover or focus pauses it; with reduced motion it stays still.
 */
export function NoticeTicker() {
  const { t } = useTranslation();
  const [notices, setNotices] = useState<NoticeSummary[]>([]);
  const [{ index, animate }, setPosition] = useState({ index: 0, animate: true });
  const [paused, setPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const count = notices.length;

  useEffect(() => {
    const controller = new AbortController();
    apiData<NoticeSummary[]>('/shop/notice/topNoticeList/0', { silent: true, noLoginPrompt: true, signal: controller.signal })
      .then(setNotices)
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (count < 2 || paused || reducedMotion) return;
    const timer = window.setInterval(() => {
      // Normally transitionend has already moved the clone back to 0; this covers a missed one.
      setPosition((current) => (current.index >= count ? { index: 0, animate: false } : { index: current.index + 1, animate: true }));
    }, NOTICE_TICKER_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [count, paused, reducedMotion]);

  function onTransitionEnd() {
    if (index >= count) setPosition({ index: 0, animate: false });
  }

  if (count === 0) return null;
  const visible = index % count;
  const strip = count > 1 ? [...notices, notices[0]!] : notices;
  return (
    <div
      className="ticker"
      role="region"
      aria-label={t('layout.topBar.notices')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <svg className="ticker__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M4 10v4h3l5 4V6L7 10H4Zm12-1a4 4 0 0 1 0 6m2.5-8.5a7.5 7.5 0 0 1 0 11" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <div className="ticker__viewport">
        <ul
          className={`ticker__strip${animate && !reducedMotion ? ' ticker__strip--animate' : ''}`}
          style={{ transform: `translateY(calc(${index} * -1 * var(--ticker-line)))` }}
          onTransitionEnd={onTransitionEnd}
        >
          {strip.map((notice, i) => {
            const current = i === visible && i < count;
            return (
              <li key={i} className="ticker__item" aria-hidden={current ? undefined : true}>
                <Link to={noticeHref(notice)} tabIndex={current ? undefined : -1} title={notice.title}>
                  {notice.title}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
