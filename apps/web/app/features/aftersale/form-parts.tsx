// The parts the after-sales forms (the request of /user-center/apply-return and the return
// waybill of /return-detail) share: the submit with its field errors, a labelled input or select
// bound to one field, the text box with its live count, and the voucher pictures.
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { UploadedFile } from '@bazaar/shared/schemas/shop-application';
import { useTranslation } from '../../lib/i18n.tsx';
import { useFormSubmit, type FormSubmit } from '../../lib/use-form-submit.ts';
import { PicturePicker } from '../../components/picture-picker.tsx';
import { REFUND_DESC_MAX, REFUND_PHOTOS_MAX } from './limits.ts';

export interface AftersaleForm<F extends string> extends FormSubmit<F> {
  /** The id of a field's control. */
  idOf: (field: F) => string;
  /** Drops fields' errors once the shopper changes them. */
  clear: (...fields: F[]) => void;
  /** The control's aria-describedby: its error when shown, then `extra` (a hint, a counter). */
  described: (field: F, extra?: string) => string | undefined;
  /** The field's error, announced. */
  fieldError: (field: F) => ReactNode;
}

export function useAftersaleForm<F extends string>(): AftersaleForm<F> {
  const id = useId();
  const form = useFormSubmit<F>();
  const { errors, setErrors } = form;
  const idOf = (field: F) => `${id}-${field}`;
  return {
    ...form,
    idOf,
    clear: (...fields) => {
      if (fields.some((field) => errors[field])) setErrors({ ...errors, ...Object.fromEntries(fields.map((field) => [field, undefined])) });
    },
    described: (field, extra) => [errors[field] ? `${idOf(field)}-error` : null, extra].filter(Boolean).join(' ') || undefined,
    fieldError: (field) =>
      errors[field] ? (
        <p id={`${idOf(field)}-error`} className="field__error" role="alert">
          {errors[field]}
        </p>
      ) : null,
  };
}

interface BoundField<F extends string> {
  form: AftersaleForm<F>;
  field: F;
  label: string;
  /** A line under the control, linked to it. */
  hint?: { text: string; testId?: string };
}

function FieldBox<F extends string>({ form, field, label, hint, invalid, children }: BoundField<F> & { invalid?: boolean; children: ReactNode }) {
  return (
    <div className={`field${invalid || form.errors[field] ? ' field--invalid' : ''}`}>
      <label htmlFor={form.idOf(field)} className="field__label">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${form.idOf(field)}-hint`} className="aftersale-form__hint" data-testid={hint.testId}>
          {hint.text}
        </p>
      ) : null}
      {form.fieldError(field)}
    </div>
  );
}

/** A labelled input of one field: its error (and those of `alsoClears`, fields that follow it) clears as the shopper types. */
export function InputField<F extends string>({
  form,
  field,
  label,
  hint,
  onValue,
  alsoClears = [],
  className,
  ...input
}: BoundField<F> & { onValue: (value: string) => void; alsoClears?: F[] } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'form'>) {
  return (
    <FieldBox form={form} field={field} label={label} hint={hint}>
      <input
        id={form.idOf(field)}
        className={`field__input${className ? ` ${className}` : ''}`}
        aria-invalid={form.errors[field] ? true : undefined}
        aria-describedby={form.described(field, hint ? `${form.idOf(field)}-hint` : undefined)}
        onChange={(e) => {
          onValue(e.target.value);
          form.clear(field, ...alsoClears);
        }}
        {...input}
      />
    </FieldBox>
  );
}

/** A labelled select of one field with a first "choose" option (the empty value: null). */
export function SelectField<F extends string>({
  form,
  field,
  label,
  value,
  placeholder,
  options,
  onValue,
}: BoundField<F> & { value: number | null; placeholder: string; options: Array<{ value: number; label: string }>; onValue: (value: number | null) => void }) {
  return (
    <FieldBox form={form} field={field} label={label}>
      <select
        id={form.idOf(field)}
        className="field__input"
        value={value ?? ''}
        aria-invalid={form.errors[field] ? true : undefined}
        aria-describedby={form.described(field)}
        onChange={(e) => {
          onValue(e.target.value === '' ? null : Number(e.target.value));
          form.clear(field);
        }}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldBox>
  );
}

/**
 * Instructions or remarks with a live count to REFUND_DESC_MAX: a text over it stays as typed (never
 * cut) and the box says so; the submit's check refuses it. `overMessage`: said under the box then.
 */
export function CountedText<F extends string>({
  form,
  field,
  label,
  value,
  rows,
  placeholder,
  overMessage,
  onValue,
}: BoundField<F> & { value: string; rows: number; placeholder: string; overMessage?: string; onValue: (value: string) => void }) {
  const { t } = useTranslation();
  const over = value.length > REFUND_DESC_MAX;
  const countId = `${form.idOf(field)}-count`;
  return (
    <FieldBox form={form} field={field} label={label} invalid={over}>
      <div className="counted-box">
        <textarea
          id={form.idOf(field)}
          className="field__input counted-box__textarea"
          rows={rows}
          value={value}
          placeholder={placeholder}
          aria-invalid={form.errors[field] || over ? true : undefined}
          aria-describedby={form.described(field, countId)}
          onChange={(e) => {
            onValue(e.target.value);
            form.clear(field);
          }}
        />
        <span id={countId} className={`counted-box__counter${over ? ' counted-box__counter--over' : ''}`} aria-live="polite">
          {t('aftersale.apply.counter', { count: value.length, max: REFUND_DESC_MAX })}
        </span>
      </div>
      {over && overMessage && !form.errors[field] ? <p className="field__error">{overMessage}</p> : null}
    </FieldBox>
  );
}

/** The pictures of a form (vouchers, the parcel's images), with their upload's state and problem. */
export function useVouchers(initialPaths: string[]) {
  const [pics, setPics] = useState<UploadedFile[]>(() => initialPaths.map((path) => ({ path, url: path })));
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return { pics, setPics, uploading, setUploading, problem, setProblem };
}

const VOUCHER_TEXTS = {
  picture: 'aftersale.apply.voucher',
  remove: 'aftersale.apply.removeVoucher',
  add: 'aftersale.apply.addVoucher',
  uploading: 'aftersale.apply.uploading',
  hint: 'aftersale.apply.vouchersHint',
  count: 'aftersale.apply.vouchersCount',
  tooMany: 'aftersale.apply.errors.tooManyVouchers',
};

/** Up to REFUND_PHOTOS_MAX voucher pictures of one field. */
export function VoucherField<F extends string>({ form, field, label, vouchers }: Omit<BoundField<F>, 'hint'> & { vouchers: ReturnType<typeof useVouchers> }) {
  return (
    <PicturePicker
      label={label}
      max={REFUND_PHOTOS_MAX}
      texts={VOUCHER_TEXTS}
      pics={vouchers.pics}
      onAdd={(file) => vouchers.setPics((current) => [...current, file])}
      onRemove={(index) => vouchers.setPics((current) => current.filter((_, i) => i !== index))}
      uploading={vouchers.uploading}
      onUploading={vouchers.setUploading}
      error={form.errors[field] ?? vouchers.problem}
      onError={(message) => {
        vouchers.setProblem(message);
        form.clear(field);
      }}
    />
  );
}
