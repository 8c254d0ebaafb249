// Prepared statements for the hottest reads (the token check, a checkout's lines, a cart change):
// drizzle builds the SQL once instead of on every call, and PostgreSQL parses and plans it once per
// connection (decision 013). A prepared statement belongs to one database handle, so each is made
// lazily per handle; it runs on the pool, outside any transaction, so only reads that need no lock
// are prepared.
import type { Db } from './client.ts';

export function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let statement = made.get(db);
    if (statement === undefined) {
      statement = build(db);
      made.set(db, statement);
    }
    return statement;
  };
}

/**
 * A prepared statement built over named parts that a flow hands in (decision 017): made once per
 * set of parts and handle. A flow hands in one constant set, so this stays one statement per handle.
 */
export function preparedPerParts<P extends object, T>(build: (db: Db, parts: P) => T): (db: Db, parts: P) => T {
  const perParts = new WeakMap<P, (db: Db) => T>();
  return (db, parts) => {
    let per = perParts.get(parts);
    if (per === undefined) {
      per = preparedPer((handle) => build(handle, parts));
      perParts.set(parts, per);
    }
    return per(db);
  };
}
