// The shopper's addresses changed in this tab (added, edited, deleted, a new default): whoever
// keeps something derived from them (the product page's ship-to province) forgets it.
type Listener = () => void;
const listeners = new Set<Listener>();

export function onAddressesChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyAddressesChanged(): void {
  for (const listener of listeners) listener();
}
