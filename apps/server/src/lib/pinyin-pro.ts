// pinyin-pro and its dictionaries (about 20 MiB) load at the first call, not at start: only writes
// (a product document, a courier trace in English) need pinyin, and most instances' first minutes
// are reads. Every user of pinyin-pro in the server goes through this (decision 049).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let loaded: typeof import('pinyin-pro') | undefined;

/** The pinyin-pro module, required on first use. */
export const pinyinPro = (): typeof import('pinyin-pro') => (loaded ??= require('pinyin-pro') as typeof import('pinyin-pro'));
