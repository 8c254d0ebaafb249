import { useTranslation } from '../../lib/i18n.tsx';
import type { Sku, SpecGroup } from '@bazaar/shared/schemas/product';
import { isValueAvailable, type Selection } from './sku-selection.ts';

/**
 * One radio group per spec. A value that cannot go with the other choices (no such SKU, or
 * sold out) is disabled.
 */
export function SkuPicker({ skus, groups, selection, onChoose }: { skus: Sku[]; groups: SpecGroup[]; selection: Selection; onChoose: (group: number, value: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="sku-picker">
      {groups.map((group, g) => (
        <div key={`${group.name}-${g}`} className="purchase__row">
          <span className="purchase__label" id={`spec-${g}`}>
            {group.name}
          </span>
          <div className="sku-picker__values" role="radiogroup" aria-labelledby={`spec-${g}`}>
            {group.values.map((value) => {
              const checked = selection[g] === value;
              const available = isValueAvailable(skus, selection, g, value);
              return (
                <button
                  key={value}
                  type="button"
                  role="radio"
                  aria-checked={checked}
                  disabled={!available && !checked}
                  title={available ? undefined : t('product.specUnavailable', { value })}
                  className="sku-picker__value"
                  onClick={() => onChoose(g, value)}
                >
                  {value}
                </button>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
