import { describe, expect, it } from 'vitest';
import { PAY_SWITCH_CACHE_MS } from '@bazaar/shared/constants/limits';
import { PAY_SWITCH_STORAGE_KEY, readPaySwitch, writePaySwitch } from './pay-switch.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('the cached pay switch', () => {
  const on = { aliPaySwitch: true, wxPaySwitch: false, balancePaySwitch: true };

  it('is kept as paySwitchInfo {switchInfo, expiredTime} for 5 hours', () => {
    const storage = memoryStorage();
    writePaySwitch(storage, on, 1_000);
    expect(JSON.parse(storage.map.get(PAY_SWITCH_STORAGE_KEY)!)).toEqual({ switchInfo: on, expiredTime: 1_000 + PAY_SWITCH_CACHE_MS });
    expect(readPaySwitch(storage, 1_000 + PAY_SWITCH_CACHE_MS - 1)).toEqual(on);
    expect(readPaySwitch(storage, 1_000 + PAY_SWITCH_CACHE_MS)).toBeNull();
  });

  it('ignores an absent or damaged entry', () => {
    const storage = memoryStorage();
    expect(readPaySwitch(storage, 0)).toBeNull();
    storage.setItem(PAY_SWITCH_STORAGE_KEY, '{not json');
    expect(readPaySwitch(storage, 0)).toBeNull();
    storage.setItem(PAY_SWITCH_STORAGE_KEY, JSON.stringify({ switchInfo: { aliPaySwitch: 'yes' }, expiredTime: 9e15 }));
    expect(readPaySwitch(storage, 0)).toBeNull();
  });
});
