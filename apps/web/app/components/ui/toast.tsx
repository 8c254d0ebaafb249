import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';

export type ToastKind = 'warning' | 'error' | 'success' | 'info';

export interface ToastMessage {
  id: number;
  kind: ToastKind;
  message: string;
  durationMs: number;
}

export const TOAST_DEFAULT_MS = 2_000;

// One message at a time (section 8): a new toast replaces the one on screen.
let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: ToastMessage | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export function showToast(message: string, options: { kind?: ToastKind; durationMs?: number } = {}): void {
  if (!message) return;
  publish({ id: nextId++, kind: options.kind ?? 'info', message, durationMs: options.durationMs ?? TOAST_DEFAULT_MS });
}

export function dismissToast(id?: number): void {
  if (id === undefined || current?.id === id) publish(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => current;
const getServerSnapshot = () => null;

const ICONS: Record<ToastKind, string> = { warning: '!', error: '×', success: '✓', info: 'i' };

/** Rendered once by the app shell. The live region stays mounted so screen readers hear changes. */
export function ToastHost() {
  const toast = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const { t } = useTranslation();

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => dismissToast(toast.id), toast.durationMs);
    return () => window.clearTimeout(timer);
  }, [toast]);

  return (
    <div className="toast-region" role="region" aria-label={t('toast.label')}>
      <div aria-live={toast?.kind === 'error' ? 'assertive' : 'polite'} aria-atomic="true">
        {toast ? (
          <div key={toast.id} className={`toast toast--${toast.kind}`}>
            <span className="toast__icon" aria-hidden="true">
              {ICONS[toast.kind]}
            </span>
            <span className="toast__text">{toast.message}</span>
          </div>
        ) : null}
      </div>
    </div>
  );
}
