import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import type { Language } from '@bazaar/shared/constants/limits';
import type { ChatOrderCard, ChatProductCard } from '@bazaar/shared/schemas/chat';
import { Button } from '../../components/ui/button.tsx';
import { formatYuan } from '../../lib/format.ts';
import { loadRecent } from './chat-api.ts';

interface Loaded {
  products: ChatProductCard[];
  orders: ChatOrderCard[];
  current: number;
  morePages: boolean;
}

/** recentBrowse's cards (my recent products of this shop and my orders with it), to send one. */
export function RecentCards({ id, shopId, lang, onPick, onClose }: { id: string; shopId: number; lang: Language; onPick: (kind: 'product' | 'order', content: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  async function load(current: number) {
    setBusy(true);
    setFailed(false);
    try {
      const page = await loadRecent(shopId, current);
      setLoaded((before) => ({
        products: [...(current > 1 ? (before?.products ?? []) : []), ...page.products.records],
        orders: [...(current > 1 ? (before?.orders ?? []) : []), ...page.orders.records],
        current,
        morePages: current < Math.max(page.products.pages, page.orders.pages),
      }));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    void load(1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shopId]);

  return (
    <section id={id} className="chat-recent" aria-labelledby={`${id}-title`} aria-busy={busy || undefined}>
      <div className="chat-recent__head">
        <h3 id={`${id}-title`} className="chat-recent__title">
          {t('chat.recent.title')}
        </h3>
        <button type="button" className="chat-link-button" onClick={onClose}>
          {t('chat.recent.close')}
        </button>
      </div>
      {failed ? (
        <p className="chat-recent__empty">
          {t('chat.recent.loadFailed')}{' '}
          <Button size="sm" variant="secondary" onClick={() => void load(loaded ? loaded.current + 1 : 1)}>
            {t('chat.status.retry')}
          </Button>
        </p>
      ) : null}
      {loaded ? (
        <div className="chat-recent__columns">
          <div>
            <h4 className="chat-recent__subtitle">{t('chat.recent.products')}</h4>
            {loaded.products.length === 0 ? <p className="chat-recent__empty">{t('chat.recent.noProducts')}</p> : null}
            <ul className="chat-recent__list">
              {loaded.products.map((p) => (
                <li key={p.prodId} className="chat-recent__item">
                  {p.pic ? <img src={p.pic} alt="" width={40} height={40} loading="lazy" /> : null}
                  <span className="chat-recent__name">{lang === 'en' && p.prodNameEn ? p.prodNameEn : p.prodName}</span>
                  <span className="chat-recent__meta">{formatYuan(p.price, lang)}</span>
                  <Button size="sm" variant="secondary" onClick={() => onPick('product', String(p.prodId))} aria-label={`${t('chat.card.send')} ${p.prodName}`}>
                    {t('chat.card.send')}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h4 className="chat-recent__subtitle">{t('chat.recent.orders')}</h4>
            {loaded.orders.length === 0 ? <p className="chat-recent__empty">{t('chat.recent.noOrders')}</p> : null}
            <ul className="chat-recent__list">
              {loaded.orders.map((o) => (
                <li key={o.orderNumber} className="chat-recent__item">
                  {o.pic ? <img src={o.pic} alt="" width={40} height={40} loading="lazy" /> : null}
                  <span className="chat-recent__name">
                    {lang === 'en' && o.prodNameEn ? o.prodNameEn : o.prodName}
                    <span className="chat-recent__meta">{t('chat.card.orderNumber', { orderNumber: o.orderNumber })}</span>
                  </span>
                  <span className="chat-recent__meta">{formatYuan(o.actualTotal, lang)}</span>
                  <Button size="sm" variant="secondary" onClick={() => onPick('order', o.orderNumber)} aria-label={`${t('chat.card.send')} ${t('chat.card.orderNumber', { orderNumber: o.orderNumber })}`}>
                    {t('chat.card.send')}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
          {loaded.morePages ? (
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => void load(loaded.current + 1)}>
              {t('chat.recent.more')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
