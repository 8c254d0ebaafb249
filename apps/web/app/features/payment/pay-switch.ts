// The pay switch decides which methods the payment page offers. The specification caches it in
// local storage as paySwitchInfo {switchInfo, expiredTime} for 5 hours, then fetches it again.
import { useEffect, useState } from 'react';
import { PAY_SWITCH_CACHE_MS } from '@bazaar/shared/constants/limits';
import { PaySwitchSchema, type PaySwitch } from '@bazaar/shared/schemas/site';
import { z } from 'zod';
import { api } from '../../lib/api.ts';

export const PAY_SWITCH_STORAGE_KEY = 'paySwitchInfo';

const CachedSchema = z.object({ switchInfo: PaySwitchSchema, expiredTime: z.number() });

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** The cached switch while it is fresh; null when absent, expired or unreadable. */
export function readPaySwitch(storage: StorageLike, now: number): PaySwitch | null {
  try {
    const parsed = CachedSchema.safeParse(JSON.parse(storage.getItem(PAY_SWITCH_STORAGE_KEY) ?? 'null'));
    return parsed.success && parsed.data.expiredTime > now ? parsed.data.switchInfo : null;
  } catch {
    return null;
  }
}

export function writePaySwitch(storage: StorageLike, switchInfo: PaySwitch, now: number): void {
  try {
    storage.setItem(PAY_SWITCH_STORAGE_KEY, JSON.stringify({ switchInfo, expiredTime: now + PAY_SWITCH_CACHE_MS }));
  } catch {
    // Storage may be full or disabled: the page still works, it just asks again next time.
  }
}

/** The pay switch from the cache, or fetched (and cached) when the cache is stale; null while loading. */
export function usePaySwitch(): PaySwitch | null {
  const [value, setValue] = useState<PaySwitch | null>(null);
  useEffect(() => {
    const cached = readPaySwitch(localStorage, Date.now());
    if (cached) {
      setValue(cached);
      return;
    }
    let live = true;
    api('/sys/config/info/getSysPaySwitch', { schema: PaySwitchSchema })
      .then((fresh) => {
        writePaySwitch(localStorage, fresh, Date.now());
        if (live) setValue(fresh);
      })
      .catch(() => {
        if (live) setValue({ aliPaySwitch: false, wxPaySwitch: false, balancePaySwitch: false });
      });
    return () => {
      live = false;
    };
  }, []);
  return value;
}
