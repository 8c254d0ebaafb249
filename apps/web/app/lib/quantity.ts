// What a typed quantity becomes, and why: a cart line or a purchase is 1..max items. Nothing is
// corrected silently: "-3" is not read as "3", and each correction comes with the reason to show.

export type QuantityCorrection = 'invalid' | 'min' | 'max';

export interface ReadQuantity {
  value: number;
  /** Why the typed text was not taken as it is; null when it was. */
  correction: QuantityCorrection | null;
}

/**
 * Reads what the shopper typed into a quantity box. A whole number within 1..max is taken; below 1
 * (0, "-3") becomes 1 and above max becomes max; anything else ("", "1.5", "abc") keeps `current`.
 * `max` below 1 leaves nothing to buy (0).
 */
export function readQuantity(raw: string, current: number, max: number): ReadQuantity {
  if (max < 1) return { value: 0, correction: null };
  const text = raw.trim();
  if (!/^[-+]?\d+$/.test(text)) return { value: current, correction: 'invalid' };
  const n = Number(text);
  if (n < 1) return { value: 1, correction: 'min' };
  if (n > max) return { value: max, correction: 'max' };
  return { value: n, correction: null };
}

/** The i18n key and values of a correction's message. */
export function correctionMessage(result: ReadQuantity): [key: string, values: { value: number }] | null {
  return result.correction ? [`common.quantity.${result.correction}`, { value: result.value }] : null;
}
