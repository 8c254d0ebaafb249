import { provideCatalog, useTranslation } from '../../lib/i18n.tsx';
import { uiSeckill as zh } from '@bazaar/shared/i18n/zh/ui-seckill';
import { uiSeckill as en } from '@bazaar/shared/i18n/en/ui-seckill';
import type { SeckillCard } from '@bazaar/shared/schemas/seckill';
import { Pagination } from '../../components/ui/pagination.tsx';
import { SeckillProductCard } from './seckill-card.tsx';
import { useServerNow } from '../../lib/activity/server-clock.ts';
import './seckill.css';

// /list is a landing page with the core texts only (lib/texts.ts): this chunk brings the flash
// sale's own, before its first render, so the browser draws what the server drew.
provideCatalog('zh', zh);
provideCatalog('en', en);

/** /list?st=4 (a search made from /flash-sale): the flash sales found, as /flash-sale's cards. A chunk of its own. */
export default function ListFlashSales({ records, current, pages, serverTime }: { records: SeckillCard[]; current: number; pages: number; serverTime: number }) {
  const { t } = useTranslation();
  const now = useServerNow(serverTime);
  return (
    <section className="card seckill-page__session" aria-label={t('seckill.page.title')}>
      <ul className="seckill-page__grid" aria-label={t('seckill.search.resultsLabel')}>
        {records.map((card) => (
          <li key={card.seckillId}>
            <SeckillProductCard card={card} now={now} />
          </li>
        ))}
      </ul>
      <Pagination current={current} pages={pages} />
    </section>
  );
}
