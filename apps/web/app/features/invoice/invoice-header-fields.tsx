import { useId } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { headerErrors, type HeaderChoice, type HeaderDraft } from './invoice-check.ts';

/**
 * The header's choice (no invoice at checkout, personal, or a unit with its name and taxpayer id)
 * and fields. `showErrors` shows the checks' messages (after a first submit, or as the shopper
 * leaves a field).
 */
export function InvoiceHeaderFields({
  draft,
  onChange,
  allowNone,
  showErrors,
  disabled,
}: {
  draft: HeaderDraft;
  onChange: (next: HeaderDraft) => void;
  allowNone: boolean;
  showErrors: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const name = useId();
  const errors = showErrors ? headerErrors(draft) : {};
  const choices: Array<[HeaderChoice, string]> = [
    ...(allowNone ? ([[0, t('invoice.form.none')]] as Array<[HeaderChoice, string]>) : []),
    [2, t('invoice.form.personal')],
    [1, t('invoice.form.unit')],
  ];
  return (
    <div className="invoice-fields">
      <fieldset className="invoice-fields__choice">
        <legend className="field__label">{t('invoice.form.title')}</legend>
        {choices.map(([value, label]) => (
          <label key={value} className="invoice-fields__option">
            <input type="radio" name={name} value={value} checked={draft.headerType === value} disabled={disabled} onChange={() => onChange({ ...draft, headerType: value })} />
            {label}
          </label>
        ))}
      </fieldset>
      {draft.headerType === 0 ? null : (
        <>
          <TextField
            label={t('invoice.form.headerName')}
            value={draft.headerName}
            placeholder={draft.headerType === 1 ? t('invoice.form.unitPlaceholder') : t('invoice.form.personalPlaceholder')}
            error={errors.headerName ? t(errors.headerName) : null}
            disabled={disabled}
            onChange={(e) => onChange({ ...draft, headerName: e.target.value })}
          />
          {draft.headerType === 1 ? (
            <TextField
              label={t('invoice.form.taxNumber')}
              value={draft.invoiceTaxNumber}
              autoCapitalize="characters"
              spellCheck={false}
              placeholder={t('invoice.form.taxPlaceholder')}
              error={errors.invoiceTaxNumber ? t(errors.invoiceTaxNumber) : null}
              disabled={disabled}
              onChange={(e) => onChange({ ...draft, invoiceTaxNumber: e.target.value })}
            />
          ) : null}
          <p className="invoice-fields__hint">{t('invoice.form.hint')}</p>
        </>
      )}
    </div>
  );
}
