// Security headers on every answer (decision 016), computed once at start. helmet's own middleware
// builds its headers again for every request, and @fastify/helmet drew two random CSP nonces for
// every request too (about 7% of an uncached product detail's CPU, decision 049); the headers
// are the same for every answer, so helmet runs once here on a recording response and each request
// only copies them. The one policy that differs is a sandbox page's: its inline <style> needs a
// nonce, which `nonceInlineStyles` (http/sandbox-page.ts) draws for that page alone.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
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

const STATIC_HEADERS = helmetHeaders(options(DIRECTIVES));
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

/** The same headers as the reply's own (lower-case names, as `reply.header` keeps them). */
const STATIC_REPLY_HEADERS: Record<string, string> = Object.fromEntries(STATIC_HEADERS.map(([name, value]) => [name.toLowerCase(), value]));

export const securityHeadersPlugin = fp(async (app) => {
  // On the reply, not `reply.raw.setHeader` one by one: headers set on the raw response make Node
  // take writeHead's slow way for every header of the answer (each set and validated again over the
  // raw response's own map), about 10 µs a request with these twelve (decision 062, fifth pass).
  // An answer that writes its own policy sets it on the reply too (`nonceInlineStyles`).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(STATIC_REPLY_HEADERS);
    done();
  });
});
