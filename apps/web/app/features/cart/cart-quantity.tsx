import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { clampCount } from './cart-state.ts';
import { correctionMessage, readQuantity } from '../../lib/quantity.ts';
import { showToast } from '../../components/ui/toast.tsx';

/**
 * A line's quantity: stepped or typed, kept within 1..max (stock and the line maximum). When the
 * stock fell below the line, only lowering is offered. A typed value out of range is corrected
 * and the shopper is told what was corrected.
 */
export function CartQuantity({ name, value, max, onChange }: { name: string; value: number; max: number; onChange: (value: number) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);

  function commit(raw: string) {
    const read = readQuantity(raw, value, Math.max(max, 1));
    const message = correctionMessage(read);
    if (message) showToast(t(...message), { kind: 'warning' });
    setText(String(read.value));
    if (read.value !== value) onChange(read.value);
  }

  return (
    <div className="cart-qty">
      <button type="button" className="cart-qty__step" aria-label={t('cartPage.decrease', { name })} disabled={value <= 1} onClick={() => onChange(clampCount(value - 1, max))}>
        −
      </button>
      <input
        className="cart-qty__input"
        inputMode="numeric"
        aria-label={t('cartPage.quantity', { name })}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={(event) => commit(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(event.currentTarget.value);
        }}
      />
      <button type="button" className="cart-qty__step" aria-label={t('cartPage.increase', { name })} disabled={value >= max} onClick={() => onChange(clampCount(value + 1, max))}>
        +
      </button>
    </div>
  );
}
