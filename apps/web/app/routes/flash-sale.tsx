import { useEffect, useMemo, useRef } from 'react';
import { useRevalidator, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/flash-sale';
import { SeckillSessionProdsResultSchema, SeckillSessionsResultSchema, type SeckillSession } from '@bazaar/shared/schemas/seckill';
import { parseApiTime } from '@bazaar/shared/constants/api-time';
import type { RootData } from '../root.tsx';
import { api } from '../lib/api.ts';
import { apiContextFor } from '../lib/request-api.server.ts';
import { pageTitle } from '../components/page-meta.ts';
import { Pagination } from '../components/ui/pagination.tsx';
import { SessionTabs, type SessionView } from '../features/seckill/session-tabs.tsx';
import { SeckillProductCard, windowOf } from '../features/seckill/seckill-card.tsx';
import { SeckillCountdown } from '../features/seckill/seckill-countdown.tsx';
import { RemindButton, useReminds } from '../features/seckill/remind-button.tsx';
import { activityStateAt, useServerNow } from '../lib/activity/server-clock.ts';
import { LoadFailedPage } from '../components/load-failed.tsx';
import '../features/seckill/seckill.css';

/** Cards a page shows: five rows of four. */
const PAGE_SIZE = 20;
/** Cards in the first row load eagerly (the page's largest paint). */
const EAGER_CARDS = 4;

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'seckill.page.title' });
}

/**
 * The tab a visit without ?session= opens: the running session; else the last one that began while
 * some of its flash sales still run (an activity may outlast its session; the first tab may be an
 * earlier day's, holding the sales still running from before today's sessions); else the next one; else the last.
 */
export async function defaultSession(sessions: SeckillSession[], hasRunning: (session: SeckillSession) => Promise<boolean>): Promise<SeckillSession | undefined> {
  const running = sessions.find((s) => s.state === 2);
  if (running) return running;
  for (const began of sessions.filter((s) => s.state === 3).reverse()) if (await hasRunning(began)) return began;
  return sessions.find((s) => s.state === 1) ?? sessions.at(-1);
}

