// A courier sandbox scan is stored as a message (a key of the `courierTrace` texts and its
// parameters), so the timeline reads in the shopper's language; real couriers send text, which is
// shown as sent. Place and courier names are Chinese in the parameters and romanized in English.
import { pinyinPro } from '../../lib/pinyin-pro.ts';
import type { Language } from '@bazaar/shared/constants/limits';
import { createI18n } from '@bazaar/shared/i18n/catalogs';

export const TRACE_KEYS = [
  'collected',
  'arrivedOrigin',
  'leftForHub',
  'leftForCity',
  'leftHub',
  'damaged',
  'arrivedCity',
  'outForDelivery',
  'outForDeliveryDowntown',
  'signed',
] as const;
export type TraceKey = (typeof TRACE_KEYS)[number];

/** from/to: cities as the addresses hold them ('杭州市'); fromShort/toShort/hub: short names; area: a district; courier: a surname. */
export interface TraceMessage {
  key: TraceKey;
  params: Partial<Record<'from' | 'fromShort' | 'to' | 'toShort' | 'hub' | 'area' | 'courier' | 'phone' | 'company', string>>;
}

const translators = { zh: createI18n('zh').t, en: createI18n('en').t };

/** '杭州' -> 'Hangzhou'; '杭州市' -> 'Hangzhou'; '西湖区' -> 'Xihu District'; Latin text stays. */
export function romanize(name: string): string {
  const suffixes: Array<[RegExp, string]> = [
    [/区$/, ' District'],
    [/县$/, ' County'],
    [/(市|地区|自治州|盟)$/, ''],
  ];
  for (const [pattern, english] of suffixes) {
    if (name.length > 2 && pattern.test(name)) return `${romanize(name.replace(pattern, ''))}${english}`;
  }
  const syllables = pinyinPro().pinyin(name, { toneType: 'none', type: 'array', v: true, nonZh: 'consecutive' }).join('');
  return syllables ? syllables.charAt(0).toUpperCase() + syllables.slice(1) : name;
}

const NAMES = new Set(['from', 'fromShort', 'to', 'toShort', 'hub', 'area', 'courier']);

/** A sandbox scan's text in a language; `company` is the courier's name in that language. */
export function traceText(message: TraceMessage, lang: Language, company = message.params.company ?? ''): string {
  const params: Record<string, string> = { ...message.params, company };
  if (lang === 'en') for (const name of Object.keys(params)) if (NAMES.has(name)) params[name] = romanize(params[name]!);
  return translators[lang](`courierTrace.${message.key}`, params);
}

/** A stored message, read back safely (null for real couriers' scans or anything unknown). */
export function parseTraceMessage(value: unknown): TraceMessage | null {
  const message = value as TraceMessage | null;
  if (!message || typeof message !== 'object' || !TRACE_KEYS.includes(message.key) || typeof message.params !== 'object' || message.params === null) return null;
  return message;
}
