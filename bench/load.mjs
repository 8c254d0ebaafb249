import { readdirSync, readFileSync } from 'node:fs';
// Shared by the load scripts: one autocannon run summarized, and the results printed as a
// Markdown table with the machine it ran on (copied into docs/benchmarks.md).
import autocannon from 'autocannon';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * How a benchmark starts the API: BENCH_API_CMD=compiled runs apps/server/dist/server.js (after
 * `npm run build -w @bazaar/server`) as `npm run start:prod` does, with that script's environment
 * (the allocator settings) and node options (decision 049), read from the measured checkout's
 * package.json (BENCH_SERVER_DIR, else this one's); otherwise tsx as `npm start` does.
 * BENCH_API_NODE_ARGS adds node options (V8 flags; a repeated flag's last value wins), `profileDir`
 * a CPU profile. Answers [command, args, env] for the apps/server folder; spawn it with that env
 * over the benchmark's own.
 */
export function apiCommand(profileDir = '') {
  const flags = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const extra = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  if (process.env.BENCH_API_CMD === 'compiled') {
    const prod = startProdCommand(process.env.BENCH_SERVER_DIR ?? path.join(root, 'apps/server'));
    return ['node', [...flags, ...prod.nodeOptions, ...extra, 'dist/server.js'], prod.env];
  }
  flags.push(...extra);
  return flags.length ? ['node', [...flags, '--import', 'tsx', 'src/server.ts'], {}] : ['npx', ['tsx', 'src/server.ts'], {}];
}

/** apiCommand for a benchmark that spawns the API itself and stops it by its pid: node, never npx in between. */
export function apiNodeCommand(profileDir = '') {
  const [command, args, env] = apiCommand(profileDir);
  return command === 'npx' ? [process.execPath, ['--import', 'tsx', 'src/server.ts'], env] : [process.execPath, args, env];
}

/** `npm run start:prod` of a server folder: `[VAR=value ...] node [options] dist/server.js`, taken apart. */
export function startProdCommand(serverDir) {
  const script = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8')).scripts['start:prod'];
  const words = script.split(/\s+/).filter(Boolean);
  const env = {};
  while (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0])) {
    const [name, ...value] = words.shift().split('=');
    env[name] = value.join('=');
  }
  if (words[0] !== 'node' || words.at(-1) !== 'dist/server.js') throw new Error(`start:prod is not "[VAR=value ...] node [options] dist/server.js": ${script}`);
  return { env, nodeOptions: words.slice(1, -1) };
}

/** Waits until `url` answers 2xx (a server starting), or throws after `timeoutMs`. */
export async function waitFor(url, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not come up`);
}

const TICK_MS = 1000 / 100; // /proc reports CPU in clock ticks of 10 ms (USER_HZ 100)
/** CPU milliseconds used so far by the processes `pick(pid, pgrp)` selects (Linux /proc stat fields). */
export function cpuMs(pick) {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[2] is the pgrp, [11] utime, [12] stime (after the command name)
    if (pick(Number(pid), Number(fields[2]))) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * TICK_MS;
}

export function argValue(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

/**
 * One load run; `urls` may be several (each connection goes round them in order). An entry is a
 * URL, or `{ url, method, headers, body }` for a call with its own method, headers or body (one
 * origin for all).
 */
export function run(title, urls, { connections, duration, pipelining = 1, headers }) {
  headers ??= { 'accept-language': 'zh' };
  const list = (Array.isArray(urls) ? urls : [urls]).map((entry) => (typeof entry === 'string' ? { url: entry } : entry));
  const base = new URL(list[0].url);
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base.origin,
        connections,
        pipelining,
        duration,
        headers,
        requests: list.map((entry) => {
          const url = new URL(entry.url);
          return { method: entry.method ?? 'GET', path: `${url.pathname}${url.search}`, ...(entry.headers ? { headers: { ...headers, ...entry.headers } } : {}), ...(entry.body === undefined ? {} : { body: entry.body }) };
        }),
      },
      (err, result) => {
        if (err) return reject(err);
        resolve({
          title,
          connections,
          reqPerSec: Math.round(result.requests.average),
          p50: result.latency.p50,
          p90: result.latency.p90,
          p97_5: result.latency.p97_5,
          p99: result.latency.p99,
          errors: result.errors + result.non2xx,
        });
      },
    );
  });
}

export function printTable(results, note = '') {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(`\nMachine: ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}${note ? `; ${note}` : ''}\n`);
  console.log('| scenario | connections | req/s | p50 ms | p90 ms | p97.5 ms | p99 ms | errors |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of results) console.log(`| ${r.title} | ${r.connections} | ${r.reqPerSec} | ${r.p50} | ${r.p90} | ${r.p97_5} | ${r.p99} | ${r.errors} |`);
}
