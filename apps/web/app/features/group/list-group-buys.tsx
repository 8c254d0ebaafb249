import { provideCatalog, useTranslation } from '../../lib/i18n.tsx';
import { uiGroupbuy as zh } from '@bazaar/shared/i18n/zh/ui-groupbuy';
import { uiGroupbuy as en } from '@bazaar/shared/i18n/en/ui-groupbuy';
import type { GroupActivityCard } from '@bazaar/shared/schemas/group';
import { Pagination } from '../../components/ui/pagination.tsx';
import { GroupActivityCardView } from './group-card.tsx';
import './group.css';

// /list is a landing page with the core texts only (lib/texts.ts): this chunk brings the group
// texts before its first render, so the browser draws what the server drew.
provideCatalog('zh', zh);
provideCatalog('en', en);

/** /list?st=3 (a search made from /group-buy): the group activities found, as /group-buy's cards. A chunk of its own. */
export default function ListGroupBuys({ records, current, pages }: { records: GroupActivityCard[]; current: number; pages: number }) {
  const { t } = useTranslation();
  return (
    <section className="card group-page__list" aria-label={t('groupBuy.page.productsLabel')}>
      <ul className="group-page__grid">
        {records.map((card) => (
          <li key={card.groupActivityId}>
            <GroupActivityCardView card={card} />
          </li>
        ))}
      </ul>
      <Pagination current={current} pages={pages} />
    </section>
  );
}
