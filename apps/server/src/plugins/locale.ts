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

/** Every request gets its language from Accept-Language (zh when absent or unknown). */
export const localePlugin = fp(async (app) => {
  app.decorateRequest('lang', 'zh');
  app.decorateRequest('t', translators.zh);
  app.addHook('onRequest', async (request) => {
    request.lang = languageFromHeader(request.headers['accept-language']);
    request.t = translators[request.lang];
  });
});
