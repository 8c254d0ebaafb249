import { emitApiEvent } from '../../lib/api-events.ts';

/**
 * Section 2: shopping actions need login. For a visitor this opens the login popup (the app
 * shell reacts to the event; features do not import each other) and answers false.
 */
export function ensureLoggedIn(isLoggedIn: boolean): boolean {
  if (!isLoggedIn) emitApiEvent({ type: 'login-required' });
  return isLoggedIn;
}
