import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { CheckSmsFlagSchema, NewPasswordFormSchema, type UpdatePasswordInput } from '@bazaar/shared/schemas/account';
import { api } from '../../lib/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { errorCode, firstIssue, inlineFailure } from '../../lib/form-errors.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';
import { FormError } from '../../components/ui/form-error.tsx';
import { encryptPassword } from '@bazaar/shared/crypto/password-cipher';
import { PasswordFields } from './password-fields.tsx';
import { PasswordSuccess } from './password-success.tsx';
import { StepIndicator } from './step-indicator.tsx';
import { usePhoneStep, type VerifiedPhone } from './verify-phone-form.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';

type Field = 'password' | 'confirmPassword' | 'form';

function NewPasswordForm({ verified, onDone, onRestart }: { verified: VerifiedPhone; onDone: () => void; onRestart: (message: string) => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { errors, busy, submit } = useFormSubmit<Field>();
  const hydrated = useHydrated();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body: UpdatePasswordInput = { mobile: verified.mobile, checkRegisterSmsFlag: verified.flag, password: encryptPassword(password) };
    void submit(
      async () => {
        try {
          await api('/user/updatePwd', { method: 'PUT', body, silent: true });
        } catch (err) {
          // The phone step must be done again when its proof expired.
          if (errorCode(err) !== 'errors.account.verifyExpired') throw err;
          const message = inlineFailure(err, t);
          if (message) onRestart(message);
          return;
        }
        onDone();
      },
      {
        problems: firstIssue(NewPasswordFormSchema.safeParse({ password, confirmPassword }), 'password' as Field, t),
        field: (code) => (code === 'errors.account.samePassword' ? 'password' : 'form'),
      },
    );
  }

  return (
    <form className="account-form" onSubmit={onSubmit} noValidate>
      <PasswordFields
        password={password}
        confirmPassword={confirmPassword}
        onPasswordChange={setPassword}
        onConfirmPasswordChange={setConfirmPassword}
        errors={errors}
      />
      <FormError message={errors.form} />
      <Button type="submit" size="lg" block disabled={!hydrated || busy}>
        {busy ? t('accountForm.saving') : t('forgetPassword.submit')}
      </Button>
    </form>
  );
}

/** Password recovery: phone and code, then the new password twice, then success and a redirect home. */
export function ForgetPasswordFlow() {
  const { t } = useTranslation();
  const { verified, restartWith, form } = usePhoneStep();
  const [done, setDone] = useState(false);
  const step = done ? 2 : verified ? 1 : 0;

  return (
    <>
      <StepIndicator steps={[t('forgetPassword.step.verifyPhone'), t('forgetPassword.step.resetPassword'), t('forgetPassword.step.done')]} current={step} />
      {step === 0 ? (
        form({
          sendCode: (mobile) => api('/sms/sendUpdatePwdCode', { method: 'POST', body: { mobile }, silent: true }),
          checkCode: (mobile, validCode) =>
            api('/user/checkUpdatePwdSms', { method: 'PUT', body: { mobile, validCode }, schema: CheckSmsFlagSchema, silent: true }),
        })
      ) : null}
      {step === 1 && verified ? (
        <NewPasswordForm
          verified={verified}
          onDone={() => setDone(true)}
          onRestart={restartWith}
        />
      ) : null}
      {step === 2 ? <PasswordSuccess title={t('forgetPassword.success.title')} text={t('forgetPassword.success.text')} /> : null}
    </>
  );
}
