import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { formatDateTime } from '../../lib/format.ts';
import type { Language } from '@bazaar/shared/constants/limits';
import type { DiscountCard, GroupBuyCard, SeckillCard } from '@bazaar/shared/schemas/home';
import { Price } from '../../components/ui/price.tsx';

interface Tile {
  key: string;
  to: string;
  pic: string;
  name: string;
  fen: number;
  oriFen: number;
  tag: string;
}

function ActivityBlock({ id, title, note, tone, tiles, more }: { id: string; title: string; note: string; tone: string; tiles: Tile[]; more?: { to: string; label: string } }) {
  return (
    <section className={`activity activity--${tone}`} aria-labelledby={id}>
      <header className="activity__header">
        <h2 id={id} className="activity__title">
          {title}
        </h2>
        <p className="activity__note">{note}</p>
        {more ? (
          <Link to={more.to} className="activity__more">
            {more.label}
          </Link>
        ) : null}
      </header>
      <ul className="activity__tiles">
        {tiles.map((tile) => (
          <li key={tile.key}>
            <Link to={tile.to} className="activity-tile">
              <img src={tile.pic} alt="" width={120} height={120} loading="lazy" decoding="async" />
              <span className="activity-tile__body">
                <span className="activity-tile__name">{tile.name}</span>
                <span className="activity-tile__tag">{tile.tag}</span>
                <Price fen={tile.fen} oriFen={tile.oriFen} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Flash sale, group buy and store deal blocks; each appears only while such activities run. */
export function ActivityBlocks({ seckills, groupBuys, discounts }: { seckills: SeckillCard[]; groupBuys: GroupBuyCard[]; discounts: DiscountCard[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const blocks: ReactNode[] = [];
  if (seckills.length > 0)
    blocks.push(
      <ActivityBlock
        key="seckill"
        id="home-seckill"
        tone="seckill"
        title={t('homePage.seckill.title')}
        note={t('homePage.seckill.note')}
        more={{ to: '/flash-sale', label: t('homePage.floors.more') }}
        tiles={seckills.map((s) => ({
          key: `s${s.seckillId}`,
          to: `/secdetail/${s.seckillId}`,
          pic: s.pic,
          name: s.prodName,
          fen: s.seckillPrice,
          oriFen: s.price,
          tag: t('homePage.seckill.endsAt', { time: formatDateTime(s.endTime, lang) }),
        }))}
      />,
    );
  if (groupBuys.length > 0)
    blocks.push(
      <ActivityBlock
        key="group"
        id="home-group-buy"
        tone="group"
        title={t('homePage.groupBuy.title')}
        note={t('homePage.groupBuy.note')}
        more={{ to: '/group-buy', label: t('homePage.floors.more') }}
        tiles={groupBuys.map((g) => ({
          key: `g${g.groupActivityId}`,
          to: `/detail/${g.prodId}?groupActivityId=${g.groupActivityId}`,
          pic: g.pic,
          name: g.prodName,
          fen: g.actPrice,
          oriFen: g.price,
          tag: t('homePage.groupBuy.people', { count: g.groupNumber }),
        }))}
      />,
    );
  if (discounts.length > 0)
    blocks.push(
      <ActivityBlock
        key="discount"
        id="home-discount"
        tone="discount"
        title={t('homePage.discount.title')}
        note={t('homePage.discount.note')}
        more={{ to: '/special-discount', label: t('discountPage.more') }}
        tiles={discounts.map((d) => ({
          key: `d${d.discountId}`,
          to: `/detail/${d.prodId}`,
          pic: d.pic,
          name: d.prodName,
          fen: d.price,
          oriFen: d.price,
          tag: `${d.shopName} · ${d.label}`,
        }))}
      />,
    );
  if (blocks.length === 0) return null;
  return <div className="activities">{blocks}</div>;
}
