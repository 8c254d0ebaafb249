// Integer arithmetic for the pipeline: exact floor(a * b / c) and proportional spreading.

/** floor(a * b / c) for non-negative integers, exact even when a * b passes 2^53. */
export function mulDiv(a: number, b: number, c: number): number {
  const p = a * b;
  if (Number.isSafeInteger(p)) {
    let q = Math.floor(p / c);
    // Float division may round across an integer boundary near 2^53: correct by one either way.
    if (q * c > p) q -= 1;
    else if ((q + 1) * c <= p) q += 1;
    return q;
  }
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

/** Fen off `amount` at `rate` percent paid (one decimal at most: 87.5 = 8.75折), rounded down. */
export function discountOff(amount: number, rate: number): number {
  const offPermille = 1000 - Math.round(rate * 10);
  if (offPermille <= 0 || amount <= 0) return 0;
  if (offPermille >= 1000) return amount;
  return mulDiv(amount, offPermille, 1000);
}

/**
 * Parts of a count (points) in proportion to `weights`: floor(amount * w / W) each, the largest
 * weight (the first of equals) takes the remainder. Unlike `spread`, a part may pass its weight.
 */
export function apportion(amount: number, weights: readonly number[]): number[] {
  const n = weights.length;
  const parts = new Array<number>(n).fill(0);
  if (amount <= 0 || n === 0) return parts;
  let total = 0;
  let largest = 0;
  for (let i = 0; i < n; i++) {
    total += weights[i]!;
    if (weights[i]! > weights[largest]!) largest = i;
  }
  if (total === 0) {
    parts[0] = amount;
    return parts;
  }
  let given = 0;
  for (let i = 0; i < n; i++) {
    parts[i] = mulDiv(amount, weights[i]!, total);
    given += parts[i]!;
  }
  parts[largest] = parts[largest]! + amount - given;
  return parts;
}

/**
 * Spread `amount` fen over lines in proportion to `weights` (each line's amount): every share is
 * floor(amount * w / W) and the largest line takes the rounding remainder (the first of equals). A
 * share never passes its weight; when the largest line has no room left the next largest takes the rest.
 * `amount` must not exceed the sum of the weights.
 */
export function spread(amount: number, weights: readonly number[]): number[] {
  const n = weights.length;
  const shares = new Array<number>(n).fill(0);
  if (amount <= 0 || n === 0) return shares;
  let total = 0;
  let largest = 0;
  for (let i = 0; i < n; i++) {
    total += weights[i]!;
    if (weights[i]! > weights[largest]!) largest = i;
  }
  if (amount > total) throw new RangeError(`spread: ${amount} exceeds the lines' ${total}`);
  let given = 0;
  for (let i = 0; i < n; i++) {
    const share = mulDiv(amount, weights[i]!, total);
    shares[i] = share;
    given += share;
  }
  let rest = amount - given;
  if (rest === 0) return shares;
  const room = weights[largest]! - shares[largest]!;
  if (room >= rest) {
    shares[largest] = shares[largest]! + rest;
    return shares;
  }
  const order = weights.map((_, i) => i).sort((a, b) => weights[b]! - weights[a]! || a - b);
  for (const i of order) {
    const take = Math.min(rest, weights[i]! - shares[i]!);
    shares[i] = shares[i]! + take;
    rest -= take;
    if (rest === 0) break;
  }
  return shares;
}