/**
 * /flash-sale: today's sessions and tomorrow's first as tabs, and the products of the chosen one
 * (?session=yyyyMMddHHmm, ?current= its page). Both calls are public: no token, so the API skips
 * its session lookup. A session asked for by the address is read together with the tabs.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const context = { ...apiContextFor(request), token: null };
  const requested = params.get('session');
  const page = Number(params.get('current') ?? 1);
  const current = Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
  const productsOf = (session: string) =>
    api('/seckill/sessionProds', { ...context, query: { session, current, size: PAGE_SIZE }, schema: SeckillSessionProdsResultSchema });
  const wanted = requested && /^\d{12}$/.test(requested) ? requested : null;
  const [{ serverTime, sessions }, early] = await Promise.all([
    api('/seckill/sessions', { ...context, schema: SeckillSessionsResultSchema }),
    // An old or made-up session key is no error: the page falls back to the default tab.
    wanted ? productsOf(wanted).catch(() => null) : null,
  ]);
  // A page read to choose the tab is kept, so the chosen tab's products are not read twice.
  const read = new Map<string, Awaited<ReturnType<typeof productsOf>>>();
  if (wanted && early) read.set(wanted, early);
  const requestedSession = early ? sessions.find((s) => s.sessionKey === wanted) : undefined;
  const active =
    requestedSession ??
    (await defaultSession(sessions, async (session) => {
      const page = await productsOf(session.sessionKey);
      read.set(session.sessionKey, page);
      return page.records.some((card) => card.state === 2);
    }));
  const products = !active ? null : (read.get(active.sessionKey) ?? (await productsOf(active.sessionKey)));
  return { serverTime: products?.serverTime ?? serverTime, sessions, active: active?.sessionKey ?? null, products };
}

export default function FlashSale({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  const isLoggedIn = root?.isLoggedIn ?? false;
  const { serverTime, sessions, active, products } = loaderData;
  const now = useServerNow(serverTime);
  const { reminded, setReminded } = useReminds(isLoggedIn);
  const revalidator = useRevalidator();

  const windows = useMemo(() => sessions.map((s) => ({ startAt: parseApiTime(s.startTime), endAt: parseApiTime(s.endTime) })), [sessions]);
  // The tabs move on with the server's clock: a session turns running, then ended, without a reload.
  // A session whose time is over while some of its flash sales still run (they may outlast it) reads as running.
  const activeRuns = products?.records.some((card) => (now === null ? card.state : activityStateAt(windowOf(card), now)) === 2) ?? false;
  const views: SessionView[] = sessions.map((s, i) => {
    const state = now === null ? s.state : activityStateAt(windows[i]!, now);
    return { ...s, shownState: state === 3 && s.sessionKey === active && activeRuns ? 2 : state };
  });
  const activeIndex = sessions.findIndex((s) => s.sessionKey === active);
  const activeView = views[activeIndex];
  const sessionOver = now === null ? activeView?.state === 3 : windows[activeIndex] !== undefined && activityStateAt(windows[activeIndex], now) === 3;

  // When the chosen session starts or ends, read its products again (stocks, states). Only forward:
  // a clock estimate moved back by a few milliseconds around the boundary never reads twice.
  const seen = useRef<{ key: string; state: number } | null>(null);
  const shownState = activeView?.shownState;
  useEffect(() => {
    if (!active || shownState === undefined) return;
    const before = seen.current?.key === active ? seen.current.state : null;
    if (before !== null && shownState <= before) return;
    seen.current = { key: active, state: shownState };
    if (before !== null && revalidator.state === 'idle') void revalidator.revalidate();
  }, [active, shownState, revalidator]);

  const hrefFor = (sessionKey: string) => `/flash-sale?${new URLSearchParams({ session: sessionKey }).toString()}`;

  return (
    <div className="container page-section seckill-page">
      <header className="seckill-page__head">
        <h1 className="seckill-page__title">{t('seckill.page.heading')}</h1>
        <p className="seckill-page__intro">{t('seckill.page.intro')}</p>
      </header>

      {sessions.length === 0 || !activeView ? (
        <p className="card message-panel">{t('seckill.page.noSessions')}</p>
      ) : (
        <>
          <SessionTabs sessions={views} active={activeView.sessionKey} hrefFor={hrefFor} />
          <section className="card seckill-page__session" aria-labelledby="seckill-session-title">
            <div className="seckill-page__session-head">
              <h2 id="seckill-session-title" className="seckill-page__session-title">
                {activeView.tomorrow ? `${t('seckill.page.tomorrow')} ` : ''}
                {activeView.label} · {t(`seckill.states.${activeView.shownState}`)}
              </h2>
              {/* Past its time with flash sales still running: each card counts down to its own end. */}
              {sessionOver && activeRuns ? null : <SeckillCountdown activity={windows[activeIndex]!} now={now} className="seckill-page__session-countdown" />}
            </div>
            {products && products.records.length > 0 ? (
              <>
                <ul className="seckill-page__grid" aria-label={t('seckill.page.productsLabel')}>
                  {products.records.map((card, i) => (
                    <li key={card.seckillId}>
                      <SeckillProductCard
                        card={card}
                        now={now}
                        eager={i < EAGER_CARDS}
                        remind={
                          <RemindButton
                            seckillId={card.seckillId}
                            prodName={card.prodName}
                            isLoggedIn={isLoggedIn}
                            reminded={reminded.has(card.seckillId)}
                            onChange={(on) => setReminded(card.seckillId, on)}
                          />
                        }
                      />
                    </li>
                  ))}
                </ul>
                <Pagination current={products.current} pages={products.pages} />
              </>
            ) : (
              <p className="empty-text seckill-page__empty">{t('seckill.page.empty')}</p>
            )}
          </section>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadFailedPage message="seckill.page.loadFailed" />;
}
