// What the shared pages need of a console: its API client (each console has its own session) and
// the API's localized text of a failed call.
import { ApiError, type createConsoleApi } from '@bazaar/shared/console/api-client';
import type { T } from '@bazaar/shared/console/translator';

export type ConsoleApi = ReturnType<typeof createConsoleApi>['api'];

/** The API's 4xx text as it is, or the console's own words for what it did not explain. */
export function errorText(err: unknown, t: T, fallbackKey: 'app.serverError' | 'app.loadFailed' = 'app.serverError'): string {
  return err instanceof ApiError && err.text ? err.text : t(fallbackKey);
}
