import { sql, type SQL } from 'drizzle-orm';

/**
 * A PostgreSQL array literal, sent as one text parameter: both drivers (node-postgres and PGlite)
 * accept it the same way, where drizzle would expand a JavaScript array into a list of parameters.
 * Every element is quoted, so commas, braces, quotes and backslashes in a value stay inside it.
 */
export const pgArrayLiteral = (values: readonly (string | number)[]): string =>
  `{${values.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/** `values` as one `text[]` parameter, for `= any(...)` or `unnest(...)`. */
export const textArray = (values: readonly string[]): SQL => sql`${pgArrayLiteral(values)}::text[]`;

/** `values` as one `int[]` parameter. */
export const intArray = (values: readonly number[]): SQL => sql`${pgArrayLiteral(values)}::int[]`;
