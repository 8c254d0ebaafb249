// The message to the seller of every checkout (the cart's, per shop; the flash sale's, the group
// buy's and the points mall's): a textarea with its live counter and the over-limit message. Over-long
// text stays as typed (never cut silently): the message shows and submit refuses it. Not in
// the shell chunk (vite.config.ts): it loads with the checkout pages.
import { MERCHANT_MESSAGE_MAX_LENGTH } from '@bazaar/shared/constants/limits';
import { useTranslation } from '../../lib/i18n.tsx';

/**
 * The message to the seller is over its limit, counted as the API counts it (after trimming), so the
 * inline message and the submit check agree with the answer the API would give.
 */
export const remarksTooLong = (remarks: string): boolean => remarks.trim().length > MERCHANT_MESSAGE_MAX_LENGTH;

export function RemarksField({
  id,
  label,
  placeholder,
  value,
  onChange,
  disabled,
  className,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Classes beside checkout-shop__remarks, for the page's own layout. */
  className?: string;
}) {
  const { t } = useTranslation();
  const tooLong = remarksTooLong(value);
  return (
    <div className={`checkout-shop__remarks${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className={`counted-box${tooLong ? ' field--invalid' : ''}`}>
        <textarea
          id={id}
          className="field__input counted-box__textarea"
          rows={2}
          placeholder={placeholder}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={tooLong ? true : undefined}
          aria-describedby={tooLong ? `${id}-count ${id}-error` : `${id}-count`}
        />
        <span id={`${id}-count`} className={`counted-box__counter${tooLong ? ' counted-box__counter--over' : ''}`} aria-live="polite">
          {t('checkout.shop.counter', { count: value.length, max: MERCHANT_MESSAGE_MAX_LENGTH })}
        </span>
      </div>
      {tooLong ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {t('checkout.errors.remarksTooLong')}
        </p>
      ) : null}
    </div>
  );
}
