// Browser journeys (tests/e2e). The web server here is the production build: run
// `npm run build -w @bazaar/web` first. Both servers are started by Playwright: the API on a fresh
// embedded database (or DATABASE_URL / REDIS_URL when set, as in CI) and the storefront in front of it.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const CI = !!process.env.CI;
const apiPort = Number(process.env.API_PORT || 18080);
const webPort = Number(process.env.WEB_PORT || 13000);
const apiUrl = `http://127.0.0.1:${apiPort}`;
const webUrl = `http://127.0.0.1:${webPort}`;
const platformPort = Number(process.env.PLATFORM_PORT || webPort + 2);
const platformUrl = `http://127.0.0.1:${platformPort}`;
const merchantPort = Number(process.env.MERCHANT_PORT || webPort + 1);
const merchantUrl = `http://127.0.0.1:${merchantPort}`;

// One data directory per run. Test workers load this file again; they inherit the variable
// from the runner, so only the runner creates the directory (global-teardown.ts removes it).
process.env.BAZAAR_E2E_DATA_DIR ||= mkdtempSync(path.join(tmpdir(), 'bazaar-e2e-'));
// The journeys read the sandbox SMS inbox from the API.
process.env.BAZAAR_E2E_API_URL = apiUrl;
// The platform console (apps/platform, built by `npm run build`), for the journeys that use both apps.
process.env.BAZAAR_E2E_PLATFORM_URL = platformUrl;
// The merchant center (apps/merchant, built by `npm run build`).
process.env.BAZAAR_E2E_MERCHANT_URL = merchantUrl;

// Debian's old headless shell (package chromium-headless-shell, the same Chromium build without the
// full browser's window machinery), as Playwright itself runs headless journeys: measured
// 2026-12-06 on home, list, detail, checkout and cart, the browser's processes took 87 s of CPU
// against 117 s for /usr/bin/chromium (decision 067). Without it, the full browser.
const BROWSER = process.env.BAZAAR_E2E_BROWSER || (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.test.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // Three in CI: the journeys spend minutes waiting out real timers (the SMS resend lock's 61 s,
  // polls for caches), during which a third worker runs another journey on the two cores. Four were
  // tried (2026-12-06): the four axe journeys, first in the file order, ran at once and the load
  // reached 22 on the two cores, so the heaviest ones timed out; three stay.
  workers: CI ? 3 : 4,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: webUrl,
    locale: 'zh-CN',
    // A trace records a screencast of every step: on every journey it cost more CPU than the pages
    // themselves (measured 2026-12-06: home, checkout and list, one worker, 224 s of CPU with it and
    // 135 s without). So only a retry records one: a journey that fails in CI is run again with it.
    trace: 'on-first-retry',
    // No click or fill waits longer than a minute: without a limit one that can never happen (an
    // option in a list that is closing) waits out the journey's whole timeout, up to 6 minutes of CI,
    // and fails without saying which step hung.
    actionTimeout: 60_000,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: BROWSER,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      // DATABASE_URL and REDIS_URL pass through from the environment when set. The compiled API, built
      // afresh (a second or two), started as the README starts it in production: what runs there, and
      // less CPU than tsx, which transforms every source file at start (decision 069).
      command: 'node scripts/build.mjs && MALLOC_MMAP_THRESHOLD_=131072 MALLOC_TRIM_THRESHOLD_=131072 node --max-semi-space-size=8 --heap-growing-percent=50 --expose-gc dist/server.js',
      cwd: '../server',
      url: `${apiUrl}/healthz`,
      // A courier sandbox step of seconds, so the shipping journey sees a package travel. The
      // journeys use the sandboxes from this machine (SANDBOX_PROVIDERS=loopback, as `npm start`).
      env: { API_PORT: String(apiPort), MERCHANT_PORT: String(merchantPort), DATA_DIR: process.env.BAZAAR_E2E_DATA_DIR, LOG_LEVEL: 'warn', NODE_ENV: 'production', SANDBOX_PROVIDERS: 'loopback', COURIER_SANDBOX_STEP_SECONDS: '2', SMS_PER_IP_PER_HOUR: '100000', LOGIN_PER_IP_PER_MINUTE: '100000', SEARCH_PER_IP_PER_MINUTE: '100000', UPLOAD_PER_IP_PER_MINUTE: '100000' },
      reuseExistingServer: !CI,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node server.js',
      url: `${webUrl}/`,
      // Two workers, as `npm start` runs on a two-core machine, so the journeys go through the cluster.
      env: { WEB_PORT: String(webPort), API_PORT: String(apiPort), API_URL: apiUrl, HOST: '127.0.0.1', NODE_ENV: 'production', WEB_WORKERS: '2' },
      reuseExistingServer: !CI,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node server.js',
      cwd: '../platform',
      url: `${platformUrl}/`,
      env: { PLATFORM_PORT: String(platformPort), API_URL: apiUrl, HOST: '127.0.0.1', NODE_ENV: 'production' },
      reuseExistingServer: !CI,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node server.js',
      cwd: '../merchant',
      url: `${merchantUrl}/`,
      env: { MERCHANT_PORT: String(merchantPort), API_URL: apiUrl, HOST: '127.0.0.1', NODE_ENV: 'production' },
      reuseExistingServer: !CI,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
