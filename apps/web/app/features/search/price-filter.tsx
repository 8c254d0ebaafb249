import { useState, type FormEvent } from 'react';
import { Form, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { fenToYuan, listHref, yuanToFen, type ListState } from './list-query.ts';

/**
 * Price range typed in yuan and the in-stock switch. Without JavaScript the form is a plain GET
 * that carries the other parameters; with it, the input is checked first. `stockFilter` false leaves
 * out the in-stock switch (the group-buy tab: a group activity keeps no stock of its own).
 */
export function PriceFilter({ state, stockFilter = true }: { state: ListState; stockFilter?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const initialMin = state.minPrice === undefined ? '' : fenToYuan(state.minPrice);
  const initialMax = state.maxPrice === undefined ? '' : fenToYuan(state.maxPrice);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const min = String(form.get('minPrice') ?? '').trim();
    const max = String(form.get('maxPrice') ?? '').trim();
    const minFen = min ? yuanToFen(min) : undefined;
    const maxFen = max ? yuanToFen(max) : undefined;
    if (minFen === null || maxFen === null) return setError(t('listPage.filters.priceInvalid'));
    if (minFen !== undefined && maxFen !== undefined && minFen > maxFen) return setError(t('listPage.errors.priceRange'));
    setError(null);
    void navigate(listHref(location.search, { minPrice: min || null, maxPrice: max || null }, location.pathname));
  }

  const keep = (['pn', 'st', 'categoryId', 'sort'] as const).filter((k) => new URLSearchParams(location.search).get(k));
  return (
    <Form method="get" className="list-filter__row" onSubmit={onSubmit} noValidate key={location.search}>
      {keep.map((k) => (
        <input key={k} type="hidden" name={k} value={new URLSearchParams(location.search).get(k) ?? ''} />
      ))}
      <span className="list-filter__label" id="list-filter-price">
        {t('listPage.filters.price')}
      </span>
      <div className="list-filter__options list-filter__price" role="group" aria-labelledby="list-filter-price">
        <input
          className="field__input list-filter__input"
          name="minPrice"
          inputMode="decimal"
          aria-label={t('listPage.filters.minPrice')}
          placeholder={t('listPage.filters.minPrice')}
          defaultValue={initialMin}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'list-filter-error' : undefined}
        />
        <span aria-hidden="true">–</span>
        <input
          className="field__input list-filter__input"
          name="maxPrice"
          inputMode="decimal"
          aria-label={t('listPage.filters.maxPrice')}
          placeholder={t('listPage.filters.maxPrice')}
          defaultValue={initialMax}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'list-filter-error' : undefined}
        />
        <button type="submit" className="btn btn--secondary btn--sm">
          {t('listPage.filters.apply')}
        </button>
        {stockFilter ? (
          <label className="list-filter__check">
            <input
              type="checkbox"
              name="hasStock"
              value="1"
              defaultChecked={state.hasStock}
              onChange={(event) => void navigate(listHref(location.search, { hasStock: event.currentTarget.checked ? '1' : null }, location.pathname))}
            />
            {t('listPage.filters.hasStock')}
          </label>
        ) : null}
        {error ? (
          <span id="list-filter-error" className="field__error" role="alert">
            {error}
          </span>
        ) : null}
      </div>
    </Form>
  );
}
