// The OpenAPI document at /docs is generated: request and response schemas from each route's zod
// schemas (fastify-type-provider-zod), then, from what the route is, the answers every route can
// give besides its own: 400 with the localized text, 401 for a route that needs a token, 403 for
// the sandbox pages, 404 for a named resource, 429 for a rate-limited one. No route writes these.
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { audienceOf, type RouteAuth } from './auth.ts';
import { ERROR_CODE_HEADER } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The API docs list a 404 for this route although it has no path parameter (a single thing that may be missing). */
    mayBeMissing?: boolean;
  }
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type Responses = Record<string, unknown>;

const TOKEN_NAME: Record<Exclude<RouteAuth, 'public'>, string> = {
  shopper: "a shopper's token (from POST /login)",
  merchant: "a merchant's token (from POST /merchant/login)",
  admin: "a platform staff token (from POST /admin/login)",
};

/** A 4xx answer as the errors plugin sends it: the localized message as text, its key in a header. */
function errorAnswer(description: string, example: string) {
  return {
    description,
    headers: { [ERROR_CODE_HEADER]: { type: 'string', description: "The message's key (for example errors.notFound), for code to act on" } },
    content: { 'text/plain': { schema: { type: 'string', example } } },
  };
}

/** The answers a route gives besides its own, from its input, audience, path and limits. */
export function standardErrors(route: Pick<RouteOptions, 'url' | 'config' | 'schema'>): Responses {
  const url = route.url;
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const config = (route.config ?? {}) as { auth?: RouteAuth; limit?: string; mayBeMissing?: boolean };
  const hasInput = ['body', 'querystring', 'params', 'headers'].some((part) => schema[part]);
  const audience = audienceOf(url, config.auth);
  const errors: Responses = {
    400: errorAnswer(
      hasInput
        ? 'The input breaks a rule, or the request cannot be done now: the body is the reason in the Accept-Language (zh or en), as the shopper should read it'
        : 'The request cannot be done now: the body is the reason in the Accept-Language (zh or en)',
      '请输入正确的手机号',
    ),
  };
  if (audience !== 'public') errors[401] = errorAnswer(`No valid token: send ${TOKEN_NAME[audience]} in the Authorization header`, '请先登录');
  if (url === '/sandbox' || url.startsWith('/sandbox/')) errors[403] = errorAnswer('Sandbox pages answer clients on the API machine only, unless SANDBOX_PROVIDERS=true', '沙箱页面仅限本机访问');
  if (url.includes(':') || config.mayBeMissing) errors[404] = errorAnswer('No such resource (or not yours)', '请求的内容不存在');
  if (config.limit) errors[429] = errorAnswer(`Too many requests from this address (the "${config.limit}" limit); see Retry-After`, '请求过于频繁，请稍后再试');
  return errors;
}

/** What a route that declares no answer sends on success. */
function defaultSuccess(url: string) {
  if (url.startsWith('/sandbox/')) return { description: "The sandbox's page, or a redirect back to the mall", content: { 'text/html': { schema: { type: 'string' } } } };
  if (url.endsWith('/export')) return { description: 'The file, as the summary says (CSV: UTF-8 with a byte order mark)', content: { 'text/csv': { schema: { type: 'string' } } } };
  if (url.startsWith('/uploads/')) return { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };
  return { description: 'Done: an empty body, unless the summary names what comes back', type: 'null' };
}

/** The swagger transform: zod to JSON schema, then the standard answers, a token where needed and an empty 200 where nothing else is said. */
export function openapiTransform(input: TransformInput) {
  const { schema, url } = jsonSchemaTransform(input);
  if (!schema || schema.hide) return { schema, url };
  const route = input.route as RouteOptions;
  const out = schema as FastifySchema & { response?: Responses; security?: Array<Record<string, string[]>> };
  const own = out.response ?? {};
  const success = Object.keys(own).some((code) => code.startsWith('2') || code.startsWith('3'));
  out.response = {
    ...(success ? {} : { 200: defaultSuccess(route.url) }),
    ...standardErrors(route),
    ...own,
  };
  const audience = audienceOf(route.url, (route.config as { auth?: RouteAuth } | undefined)?.auth);
  if (audience !== 'public' && !out.security) out.security = [{ token: [] }];
  return { schema: out as FastifySchema, url };
}
