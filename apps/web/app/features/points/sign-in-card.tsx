import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { ScoreInfo } from '@bazaar/shared/schemas/points';
import { SignInResultSchema } from '@bazaar/shared/schemas/points';
import { useTranslation } from '../../lib/i18n.tsx';
import { api } from '../../lib/api.ts';
import { inlineFailure } from '../../lib/form-errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { showToast } from '../../components/ui/toast.tsx';

/** 'yyyy-MM-dd' as the card shows it: 'MM-dd'. */
const monthDay = (date: string) => date.slice(5);

/**
 * The daily sign-in: the streak's seven days around today, tomorrow's reward and the button. The
 * button stays after signing in: a second try asks the API, which answers 'already signed in today'.
 */
export function SignInCard({ info }: { info: ScoreInfo }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function signIn() {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const result = await api('/p/score/updateUserScore', { method: 'POST', schema: SignInResultSchema, silent: true });
      showToast(t('points.signIn.gained', { count: result.score }), { kind: 'success' });
      await revalidator.revalidate();
    } catch (err) {
      setMessage(inlineFailure(err, t));
    } finally {
      setBusy(false);
    }
  }

  const stateOf = (day: ScoreInfo['calendar'][number]) => (day.signed ? 'signed' : day.today ? 'today' : 'future');
  return (
    <section className="card uc-panel points-sign" aria-labelledby="points-sign-title">
      <div className="points-sign__head">
        <h2 id="points-sign-title" className="uc-panel__title">
          {t('points.signIn.title')}
        </h2>
        <p className="points-sign__streak">{info.signInCount > 0 ? t('points.signIn.streak', { count: info.signInCount }) : t('points.signIn.noStreak')}</p>
      </div>
      <ol className="points-calendar" aria-label={t('points.signIn.calendarLabel')}>
        {info.calendar.map((day) => {
          const state = stateOf(day);
          return (
            <li
              key={day.date}
              className={`points-calendar__day points-calendar__day--${state}`}
              aria-current={day.today ? 'date' : undefined}
              aria-label={t('points.signIn.dayLabel', { date: day.date, day: day.day, state: t(`points.signIn.dayState.${state}`), count: day.reward })}
            >
              <span className="points-calendar__reward" aria-hidden="true">
                {t('points.signIn.reward', { score: day.reward })}
              </span>
              <span className="points-calendar__date" aria-hidden="true">
                {day.today ? t('points.signIn.dayState.today') : monthDay(day.date)}
              </span>
              <span className="points-calendar__state" aria-hidden="true">
                {day.signed ? t('points.signIn.dayState.signed') : t('points.signIn.day', { day: day.day })}
              </span>
            </li>
          );
        })}
      </ol>
      <div className="points-sign__foot">
        <Button variant={info.isSignIn ? 'secondary' : 'primary'} onClick={() => void signIn()} disabled={busy} data-testid="points-sign-in">
          {info.isSignIn ? t('points.signIn.done') : t('points.signIn.button', { count: info.todayReward })}
        </Button>
        <p className="points-sign__tomorrow">{t('points.signIn.tomorrow', { count: info.tomorrowReward })}</p>
      </div>
      {message ? (
        <p className="points-sign__message" role="alert">
          {message}
        </p>
      ) : null}
    </section>
  );
}
