import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import type { Route } from './+types/shop-list';
import { SHOP_TYPE } from '@bazaar/shared/constants/shop-status';
import { SHOP_SEARCH_MAX_LENGTH, ShopSearchPageSchema } from '@bazaar/shared/schemas/shop';
import { api } from '../lib/api.ts';
import { apiContextFor } from '../lib/request-api.server.ts';
import { pageTitle } from '../components/page-meta.ts';
import { Pagination } from '../components/ui/pagination.tsx';
import { Price } from '../components/ui/price.tsx';
import { buttonClass } from '../components/ui/button.tsx';
import { highlight } from '../features/store/highlight.tsx';
import { storeHref } from '../features/store/store-query.ts';
import '../features/store/store.css';

const SHOP_LIST_PAGE_SIZE = 10;
const PAGE_MAX = 100_000;

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: 'storeList.title' });
}

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const shopName = (params.get('shopName') ?? '').trim().slice(0, SHOP_SEARCH_MAX_LENGTH);
  const requested = Number(params.get('current') ?? 1);
  const current = Number.isInteger(requested) && requested >= 1 ? Math.min(requested, PAGE_MAX) : 1;
  const page = await api('/shop/searchShops', {
    ...apiContextFor(request),
    query: { shopName, current, size: SHOP_LIST_PAGE_SIZE },
    schema: ShopSearchPageSchema,
  });
  return { shopName, page };
}

export default function ShopList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { shopName, page } = loaderData;
  return (
    <div className="container page-section">
      <section className="card shop-list" aria-labelledby="shop-list-title">
        <div className="card__header">
          <h1 id="shop-list-title" className="card__title card__title--lg">
            {t('storeList.title')}
          </h1>
          <p className="shop-list__summary" role="status">
            {shopName ? t('storeList.resultFor', { count: page.total, name: shopName }) : t('storeList.all', { count: page.total })}
          </p>
        </div>
        {page.records.length === 0 ? (
          <p className="empty-text">{t('storeList.empty')}</p>
        ) : (
          <ul className="shop-rows">
            {page.records.map((shop) => (
              <li key={shop.shopId} className="shop-row">
                <div className="shop-row__info">
                  {shop.shopLogo ? <img className="shop-row__logo" src={shop.shopLogo} alt="" width={72} height={72} loading="lazy" decoding="async" /> : null}
                  <div className="shop-row__text">
                    <h2 className="shop-row__name">
                      <Link to={storeHref(shop.shopId)}>{highlight(shop.shopName, shopName ? [shopName] : [])}</Link>
                      {shop.type === SHOP_TYPE.selfRun ? <span className="shop-badge">{t('storeList.selfRun')}</span> : null}
                    </h2>
                    <p className="shop-row__meta">
                      <span>{t('storeList.score', { score: shop.shopScore.toFixed(1) })}</span>
                      <span>{t('storeList.products', { count: shop.prodCount })}</span>
                    </p>
                    <p className="shop-row__intro">{shop.intro}</p>
                    <Link to={storeHref(shop.shopId)} className={buttonClass({ variant: 'secondary', size: 'sm' })} aria-label={`${t('storeList.enter')} ${shop.shopName}`}>
                      {t('storeList.enter')}
                    </Link>
                  </div>
                </div>
                <ul className="shop-row__products">
                  {shop.products.map((product) => (
                    <li key={product.prodId}>
                      <Link to={`/detail/${product.prodId}`} className="shop-thumb" title={product.prodName}>
                        <img src={product.pic} alt={product.prodName} width={120} height={120} loading="lazy" decoding="async" />
                        <Price fen={product.price} />
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
        <Pagination current={page.current} pages={page.pages} />
      </section>
    </div>
  );
}
