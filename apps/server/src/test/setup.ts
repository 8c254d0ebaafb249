import { afterEach, beforeEach } from 'vitest';

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
