import { describe, expect, it } from 'vitest';
import { SHARED_DATA_TTL_MS, createSharedData } from './shared-data.server.ts';

describe('sharedData', () => {
  it('loads once within the TTL, again after it, and never keeps a failure', async () => {
    let clock = 1_000_000;
    const sharedData = createSharedData(() => clock);
    let loads = 0;
    const load = async () => ++loads;
    expect(await sharedData('k1', load)).toBe(1);
    clock += SHARED_DATA_TTL_MS;
    expect(await sharedData('k1', load)).toBe(1);
    clock += 1;
    expect(await sharedData('k1', load)).toBe(2);

    await expect(sharedData('k2', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await sharedData('k2', async () => 'up')).toBe('up');
  });

  it('parallel renders share one load', async () => {
    const sharedData = createSharedData(() => 0);
    let loads = 0;
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    expect(await Promise.all(Array.from({ length: 20 }, () => sharedData('k', load)))).toEqual(Array(20).fill(1));
    expect(loads).toBe(1);
  });
});
