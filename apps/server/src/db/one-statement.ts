// Several writes sent as one statement: each becomes a data-modifying CTE of
// `with w0 as (...), w1 as (...) select 1`. PostgreSQL runs every one of them exactly once and to
// completion, and the statement succeeds or fails as a whole, so a flow that must write to several
// modules' tables pays one round trip instead of one per table (decision 013). The modules still
// build their own statements; this only sends them together. Constraint checks (foreign keys,
// unique keys) see all the rows of the statement.
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

export async function executeTogether(db: Db | Tx, statements: Array<SQLWrapper | null>): Promise<void> {
  const list = statements.filter((s): s is SQLWrapper => s !== null);
  if (list.length === 0) return;
  if (list.length === 1) {
    await db.execute(list[0]!.getSQL());
    return;
  }
  const ctes = list.map((s, i) => sql`${sql.raw(`w${i}`)} as (${s.getSQL()})`);
  await db.execute(sql`with ${sql.join(ctes, sql`, `)} select 1`);
}
