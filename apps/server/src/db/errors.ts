// Database errors classified once: drizzle wraps the driver's error (pg or PGlite) in its own, so
// the PostgreSQL SQLSTATE is looked up along the `cause` chain.

interface DatabaseErrorFields {
  code: string;
  constraint: string | null;
  message: string;
}

function databaseError(err: unknown): DatabaseErrorFields | null {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : null, message: typeof message === 'string' ? message : '' };
    }
  }
  return null;
}

/** The name of the unique index a failed insert ran into ('' when the driver did not say), or null for any other error. */
export function uniqueViolation(err: unknown): string | null {
  const found = databaseError(err);
  return found?.code === '23505' ? (found.constraint ?? '') : null;
}

/** Deadlock or serialization failure: the transaction was rolled back and may simply run again. */
export function isTransientConflict(err: unknown): boolean {
  const code = databaseError(err)?.code;
  return code === '40P01' || code === '40001';
}

/** A NOWAIT lock request that found the row locked by another transaction (55P03, lock_not_available). */
export function lockNotAvailable(err: unknown): boolean {
  return databaseError(err)?.code === '55P03';
}

/**
 * Runs a whole transaction again when PostgreSQL aborted it for a deadlock or a serialization
 * failure (rare: stock rows are taken in id order), at most `attempts` times in all.
 */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !isTransientConflict(err)) throw err;
    }
  }
}

/** The reason a `raise_unless` check of a one-statement write gave (db/one-statement.ts), or null for any other error. */
export function failedCheck(err: unknown): string | null {
  const found = databaseError(err);
  return found?.code === 'P0001' ? found.message : null;
}

/** The name of the foreign key a delete or insert ran into ('' when the driver did not say), or null for any other error. */
export function foreignKeyViolation(err: unknown): string | null {
  const found = databaseError(err);
  return found?.code === '23503' ? (found.constraint ?? '') : null;
}
