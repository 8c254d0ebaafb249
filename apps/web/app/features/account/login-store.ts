import { useSyncExternalStore } from 'react';

// Whether the login popup is open. Anything may open it: the API client's 401 event,
// login-gated top-bar entries, pages of other features.
let open = false;
const listeners = new Set<() => void>();

function setOpen(value: boolean): void {
  if (open === value) return;
  open = value;
  for (const listener of listeners) listener();
}

export function openLogin(): void {
  setOpen(true);
}

export function closeLogin(): void {
  setOpen(false);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoginOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}
