import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { clampQuantity } from './sku-selection.ts';
import { correctionMessage, readQuantity } from '../../lib/quantity.ts';
import { showToast } from '../../components/ui/toast.tsx';

/** A quantity between 1 and max, typed or stepped; what is typed is brought into range on blur, saying what was corrected. */
export function QuantityInput({ value, max, onChange }: { value: number; max: number; onChange: (value: number) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const disabled = max <= 0;

  function commit(raw: string) {
    const read = readQuantity(raw, value, max);
    const message = correctionMessage(read);
    if (message) showToast(t(...message), { kind: 'warning' });
    setText(String(read.value));
    onChange(read.value);
  }

  return (
    <div className="quantity">
      <button type="button" className="quantity__step" aria-label={t('product.decrease')} disabled={disabled || value <= 1} onClick={() => onChange(clampQuantity(value - 1, max))}>
        −
      </button>
      <input
        id="quantity-input"
        className="quantity__input"
        inputMode="numeric"
        aria-label={t('product.quantity')}
        value={text}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        onBlur={(event) => commit(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(event.currentTarget.value);
        }}
      />
      <button type="button" className="quantity__step" aria-label={t('product.increase')} disabled={disabled || value >= max} onClick={() => onChange(clampQuantity(value + 1, max))}>
        +
      </button>
    </div>
  );
}
