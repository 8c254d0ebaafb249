// The header's choice alone (no invoice at checkout, personal, or a unit): no checks and no schema,
// so a page can hydrate it with itself and load the fields and their checks later.
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import type { HeaderChoice, HeaderDraft } from './invoice-check.ts';
import './invoice.css';

export function InvoiceHeaderChoice({ draft, onChange, allowNone, disabled }: { draft: HeaderDraft; onChange: (next: HeaderDraft) => void; allowNone: boolean; disabled?: boolean }) {
  const { t } = useTranslation();
  const name = useId();
  const choices: Array<[HeaderChoice, string]> = [
    ...(allowNone ? ([[0, t('invoice.form.none')]] as Array<[HeaderChoice, string]>) : []),
    [2, t('invoice.form.personal')],
    [1, t('invoice.form.unit')],
  ];
  return (
    <fieldset className="invoice-fields__choice">
      <legend className="field__label">{t('invoice.form.title')}</legend>
      {choices.map(([value, label]) => (
        <label key={value} className="invoice-fields__option">
          <input type="radio" name={name} value={value} checked={draft.headerType === value} disabled={disabled} onChange={() => onChange({ ...draft, headerType: value })} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
