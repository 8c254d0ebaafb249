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

/** A translator over one console's catalogs. */
export function createTranslator(catalogs: Record<ConsoleLang, unknown>) {
  return (lang: ConsoleLang): T =>
    (key, vars) => {
      const text = resolve(catalogs[lang], key.split('.')) ?? key;
      return vars ? text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(vars[name] ?? '')) : text;
    };
}
