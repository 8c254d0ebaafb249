import { describe, expect, it } from 'vitest';
import { SHARED_DATA_TTL_MS, sharedData } from './shared-data.server.ts';

describe('sharedData', () => {
  it('loads once within the TTL, again after it, and never keeps a failure', async () => {
    let loads = 0;
    const load = async () => ++loads;
    const t0 = 1_000_000;
    expect(await sharedData('k1', load, t0)).toBe(1);
    expect(await sharedData('k1', load, t0 + SHARED_DATA_TTL_MS - 1)).toBe(1);
    expect(await sharedData('k1', load, t0 + SHARED_DATA_TTL_MS)).toBe(2);

    await expect(sharedData('k2', () => Promise.reject(new Error('down')), t0)).rejects.toThrow('down');
    expect(await sharedData('k2', async () => 'up', t0 + 1)).toBe('up');
  });
});
