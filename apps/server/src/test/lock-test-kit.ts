// Probes of the mall's lock order (decision 008's amendment) on PostgreSQL: hold a row in a
// transaction of the test's own, let a call queue for it, and ask which other rows that call
// already holds. PostgreSQL only: PGlite runs one statement at a time, so nothing waits there.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { lockNotAvailable } from '../db/errors.ts';

/** Transactions of this database waiting for a lock right now. */
export async function locksWaiting(db: Db): Promise<number> {
  const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
  return Number(rows.rows[0]?.n ?? 0);
}

/** Waits until at least `n` transactions wait for a lock (at most `timeoutMs`); answers how many do then. */
export async function untilLocksWaiting(db: Db, n: number, timeoutMs = 5_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let waiting = await locksWaiting(db);
  while (waiting < n && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 10));
    waiting = await locksWaiting(db);
  }
  return waiting;
}

/**
 * Holds the rows `lockingRead` (a `select ... for update`) locks, in a transaction of its own, until
 * `release`, which answers once that transaction has ended.
 */
export async function holdRows(db: Db, lockingRead: SQL): Promise<{ release: () => Promise<void> }> {
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const done = db.transaction(async (tx) => {
    await tx.execute(lockingRead);
    holding();
    await released;
  });
  // A locking read that fails ends the transaction before it holds anything: that is thrown here.
  await Promise.race([held, done]);
  return {
    release: async () => {
      letGo();
      await done;
    },
  };
}

/**
 * Whether `lockingRead` (a `select ... for update nowait`) gets its rows at once, in a statement of
 * its own (which lets them go as it ends): false when another transaction holds one of them. A read
 * that finds no row proves nothing and is refused.
 */
export async function lockableNow(db: Db, lockingRead: SQL): Promise<boolean> {
  try {
    const found = await db.execute(lockingRead);
    if (found.rows.length === 0) throw new Error('lockableNow: the locking read found no row to lock');
    return true;
  } catch (err) {
    if (lockNotAvailable(err)) return false;
    throw err;
  }
}
