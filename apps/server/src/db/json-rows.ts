// Many rows inserted through one JSON parameter:
//   insert into t (a, b) select a, b from jsonb_populate_recordset(null::t, $1::jsonb)
// The statement text depends only on the table and the columns given, and the rows travel as one
// JSON document, so building it costs a JSON.stringify instead of drizzle's per-value work (about a
// millisecond for a checkout's orders, lines and addresses, measured in decision 013). PostgreSQL
// converts each field with the column type's own input function, exactly as for a literal.
import { getTableColumns, getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

interface JsonInsertOptions {
  onConflictDoNothing?: boolean;
}

export function insertJsonRows<T extends PgTable>(table: T, rows: Array<T['$inferInsert']>, options: JsonInsertOptions = {}): SQL {
  if (rows.length === 0) throw new Error('insertJsonRows needs at least one row');
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0]!).filter((k) => (rows[0] as Record<string, unknown>)[k] !== undefined);
  for (const [key, column] of Object.entries(columns)) {
    // Defaults computed in JavaScript would be skipped here; the schema has none, and this keeps it honest.
    if (!keys.includes(key) && (column.defaultFn || column.onUpdateFn)) throw new Error(`insertJsonRows: ${key} has a JavaScript default`);
  }
  const names = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`insertJsonRows: ${getTableName(table)} has no column ${key}`);
    return column.name;
  });
  const documents = rows.map((row) => {
    const document: Record<string, unknown> = {};
    keys.forEach((key, i) => {
      const value = (row as Record<string, unknown>)[key];
      const column = columns[key]!;
      // json/jsonb values stay as they are; other types go through the column's driver mapping (Date -> ISO text).
      document[names[i]!] = value === null || value === undefined || column.dataType === 'json' ? (value ?? null) : column.mapToDriverValue(value);
    });
    return document;
  });
  const table_ = sql.identifier(getTableName(table));
  const list = sql.raw(names.map((n) => `"${n}"`).join(', '));
  const conflict = options.onConflictDoNothing ? sql` on conflict do nothing` : sql``;
  return sql`insert into ${table_} (${list}) select ${list} from jsonb_populate_recordset(null::${table_}, ${JSON.stringify(documents)}::jsonb)${conflict}`;
}

/**
 * The reading counterpart: a row as one JSON object of `columns` (keyed as given, each column
 * written with its table), for a statement that reads several owners' rows at once (decision 017:
 * each module hands over its part, one round trip for all); rowFromJson maps it back.
 */
export function jsonObjectOf(columns: Record<string, Column>): SQL {
  const fields = Object.entries(columns).map(([key, column]) => {
    if (!/^\w+$/.test(key)) throw new Error(`jsonObjectOf: ${key} is not a plain key`);
    return sql`${sql.raw(`'${key}'`)}, ${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
  });
  // json_build_object takes at most 100 arguments (50 keys): a wider row joins parts as jsonb.
  const parts: SQL[] = [];
  for (let i = 0; i < fields.length; i += JSON_OBJECT_MAX_KEYS) parts.push(sql`json_build_object(${sql.join(fields.slice(i, i + JSON_OBJECT_MAX_KEYS), sql`, `)})`);
  return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts.map((part) => sql`${part}::jsonb`), sql` || `)})`;
}

/** PostgreSQL's limit of a function's arguments (100), in key and value pairs. */
const JSON_OBJECT_MAX_KEYS = 50;

/** A JSON value as the driver may hand it over (parsed, or as text). */
export const parsedJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** A jsonObjectOf row, each column mapped as the column's own read maps it (timestamps to dates, arrays, numbers). */
export function rowFromJson<T>(columns: Record<string, Column>, value: unknown): T {
  const object = parsedJson<Record<string, unknown>>(value);
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const raw = object[key];
    row[key] = raw === null || raw === undefined ? null : column.mapFromDriverValue(raw);
  }
  return row as T;
}
