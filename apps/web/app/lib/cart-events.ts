// The cart changed in this tab (added on a detail page, removed in the cart): whoever shows the
// cart count listens and refetches it.
type Listener = () => void;
const listeners = new Set<Listener>();

export function onCartChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyCartChanged(): void {
  for (const listener of listeners) listener();
}
