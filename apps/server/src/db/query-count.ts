// Counts the SQL statements a piece of work sends, so tests can pin the queries per request
// (no N+1). drizzle reports every statement to its logger; the count follows the async context
// of the work being measured, so parallel requests never mix their counts.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm/logger';

const scope = new AsyncLocalStorage<{ queries: string[] }>();

export const queryCountingLogger: Logger = {
  logQuery(query) {
    scope.getStore()?.queries.push(query);
  },
};

/** Runs `work` and answers with its result and the SQL statements it sent. */
export async function countQueries<T>(work: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  const store = { queries: [] as string[] };
  // Awaited inside the scope: drizzle queries are lazy thenables that run when awaited.
  const result = await scope.run(store, async () => await work());
  return { result, queries: store.queries };
}
