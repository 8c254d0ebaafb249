// Several writes sent as one statement: each becomes a data-modifying CTE of
// `with w0 as (...), w1 as (...) select 1`. PostgreSQL runs every one of them exactly once and to
// completion, and the statement succeeds or fails as a whole, so a flow that must write to several
// modules' tables pays one round trip instead of one per table (decision 013). The modules still
// build their own statements; this only sends them together. Constraint checks (foreign keys,
// unique keys) see all the rows of the statement.
//
// A module whose write is several CTEs that refer to each other (a stock move and the totals that
// follow it) hands over a `StatementPart`: its CTEs, placed first, and a condition the statement
// must meet. The statement ends with `select raise_unless(condition, reason)` (migration 0002), so
// a part that could not do all it was asked undoes the whole statement, with no transaction.
//
// The order rows are locked in: a CTE runs when something first reads it, and the conditions are
// read left to right, in the parts' order; CTEs nothing reads (the plain statements, `w0`...) run
// last. So the parts lock their rows in array order, and callers rely on it (a points exchange: the
// item, its per-user counter, then the stock; a checkout: the stock, then the coupons). That order
// is PostgreSQL's evaluation of a select list, not a documented guarantee: where two parts' rows
// must be taken in an order (the mall's lock order, decision 008's amendment), the later part
// reads the earlier one's `written` instead, which PostgreSQL must honour.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

export interface StatementPart {
  /** Top-level CTEs, `name as (...)`, joined by commas; their names are the module's to choose. */
  ctes: SQL;
  /** True when the part did all it was asked; otherwise the statement fails with `reason`. */
  condition: SQL;
  reason: string;
  /**
   * True once every write of the part has run, for another part whose rows must be locked after
   * this one's: PostgreSQL orders a statement's CTEs only by what they read, so that part, placed
   * after this one, reads this in its write's `where` (a checkout's wallet after its stock).
   */
  written?: SQL;
}

export async function executeTogether(db: Db | Tx, statements: Array<SQLWrapper | null>, parts: StatementPart[] = []): Promise<void> {
  const list = statements.filter((s): s is SQLWrapper => s !== null);
  if (list.length === 0 && parts.length === 0) return;
  if (list.length === 1 && parts.length === 0) {
    await db.execute(list[0]!.getSQL());
    return;
  }
  const ctes = [...parts.map((p) => p.ctes), ...list.map((s, i) => sql`${sql.raw(`w${i}`)} as (${s.getSQL()})`)];
  const checks = parts.length === 0 ? sql`1` : sql.join(parts.map((p) => sql`raise_unless(${p.condition}, ${p.reason})`), sql`, `);
  await db.execute(sql`with ${sql.join(ctes, sql`, `)} select ${checks}`);
}
