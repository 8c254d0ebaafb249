// The console set-up shared by every console (packages/console-ui/vitest.console.ts).
export { default } from './vitest.console.ts';
