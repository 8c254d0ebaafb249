// `npm start`: starts the API (which migrates and seeds the embedded database on first start) and meanwhile
// builds the storefront, the merchant center and the platform console, all at once, when a build is missing
// or older than its sources (one line per build, no Vite output unless it warns of something or fails);
// then starts the storefront and the consoles and prints where to go. `--dev` runs both in watch mode instead.
// The API's JSON log lines are printed as plain text; request logs are off unless LOG_LEVEL is set,
// so the addresses banner stays on screen.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const apiPort = Number(process.env.API_PORT ?? 8080);
const webPort = Number(process.env.WEB_PORT ?? 3000);
const platformPort = Number(process.env.PLATFORM_PORT ?? 3002);
const merchantPort = Number(process.env.MERCHANT_PORT ?? 3001);
const env = { ...process.env, API_PORT: String(apiPort), WEB_PORT: String(webPort), PLATFORM_PORT: String(platformPort), MERCHANT_PORT: String(merchantPort), NODE_ENV: dev ? 'development' : 'production' };
// The demo runs on the sandbox providers; their pages serve this machine only unless told otherwise.
env.SANDBOX_PROVIDERS ||= 'loopback';
// Every page load would log two lines; whoever sets LOG_LEVEL wants them (LOG_REQUESTS decides alone when set).
env.LOG_REQUESTS ||= process.env.LOG_LEVEL ? 'true' : 'false';

