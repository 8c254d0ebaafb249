// `npm start`: builds the storefront when its build is missing or older than its sources,
// starts the API (which migrates and seeds the embedded database on first start), waits for it,
// then starts the storefront and prints where to go. `--dev` runs both in watch mode instead.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const apiPort = Number(process.env.API_PORT ?? 8080);
const webPort = Number(process.env.WEB_PORT ?? 3000);
const env = { ...process.env, API_PORT: String(apiPort), WEB_PORT: String(webPort), NODE_ENV: dev ? 'development' : 'production' };
// The demo runs on the sandbox providers; their pages serve this machine only unless told otherwise.
env.SANDBOX_PROVIDERS ||= 'loopback';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

if (!dev) {
  const built = path.join(root, 'apps/web/build/server/index.js');
  const sources = Math.max(newestMtime(path.join(root, 'apps/web/app')), newestMtime(path.join(root, 'packages/shared/src')));
  if (!existsSync(built) || statSync(built).mtimeMs < sources) {
    console.log('Building the storefront…');
    const result = spawnSync('npm', ['run', 'build', '-w', '@bazaar/web'], { cwd: root, stdio: 'inherit', env });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

const children = [];
function run(name, cmd, args, cwd) {
  const child = spawn(cmd, args, { cwd: path.join(root, cwd), env, stdio: 'inherit' });
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
  for (const child of children) child.kill('SIGTERM');
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

run('API', 'npx', dev ? ['tsx', 'watch', 'src/server.ts'] : ['tsx', 'src/server.ts'], 'apps/server');
await waitFor(`http://127.0.0.1:${apiPort}/healthz`, 'The API');
if (dev) run('storefront', 'npx', ['react-router', 'dev', '--port', String(webPort)], 'apps/web');
else run('storefront', 'node', ['server.js'], 'apps/web');
await waitFor(`http://127.0.0.1:${webPort}/`, 'The storefront');
console.log(`\n  Bazaar is running: http://localhost:${webPort}\n  API and its docs:  http://localhost:${apiPort}/docs\n  SMS sandbox inbox: http://localhost:${webPort}/sandbox/sms\n`);
