// A SKU's text (its 'k:v;k:v' properties and names) in the reader's language: the product page
// and the cart both show it, so it sits below the modules.
import type { Language } from '@bazaar/shared/constants/limits';
import type { SpecGroup } from '@bazaar/shared/schemas/product';
import { SPEC_NAMES_EN } from './spec-names.ts';

export interface SkuText {
  properties: string;
  nameZh: string | null;
  nameEn: string | null;
}

/** 'k:v;k:v' -> [[k, v], ...]; a value may itself contain ':'. */
export function parseProperties(properties: string): [string, string][] {
  return properties
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf(':');
      return at < 0 ? (['', part] as [string, string]) : ([part.slice(0, at).trim(), part.slice(at + 1).trim()] as [string, string]);
    });
}

/** 'k:v;k:v' -> 'v v' (the values only): the name of a SKU that has none of its own, in orders and packages. */
export function propertyValues(properties: string): string {
  return parseProperties(properties)
    .map(([, value]) => value)
    .filter(Boolean)
    .join(' ');
}

/** A SKU's properties and name in the reader's language, with Chinese as the fallback. */
export function localizeSku(sku: SkuText, lang: Language): { pairs: [string, string][]; properties: string; skuName: string } {
  const zhPairs = parseProperties(sku.properties);
  let pairs = zhPairs;
  if (lang === 'en') {
    const enValues = sku.nameEn?.split(' / ').map((v) => v.trim());
    const aligned = enValues && enValues.length === zhPairs.length ? enValues : null;
    pairs = zhPairs.map(([k, v], i) => [SPEC_NAMES_EN[k] ?? k, aligned?.[i] || v]);
  }
  const properties = pairs.map(([k, v]) => (k ? `${k}:${v}` : v)).join(';');
  const fallbackName = pairs.map(([, v]) => v).join(lang === 'en' ? ' / ' : ' ');
  const skuName = (lang === 'en' ? sku.nameEn || sku.nameZh : sku.nameZh) || fallbackName;
  return { pairs, properties, skuName };
}

/** The picker's dimensions: names and values in first-seen order over the SKUs. */
export function specGroupsOf(skuPairs: [string, string][][]): SpecGroup[] {
  const groups: SpecGroup[] = [];
  for (const pairs of skuPairs) {
    pairs.forEach(([name, value], i) => {
      const group = (groups[i] ??= { name, values: [] });
      if (!group.values.includes(value)) group.values.push(value);
    });
  }
  return groups.filter((g) => g.name || g.values.length > 1);
}
