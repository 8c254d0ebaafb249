// Helpers for named queries: the subqueries and SQL parts a module exports over its own tables for
// a flow to compose into another module's statement (decision 017).
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * A column written with its table, `"shops"."id"`. Inside a `sql` template drizzle writes a column
 * by its bare name, which in a correlated subquery resolves to the nearest table that has such a
 * column: the subquery's own table, not the outer one the caller meant. Named queries take the outer
 * column from their caller, so they write both sides with this.
 */
export const qualified = (column: AnyColumn): SQL => sql`${column.table}.${sql.identifier(column.name)}`;
