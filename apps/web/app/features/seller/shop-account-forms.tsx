import { useState, type FormEvent, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { encryptPassword } from '@bazaar/shared/crypto/password-cipher';
import { PhoneSchema } from '@bazaar/shared/schemas/account';
import { ShopAccountFormSchema, ShopAccountSchema, ShopPasswordFormSchema } from '@bazaar/shared/schemas/shop-application';
import { api } from '../../lib/api.ts';
import { firstIssue } from '../../lib/form-errors.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormError } from '../../components/ui/form-error.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { showToast } from '../../components/ui/toast.tsx';

/** What the account feature lends these forms (features never import each other; the route hands them in). */
export interface AccountTools {
  /** The SMS code button with its 60 s resend lock. */
  codeButton: (props: { onSend: () => Promise<boolean>; disabled?: boolean }) => ReactNode;
}

type SetField = 'username' | 'code' | 'password' | 'confirmPassword' | 'form';

/** Set the store account once: the mobile (verified by a code) and a 6-12 character password. */
export function SetShopAccountForm({ tools }: { tools: AccountTools }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [values, setValues] = useState({ username: '', code: '', password: '', confirmPassword: '' });
  const { errors, setErrors, busy, submit, fail } = useFormSubmit<SetField>();
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => setValues({ ...values, [field]: e.target.value });

  async function sendCode(): Promise<boolean> {
    const mobile = PhoneSchema.safeParse(values.username);
    if (!mobile.success) {
      setErrors(firstIssue(mobile, 'username' as SetField, t));
      return false;
    }
    setErrors({});
    try {
      await api('/p/shop/sendCode', { method: 'POST', body: { mobile: mobile.data }, silent: true });
      return true;
    } catch (err) {
      fail(err, 'username');
      return false;
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = ShopAccountFormSchema.safeParse(values);
    void submit(
      async () => {
        if (!checked.success) return;
        const body = { username: checked.data.username, code: checked.data.code, password: encryptPassword(checked.data.password) };
        await api('/p/shop/saveUsernameAndPassword', { method: 'POST', body, schema: ShopAccountSchema, silent: true });
        showToast(t('shopAccount.saved'), { kind: 'success' });
        await revalidator.revalidate();
      },
      { problems: firstIssue(checked, 'form' as SetField, t), field: 'form' },
    );
  }

  return (
    <form className="account-form shop-account-form" onSubmit={onSubmit} noValidate>
      <TextField label={t('shopAccount.username')} value={values.username} inputMode="numeric" autoComplete="tel" error={errors.username} onChange={set('username')} />
      <TextField
        label={t('shopAccount.code')}
        value={values.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        error={errors.code}
        onChange={set('code')}
        addon={tools.codeButton({ onSend: sendCode })}
      />
      <TextField label={t('shopAccount.password')} type="password" value={values.password} autoComplete="new-password" error={errors.password} onChange={set('password')} />
      <TextField label={t('shopAccount.confirmPassword')} type="password" value={values.confirmPassword} autoComplete="new-password" error={errors.confirmPassword} onChange={set('confirmPassword')} />
      <FormError message={errors.form} />
      <Button type="submit" disabled={busy}>
        {t('shopAccount.save')}
      </Button>
    </form>
  );
}

type ChangeField = 'password' | 'newPassword' | 'confirmPassword' | 'form';

/** Later: change the store password (the current one is checked; merchant sessions end). */
export function ChangeShopPasswordForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState({ password: '', newPassword: '', confirmPassword: '' });
  const { errors, busy, submit } = useFormSubmit<ChangeField>();
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => setValues({ ...values, [field]: e.target.value });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = ShopPasswordFormSchema.safeParse(values);
    void submit(
      async () => {
        if (!checked.success) return;
        const body = { password: encryptPassword(checked.data.password), newPassword: encryptPassword(checked.data.newPassword) };
        await api('/p/shop/updatePassword', { method: 'POST', body, silent: true });
        setValues({ password: '', newPassword: '', confirmPassword: '' });
        showToast(t('shopAccount.changed'), { kind: 'success' });
      },
      { problems: firstIssue(checked, 'form' as ChangeField, t), field: 'form' },
    );
  }

  return (
    <form className="account-form shop-account-form" onSubmit={onSubmit} noValidate>
      <TextField label={t('shopAccount.oldPassword')} type="password" value={values.password} autoComplete="current-password" error={errors.password} onChange={set('password')} />
      <TextField label={t('shopAccount.newPassword')} type="password" value={values.newPassword} autoComplete="new-password" error={errors.newPassword} onChange={set('newPassword')} />
      <TextField label={t('shopAccount.confirmPassword')} type="password" value={values.confirmPassword} autoComplete="new-password" error={errors.confirmPassword} onChange={set('confirmPassword')} />
      <FormError message={errors.form} />
      <Button type="submit" disabled={busy}>
        {t('shopAccount.change')}
      </Button>
    </form>
  );
}
