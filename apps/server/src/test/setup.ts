import { afterAll, afterEach, beforeEach } from 'vitest';
import { resetTestClock } from './clock.ts';

// A console.error during a test fails it (STYLE.md habit 1).
let errors: unknown[][] = [];
const original = console.error;
beforeEach(() => {
  errors = [];
  console.error = (...args: unknown[]) => {
    errors.push(args);
    original(...args);
  };
});
afterEach(() => {
  console.error = original;
  if (errors.length) throw new Error(`console.error was called: ${String(errors[0]?.[0])}`);
});

// The files share one app (vitest.config.ts): a file that advanced its clock and left it so moved the
// time of the files after it (sms-login's 6 minutes made "ends now" lie 6 minutes ahead elsewhere).
afterAll(() => resetTestClock());
