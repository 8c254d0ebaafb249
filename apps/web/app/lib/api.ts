// The one API client, for loaders on the server and components in the browser.
// Section 8: 400 -> warning toast with the body text; 401 -> drop the token and open the login
// popup (not for no-prompt or isCollection calls); 500 -> error toast; 204 -> activity ended.
import type { z } from 'zod';
import type { Language } from '@bazaar/shared/constants/limits';
import { emitApiEvent } from './api-events.ts';
import { getBrowserToken, languageFromCookie, removeBrowserToken } from './cookies.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
    /** The API's X-Error-Code: the message key naming the error, for code to act on (never compare `text`). */
    readonly code: string | null = null,
  ) {
    super(text || `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

export interface ApiOptions<S extends z.ZodTypeAny | undefined = undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Parses (and so checks) the answer with the shared schema. */
  schema?: S;
  /** On the server: the caller's token and language, taken from the request cookies. */
  token?: string | null;
  lang?: Language;
  /** Don't open the login popup on 401 (section 7's no-login-prompt flag). */
  noLoginPrompt?: boolean;
  /** Don't show a toast for 4xx; the caller shows the message itself. */
  silent?: boolean;
  signal?: AbortSignal;
  /** Server only: the API origin. */
  baseUrl?: string;
  /** Server only: the visitor's address, so the API's per-address limits count the visitor, not the storefront. */
  clientIp?: string | null;
}

const isBrowser = typeof window !== 'undefined';

/** What api() needs of an HTTP answer. */
export interface TransportAnswer {
  status: number;
  text: string;
  header(name: string): string | null;
}
/** One HTTP exchange; rejects only when no answer came (network error, abort). */
export type Transport = (url: string, init: { method: string; headers: Record<string, string>; body?: BodyInit; signal?: AbortSignal }) => Promise<TransportAnswer>;

export const fetchTransport: Transport = async (url, init) => {
  const response = await fetch(url, init);
  return { status: response.status, text: await response.text(), header: (name) => response.headers.get(name) };
};
let transport: Transport = fetchTransport;

/**
 * The server's loaders reach the API through a lighter client than fetch (api-transport.server.ts,
 * decision 048); the browser keeps fetch. FormData bodies (uploads, browser only) always use fetch.
 */
export function setServerTransport(serverTransport: Transport): void {
  if (!isBrowser) transport = serverTransport;
}

function buildUrl(base: string, path: string, query?: ApiOptions['query']): string {
  const url = `${base}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

export async function api<S extends z.ZodTypeAny | undefined = undefined>(
  path: string,
  options: ApiOptions<S> = {},
): Promise<S extends z.ZodTypeAny ? z.infer<S> : unknown> {
  const token = options.token ?? (isBrowser ? getBrowserToken() : null);
  const lang = options.lang ?? (isBrowser ? languageFromCookie(document.cookie) : 'zh');
  const headers: Record<string, string> = { 'Accept-Language': lang };
  if (token) headers.Authorization = token;
  if (options.clientIp) headers['X-Forwarded-For'] = options.clientIp;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const base = isBrowser ? '/api' : (options.baseUrl ?? '');
  let response: TransportAnswer;
  try {
    const send = body instanceof FormData ? fetchTransport : transport;
    response = await send(buildUrl(base, path, options.query), { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    if (isBrowser && !options.silent) emitApiEvent({ type: 'error', message: '' });
    throw new ApiError(0, '');
  }
  const { text } = response;
  if (response.status === 204) {
    if (isBrowser) emitApiEvent({ type: 'activity-ended' });
    throw new ApiError(204, '');
  }
  if (response.status < 200 || response.status > 299) {
    if (isBrowser) {
      if (response.status === 401) {
        removeBrowserToken();
        // Section 4: the login state is the token's, so the whole page turns logged out at once (no-prompt calls included).
        if (token) emitApiEvent({ type: 'session-ended' });
        if (!options.noLoginPrompt && !path.includes('/isCollection')) emitApiEvent({ type: 'login-required' });
      } else if (response.status >= 500) {
        if (!options.silent) emitApiEvent({ type: 'error', message: '' });
      } else if (!options.silent) {
        emitApiEvent({ type: 'warning', message: text });
      }
    }
    throw new ApiError(response.status, response.status >= 500 ? '' : text, response.header('X-Error-Code'));
  }
  const data: unknown = text ? JSON.parse(text) : undefined;
  return (options.schema ? options.schema.parse(data) : data) as never;
}

/**
 * The same call, typed by a shared schema's inferred type but not checked at run time: for
 * browser code on the storefront's landing pages, so zod stays out of their JavaScript budget.
 * Loaders (on the server) keep checking answers with `schema`.
 */
export function apiData<T>(path: string, options: Omit<ApiOptions, 'schema'> = {}): Promise<T> {
  return api(path, options) as Promise<T>;
}
