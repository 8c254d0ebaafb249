// The console's one API client: the API behind this server's /api proxy, the staff token in
// Authorization, the console's language in Accept-Language. A 4xx answers the API's localized
// text (shown as is); a 401 ends the session.
import type { z } from 'zod';
import type { Lang } from './i18n.tsx';

const TOKEN_KEY = 'bazaar-platform-token';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
  ) {
    super(text || `HTTP ${status}`);
  }
}

export const session = {
  token: () => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string) => sessionStorage.setItem(TOKEN_KEY, token),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};

let onUnauthorized: () => void = () => undefined;
export function whenUnauthorized(handler: () => void): void {
  onUnauthorized = handler;
}

export async function api<S extends z.ZodTypeAny | undefined = undefined>(
  path: string,
  options: { lang: Lang; method?: 'GET' | 'POST'; body?: unknown; query?: Record<string, string | number | undefined>; schema?: S },
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
