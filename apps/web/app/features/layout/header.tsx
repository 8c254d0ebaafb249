import { useState, type FormEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SEARCH_ERROR_TOAST_MS } from '@bazaar/shared/constants/limits';
import type { WebConfig } from '@bazaar/shared/schemas/site';
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
        label={`${t('layout.header.searchType')}: ${t(`layout.header.${kind}`)}`}
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
        maxLength={100}
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

/** The site header: logo, the main links and the product/store search. */
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
        </nav>
        {/* Re-created per URL so the box shows the current query after a search. */}
        <SearchBox key={`${location.pathname}${location.search}`} />
      </div>
    </header>
  );
}
