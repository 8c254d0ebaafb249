// The consoles' texts: a catalog walked by key ('audit.actions.shop.approve' may itself hold dots),
// with {{name}} placeholders. Chinese by default; the switch is remembered by the console.
import type { ConsoleLang } from './api-client.ts';

export type T = (key: string, vars?: Record<string, string | number>) => string;

function resolve(node: unknown, parts: string[]): string | undefined {
  if (parts.length === 0) return typeof node === 'string' ? node : undefined;
  if (!node || typeof node !== 'object') return undefined;
  for (let i = parts.length; i >= 1; i--) {
    const child = (node as Record<string, unknown>)[parts.slice(0, i).join('.')];
    const found = child === undefined ? undefined : resolve(child, parts.slice(i));
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * A translator over one console's catalogs. A numeric `count` picks the plural form with i18next's
 * key suffixes (`key_one`, `key_other`, chosen by Intl.PluralRules as i18next does), so the
 * storefront's and the consoles' catalogs count the same way: "1 product", "2 products".
 */
export function createTranslator(catalogs: Record<ConsoleLang, unknown>) {
  return (lang: ConsoleLang): T => {
    const rules = new Intl.PluralRules(lang === 'en' ? 'en' : 'zh');
    return (key, vars) => {
      const count = vars?.count;
      const parts = key.split('.');
      const plural = (form: string) => resolve(catalogs[lang], [...parts.slice(0, -1), `${parts.at(-1)}_${form}`]);
      const text = (typeof count === 'number' ? (plural(rules.select(count)) ?? plural('other')) : undefined) ?? resolve(catalogs[lang], parts) ?? key;
      return vars ? text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(vars[name] ?? '')) : text;
    };
  };
}
