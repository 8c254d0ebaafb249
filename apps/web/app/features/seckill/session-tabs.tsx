import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import type { SeckillSession } from '@bazaar/shared/schemas/seckill';
import type { SeckillState } from '@bazaar/shared/constants/seckill';

/** A session's state as the tab reads it (the server's state, moved on by the page's clock). */
export type SessionView = SeckillSession & { shownState: SeckillState };

/**
 * Today's sessions and tomorrow's first as tabs (links: each session is its own address, ?session=),
 * each with its time and whether it ended, runs or is to come.
 */
export function SessionTabs({ sessions, active, hrefFor }: { sessions: SessionView[]; active: string; hrefFor: (sessionKey: string) => string }) {
  const { t } = useTranslation();
  return (
    <nav className="seckill-sessions" aria-label={t('seckill.page.sessionsLabel')}>
      <ul className="seckill-sessions__list">
        {sessions.map((session) => {
          const current = session.sessionKey === active;
          return (
            <li key={session.sessionKey}>
              <Link
                to={hrefFor(session.sessionKey)}
                replace
                preventScrollReset
                className={`seckill-sessions__tab seckill-sessions__tab--${session.shownState}${current ? ' seckill-sessions__tab--active' : ''}`}
                aria-current={current ? 'page' : undefined}
                data-testid="seckill-session"
              >
                <span className="seckill-sessions__time">
                  {session.tomorrow ? `${t('seckill.page.tomorrow')} ` : ''}
                  {session.label}
                </span>
                <span className="seckill-sessions__state">{t(`seckill.states.${session.shownState}`)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
