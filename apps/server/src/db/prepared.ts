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
