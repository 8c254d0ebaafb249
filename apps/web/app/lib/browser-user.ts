// The user of a shared page (decision 052), asked for by the browser: the page was rendered for
// everyone, so the root loader's data came without one.
import type { UserInfo } from '@bazaar/shared/schemas/account';
import { apiData } from './api.ts';
import { getBrowserToken } from './cookies.ts';

interface SharedRootData {
  user: UserInfo | null;
  isLoggedIn: boolean;
  userInBrowser: boolean;
}

/**
 * The root data with the user the browser's token belongs to (none without a token). A token the
 * API refuses is dropped by the API client (401), so the page stays logged out, as the root loader
 * does on the server; an API that cannot answer leaves the page logged out too.
 */
export async function withBrowserUser<D extends SharedRootData>(data: D): Promise<D> {
  const user = getBrowserToken() ? await apiData<UserInfo>('/p/user/userInfo', { noLoginPrompt: true, silent: true }).catch(() => null) : null;
  return { ...data, user, isLoggedIn: !!user, userInBrowser: false };
}
