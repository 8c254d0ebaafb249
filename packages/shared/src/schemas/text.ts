import { z } from 'zod';

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL. PostgreSQL
 * refuses NUL in text (a 500), and none of the others belongs in anything a person types.
 */
// eslint-disable-next-line no-control-regex -- matching them is the point
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Every free-text input starts here: a string (typeError when it is not one) that refuses
 * control characters with the invalid-input message. Chain trim, min and max as usual; fields
 * checked against a strict pattern (phone, order number) refuse them already.
 */
export function textInput(typeError?: string) {
  return z.string(typeError === undefined ? undefined : { error: typeError }).refine((v) => !CONTROL_CHARACTER.test(v), 'validation.invalid');
}
