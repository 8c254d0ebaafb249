import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { SMS_RESEND_LOCK_MS } from '@bazaar/shared/constants/limits';
import { Button } from '../../components/ui/button.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';

/**
 * Seconds left on a lock of `lockMs`, ticking once a second; start() begins a new lock.
 * With `startNow` the lock runs from the first render (for screens shown after an event).
 */
export function useCountdown(lockMs: number, startNow = false): { secondsLeft: number; start: () => void } {
  const [now, setNow] = useState(() => Date.now());
  const [until, setUntil] = useState(() => (startNow ? Date.now() + lockMs : 0));
  useEffect(() => {
    if (until <= now) return;
    // Wake at the next whole second of the remaining time, so the label changes on time.
    const timer = window.setTimeout(() => setNow(Date.now()), (until - now) % 1_000 || 1_000);
    return () => window.clearTimeout(timer);
  }, [until, now]);
  return {
    secondsLeft: Math.max(0, Math.ceil((until - now) / 1_000)),
    start: () => {
      const t = Date.now();
      setNow(t);
      setUntil(t + lockMs);
    },
  };
}

export interface SmsCodeButtonProps {
  /** Sends the code; resolves true when it was sent (then the 60 s resend lock starts). */
  onSend: () => Promise<boolean>;
  disabled?: boolean;
}

/** Section 4: pressing the SMS code button starts a 60-second countdown, then the button returns. */
export function SmsCodeButton({ onSend, disabled }: SmsCodeButtonProps) {
  const { t } = useTranslation();
  const { secondsLeft, start } = useCountdown(SMS_RESEND_LOCK_MS);
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();

  async function send() {
    if (sending || secondsLeft > 0) return;
    setSending(true);
    try {
      if (await onSend()) start();
    } finally {
      setSending(false);
    }
  }

  return (
    <Button variant="secondary" className="field__addon sms-code-button" onClick={() => void send()} disabled={!hydrated || disabled || sending || secondsLeft > 0}>
      {secondsLeft > 0 ? t('accountForm.resendIn', { seconds: secondsLeft }) : sending ? t('accountForm.sending') : t('accountForm.sendCode')}
    </Button>
  );
}
