// The way to pay for something that is not an order (a balance top-up, a paid membership): the
// methods the pay switch offers, as radio buttons with their marks, the first chosen until the
// shopper picks another. The order's payment page has its own list (the balance's shortfall note).
import { useState, type ReactNode } from 'react';

export interface PayMethodOption<M extends number> {
  type: M;
  label: string;
  mark: ReactNode;
}

/** The chosen method: the shopper's pick while the list still offers it, else the list's first; null while the list loads or is empty. */
export function usePayMethod<M extends number>(methods: Array<PayMethodOption<M>> | null): [M | null, (method: M) => void] {
  const [method, setMethod] = useState<M | null>(null);
  const selected = method !== null && methods?.some((m) => m.type === method) ? method : (methods?.[0]?.type ?? null);
  return [selected, setMethod];
}

export function PayMethodChoice<M extends number>({
  methods,
  selected,
  onSelect,
  className,
  legend,
  legendClassName,
  none,
  noneClassName,
}: {
  /** Null while the pay switch loads: nothing is shown. */
  methods: Array<PayMethodOption<M>> | null;
  selected: M | null;
  onSelect: (method: M) => void;
  className: string;
  legend: string;
  legendClassName: string;
  /** What an empty list says (no gateway switched on). */
  none: string;
  noneClassName: string;
}) {
  return (
    <fieldset className={className}>
      <legend className={legendClassName}>{legend}</legend>
      {methods === null ? null : methods.length === 0 ? (
        <p className={noneClassName}>{none}</p>
      ) : (
        methods.map((m) => (
          <label key={m.type} className="pay-method">
            <input type="radio" name="payType" value={m.type} checked={selected === m.type} onChange={() => onSelect(m.type)} />
            {m.mark}
            <span className="pay-method__text">
              <span className="pay-method__name">{m.label}</span>
            </span>
          </label>
        ))
      )}
    </fieldset>
  );
}
