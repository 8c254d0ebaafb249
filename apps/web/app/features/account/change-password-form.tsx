import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { CheckSmsFlagSchema, NewPasswordFormSchema, SmsCodeSchema, type UpdatePasswordInput } from '@bazaar/shared/schemas/account';
import { api } from '../../lib/api.ts';
import { removeBrowserToken } from '../../lib/cookies.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { errorCode, firstIssue, type FieldErrors } from '../../lib/form-errors.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';
import { FormError } from '../../components/ui/form-error.tsx';
import { LOGIN_RESULT_KEY } from './login-session.ts';
import { encryptPassword } from '@bazaar/shared/crypto/password-cipher';
import { PasswordFields } from './password-fields.tsx';
import { PasswordSuccess } from './password-success.tsx';
import { SmsCodeButton } from './sms-code-button.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';

type Field = 'code' | 'password' | 'confirmPassword' | 'form';

/**
 * The user center's password change. The code goes to the user's own phone (the API knows it;
 * the page only sees it masked), the code is exchanged for the one-time flag, then the new
 * password is set with that flag. Every token is revoked, so success ends with a fresh login.
 */
export function ChangePasswordForm({ maskedMobile }: { maskedMobile: string }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { errors, setErrors, busy, submit, fail } = useFormSubmit<Field>();
  const hydrated = useHydrated();
  const [done, setDone] = useState(false);
  // A verified code stays usable when only the password was refused (e.g. same as the old one).
  const [verified, setVerified] = useState<{ code: string; flag: string } | null>(null);

  async function sendCode(): Promise<boolean> {
    setErrors({});
    try {
      await api('/p/user/sendUpdatePwdCode', { method: 'POST', silent: true });
      showToast(t('accountForm.codeSent'), { kind: 'success' });
      return true;
    } catch (err) {
      fail(err, 'code');
      return false;
    }
  }

  function validate(): FieldErrors<Field> {
    const codeIssue = firstIssue(SmsCodeSchema.safeParse(code), 'code' as Field, t);
    if (codeIssue.code) return codeIssue;
    return firstIssue(NewPasswordFormSchema.safeParse({ password, confirmPassword }), 'password' as Field, t);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const validCode = code.trim();
    void submit(
      async () => {
        let flag = verified?.code === validCode ? verified.flag : null;
        if (!flag) {
          try {
            flag = await api('/user/checkUpdatePwdSms', { method: 'PUT', body: { validCode }, schema: CheckSmsFlagSchema, silent: true });
          } catch (err) {
            fail(err, 'code');
            return;
          }
          setVerified({ code: validCode, flag });
        }
        const body: UpdatePasswordInput = { checkRegisterSmsFlag: flag, password: encryptPassword(password) };
        try {
          await api('/user/updatePwd', { method: 'PUT', body, silent: true });
        } catch (err) {
          if (errorCode(err) === 'errors.account.verifyExpired') setVerified(null);
          throw err;
        }
        // Every session was revoked: drop ours now so nothing on this page asks the API as this user.
        removeBrowserToken();
        try {
          localStorage.removeItem(LOGIN_RESULT_KEY);
        } catch {
          // Storage may be unavailable; the next page load clears it anyway.
        }
        setDone(true);
      },
      {
        problems: validate(),
        field: (code) => (code === 'errors.account.verifyExpired' ? 'code' : code === 'errors.account.samePassword' ? 'password' : 'form'),
      },
    );
  }

  if (done) return <PasswordSuccess title={t('userCenter.password.success.title')} text={t('userCenter.password.success.text')} />;
  return (
    <form className="account-form" onSubmit={onSubmit} noValidate>
      <p className="account-form__note">{t('userCenter.password.intro', { mobile: maskedMobile })}</p>
      <TextField
        label={t('accountForm.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t('accountForm.codePlaceholder')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={errors.code}
        addon={<SmsCodeButton onSend={sendCode} />}
      />
      <PasswordFields
        password={password}
        confirmPassword={confirmPassword}
        onPasswordChange={setPassword}
        onConfirmPasswordChange={setConfirmPassword}
        errors={errors}
      />
      <FormError message={errors.form} />
      <Button type="submit" size="lg" disabled={!hydrated || busy}>
        {busy ? t('accountForm.saving') : t('userCenter.password.submit')}
      </Button>
    </form>
  );
}
