// The tab /flash-sale opens without ?session= (decision 064 and its amendment): the running session;
// else the last one that began while some of its flash sales still run, looking past today's ended
// sessions to an earlier day's first tab; else the next one.
import { describe, expect, it } from 'vitest';
import type { SeckillSession } from '@bazaar/shared/schemas/seckill';
import { defaultSession } from './flash-sale.tsx';

const session = (sessionKey: string, label: string, state: 1 | 2 | 3): SeckillSession => ({
  sessionKey,
  label,
  startTime: '',
  endTime: '',
  state,
  tomorrow: false,
});

describe('defaultSession', () => {
  const yesterday = session('202612072000', '12-07 20:00', 3);
  const ten = session('202612081000', '10:00', 3);
  const two = session('202612081400', '14:00', 1);

  it("opens an earlier tab still running when today's ended sessions have none running", async () => {
    const running = new Set(['202612072000']);
    expect(await defaultSession([yesterday, ten, two], async (s) => running.has(s.sessionKey))).toBe(yesterday);
  });

  it('opens the latest ended session with a sale running, else the next one', async () => {
    expect(await defaultSession([yesterday, ten, two], async () => true)).toBe(ten);
    expect(await defaultSession([yesterday, ten, two], async () => false)).toBe(two);
  });
});
