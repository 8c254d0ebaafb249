import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { corsOrigins } from './env.ts';
import { lazyChildLogger } from './lib/logger.ts';
import { authPlugin } from './plugins/auth.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { ERROR_CODE_HEADER, errorsPlugin } from './plugins/errors.ts';
import { localePlugin } from './plugins/locale.ts';
import { uploadsPlugin } from './plugins/uploads.ts';
import { sandboxGatePlugin } from './plugins/sandbox-gate.ts';
import { documentHeadersHook, securityHeadersPlugin } from './plugins/security-headers.ts';
import { registerRoutes } from './http/routes.ts';
import { openapiTransform } from './plugins/openapi.ts';

export interface BuildAppOptions {
  ctx: AppContext;
  /** A pino logger shared with start-up code; none in tests. */
  logger?: FastifyBaseLogger;
}

export type App = FastifyInstance & { withTypeProvider: () => FastifyInstance };

/** Builds the API: plugins, then modules, then flows. Never listens (server.ts does). */
export async function buildApp({ ctx, logger }: BuildAppOptions) {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // Without request logs, a request's child logger is made only if something logs through it.
    ...(logger && !ctx.env.LOG_REQUESTS ? { childLoggerFactory: lazyChildLogger } : {}),
    // Fastify 5.12 moved the switch into a log controller (the top-level option is deprecated).
    logController: new LogController({ disableRequestLogging: !ctx.env.LOG_REQUESTS }),
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For is believed only from these hops (the storefront's proxy by default).
    trustProxy: ctx.env.TRUSTED_PROXIES,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);

  await app.register(errorsPlugin);
  // Security headers on every answer, computed once (plugins/security-headers.ts), set by the first
  // app-wide hook: an answer that a later hook gives (the sandbox gate's refusal, the token check of a
  // path no route matches) carries them too. Those are the API's five (decision 070); the HTML this
  // API serves adds the document set: the sandbox pages, whose <style> carries a nonce drawn for that
  // page (http/sandbox-page.ts), and /docs (below).
  await app.register(securityHeadersPlugin);
  await app.register(localePlugin);
  await app.register(sandboxGatePlugin);
  // CORS before the token check of a path no route matches (an app-wide hook of the auth plugin), so
  // its 401 carries the origin as a route's does. Its only route (OPTIONS *) is public.
  await app.register(cors, {
    // Only the mall's own front ends; the storefront itself reaches us through its same-origin proxy.
    origin: corsOrigins(ctx.env),
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept-Language'],
    exposedHeaders: [ERROR_CODE_HEADER],
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
  });
  // Rate limits and auth are hooks of the routes that are registered after them (plugins/route-hooks.ts),
  // so they come before every plugin that adds routes; they run after the app-wide hooks (CORS, the
  // security headers). Limits run before the token lookup, so a flood never reaches the database.
  await app.register(rateLimitPlugin);
  await app.register(authPlugin);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Bazaar API', description: 'Shopper API of the Bazaar mall', version: '1.0.0' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    // zod schemas, then the standard error answers of each route (plugins/openapi.ts).
    transform: openapiTransform,
  });
  // swagger-ui's pages are documents: helmet's whole set (decision 070) on every route it registers,
  // its static files too (an HTML redirect page, an SVG), by a hook of their own context; then a
  // policy of their own, since swagger-ui adds a <style> element at run time, so its pages (and only
  // they) allow inline styles.
  await app.register(async (docs) => {
    docs.addHook('onRequest', documentHeadersHook);
    await docs.register(swaggerUi, {
      routePrefix: '/docs',
      staticCSP:
        "default-src 'self'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
        "font-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; object-src 'none'; base-uri 'self'",
    });
  });
  await app.register(uploadsPlugin);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));

  await registerRoutes(app);
  return app;
}

export type BazaarApp = Awaited<ReturnType<typeof buildApp>>;
