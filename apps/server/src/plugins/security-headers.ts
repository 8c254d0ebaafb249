// Security headers on every answer (decisions 016 and 070), computed once at start. helmet's own
// middleware builds its headers again for every request, and @fastify/helmet drew two random CSP
// nonces for every request too (about 7% of an uncached product detail's CPU, decision 049); the
// headers are the same for every answer of a kind, so helmet runs once here on a recording response
// and each request only copies them. Two kinds (decision 070): every answer carries the API's five
// (OWASP's REST set for every API response, with a policy that loads nothing, and the resource
// policy); the HTML this API serves (the sandbox pages, /docs) carries helmet's whole document set
// as well, by `documentHeaders`. The one policy that differs is a sandbox page's: its inline <style>
// needs a nonce, which `nonceInlineStyles` (http/sandbox-page.ts) draws for that page alone.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

type Directives = Record<string, string[]>;

const DIRECTIVES: Directives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
};

const options = (directives: Directives): HelmetOptions => ({
  contentSecurityPolicy: { useDefaults: false, directives },
  // The storefront on another port of the same host is the same site (it proxies us anyway).
  crossOriginResourcePolicy: { policy: 'same-site' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // The policy's frame-ancestors 'none' forbids every frame; the older header says the same
  // (helmet's default SAMEORIGIN would allow what the policy forbids, in browsers that read only it).
  xFrameOptions: { action: 'deny' },
});

/** The headers helmet sets for these options, recorded once. */
export function helmetHeaders(helmetOptions: HelmetOptions): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, String(value)]);
    },
    removeHeader() {},
  };
  helmet(helmetOptions)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** helmet's whole set, for an HTML page (a document). */
const DOCUMENT_HEADERS = helmetHeaders(options(DIRECTIVES));
/**
 * The API's answers (JSON, text, pictures with their own sandboxing policy) are not pages, so the
 * headers that only a document reads (the opener policy, the agent cluster, the referrer policy, DNS
 * prefetch, IE's download and XSS switches, Flash's cross-domain policies) are left out (decision
 * 070): nosniff, the resource policy and HSTS, and a policy that loads nothing and cannot be framed
 * in case one is opened.
 */
const API_HEADERS = helmetHeaders({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginResourcePolicy: { policy: 'same-site' },
  xFrameOptions: { action: 'deny' },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});
const SCRIPT_MARK = 'nonce-SCRIPT-NONCE';
const STYLE_MARK = 'nonce-STYLE-NONCE';
/** The page policy with places for the two nonces. */
const NONCE_POLICY = helmetHeaders(
  options({ ...DIRECTIVES, scriptSrc: [...DIRECTIVES.scriptSrc!, `'${SCRIPT_MARK}'`], styleSrc: [...DIRECTIVES.styleSrc!, `'${STYLE_MARK}'`] }),
).find(([name]) => name.toLowerCase() === 'content-security-policy')![1];

export interface CspNonces {
  script: string;
  style: string;
}

/** Fresh nonces and the policy that allows them, for one HTML answer (set on its response). */
export function cspWithNonces(): { nonces: CspNonces; policy: string } {
  const nonces = { script: randomBytes(16).toString('hex'), style: randomBytes(16).toString('hex') };
  return { nonces, policy: NONCE_POLICY.replace(SCRIPT_MARK, `nonce-${nonces.script}`).replace(STYLE_MARK, `nonce-${nonces.style}`) };
}

/** As the reply keeps them (lower-case names, as `reply.header` does). */
const replyHeaders = (headers: Array<[string, string]>): Record<string, string> => Object.fromEntries(headers.map(([name, value]) => [name.toLowerCase(), value]));
const API_REPLY_HEADERS = replyHeaders(API_HEADERS);
const DOCUMENT_REPLY_HEADERS = replyHeaders(DOCUMENT_HEADERS);

/** Gives an HTML answer the document set (its static policy included; a page with nonces sets its own after). */
export function documentHeaders(reply: FastifyReply): void {
  reply.headers(DOCUMENT_REPLY_HEADERS);
}

/** onRequest hook of a context whose routes answer HTML (swagger-ui's /docs, app.ts). */
export function documentHeadersHook(_request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  documentHeaders(reply);
  done();
}

export const securityHeadersPlugin = fp(async (app) => {
  // On the reply, not `reply.raw.setHeader` one by one: headers set on the raw response make Node
  // take writeHead's slow way for every header of the answer (each set and validated again over the
  // raw response's own map), about 10 µs a request with the twelve headers of then (decision 062, fifth pass).
  // An answer that writes its own policy sets it on the reply too (`nonceInlineStyles`).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(API_REPLY_HEADERS);
    done();
  });
});
