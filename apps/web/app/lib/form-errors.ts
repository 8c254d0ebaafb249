import type { TFunction } from 'i18next';
import { ApiError } from './api.ts';
import { showToast } from '../components/ui/toast.tsx';

type Issues = { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * The first problem of a section-5 schema as {field: translated message}. Forms show one problem
 * at a time, in the order the specification checks them (the schema's field order).
 */
export function firstIssue<F extends string>(
  result: { success: true } | { success: false; error: Issues },
  fallbackField: F,
  t: TFunction,
): FieldErrors<F> {
  if (result.success) return {};
  const issue = result.error.issues[0];
  if (!issue) return {};
  const field = (issue.path.length === 0 ? fallbackField : String(issue.path[0])) as F;
  return { [field]: t(issue.message) } as FieldErrors<F>;
}

/** The API's error code of a failed call (its message key), or null. */
export function errorCode(err: unknown): string | null {
  return err instanceof ApiError ? err.code : null;
}

/**
 * What a failed call should say next to the form. Calls are made with `silent`, so a 4xx text
 * (section 8's 400 message, already in the visitor's language) is returned to be shown inline;
 * a 401 was handled by the API client (login popup) and a 5xx or network failure gets the error toast.
 */
export function inlineFailure(err: unknown, t: TFunction): string | null {
  if (err instanceof ApiError) {
    if (err.status === 401 || err.status === 204) return null;
    if (err.status >= 400 && err.status < 500) return err.text || t('validation.invalid');
  }
  showToast(t('errors.server'), { kind: 'error' });
  return null;
}
