// The SKU picker's rules, kept free of React so they are tested on their own. A SKU's
// properties 'k:v;k:v' give one value per spec group, in the groups' order.
import type { Sku, SpecGroup } from '@bazaar/shared/schemas/product';
import { CART_ITEM_MAX } from '@bazaar/shared/constants/limits';

export type Selection = (string | null)[];

/** The values of a SKU, one per group (the part after the first ':' of each pair). */
export function skuValues(sku: Pick<Sku, 'properties'>): string[] {
  return sku.properties
    .split(';')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf(':');
      return at < 0 ? pair : pair.slice(at + 1);
    });
}

const inStock = (sku: Sku) => sku.stocks !== 0;

function matches(values: string[], selection: Selection, skip = -1): boolean {
  return selection.every((chosen, i) => i === skip || chosen === null || values[i] === chosen);
}

/** The first SKU that can be bought, else the first one; its values are the initial selection. */
export function initialSelection(skus: Sku[], groups: SpecGroup[]): Selection {
  const sku = skus.find(inStock) ?? skus[0];
  if (!sku) return groups.map(() => null);
  const values = skuValues(sku);
  return groups.map((_, i) => values[i] ?? null);
}

/** The SKU of a complete selection, if there is one. */
export function selectedSku(skus: Sku[], selection: Selection): Sku | undefined {
  if (selection.some((v) => v === null)) return skus.length === 1 && selection.length === 0 ? skus[0] : undefined;
  return skus.find((sku) => {
    const values = skuValues(sku);
    return values.length === selection.length && matches(values, selection);
  });
}

/**
 * Whether `value` of group `group` can be chosen with the other groups as selected: some SKU in
 * stock has it together with them. Combinations that do not exist, or are sold out, are not.
 */
export function isValueAvailable(skus: Sku[], selection: Selection, group: number, value: string): boolean {
  return skus.some((sku) => {
    if (!inStock(sku)) return false;
    const values = skuValues(sku);
    return values[group] === value && matches(values, selection, group);
  });
}

/**
 * Chooses `value` in `group`. When the other choices do not go with it, they move to the SKU in
 * stock that keeps most of them.
 */
export function choose(skus: Sku[], selection: Selection, group: number, value: string): Selection {
  const next = selection.map((v, i) => (i === group ? value : v));
  if (selectedSku(skus, next) && isValueAvailable(skus, selection, group, value)) return next;
  let best: { values: string[]; kept: number } | null = null;
  for (const sku of skus) {
    if (!inStock(sku)) continue;
    const values = skuValues(sku);
    if (values[group] !== value) continue;
    const kept = next.reduce((n, chosen, i) => n + (chosen !== null && values[i] === chosen ? 1 : 0), 0);
    if (!best || kept > best.kept) best = { values, kept };
  }
  return best ? next.map((_, i) => best.values[i] ?? null) : next;
}

/** The most one order line may hold for a SKU: its stock, or the cart's line maximum when unlimited. */
export function maxQuantity(sku: Pick<Sku, 'stocks'> | undefined): number {
  if (!sku) return 0;
  return sku.stocks === -1 ? CART_ITEM_MAX : Math.min(sku.stocks, CART_ITEM_MAX);
}

/** A typed quantity brought into 1..max (0 when nothing can be bought). */
export function clampQuantity(value: number, max: number): number {
  if (max <= 0) return 0;
  if (!Number.isFinite(value)) return 1;
  return Math.min(Math.max(Math.trunc(value), 1), max);
}
