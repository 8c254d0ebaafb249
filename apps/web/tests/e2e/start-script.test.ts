// `npm start` as a person meets it (scripts/start.mjs): the addresses banner, readable API lines
// and no request logs scrolling it away while pages load; no build warnings.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { test } from './support.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
// Ports beside the journeys' own servers.
const apiPort = Number(process.env.API_PORT || 18080) + 5;
const webPort = Number(process.env.WEB_PORT || 13000) + 5;
const platformPort = webPort + 2;

test.describe.configure({ timeout: 240_000 });

test('npm start prints every address and keeps request logs off until LOG_LEVEL asks for them', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-start-'));
  const env: NodeJS.ProcessEnv = { ...process.env, API_PORT: String(apiPort), WEB_PORT: String(webPort), PLATFORM_PORT: String(platformPort), DATA_DIR: dataDir };
  // The plain `npm start`: the embedded database, default logging.
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'LOG_LEVEL', 'LOG_REQUESTS', 'NODE_ENV']) delete env[name];
  const child = spawn('node', ['scripts/start.mjs'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await expect.poll(() => output, { timeout: 200_000, message: 'the start banner' }).toContain('Bazaar is running');
    for (const url of [`http://127.0.0.1:${webPort}/`, `http://127.0.0.1:${webPort}/list?pn=tea`, `http://127.0.0.1:${apiPort}/webConfig/getPcWebConfig`, `http://127.0.0.1:${platformPort}/`]) {
      expect((await fetch(url)).status).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const banner = output.slice(output.indexOf('Bazaar is running'));
    for (const address of [
      `storefront          http://localhost:${webPort}`,
      `API                 http://localhost:${apiPort}`,
      `API docs (OpenAPI)  http://localhost:${apiPort}/docs`,
      `platform console    http://localhost:${platformPort}`,
      `SMS sandbox inbox   http://localhost:${webPort}/sandbox/sms`,
      `payment sandboxes   http://localhost:${webPort}/sandbox/`,
    ])
      expect(banner).toContain(address);
    expect(banner).toContain('Request logs are off');
    // The storefront's workers (one per core) announce it once, not once each.
    expect(output.match(/Bazaar storefront on/g)).toHaveLength(1);
    // Nothing after the banner: no request lines for the pages just loaded.
    expect(banner.trim().split('\n').at(-1)).toContain('Ctrl+C stops Bazaar');
    expect(output).not.toMatch(/incoming request|request completed/);
    // The API's lines are text, not pino's JSON.
    expect(output).toMatch(/\[api\] info: Bazaar API on http:\/\//);
    expect(output).not.toMatch(/^\{"level"/m);
    expect(output).not.toContain('Future Flag Warning');
    // Nothing before the banner but progress (issue 25): a line per stale build, then the servers'
    // start lines; no Vite output ("use client" directives, chunk sizes) nor other warnings.
    const progress = /^(Building the (storefront|merchant center|platform console)| {2}built the (storefront|merchant center|platform console) in \d+\.\d s$|\[api\] info: |\[merchant\] merchant center on |\[platform\] console on |Bazaar storefront on )/;
    const before = output.slice(0, output.indexOf('Bazaar is running')).split('\n').filter((line) => line.trim());
    expect(before.filter((line) => !progress.test(line))).toEqual([]);
    expect(output).not.toContain('"use client"');
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    // The API closes its database after the launcher is gone.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the README names the specification file and lists the addresses npm start prints', async () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  expect(readme).not.toContain('../shared/');
  expect(readme).toContain('`000_c178f49225280626.txt`');
  const start = readFileSync(path.join(root, 'scripts/start.mjs'), 'utf8');
  // The banner's rows, with the default ports.
  const rows = [...start.matchAll(/\['([^']+)', (web|api|`\$\{(web|api)\}([^`(]*))/g)].map((m) => ({ name: m[1]!, base: m[3] ?? m[2]!, rest: (m[4] ?? '').trim() }));
  expect(rows.map((r) => r.name)).toEqual(['storefront', 'API', 'API docs (OpenAPI)', 'SMS sandbox inbox', 'payment sandboxes']);
  for (const row of rows) expect(readme).toContain(`${row.base === 'web' ? 'http://localhost:3000' : 'http://localhost:8080'}${row.rest}`);
});
