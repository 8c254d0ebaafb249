import { describe, expect, it } from 'vitest';
import type { SeckillOrderStatus } from '@bazaar/shared/schemas/seckill';
import { pollOrderStatus } from './order-status-poll.ts';

const queued: SeckillOrderStatus = { created: false, state: 'queued', message: null };

/** A fake clock: sleeping records the wait and returns at once. */
function recorder() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('pollOrderStatus', () => {
  it('asks every 3 s until the order exists', async () => {
    const { waits, sleep } = recorder();
    const answers: SeckillOrderStatus[] = [queued, queued, { created: true, state: 'created', message: null }];
    let calls = 0;
    const result = await pollOrderStatus({ check: async () => answers[calls++]!, sleep });
    expect(result).toEqual({ outcome: 'created' });
    expect(calls).toBe(3);
    expect(waits).toEqual([3000, 3000, 3000]);
  });

  it('stops after 10 tries without an order', async () => {
    const { waits, sleep } = recorder();
    let calls = 0;
    const tries: number[] = [];
    const result = await pollOrderStatus({ check: async () => (calls++, queued), sleep, onTry: (n) => tries.push(n) });
    expect(result).toEqual({ outcome: 'timeout' });
    expect(calls).toBe(10);
    expect(waits).toHaveLength(10);
    expect(tries).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('reports a failed attempt at once with its reason', async () => {
    const { sleep } = recorder();
    let calls = 0;
    const result = await pollOrderStatus({ check: async () => (calls++, { created: false, state: 'failed', message: '库存不足' }), sleep });
    expect(result).toEqual({ outcome: 'failed', message: '库存不足' });
    expect(calls).toBe(1);
  });

  it('counts a refused or lost call as a try and goes on, unless the error is fatal', async () => {
    const { sleep } = recorder();
    let calls = 0;
    const flaky = await pollOrderStatus({
      check: async () => {
        calls++;
        if (calls < 3) throw new Error('hot');
        return { created: true, state: 'created', message: null };
      },
      sleep,
    });
    expect(flaky).toEqual({ outcome: 'created' });
    expect(calls).toBe(3);

    const fatal = await pollOrderStatus({ check: () => Promise.reject(new Error('401')), sleep, isFatal: () => true });
    expect(fatal).toEqual({ outcome: 'stopped' });
  });

  it('stops when the page is left', async () => {
    const controller = new AbortController();
    let calls = 0;
    const result = await pollOrderStatus({
      check: async () => {
        calls++;
        controller.abort();
        return queued;
      },
      sleep: async () => undefined,
      signal: controller.signal,
    });
    expect(result).toEqual({ outcome: 'stopped' });
    expect(calls).toBe(1);
  });
});
