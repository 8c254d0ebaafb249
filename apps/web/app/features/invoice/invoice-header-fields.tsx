import { useTranslation } from '../../lib/i18n.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { headerErrors, type HeaderDraft } from './invoice-check.ts';
import { InvoiceHeaderChoice } from './invoice-header-choice.tsx';

type FieldsProps = { draft: HeaderDraft; onChange: (next: HeaderDraft) => void; showErrors: boolean; disabled?: boolean };

/**
 * The header's name and, for a unit, its taxpayer id (nothing for "no invoice"). `showErrors` shows
 * the checks' messages (after a first submit, or as the shopper leaves a field).
 */
export function InvoiceHeaderInputs({ draft, onChange, showErrors, disabled }: FieldsProps) {
  const { t } = useTranslation();
  if (draft.headerType === 0) return null;
  const errors = showErrors ? headerErrors(draft) : {};
  return (
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
  );
}

/** The choice and the fields together (the request and re-issue dialog). */
export function InvoiceHeaderFields({ allowNone, ...props }: FieldsProps & { allowNone: boolean }) {
  return (
    <div className="invoice-fields">
      <InvoiceHeaderChoice draft={props.draft} onChange={props.onChange} allowNone={allowNone} disabled={props.disabled} />
      <InvoiceHeaderInputs {...props} />
    </div>
  );
}
