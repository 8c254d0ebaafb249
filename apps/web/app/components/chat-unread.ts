import { useEffect, useState } from 'react';
import type { Language } from '@bazaar/shared/constants/limits';

/**
 * The top bar's unread total (null: not known, no mark), for a logged-in shopper: the socket's
 * module loads after hydration once the browser is idle (features/chat/unread-mark.ts).
 */
export function useChatUnread(userId: string | null | undefined, lang: Language): number | null {
  const [unread, setUnread] = useState<number | null>(null);
  useEffect(() => {
    setUnread(null);
    if (!userId) return;
    let stop: (() => void) | undefined;
    let gone = false;
    const idle = window.requestIdleCallback ?? setTimeout;
    idle(() => {
      // A failed download only leaves the mark out (no reload as for a page's chunk).
      import('../features/chat/unread-mark.ts')
        .then((m) => m.watchUnread(userId, lang, (n) => gone || setUnread(n)))
        .then((s) => (gone ? s() : (stop = s)), () => undefined);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [userId, lang]);
  return unread;
}
