// `react-router build` warns about every v8 future flag the config leaves unset; the start-up
// output stays readable only while each is decided (react-router.config.ts, decision 020).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../react-router.config.ts';

const require = createRequire(import.meta.url);

/** The flags the installed @react-router/dev warns about when unset. */
function warnedFlags(): string[] {
  const dist = path.dirname(require.resolve('@react-router/dev/package.json'));
  const source = readFileSync(path.join(dist, 'dist', 'vite.js'), 'utf8');
  const body = source.slice(source.indexOf('function logFutureFlagWarnings'));
  return [...new Set([...body.slice(0, body.indexOf('\n}\n')).matchAll(/future\.(\w+) === void 0/g)].map((m) => m[1]!))];
}

describe('React Router future flags', () => {
  it('decides every flag the build would warn about', () => {
    const flags = warnedFlags();
    expect(flags).toContain('v8_passThroughRequests');
    const future = config.future as Record<string, boolean | undefined>;
    expect(flags.filter((flag) => future[flag] === undefined)).toEqual([]);
  });

  it('adopts v8 behaviour except middleware (the CSP nonce comes through getLoadContext)', () => {
    expect(config.future).toEqual({
      v8_middleware: false,
      v8_splitRouteModules: true,
      v8_viteEnvironmentApi: true,
      v8_passThroughRequests: true,
      v8_trailingSlashAwareDataRequests: true,
    });
  });
});
