// Prices and times as the storefront shows them, in both languages (pure: the journeys use it too).
import type { Language } from '@bazaar/shared/constants/limits';

// Building an Intl formatter costs far more than using one, and a list page formats dozens of
// prices: one formatter per language, made once.
const yuanFormats: Partial<Record<Language, Intl.NumberFormat>> = {};
const dateTimeFormats: Partial<Record<Language, Intl.DateTimeFormat>> = {};

/**
 * The one price format: money arrives in fen and is shown as yuan with 2 decimals, as "¥" in both
 * languages (en-US alone would write "CN¥").
 */
export function formatYuan(fen: number, lang: Language): string {
  const format = (yuanFormats[lang] ??= new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-US', {
    style: 'currency',
    currency: 'CNY',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }));
  return format.format(fen / 100);
}

export function formatDateTime(value: string | Date, lang: Language): string {
  const date = typeof value === 'string' ? new Date(value.replace(' ', 'T') + (value.includes('+') || value.endsWith('Z') ? '' : '+08:00')) : value;
  const format = (dateTimeFormats[lang] ??= new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Shanghai' }));
  return format.format(date);
}

/** A phone number as pages show it to others' eyes: 13800000001 -> 138****0001 (anything else unchanged). */
export function maskMobile(mobile: string): string {
  return /^1\d{10}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}
