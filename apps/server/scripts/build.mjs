// Compiles the API for production (decision 049): one ES module, dist/server.js, with our code and
// @bazaar/shared bundled and every npm dependency left to node_modules, plus the migrations beside
// it. `node dist/server.js` then runs without tsx: no esbuild service, no loader thread, no
// `npx`/tsx parent processes (about 50 MiB less in the server and 130 MiB less around it, see
// docs/benchmarks.md "Issue 13 ... second pass"). Paths that code finds from its own file
// (env.ts's REPO_ROOT, db/client.ts's migrations folder) land right because dist/ sits at the same
// depth as src/ and the migrations are copied to dist/migrations.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(server, 'dist');
const { dependencies } = JSON.parse(readFileSync(path.join(server, 'package.json'), 'utf8'));
const external = Object.keys(dependencies)
  .filter((name) => name !== '@bazaar/shared')
  .flatMap((name) => [name, `${name}/*`]);

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [path.join(server, 'src/server.ts')],
  outfile: path.join(dist, 'server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  // Stack traces name src/ files and lines.
  sourcemap: 'linked',
  logLevel: 'warning',
});
cpSync(path.join(server, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
console.log(`built ${path.relative(process.cwd(), path.join(dist, 'server.js'))}`);
