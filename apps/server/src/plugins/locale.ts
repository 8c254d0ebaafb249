import fp from 'fastify-plugin';
import type { TFunction } from 'i18next';
import { createI18n, languageFromHeader } from '@bazaar/shared/i18n/catalogs';
import type { Language } from '@bazaar/shared/constants/limits';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    t: TFunction;
  }
}

const translators = { zh: createI18n('zh').t, en: createI18n('en').t };

export function translatorFor(lang: Language): TFunction {
  return translators[lang];
}

/** Texts of keys without parameters, translated once per language (the catalogs never change while the process runs). */
const fixedTexts: Record<Language, Map<string, string>> = { zh: new Map(), en: new Map() };
/** Keys remembered per language at most (the catalogs' keys are far fewer; a bound all the same). */
const FIXED_TEXTS_MAX = 5_000;

/**
 * The text of a message key without parameters in the language, translated on its first use and
 * kept: a burst of the same refusal (a flash sale's "Insufficient inventory") translates it once.
 */
export function fixedText(lang: Language, key: string): string {
  const texts = fixedTexts[lang];
  let text = texts.get(key);
  if (text === undefined) {
    text = translators[lang](key);
    if (texts.size < FIXED_TEXTS_MAX) texts.set(key, text);
  }
  return text;
}

/** Every request gets its language from Accept-Language (zh when absent or unknown). */
export const localePlugin = fp(async (app) => {
  app.decorateRequest('lang', 'zh');
  app.decorateRequest('t', translators.zh);
  // A callback, not an async function: no promise per request for a synchronous step.
  app.addHook('onRequest', (request, _reply, done) => {
    request.lang = languageFromHeader(request.headers['accept-language']);
    request.t = translators[request.lang];
    done();
  });
});
