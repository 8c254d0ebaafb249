/**
 * The test app's clock (test/test-app.ts): the real time moved by an offset that tests advance. The
 * files of a run share one app (vitest.config.ts: no isolation), so test/setup.ts puts the clock back
 * after each file: a file that leaves it advanced must not move the next files' time.
 */
let offset = 0;

export const testNow = (): Date => new Date(Date.now() + offset);

export function advanceTestClock(ms: number): void {
  offset += ms;
}

export function resetTestClock(): void {
  offset = 0;
}
