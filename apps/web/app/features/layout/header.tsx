import { useEffect, useState, type FormEvent, type MouseEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate, useRouteLoaderData, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { SEARCH_ERROR_TOAST_MS } from '@bazaar/shared/constants/limits';
import type { WebConfig } from '@bazaar/shared/schemas/site';
import type { RootData } from '../../root.tsx';
import { apiData } from '../../lib/api.ts';
import { emitApiEvent } from '../../lib/api-events.ts';
import { onCartChanged } from '../../lib/cart-events.ts';
import './header-cart.css';
import { Dropdown } from '../../components/ui/dropdown.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { searchTarget, type SearchKind } from './search-tab.ts';

function SearchBox() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // The selector shows Store when the page was reached by a store search (section 2).
  const shopName = params.get('shopName');
  const [kind, setKind] = useState<SearchKind>(shopName !== null ? 'store' : 'product');
  const [term, setTerm] = useState(shopName ?? params.get('pn') ?? '');

  function submit(event: FormEvent) {
    event.preventDefault();
    const target = searchTarget(kind, term, location.pathname);
    if ('error' in target) showToast(t(target.error), { kind: 'warning', durationMs: SEARCH_ERROR_TOAST_MS });
    else void navigate(target.to);
  }

  return (
    <form className="search" role="search" aria-label={t('layout.header.searchLabel')} onSubmit={submit}>
      <Dropdown
        className="search__kind"
        // The button reads its visible kind, then what it is for, once: "Product, Search type".
        label={t('layout.header.searchType')}
        trigger={t(`layout.header.${kind}`)}
        items={(['product', 'store'] as const).map((value) => ({
          key: value,
          label: t(`layout.header.${value}`),
          checked: kind === value,
          onSelect: () => setKind(value),
        }))}
      />
      <input
        className="search__input"
        type="search"
        name="q"
        aria-label={t(kind === 'store' ? 'layout.header.storePlaceholder' : 'layout.header.productPlaceholder')}
        placeholder={t(kind === 'store' ? 'layout.header.storePlaceholder' : 'layout.header.productPlaceholder')}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
      />
      <button type="submit" className="search__button">
        <svg className="search__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2.2" />
          <path d="m16.5 16.5 4 4" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        {t('layout.header.search')}
      </button>
    </form>
  );
}

const CART_BADGE_MAX = 99;

/**
 * The cart entry with the number of items (GET /p/shopCart/prodCount, no login prompt), fetched
 * only for a logged-in shopper and again whenever the cart changes in this tab. A visitor's click
 * opens the login popup instead (section 2: the cart entry needs login).
 */
function CartLink() {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>('root');
  const isLoggedIn = root?.isLoggedIn ?? false;
  const [count, setCount] = useState<number | null>(null);

  useEffect(() => {
    if (!isLoggedIn) {
      setCount(null);
      return;
    }
    let controller = new AbortController();
    const load = () => {
      controller.abort();
      controller = new AbortController();
      apiData<number>('/p/shopCart/prodCount', { noLoginPrompt: true, silent: true, signal: controller.signal })
        .then(setCount)
        .catch(() => undefined);
    };
    load();
    const unsubscribe = onCartChanged(load);
    return () => {
      unsubscribe();
      controller.abort();
    };
  }, [isLoggedIn]);

  function onClick(event: MouseEvent) {
    if (isLoggedIn) return;
    event.preventDefault();
    // The layout opens the login popup on this event (features do not import each other).
    emitApiEvent({ type: 'login-required' });
  }

  // The name is the visible words with the count spelled out after them (WCAG 2.5.3).
  return (
    <Link to="/cart" className="cart-link" onClick={onClick}>
      <svg className="cart-link__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M3 4h2.2l2.1 10.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="9.5" cy="19.5" r="1.4" fill="currentColor" />
        <circle cx="17" cy="19.5" r="1.4" fill="currentColor" />
      </svg>
      <span>{t('store.cart.label')}</span>
      {count ? (
        <>
          <span className="cart-link__badge" aria-hidden="true" data-testid="cart-count">
            {count > CART_BADGE_MAX ? `${CART_BADGE_MAX}+` : count}
          </span>
          <span className="visually-hidden">, {t('store.cart.count', { count })}</span>
        </>
      ) : null}
    </Link>
  );
}

/** The site header: logo, the main links, the product/store search and the cart. */
export function SiteHeader({ webConfig }: { webConfig: WebConfig }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__logo" aria-label={t('layout.header.logoAlt')}>
          {webConfig.pcLogoImgText ? <img src={webConfig.pcLogoImgText} alt="" height={48} /> : <span className="site-header__logo-text">{t('common.appName')}</span>}
        </Link>
        <nav className="site-header__nav" aria-label={t('layout.header.nav')}>
          <NavLink to="/" end className="site-header__link">
            {t('layout.header.home')}
          </NavLink>
          <NavLink to="/list?st=0" className="site-header__link">
            {t('layout.header.productList')}
          </NavLink>
          <NavLink to="/special-discount" className="site-header__link">
            {t('discountPage.entry')}
          </NavLink>
        </nav>
        {/* Re-created per URL so the box shows the current query after a search. */}
        <SearchBox key={`${location.pathname}${location.search}`} />
        <CartLink />
      </div>
    </header>
  );
}
