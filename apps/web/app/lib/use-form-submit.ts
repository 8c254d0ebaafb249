// The submit sequence every storefront form repeats, in one place: one submit at a time, the
// problems found before any call shown and nothing sent, the call made with the form busy, and a
// failed call's 4xx text shown inline (a 401 opened the login popup, a 5xx got the error toast).
import { useCallback, useRef, useState } from 'react';
import { errorCode, inlineFailure, type FieldErrors } from './form-errors.ts';
import { useTranslation } from './i18n.tsx';

export interface SubmitOptions<F extends string> {
  /** What was found wrong before any call (firstIssue of the form's schema): shown, and `send` is not run. */
  problems?: FieldErrors<F>;
  /** The field a failed call's text goes to (usually 'form'), or a choice by the API's error code. */
  field: F | ((code: string | null) => F);
}

export interface FormSubmit<F extends string> {
  errors: FieldErrors<F>;
  setErrors: (errors: FieldErrors<F>) => void;
  /** A submit is running: the submit button is disabled. */
  busy: boolean;
  /** Runs one submit (ignored while another runs). Returns true when `send` finished without throwing. */
  submit: (send: () => Promise<void>, options: SubmitOptions<F>) => Promise<boolean>;
  /** Shows a failed call's text on `field`; returns the text, or null when the API client or a toast dealt with it. */
  fail: (err: unknown, field: F) => string | null;
}

/** `initial`: errors shown before any submit (e.g. handed back by a later step). */
export function useFormSubmit<F extends string>(initial: FieldErrors<F> = {}): FormSubmit<F> {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors<F>>(initial);
  const [busy, setBusy] = useState(false);
  // State lags a render: a double click must not send twice.
  const running = useRef(false);

  const fail = useCallback(
    (err: unknown, field: F) => {
      const message = inlineFailure(err, t);
      if (message) setErrors({ [field]: message } as FieldErrors<F>);
      return message;
    },
    [t],
  );

  const submit = useCallback(
    async (send: () => Promise<void>, { problems = {}, field }: SubmitOptions<F>) => {
      if (running.current) return false;
      setErrors(problems);
      if (Object.keys(problems).length > 0) return false;
      running.current = true;
      setBusy(true);
      try {
        await send();
        return true;
      } catch (err) {
        fail(err, typeof field === 'function' ? field(errorCode(err)) : field);
        return false;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [fail],
  );

  return { errors, setErrors, busy, submit, fail };
}
