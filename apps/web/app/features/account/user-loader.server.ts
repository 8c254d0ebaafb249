import { ApiError } from '../../lib/api.ts';
import { apiContextFor } from '../../lib/request-api.server.ts';

type UserApiContext = ReturnType<typeof apiContextFor> & { token: string };

/**
 * Runs a loader's API calls as the logged-in visitor. Without a token, or when the API refuses
 * it (401), answers null: the user-center layout then shows its login panel instead of the page.
 */
export async function fetchAsUser<T>(request: Request, load: (ctx: UserApiContext) => Promise<T>): Promise<T | null> {
  const ctx = apiContextFor(request);
  if (!ctx.token) return null;
  try {
    return await load({ ...ctx, token: ctx.token });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}
