import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { SMS_RESEND_LOCK_MS } from '@bazaar/shared/constants/limits';
import { AccountLoginFormSchema, MobileLoginFormSchema, PhoneSchema, TokenSchema } from '@bazaar/shared/schemas/account';
import type { RootData } from '../../root.tsx';
import { api } from '../../lib/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { encryptPassword } from '@bazaar/shared/crypto/password-cipher';
import { completeLogin, reloadAfterLogin } from './login-session.ts';

type Tab = 'account' | 'mobile';
type FieldErrors = Partial<Record<'userName' | 'password' | 'mobile' | 'code' | 'agree', string>>;

/** The first issue of a section-5 schema, as {field: key}: the form shows one problem at a time. */
function firstIssue(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }): FieldErrors {
  const issue = result.success ? undefined : result.error?.issues[0];
  if (!issue) return {};
  return { [String(issue.path[0] ?? 'agree')]: issue.message } as FieldErrors;
}

/** Seconds left on the SMS resend lock, ticking once a second. */
function useCountdown(): [number, () => void] {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    // Wake at the next whole second of the remaining time, so the label changes on time.
    const timer = window.setTimeout(() => setNow(Date.now()), (until - now) % 1_000 || 1_000);
    return () => window.clearTimeout(timer);
  }, [until, now]);
  const left = Math.max(0, Math.ceil((until - now) / 1_000));
  const start = () => {
    const t = Date.now();
    setNow(t);
    setUntil(t + SMS_RESEND_LOCK_MS);
  };
  return [left, start];
}

export interface LoginFormProps {
  /** What to do once logged in; by default section 2's reload (or home from /register). */
  onSuccess?: () => void;
  /** Called when the user follows the register or forgot-password link (the popup closes). */
  onLeave?: () => void;
}

/** The login panel: account and mobile tabs, used by the popup and by the /login page. */
export function LoginForm({ onSuccess = reloadAfterLogin, onLeave }: LoginFormProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  const switches = root?.serviceSwitch;
  const [tab, setTab] = useState<Tab>('account');
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const [secondsLeft, startCountdown] = useCountdown();
  const baseId = useId();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ account: null, mobile: null });

  const errorText = (key?: string) => (key ? t(key) : null);

  function selectTab(next: Tab) {
    setTab(next);
    setErrors({});
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next: Tab = tab === 'account' ? 'mobile' : 'account';
    selectTab(next);
    tabRefs.current[next]?.focus();
  }

  async function sendCode() {
    const phone = PhoneSchema.safeParse(mobile);
    if (!phone.success) {
      setErrors({ mobile: phone.error.issues[0]?.message });
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await api('/sms/sendLoginCode', { method: 'POST', body: { mobile: phone.data } });
      startCountdown();
      showToast(t('login.codeSent'), { kind: 'success' });
    } catch {
      // The API client already showed the server's message.
    } finally {
      setSending(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed =
      tab === 'account' ? AccountLoginFormSchema.safeParse({ userName, password, agree }) : MobileLoginFormSchema.safeParse({ mobile, code, agree });
    const issue = firstIssue(parsed);
    setErrors(issue);
    if (Object.keys(issue).length > 0) return;
    setBusy(true);
    try {
      const token =
        tab === 'account'
          ? await api('/login', { method: 'POST', body: { userName: userName.trim(), passWord: encryptPassword(password) }, schema: TokenSchema })
          : await api('/smsLogin', { method: 'POST', body: { userName: mobile.trim(), passWord: code.trim() }, schema: TokenSchema });
      await completeLogin(token);
      showToast(t('login.success'), { kind: 'success' });
      onSuccess();
    } catch {
      // 4xx texts are shown as warning toasts by the API client.
      setBusy(false);
    }
  }

  const termsLinks =
    switches?.serviceTermsSwitch || switches?.privacyPolicySwitch ? (
      <>
        {switches.serviceTermsSwitch ? (
          <Link to="/termsPage?sts=0" target="_blank" rel="noopener" className="text-link">
            {t('login.serviceTerms')}
          </Link>
        ) : null}
        {switches.serviceTermsSwitch && switches.privacyPolicySwitch ? ` ${t('login.agreeJoin')} ` : null}
        {switches.privacyPolicySwitch ? (
          <Link to="/termsPage?sts=1" target="_blank" rel="noopener" className="text-link">
            {t('login.privacyPolicy')}
          </Link>
        ) : null}
      </>
    ) : (
      t('login.agreePlain')
    );

  const tabs: Tab[] = ['account', 'mobile'];
  return (
    <form className="login-form" onSubmit={submit} noValidate>
      <div className="tabs" role="tablist" aria-label={t('login.tabs.label')} onKeyDown={onTabKeyDown}>
        {tabs.map((name) => (
          <button
            key={name}
            ref={(el) => {
              tabRefs.current[name] = el;
            }}
            id={`${baseId}-tab-${name}`}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={tab === name}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => selectTab(name)}
          >
            {t(`login.tabs.${name}`)}
          </button>
        ))}
      </div>

      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${tab}`} className="login-form__fields">
        {tab === 'account' ? (
          <>
            <TextField
              label={t('login.fields.account')}
              name="userName"
              autoComplete="username"
              placeholder={t('login.fields.accountPlaceholder')}
              value={userName}
              onChange={(e) => setUserName(e.target.value)}
              error={errorText(errors.userName)}
            />
            <TextField
              label={t('login.fields.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              placeholder={t('login.fields.passwordPlaceholder')}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errorText(errors.password)}
            />
          </>
        ) : (
          <>
            <TextField
              label={t('login.fields.mobile')}
              name="mobile"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              placeholder={t('login.fields.mobilePlaceholder')}
              value={mobile}
              onChange={(e) => setMobile(e.target.value)}
              error={errorText(errors.mobile)}
            />
            <TextField
              label={t('login.fields.code')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder={t('login.fields.codePlaceholder')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={errorText(errors.code)}
              addon={
                <Button variant="secondary" className="field__addon" onClick={sendCode} disabled={secondsLeft > 0 || sending}>
                  {secondsLeft > 0 ? t('login.resendIn', { seconds: secondsLeft }) : t('login.sendCode')}
                </Button>
              }
            />
          </>
        )}

        <div className={`consent${errors.agree ? ' consent--invalid' : ''}`}>
          <label className="consent__label">
            <input
              type="checkbox"
              checked={agree}
              onChange={(e) => setAgree(e.target.checked)}
              aria-invalid={errors.agree ? true : undefined}
              aria-describedby={errors.agree ? `${baseId}-agree-error` : undefined}
            />
            <span>
              {t('login.agreePrefix')} {termsLinks}
            </span>
          </label>
          {errors.agree ? (
            <p id={`${baseId}-agree-error`} className="field__error" role="alert">
              {t(errors.agree)}
            </p>
          ) : null}
        </div>

        <Button type="submit" size="lg" block disabled={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </Button>

        <div className="login-form__links">
          <Link to="/forget-password" className="text-link text-link--muted" onClick={onLeave}>
            {t('login.forgotPassword')}
          </Link>
          <span>
            {t('login.noAccount')}{' '}
            <Link to="/register" className="text-link" onClick={onLeave}>
              {t('login.register')}
            </Link>
          </span>
        </div>
      </div>
    </form>
  );
}
