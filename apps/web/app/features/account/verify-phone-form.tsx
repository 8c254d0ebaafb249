import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { CheckSmsSchema, PhoneSchema } from '@bazaar/shared/schemas/account';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { firstIssue } from '../../lib/form-errors.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';
import { SmsCodeButton } from './sms-code-button.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';

type Field = 'mobile' | 'validCode';

export interface VerifyPhoneFormProps {
  /** Sends a code to the phone (register or password purpose). */
  sendCode: (mobile: string) => Promise<unknown>;
  /** Checks the code and answers the one-time flag. */
  checkCode: (mobile: string, validCode: string) => Promise<string>;
  onVerified: (mobile: string, flag: string) => void;
  initialMobile?: string;
  /** A message from a later step (e.g. the verification expired), shown under the phone. */
  initialError?: string;
}

/** A phone whose code was checked, with the one-time flag the next step sends. */
export type VerifiedPhone = { mobile: string; flag: string };

/**
 * The first step of a flow (register, password recovery): the form until the phone is verified, the
 * verified phone after, and a way back to the form with the phone kept and a message (the next step
 * found the flag expired).
 */
export function usePhoneStep(): {
  verified: VerifiedPhone | null;
  restartWith: (message: string) => void;
  form: (calls: Pick<VerifyPhoneFormProps, 'sendCode' | 'checkCode'>) => ReactNode;
} {
  const [verified, setVerified] = useState<VerifiedPhone | null>(null);
  const [restart, setRestart] = useState<{ mobile: string; message: string } | null>(null);
  return {
    verified,
    restartWith: (message) => {
      if (verified) setRestart({ mobile: verified.mobile, message });
      setVerified(null);
    },
    form: (calls) => (
      <VerifyPhoneForm key={restart?.message ?? 'first'} initialMobile={restart?.mobile} initialError={restart?.message} {...calls} onVerified={(mobile, flag) => setVerified({ mobile, flag })} />
    ),
  };
}

/** Step one of register and password recovery: phone, SMS code with the 60 s resend lock, next. */
export function VerifyPhoneForm({ sendCode, checkCode, onVerified, initialMobile = '', initialError }: VerifyPhoneFormProps) {
  const { t } = useTranslation();
  const [mobile, setMobile] = useState(initialMobile);
  const [code, setCode] = useState('');
  const { errors, setErrors, busy, submit, fail } = useFormSubmit<Field>(initialError ? { mobile: initialError } : {});
  const hydrated = useHydrated();

  async function send(): Promise<boolean> {
    const phone = PhoneSchema.safeParse(mobile);
    if (!phone.success) {
      setErrors({ mobile: t(phone.error.issues[0]?.message ?? 'validation.phoneInvalid') });
      return false;
    }
    setErrors({});
    try {
      await sendCode(phone.data);
      showToast(t('accountForm.codeSent'), { kind: 'success' });
      return true;
    } catch (err) {
      fail(err, 'mobile');
      return false;
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = CheckSmsSchema.safeParse({ mobile, validCode: code });
    void submit(
      async () => {
        if (!parsed.success) return;
        const flag = await checkCode(parsed.data.mobile, parsed.data.validCode);
        onVerified(parsed.data.mobile, flag);
      },
      { problems: firstIssue(parsed, 'mobile' as Field, t), field: 'validCode' },
    );
  }

  return (
    <form className="account-form" onSubmit={onSubmit} noValidate>
      <TextField
        label={t('accountForm.mobile')}
        name="mobile"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        placeholder={t('accountForm.mobilePlaceholder')}
        value={mobile}
        onChange={(event) => setMobile(event.target.value)}
        error={errors.mobile}
      />
      <TextField
        label={t('accountForm.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t('accountForm.codePlaceholder')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={errors.validCode}
        addon={<SmsCodeButton onSend={send} />}
      />
      <Button type="submit" size="lg" block disabled={!hydrated || busy}>
        {busy ? t('accountForm.verifying') : t('accountForm.next')}
      </Button>
    </form>
  );
}
