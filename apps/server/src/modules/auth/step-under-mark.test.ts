// stepUnderMark alone (decision 068): the flash sale's submit runs its gate step under a session's
// revocation mark; a step that answers "stale" did nothing, and the session is verified again
// (`renew`) before the step is repeated, a bounded number of times.
import { describe, expect, it } from 'vitest';
import { stepUnderMark, type SessionMark } from './service.ts';

/** A mark whose renewals answer the given marks in turn (null: the session has ended). */
function markChain(marks: Array<string | null>, first = 'm0'): { mark: SessionMark; renewals: () => number } {
  let renewals = 0;
  const make = (value: string): SessionMark => ({
    key: 'auth:revoked:shopper:7',
    mark: value,
    renew: async () => {
      const next = marks[renewals];
      renewals += 1;
      return next === null || next === undefined ? null : make(next);
    },
  });
  return { mark: make(first), renewals: () => renewals };
}

describe('stepUnderMark', () => {
  it('answers the step under the mark it was given when the step is not stale, verifying nothing', async () => {
    const { mark, renewals } = markChain(['m1']);
    const seen: Array<string | null> = [];
    const passed = await stepUnderMark(mark, async (m) => (seen.push(m.mark), 'took'), (a) => a === 'stale');
    expect(passed?.answer).toBe('took');
    expect(passed?.mark.mark).toBe('m0');
    expect(seen).toEqual(['m0']);
    expect(renewals()).toBe(0);
  });

  it('verifies the session again after a stale step and repeats the step under the new mark', async () => {
    const { mark, renewals } = markChain(['m1', 'm2']);
    const seen: Array<string | null> = [];
    // The kv holds m2: the steps under m0 and m1 are stale, the one under m2 passes.
    const passed = await stepUnderMark(mark, async (m) => (seen.push(m.mark), m.mark === 'm2' ? 'took' : 'stale'), (a) => a === 'stale');
    expect(passed).toMatchObject({ answer: 'took', mark: { mark: 'm2' } });
    expect(seen).toEqual(['m0', 'm1', 'm2']);
    expect(renewals()).toBe(2);
  });

  it('answers null, with no further step, when the renewal finds the session ended', async () => {
    const { mark, renewals } = markChain([null]);
    let steps = 0;
    const passed = await stepUnderMark(mark, async () => (steps += 1, 'stale'), (a) => a === 'stale');
    expect(passed).toBeNull();
    expect(steps).toBe(1);
    expect(renewals()).toBe(1);
  });

  it('gives up after three renewals when the mark keeps changing', async () => {
    const { mark, renewals } = markChain(['m1', 'm2', 'm3', 'm4', 'm5']);
    let steps = 0;
    const passed = await stepUnderMark(mark, async () => (steps += 1, 'stale'), (a) => a === 'stale');
    expect(passed).toBeNull();
    expect(renewals()).toBe(3);
    expect(steps).toBe(4);
  });
});
