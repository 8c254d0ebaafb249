import { useTranslation } from '../../lib/i18n.tsx';

/** The count of a group order, 1 to max, stepped (a group buy takes a few pieces, never a typed hundred). */
export function CountStepper({ id, value, max, disabled, onChange }: { id: string; value: number; max: number; disabled?: boolean; onChange: (value: number) => void }) {
  const { t } = useTranslation();
  const off = disabled || max <= 0;
  return (
    <div className="group-count">
      <button type="button" className="group-count__step" aria-label={t('product.decrease')} disabled={off || value <= 1} onClick={() => onChange(Math.max(1, value - 1))}>
        −
      </button>
      <output id={id} className="group-count__value" aria-live="polite" data-testid="group-count">
        {value}
      </output>
      <button type="button" className="group-count__step" aria-label={t('product.increase')} disabled={off || value >= max} onClick={() => onChange(Math.min(max, value + 1))}>
        +
      </button>
    </div>
  );
}
