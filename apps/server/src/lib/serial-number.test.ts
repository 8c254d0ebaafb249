import { describe, expect, it } from 'vitest';
import { SHARED_INFRASTRUCTURE, createTestInstance } from '../test/instances.ts';
import { getTestApp } from '../test/test-app.ts';
import { claimSerialInstance, createSerialNumbers, ensureSerialInstance, nextSerialNumber } from './serial-number.ts';

describe('serial numbers', () => {
  it('answers 19 digits, unique and increasing even within one millisecond', () => {
    const serials = createSerialNumbers(7);
    const now = Date.parse('2026-11-23T10:00:00Z');
    const numbers = Array.from({ length: 10_000 }, () => serials.next(now));
    expect(numbers.every((n) => /^\d{19}$/.test(n))).toBe(true);
    expect(new Set(numbers).size).toBe(numbers.length);
    const sorted = [...numbers].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    expect(sorted).toEqual(numbers);
  });

  it('never goes backwards when the clock does', () => {
    const serials = createSerialNumbers(7);
    const a = serials.next(Date.parse('2026-11-23T10:00:05Z'));
    const b = serials.next(Date.parse('2026-11-23T09:00:00Z'));
    expect(BigInt(b) > BigInt(a)).toBe(true);
  });

  it('takes the process’s instance id from the database sequence, once', async () => {
    const t = await getTestApp();
    // Once per process: the second call answers the first claim (perhaps made on another test database).
    const claimed = await ensureSerialInstance(t.ctx.db);
    expect(await ensureSerialInstance(t.ctx.db)).toBe(claimed);
    expect(nextSerialNumber()).toMatch(/^\d{19}$/);
    // Each claim takes the sequence's next id, round again after 1023.
    const first = await claimSerialInstance(t.ctx.db);
    const second = await claimSerialInstance(t.ctx.db);
    expect(second).toBe((first + 1) % 1024);
  });

  it.skipIf(!SHARED_INFRASTRUCTURE)('two instances on one PostgreSQL make 10,000 numbers each without a clash', async () => {
    const [one, two] = await Promise.all([createTestInstance(), createTestInstance()]);
    try {
      // Each instance claims its id at start, as server.ts does, through its own connection.
      const [a, b] = await Promise.all([claimSerialInstance(one.ctx.db), claimSerialInstance(two.ctx.db)]);
      expect(a).not.toBe(b);
      const first = createSerialNumbers(a);
      const second = createSerialNumbers(b);
      // The same milliseconds on both sides: only the instance bits tell the numbers apart.
      const start = Date.parse('2026-11-24T12:00:00Z');
      const numbers = new Set<string>();
      for (let i = 0; i < 10_000; i++) {
        const now = start + Math.floor(i / 100);
        numbers.add(first.next(now));
        numbers.add(second.next(now));
      }
      expect(numbers.size).toBe(20_000);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
