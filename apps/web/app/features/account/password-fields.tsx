import { useId } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { TextField } from '../../components/ui/text-field.tsx';

export interface PasswordFieldsProps {
  password: string;
  confirmPassword: string;
  onPasswordChange: (value: string) => void;
  onConfirmPasswordChange: (value: string) => void;
  /** The message to show under each field, already translated. */
  errors: { password?: string; confirmPassword?: string };
  /** The first field's label; "New password" unless given. */
  passwordLabel?: string;
  passwordPlaceholder?: string;
}

/** A new password and its confirmation (section 5's register and reset rules), with the rule as a hint. */
export function PasswordFields({
  password,
  confirmPassword,
  onPasswordChange,
  onConfirmPasswordChange,
  errors,
  passwordLabel,
  passwordPlaceholder,
}: PasswordFieldsProps) {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <>
      <TextField
        label={passwordLabel ?? t('accountForm.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        placeholder={passwordPlaceholder ?? t('accountForm.passwordPlaceholder')}
        value={password}
        onChange={(event) => onPasswordChange(event.target.value)}
        error={errors.password}
        // The hint is linked while there is no error; the error then takes its place.
        {...(errors.password ? {} : { 'aria-describedby': hintId })}
      />
      {errors.password ? null : (
        <p id={hintId} className="field__hint">
          {t('accountForm.passwordHint')}
        </p>
      )}
      <TextField
        label={t('accountForm.confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        placeholder={t('accountForm.confirmPlaceholder')}
        value={confirmPassword}
        onChange={(event) => onConfirmPasswordChange(event.target.value)}
        error={errors.confirmPassword}
      />
    </>
  );
}
