import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import type { SeckillRemindsResult } from '@bazaar/shared/schemas/seckill';
import { apiData, ApiError } from '../../lib/api.ts';
import { emitApiEvent } from '../../lib/api-events.ts';
import { showToast } from '../../components/ui/toast.tsx';
import { Button } from '../../components/ui/button.tsx';

/** The upcoming activities the logged-in shopper asked to be reminded of (read once in the browser). */
export function useReminds(isLoggedIn: boolean): { reminded: ReadonlySet<number>; setReminded: (seckillId: number, on: boolean) => void } {
  const [reminded, setAll] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    if (!isLoggedIn) return;
    const controller = new AbortController();
    apiData<SeckillRemindsResult>('/p/seckill/reminds', { silent: true, noLoginPrompt: true, signal: controller.signal })
      .then(({ seckillIds }) => setAll(new Set(seckillIds)))
      .catch(() => undefined);
    return () => controller.abort();
  }, [isLoggedIn]);
  const setReminded = (seckillId: number, on: boolean) =>
    setAll((current) => {
      const next = new Set(current);
      if (on) next.add(seckillId);
      else next.delete(seckillId);
      return next;
    });
  return { reminded, setReminded };
}

/**
 * "Remind me" on an upcoming activity: the server sends an SMS to the account's phone when it
 * starts. Pressed again, it cancels the reminder. A visitor gets the login popup.
 */
export function RemindButton({ seckillId, prodName, isLoggedIn, reminded, onChange }: { seckillId: number; prodName: string; isLoggedIn: boolean; reminded: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const label = t(reminded ? 'seckill.remind.on' : 'seckill.remind.off');
  async function toggle() {
    if (!isLoggedIn) {
      emitApiEvent({ type: 'login-required' });
      return;
    }
    setBusy(true);
    try {
      if (reminded) await apiData(`/p/seckill/remind/${seckillId}`, { method: 'DELETE' });
      else await apiData('/p/seckill/remind', { method: 'POST', body: { seckillId } });
      onChange(!reminded);
      showToast(t(reminded ? 'seckill.remind.cancelled' : 'seckill.remind.done'), { kind: 'success' });
    } catch (error) {
      // The API client showed its message (not upcoming any more, too many requests).
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      size="sm"
      variant={reminded ? 'secondary' : 'primary'}
      disabled={busy}
      // The visible words first (a voice user says what they see), then whose reminder it is.
      aria-label={t('seckill.remind.label', { action: label, name: prodName })}
      onClick={() => void toggle()}
      data-testid="seckill-remind"
    >
      {label}
    </Button>
  );
}
