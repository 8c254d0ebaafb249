// The API client reports what the UI must react to (section 8); the root layout listens.
export type ApiEvent =
  | { type: 'warning'; message: string }
  | { type: 'error'; message: string }
  | { type: 'login-required' }
  /** The API refused the token the page held (a 401): it is gone, and the page must show a visitor (section 4). */
  | { type: 'session-ended' }
  | { type: 'activity-ended' };

type Listener = (event: ApiEvent) => void;
const listeners = new Set<Listener>();

export function onApiEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitApiEvent(event: ApiEvent): void {
  for (const listener of listeners) listener(event);
}
