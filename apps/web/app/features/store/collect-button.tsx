import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { apiData } from '../../lib/api.ts';
import { showToast } from '../../components/ui/toast.tsx';

/**
 * Collect (follow) a store. The state is asked only for a logged-in shopper (a 401 is silent);
 * a visitor's click opens the login popup through onLogin.
 */
export function CollectButton({ shopId, isLoggedIn, onLogin, onChange }: { shopId: number; isLoggedIn: boolean; onLogin: () => void; onChange: (collected: boolean) => void }) {
  const { t } = useTranslation();
  const [collected, setCollected] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!isLoggedIn) return;
    const controller = new AbortController();
    apiData<boolean>('/p/shop/collection/isCollection', { query: { shopId }, silent: true, noLoginPrompt: true, signal: controller.signal })
      .then(setCollected)
      .catch(() => undefined);
    return () => controller.abort();
  }, [shopId, isLoggedIn]);

  async function toggle() {
    if (!isLoggedIn) {
      onLogin();
      return;
    }
    if (busy) return;
    setBusy(true);
    try {
      const now = await apiData<boolean>('/p/shop/collection/addOrCancel', { method: 'POST', body: shopId });
      setCollected(now);
      onChange(now);
      showToast(t(now ? 'store.head.collectDone' : 'store.head.collectCancelled'), { kind: 'success' });
    } catch {
      // The API client has shown the problem or opened the login popup.
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={`btn btn--md ${collected ? 'btn--secondary' : 'btn--primary'} collect-button`}
      aria-pressed={collected}
      aria-busy={busy || undefined}
      onClick={() => void toggle()}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="collect-button__icon">
        <path
          d="M12 20.5s-7.5-4.6-7.5-10.1A4.4 4.4 0 0 1 12 7.6a4.4 4.4 0 0 1 7.5 2.8c0 5.5-7.5 10.1-7.5 10.1Z"
          fill={collected ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </svg>
      {t(collected ? 'store.head.collected' : 'store.head.collect')}
    </button>
  );
}
