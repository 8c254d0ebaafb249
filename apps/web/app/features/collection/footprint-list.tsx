import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import type { FootprintDay } from '@bazaar/shared/schemas/collection';
import { ProductCard, ProductGrid } from '../../components/product-card.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { api } from '../../lib/api.ts';

/** 'yyyy-MM-dd' of the day before. */
function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Browsed products grouped by day (GMT+8, `today` from the loader); delete one or clear all. */
export function FootprintList({ days, today }: { days: FootprintDay[]; today: string }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState(false);

  async function run(call: () => Promise<unknown>, message: string) {
    try {
      await call();
      showToast(message, { kind: 'success' });
      await revalidator.revalidate();
    } catch {
      // Shown by the API client.
    }
  }

  const remove = (id: number) => run(() => api('/p/prodBrowseLog', { method: 'DELETE', body: [id] }), t('footprint.deleted'));
  const clearAll = () => {
    setConfirming(false);
    return run(() => api('/p/prodBrowseLog/all', { method: 'DELETE' }), t('footprint.cleared'));
  };

  if (days.length === 0) {
    return (
      <div className="collection-empty">
        <p className="empty-text">{t('footprint.empty')}</p>
        <Link to="/list?st=0" className={buttonClass()}>
          {t('footprint.goShopping')}
        </Link>
      </div>
    );
  }

  const dayLabel = (date: string) => (date === today ? t('footprint.today') : date === dayBefore(today) ? t('footprint.yesterday') : date);

  return (
    <>
      <div className="collection-toolbar">
        <span className="collection-toolbar__total">{t('footprint.note')}</span>
        <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
          {t('footprint.clearAll')}
        </Button>
      </div>
      {days.map((day) => (
        <section key={day.date} className="footprint-day" aria-labelledby={`day-${day.date}`}>
          <h2 id={`day-${day.date}`} className="footprint-day__title">
            <time dateTime={day.date}>{dayLabel(day.date)}</time>
          </h2>
          <ProductGrid label={dayLabel(day.date)}>
            {day.items.map((item) => (
              <div role="listitem" key={item.id} className={`collection-item${item.onShelf ? '' : ' collection-item--off'}`}>
                <ProductCard
                  product={item}
                  footer={
                    <div className="collection-item__footer">
                      {item.onShelf ? null : <span className="collection-item__off">{t('footprint.offShelf')}</span>}
                      <button type="button" className="text-link collection-item__cancel" onClick={() => void remove(item.id)} aria-label={t('footprint.deleteItem', { name: item.prodName })}>
                        {t('footprint.delete')}
                      </button>
                    </div>
                  }
                />
              </div>
            ))}
          </ProductGrid>
        </section>
      ))}
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={t('footprint.clearConfirmTitle')}>
        <p className="collection-confirm__text">{t('footprint.clearConfirmText')}</p>
        <div className="collection-confirm__actions">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('footprint.keep')}
          </Button>
          <Button onClick={() => void clearAll()}>{t('footprint.clearConfirm')}</Button>
        </div>
      </Dialog>
    </>
  );
}
