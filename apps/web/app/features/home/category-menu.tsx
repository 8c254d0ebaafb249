import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { PageLink } from '../../components/ui/page-link.tsx';

export const categoryHref = (categoryId: number) => `/list?categoryId=${categoryId}`;

/** Opening on hover waits a moment, so a pointer crossing the menu on its way elsewhere opens nothing. */
const HOVER_DELAY_MS = 120;

/**
 * The home page's three-level category menu (parentCategoryList > categoryList > thCategoryList).
 * A top category opens its panel on hover or when its link gets keyboard focus; the panel's links
 * follow it in the tab order, and Escape closes it.
 */
/** What the menu draws of a category (the home loader sends no more): its picture only at the top. */
export type MenuCategory = { categoryId: number; categoryName: string; pic?: string | null; children: MenuCategory[] };

export function CategoryMenu({ categories }: { categories: MenuCategory[] }) {
  const { t } = useTranslation();
  const baseId = useId();
  const [active, setActive] = useState<number | null>(null);
  const timer = useRef<number | undefined>(undefined);

  function openLater(id: number) {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setActive(id), active === null ? HOVER_DELAY_MS : 0);
  }

  function close() {
    window.clearTimeout(timer.current);
    setActive(null);
  }

  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Escape' || active === null) return;
    event.preventDefault();
    const link = document.getElementById(`${baseId}-link-${active}`);
    close();
    link?.focus();
  }

  return (
    <nav className="category-menu" aria-label={t('categoryMenu.label')} onMouseLeave={close} onBlur={onBlur} onKeyDown={onKeyDown}>
      <h2 className="category-menu__title">{t('categoryMenu.title')}</h2>
      <ul className="category-menu__list">
        {categories.map((top) => {
          const open = active === top.categoryId;
          const panelId = `${baseId}-panel-${top.categoryId}`;
          return (
            <li key={top.categoryId} className={`category-menu__item${open ? ' category-menu__item--open' : ''}`} onMouseEnter={() => openLater(top.categoryId)}>
              <Link
                id={`${baseId}-link-${top.categoryId}`}
                to={categoryHref(top.categoryId)}
                className="category-menu__top"
                aria-expanded={top.children.length > 0 ? open : undefined}
                aria-controls={top.children.length > 0 ? panelId : undefined}
                onFocus={() => {
                  window.clearTimeout(timer.current);
                  setActive(top.categoryId);
                }}
              >
                {top.pic ? <img className="category-menu__icon" src={top.pic} alt="" width={20} height={20} loading="lazy" decoding="async" /> : null}
                <span className="category-menu__name">{top.categoryName}</span>
                <span className="category-menu__caret" aria-hidden="true" />
              </Link>
              {top.children.length > 0 ? (
                <div id={panelId} className="category-panel" hidden={!open} role="group" aria-label={top.categoryName}>
                  {top.children.map((mid) => (
                    <dl key={mid.categoryId} className="category-panel__row">
                      <dt>
                        <PageLink to={categoryHref(mid.categoryId)} className="category-panel__mid">
                          {mid.categoryName}
                          <span className="category-panel__arrow" aria-hidden="true">
                            ›
                          </span>
                        </PageLink>
                      </dt>
                      <dd>
                        {mid.children.map((leaf) => (
                          <PageLink key={leaf.categoryId} to={categoryHref(leaf.categoryId)} className="category-panel__leaf">
                            {leaf.categoryName}
                          </PageLink>
                        ))}
                      </dd>
                    </dl>
                  ))}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