const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/** One pino JSON line as a person reads it: '[api] info: GET /cart 200 in 4 ms'. Other lines pass unchanged. */
function readableLog(line) {
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (!entry || typeof entry !== 'object' || typeof entry.level !== 'number') return line;
  const parts = [entry.msg];
  if (entry.req) parts.push(`${entry.req.method} ${entry.req.url}`);
  if (entry.res) parts.push(`${entry.res.statusCode}${typeof entry.responseTime === 'number' ? ` in ${Math.round(entry.responseTime)} ms` : ''}`);
  if (entry.err) parts.push(entry.err.stack ?? entry.err.message);
  return `[api] ${LEVELS[entry.level] ?? entry.level}: ${parts.filter(Boolean).join(' ')}`;
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** The front ends, each built when its build is missing or older than its source folders (or packages/shared's). */
const FRONT_ENDS = [
  // The consoles are static builds in both modes (they have no watch mode of their own).
  { what: 'merchant center', workspace: '@bazaar/merchant', built: 'apps/merchant/dist/index.html', sources: ['apps/merchant/src', 'packages/console-ui/src'] },
  { what: 'platform console', workspace: '@bazaar/platform', built: 'apps/platform/dist/index.html', sources: ['apps/platform/src', 'packages/console-ui/src'] },
  ...(dev ? [] : [{ what: 'storefront', workspace: '@bazaar/web', built: 'apps/web/build/server/index.js', sources: ['apps/web/app'] }]),
];

function isStale({ built, sources }) {
  const newest = Math.max(...[...sources, 'packages/shared/src'].map((dir) => newestMtime(path.join(root, dir))));
  return !existsSync(path.join(root, built)) || statSync(path.join(root, built)).mtimeMs < newest;
}

/**
 * Builds the stale front ends at once, each in its own process (on two cores they still finish
 * sooner together than one after another, and the API starts beside them). Vite reports warnings
 * only (the known harmless ones are dropped in scripts/vite-build.ts): each build prints one line
 * when done, and whatever it warned about under it; a failed build prints all it said and stops the start.
 */
function buildStale() {
  const stale = FRONT_ENDS.filter(isStale);
  if (stale.length === 0) return Promise.resolve();
  console.log(`Building the ${stale.map((app) => app.what).join(', ').replace(/, ([^,]*)$/, ' and $1')}…`);
  return Promise.all(
    stale.map(
      (app) =>
        new Promise((resolve) => {
          const began = Date.now();
          const child = spawn('npm', ['run', 'build', '-w', app.workspace, '--', '--logLevel', 'warn'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
          builds.push(child);
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code, signal) => {
            if (shuttingDown) return resolve();
            // npm's own header ("> @bazaar/web@0.0.0 build", "> react-router build --logLevel warn") says nothing.
            const said = output.split('\n').filter((line) => line.trim() && !line.startsWith('> ')).join('\n');
            if (code !== 0) {
              console.error(`The ${app.what} did not build (${signal ?? code}):\n${output.trim()}`);
              return shutdown(code ?? 1);
            }
            console.log(`  built the ${app.what} in ${((Date.now() - began) / 1000).toFixed(1)} s`);
            if (said) console.log(said);
            resolve();
          });
        }),
    ),
  );
}

const children = [];
const builds = [];
/**
 * Starts a server. `readable` rewrites its pino lines as text; `announces`, a line it prints once it is
 * ready, is waited for by `child.announced` (the storefront's primary announces when all its workers
 * listen, which may be after its port first answers).
 */
function run(name, cmd, args, cwd, { readable = false, announces = null } = {}) {
  const piped = readable || announces !== null;
  const child = spawn(cmd, args, { cwd: path.join(root, cwd), env, stdio: piped ? ['inherit', 'pipe', 'pipe'] : 'inherit' });
  let announced = () => undefined;
  child.announced = announces === null ? Promise.resolve() : new Promise((resolve) => (announced = resolve));
  if (piped) {
    const print = readable ? readableLog : (line) => line;
    createInterface({ input: child.stdout }).on('line', (line) => {
      console.log(print(line));
      if (announces?.test(line)) announced();
    });
    createInterface({ input: child.stderr }).on('line', (line) => console.error(print(line)));
  }
  child.on('exit', (code, signal) => {
    if (shuttingDown) return;
    console.error(`${name} stopped (${signal ?? code}); stopping Bazaar.`);
    shutdown(code ?? 1);
  });
  children.push(child);
  return child;
}

let shuttingDown = false;
function shutdown(code = 0) {
  shuttingDown = true;
  for (const child of [...builds, ...children]) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

async function waitFor(url, what) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${what} did not start within 3 minutes`);
}

// The API (which migrates and seeds a new database) starts while the front ends build.
run('API', 'npx', dev ? ['tsx', 'watch', 'src/server.ts'] : ['tsx', 'src/server.ts'], 'apps/server', { readable: true });
await buildStale();
await waitFor(`http://127.0.0.1:${apiPort}/healthz`, 'The API');
const storefront = dev
  ? run('storefront', 'npx', ['react-router', 'dev', '--port', String(webPort)], 'apps/web')
  : run('storefront', 'node', ['server.js'], 'apps/web', { announces: /^Bazaar storefront on / });
run('platform console', 'node', ['server.js'], 'apps/platform');
run('merchant center', 'node', ['server.js'], 'apps/merchant');
await Promise.all([
  waitFor(`http://127.0.0.1:${webPort}/`, 'The storefront').then(() => storefront.announced),
  waitFor(`http://127.0.0.1:${platformPort}/`, 'The platform console'),
  waitFor(`http://127.0.0.1:${merchantPort}/`, 'The merchant center'),
]);

const web = `http://localhost:${webPort}`;
const api = `http://localhost:${apiPort}`;
const addresses = [
  ['storefront', web],
  ['API', api],
  ['API docs (OpenAPI)', `${api}/docs`],
  ['merchant center', `http://localhost:${merchantPort}`],
  ['platform console', `http://localhost:${platformPort}`],
  ['SMS sandbox inbox', `${web}/sandbox/sms`],
  ['payment sandboxes', `${web}/sandbox/ (opened from the payment page)`],
];
const width = Math.max(...addresses.map(([name]) => name.length));
console.log(
  [
    '',
    '  Bazaar is running:',
    ...addresses.map(([name, url]) => `    ${name.padEnd(width)}  ${url}`),
    '',
    env.LOG_REQUESTS === 'true' ? '  Request logs are on. Ctrl+C stops Bazaar.' : '  Request logs are off (LOG_LEVEL=info npm start shows them). Ctrl+C stops Bazaar.',
    '',
  ].join('\n'),
);
