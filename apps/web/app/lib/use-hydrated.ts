import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in the server's HTML and during hydration, true afterwards. The account forms keep their
 * buttons disabled until then (a native submit of the server-rendered form would put the
 * password into the URL), and so do buttons in lazily hydrated parts (a click before their
 * handler exists is lost).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
