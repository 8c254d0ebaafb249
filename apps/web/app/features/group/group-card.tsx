import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import type { GroupActivityCard } from '@bazaar/shared/schemas/group';
import { Price } from '../../components/ui/price.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { groupDetailHref } from './group-links.ts';
import '../../components/activity-card.css';

/**
 * One running group activity of /group-buy: picture, name, the group price next to the single price,
 * the team size and the teams formed so far; it leads to the product's group page.
 */
export function GroupActivityCardView({ card, eager = false }: { card: GroupActivityCard; eager?: boolean }) {
  const { t } = useTranslation();
  const to = groupDetailHref(card.prodId, card.groupActivityId);
  const titleId = `group-card-${card.groupActivityId}`;
  return (
    <article className="activity-card group-card" aria-labelledby={titleId} data-testid="group-card">
      <Link to={to} className="activity-card__media group-card__media" tabIndex={-1} aria-hidden="true">
        <img src={card.pic} alt="" width={200} height={200} loading={eager ? 'eager' : 'lazy'} decoding="async" />
        <span className="group-card__people">{t('groupBuy.card.people', { count: card.groupNumber })}</span>
      </Link>
      <div className="activity-card__body group-card__body">
        <h2 id={titleId} className="activity-card__name group-card__name">
          <Link to={to}>{card.prodName}</Link>
        </h2>
        <dl className="group-card__prices">
          <div className="group-card__group-price">
            <dt>{t('groupBuy.card.groupPrice')}</dt>
            <dd data-testid="group-card-price">
              <Price fen={card.groupPrice} />
            </dd>
          </div>
          <div className="group-card__single-price">
            <dt>{t('groupBuy.card.singlePrice')}</dt>
            <dd>
              <Price fen={card.price} />
            </dd>
          </div>
        </dl>
        <p className="group-card__meta">
          <span data-testid="group-card-formed">{t('groupBuy.card.teamsFormed', { count: card.teamsFormed })}</span>
          <Link to={`/shopIndex?sid=${card.shopId}`} className="group-card__shop">
            {card.shopName}
          </Link>
        </p>
        <Link to={to} className={buttonClass({ size: 'sm' })} aria-label={t('groupBuy.card.goLabel', { name: card.prodName })}>
          {t('groupBuy.card.go')}
        </Link>
      </div>
    </article>
  );
}
