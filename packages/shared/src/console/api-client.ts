// The consoles' API client (apps/platform, apps/merchant): the API behind the console server's
// /api proxy, the session token in Authorization, the console's language in Accept-Language. A 4xx
// answers the API's localized text (shown as is); a 401 ends the session.
import type { z } from 'zod';

export type ConsoleLang = 'zh' | 'en';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
  ) {
    super(text || `HTTP ${status}`);
  }
}

/** The part of Web Storage the client uses (sessionStorage in the browser). */
export interface TokenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface ApiOptions<S> {
  lang: ConsoleLang;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  schema?: S;
}

/** One console's client; `tokenKey` names its session in the storage (one per console). */
export function createConsoleApi(tokenKey: string, storage: () => TokenStorage) {
  const session = {
    token: () => storage().getItem(tokenKey),
    set: (token: string) => storage().setItem(tokenKey, token),
    clear: () => storage().removeItem(tokenKey),
  };
  let onUnauthorized: () => void = () => undefined;
  function whenUnauthorized(handler: () => void): void {
    onUnauthorized = handler;
  }

  async function api<S extends z.ZodTypeAny | undefined = undefined>(
    path: string,
    options: ApiOptions<S>,
  ): Promise<S extends z.ZodTypeAny ? z.infer<S> : undefined> {
    const headers: Record<string, string> = { 'Accept-Language': options.lang };
    const token = session.token();
    if (token) headers.Authorization = token;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined && v !== '') params.set(k, String(v));
    const qs = params.toString();
    const response = await fetch(`/api${path}${qs ? `?${qs}` : ''}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    if (!response.ok) {
      if (response.status === 401 && !path.endsWith('/login')) {
        session.clear();
        onUnauthorized();
      }
      throw new ApiError(response.status, response.status >= 500 ? '' : text);
    }
    return (options.schema ? options.schema.parse(text ? JSON.parse(text) : null) : undefined) as never;
  }

  return { api, session, whenUnauthorized };
}
