import { describe, expect, it } from 'vitest';
import { failedCheck, isTransientConflict, retryOnConflict, uniqueViolation } from './errors.ts';

const wrapped = (fields: Record<string, unknown>) => Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('driver'), fields) });

describe('database errors', () => {
  it('finds the SQLSTATE and constraint along the cause chain', () => {
    expect(uniqueViolation(wrapped({ code: '23505', constraint: 'checkout_tokens_pkey' }))).toBe('checkout_tokens_pkey');
    expect(uniqueViolation(wrapped({ code: '23505' }))).toBe('');
    expect(uniqueViolation(wrapped({ code: '23503' }))).toBeNull();
    expect(uniqueViolation(new Error('plain'))).toBeNull();
    expect(isTransientConflict(wrapped({ code: '40P01' }))).toBe(true);
    expect(isTransientConflict(wrapped({ code: '40001' }))).toBe(true);
    expect(isTransientConflict(wrapped({ code: '23505' }))).toBe(false);
    // Node's own error codes are not SQLSTATEs.
    expect(isTransientConflict(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBe(false);
  });

  it('answers the reason of a failed raise_unless check and nothing for other errors', () => {
    expect(failedCheck(Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('stock_short'), { code: 'P0001' }) }))).toBe('stock_short');
    expect(failedCheck(wrapped({ code: '23505' }))).toBeNull();
    expect(failedCheck(new Error('stock_short'))).toBeNull();
  });

  it('runs a transaction again after a deadlock, never after other errors, and gives up after the attempts', async () => {
    let calls = 0;
    await expect(retryOnConflict(async () => (++calls < 3 ? Promise.reject(wrapped({ code: '40P01' })) : 'done'))).resolves.toBe('done');
    expect(calls).toBe(3);
    calls = 0;
    const other = new Error('invalid');
    await expect(retryOnConflict(async () => (calls++, Promise.reject(other)))).rejects.toBe(other);
    expect(calls).toBe(1);
    calls = 0;
    await expect(retryOnConflict(async () => (calls++, Promise.reject(wrapped({ code: '40001' }))), 2)).rejects.toThrow('Failed query');
    expect(calls).toBe(2);
  });
});
