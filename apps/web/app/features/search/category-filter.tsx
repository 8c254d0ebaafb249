import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import type { CategoryNode } from '@bazaar/shared/schemas/catalog';
import { listHref } from './list-query.ts';

/** A category as the filter shows it: no subtree, so the page carries only what it draws. */
export interface CategoryChip {
  categoryId: number;
  categoryName: string;
}

/** One row of chips: the children of `parent` (the top categories when it is null). */
export interface CategoryRow {
  parent: CategoryChip | null;
  nodes: CategoryChip[];
}

const chip = ({ categoryId, categoryName }: CategoryNode): CategoryChip => ({ categoryId, categoryName });

/** The nodes from the top down to the category with this id, or [] when it is not in the tree. */
export function categoryPath(tree: readonly CategoryNode[], id: number | undefined): CategoryNode[] {
  if (id === undefined) return [];
  for (const node of tree) {
    if (node.categoryId === id) return [node];
    const below = categoryPath(node.children, id);
    if (below.length) return [node, ...below];
  }
  return [];
}

/** Drill-down rows (computed by the loader): the top categories, then the children of each chosen level. */
export function categoryRows(tree: readonly CategoryNode[], path: readonly CategoryNode[]): CategoryRow[] {
  const rows: CategoryRow[] = [{ parent: null, nodes: tree.map(chip) }];
  for (const node of path) if (node.children.length) rows.push({ parent: chip(node), nodes: node.children.map(chip) });
  return rows;
}

export function CategoryFilter({ rows, selected }: { rows: readonly CategoryRow[]; selected: readonly number[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  const href = (id: number | null) => listHref(location.search, { categoryId: id === null ? null : String(id) }, location.pathname);
  const last = selected[selected.length - 1];

  return (
    <div className="list-filter__row">
      <span className="list-filter__label" id="list-filter-category">
        {t('listPage.filters.category')}
      </span>
      <nav className="list-filter__options" aria-labelledby="list-filter-category">
        {rows.map(({ nodes, parent }, level) => (
          <ul key={parent?.categoryId ?? 'top'} className={`list-filter__chips list-filter__chips--level${level + 1}`}>
            <li>
              <Link
                to={href(parent?.categoryId ?? null)}
                className="list-filter__chip"
                aria-current={(parent === null ? last === undefined : last === parent.categoryId) ? 'true' : undefined}
              >
                {parent ? parent.categoryName : t('listPage.filters.allCategories')}
              </Link>
            </li>
            {nodes.map((node) => (
              <li key={node.categoryId}>
                <Link to={href(node.categoryId)} className="list-filter__chip" aria-current={selected.includes(node.categoryId) ? 'true' : undefined}>
                  {node.categoryName}
                </Link>
              </li>
            ))}
          </ul>
        ))}
      </nav>
    </div>
  );
}
