import type { Token, UserInfo } from '@bazaar/shared/schemas/account';
import { api, apiData } from '../../lib/api.ts';
import { removeBrowserToken, setBrowserToken } from '../../lib/cookies.ts';
import { stripLanguagePrefix } from '../../lib/paths.ts';

export const LOGIN_RESULT_KEY = 'loginResult';
/** Kept across logout: the traffic log's device id is permanent (section 3). */
const PERMANENT_KEYS = ['uuid'];

export interface LoginResult {
  userId: string;
  nickName: string;
  pic: string | null;
}

export function readLoginResult(): LoginResult | null {
  try {
    const raw = localStorage.getItem(LOGIN_RESULT_KEY);
    return raw ? (JSON.parse(raw) as LoginResult) : null;
  } catch {
    return null;
  }
}

export function storeLoginResult(user: Pick<UserInfo, 'userId' | 'nickName' | 'pic'>): void {
  const result: LoginResult = { userId: user.userId, nickName: user.nickName, pic: user.pic };
  localStorage.setItem(LOGIN_RESULT_KEY, JSON.stringify(result));
}

/** After /login, /smsLogin or registration: keep the token, remember who logged in. */
export async function completeLogin(token: Token): Promise<void> {
  setBrowserToken(token.accessToken, token.expiresIn);
  const user = await apiData<UserInfo>('/p/user/userInfo', { noLoginPrompt: true });
  storeLoginResult(user);
}

/** Section 2: a login reloads the page, except on /register, which goes home. */
export function reloadAfterLogin(): void {
  if (stripLanguagePrefix(window.location.pathname) === '/register') window.location.assign('/');
  else window.location.reload();
}

/** Section 4: log out, drop the token, clear local storage and go home (reload when already there). */
export async function logout(): Promise<void> {
  await api('/logOut', { method: 'POST', silent: true, noLoginPrompt: true }).catch(() => undefined);
  removeBrowserToken();
  const kept = PERMANENT_KEYS.map((key) => [key, localStorage.getItem(key)] as const);
  localStorage.clear();
  for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
  if (stripLanguagePrefix(window.location.pathname) === '/') window.location.reload();
  else window.location.assign('/');
}
