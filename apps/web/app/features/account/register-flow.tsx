import { useState, type FormEvent } from 'react';
import { Link, useRevalidator } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import {
  AccountNameSchema,
  CheckSmsFlagSchema,
  NewPasswordFormSchema,
  NicknameSchema,
  TokenSchema,
  type RegisterInput,
} from '@bazaar/shared/schemas/account';
import { api } from '../../lib/api.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { FormError } from '../../components/ui/form-error.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorCode, firstIssue, inlineFailure, type FieldErrors } from '../../lib/form-errors.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';
import { completeLogin } from './login-session.ts';
import { encryptPassword } from '@bazaar/shared/crypto/password-cipher';
import { PasswordFields } from './password-fields.tsx';
import { StepIndicator } from './step-indicator.tsx';
import { usePhoneStep, type VerifiedPhone } from './verify-phone-form.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';

type AccountField = 'userName' | 'password' | 'confirmPassword' | 'nickName' | 'form';

/** Step two: account name, password twice, nickname; validated in section 5's order. */
function AccountInfoForm({ verified, onRegistered, onRestart }: { verified: VerifiedPhone; onRegistered: (nickName: string) => void; onRestart: (message: string) => void }) {
  const { t } = useTranslation();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [nickName, setNickName] = useState('');
  const { errors, busy, submit } = useFormSubmit<AccountField>();
  const hydrated = useHydrated();

  function validate(): FieldErrors<AccountField> {
    const account = firstIssue(AccountNameSchema.safeParse(userName.trim()), 'userName' as AccountField, t);
    if (account.userName) return account;
    const pw = firstIssue(NewPasswordFormSchema.safeParse({ password, confirmPassword }), 'password' as AccountField, t);
    if (pw.password || pw.confirmPassword) return pw;
    return firstIssue(NicknameSchema.safeParse(nickName), 'nickName' as AccountField, t);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body: RegisterInput = {
      appType: 3,
      registerOrBind: 1,
      validateType: 1,
      mobile: verified.mobile,
      checkRegisterSmsFlag: verified.flag,
      userName: userName.trim(),
      password: encryptPassword(password),
      nickName: nickName.trim(),
    };
    void submit(
      async () => {
        try {
          const token = await api('/user/registerOrBindUser', { method: 'PUT', body, schema: TokenSchema, silent: true });
          await completeLogin(token);
          onRegistered(body.nickName);
        } catch (err) {
          // The phone step must be done again when its proof expired or the phone was taken meanwhile.
          const code = errorCode(err);
          if (code !== 'errors.account.verifyExpired' && code !== 'errors.account.phoneRegistered') throw err;
          const message = inlineFailure(err, t);
          if (message) onRestart(message);
        }
      },
      { problems: validate(), field: (code) => (code === 'errors.account.userNameTaken' ? 'userName' : 'form') },
    );
  }

  return (
    <form className="account-form" onSubmit={onSubmit} noValidate>
      <p className="account-form__note">{t('register.verifiedPhone', { mobile: verified.mobile })}</p>
      <TextField
        label={t('register.fields.userName')}
        name="userName"
        autoComplete="username"
        placeholder={t('register.fields.userNamePlaceholder')}
        value={userName}
        onChange={(event) => setUserName(event.target.value)}
        error={errors.userName}
      />
      {errors.userName ? null : <p className="field__hint">{t('register.fields.userNameHint')}</p>}
      <PasswordFields
        password={password}
        confirmPassword={confirmPassword}
        onPasswordChange={setPassword}
        onConfirmPasswordChange={setConfirmPassword}
        errors={errors}
        passwordLabel={t('register.fields.password')}
        passwordPlaceholder={t('register.fields.passwordPlaceholder')}
      />
      <TextField
        label={t('register.fields.nickName')}
        name="nickName"
        autoComplete="nickname"
        placeholder={t('register.fields.nickNamePlaceholder')}
        value={nickName}
        onChange={(event) => setNickName(event.target.value)}
        error={errors.nickName}
      />
      <FormError message={errors.form} />
      <Button type="submit" size="lg" block disabled={!hydrated || busy}>
        {busy ? t('accountForm.saving') : t('register.submit')}
      </Button>
    </form>
  );
}

/** Shown instead of the form to a visitor who is already logged in. */
function AlreadyLoggedIn() {
  const { t } = useTranslation();
  return (
    <div className="account-result" role="status">
      <h2 className="account-result__title">{t('register.alreadyLoggedIn.title')}</h2>
      <p className="account-result__text">{t('register.alreadyLoggedIn.text')}</p>
      <div className="account-result__actions">
        <Link to="/" className={buttonClass()}>
          {t('register.alreadyLoggedIn.home')}
        </Link>
      </div>
    </div>
  );
}

/**
 * Register in three steps (section 2): verify the phone, fill the account info, done.
 * `loggedIn` comes from the root loader; it turns true after step two and the done step stays.
 */
export function RegisterFlow({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const { verified, restartWith, form } = usePhoneStep();
  const [registeredAs, setRegisteredAs] = useState<string | null>(null);
  const step = registeredAs !== null ? 2 : verified ? 1 : 0;

  if (loggedIn && registeredAs === null) return <AlreadyLoggedIn />;
  return (
    <>
      <StepIndicator steps={[t('register.step.verifyPhone'), t('register.step.accountInfo'), t('register.step.done')]} current={step} />
      {step === 0 ? (
        form({
          sendCode: (mobile) => api('/user/sendRegisterSms', { method: 'PUT', body: { mobile }, silent: true }),
          checkCode: (mobile, validCode) =>
            api('/user/checkRegisterSms', { method: 'PUT', body: { mobile, validCode }, schema: CheckSmsFlagSchema, silent: true }),
        })
      ) : null}
      {step === 1 && verified ? (
        <AccountInfoForm
          verified={verified}
          onRestart={restartWith}
          onRegistered={(nickName) => {
            setRegisteredAs(nickName);
            // The top bar shows the new user: the root loader reads the new token cookie.
            void revalidator.revalidate();
          }}
        />
      ) : null}
      {step === 2 ? (
        <div className="account-result" role="status">
          <span className="account-result__icon" aria-hidden="true">
            ✓
          </span>
          <h2 className="account-result__title">{t('register.done.title')}</h2>
          <p className="account-result__text">{t('register.done.text', { name: registeredAs })}</p>
          <div className="account-result__actions">
            <Link to="/" className={buttonClass()}>
              {t('register.done.home')}
            </Link>
            <Link to="/user-center" className={buttonClass({ variant: 'secondary' })}>
              {t('register.done.userCenter')}
            </Link>
          </div>
        </div>
      ) : null}
    </>
  );
}
