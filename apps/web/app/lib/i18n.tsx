import { useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Language } from '@bazaar/shared/constants/limits';
import { createI18n } from '@bazaar/shared/i18n/catalogs';

export function I18nProvider({ lang, children }: { lang: Language; children: ReactNode }) {
  const i18n = useMemo(() => createI18n(lang), [lang]);
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

/** Locale-aware formatting: money arrives in fen and is shown as yuan with 2 decimals. */
export function formatYuan(fen: number, lang: Language): string {
  return new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-US', {
    style: 'currency',
    currency: 'CNY',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(fen / 100);
}

export function formatDateTime(value: string | Date, lang: Language): string {
  const date = typeof value === 'string' ? new Date(value.replace(' ', 'T') + (value.includes('+') || value.endsWith('Z') ? '' : '+08:00')) : value;
  return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Shanghai' }).format(date);
}
