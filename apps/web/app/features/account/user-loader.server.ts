import { apiContextFor } from '../../lib/request-api.server.ts';
import { answerOrNull } from './user-data.ts';

type ServerUserApiContext = ReturnType<typeof apiContextFor> & { token: string };

/**
 * Runs a loader's API calls as the logged-in visitor. Without a token, or when the API refuses
 * it (401), answers null: the user-center layout then shows its login panel instead of the page.
 */
export async function fetchAsUser<T>(request: Request, load: (ctx: ServerUserApiContext) => Promise<T>): Promise<T | null> {
  const ctx = apiContextFor(request);
  const token = ctx.token;
  if (!token) return null;
  return answerOrNull(() => load({ ...ctx, token }));
}
