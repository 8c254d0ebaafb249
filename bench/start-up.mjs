// A newcomer's first `npm start` (issue 25): from a clean state (no front-end builds, a fresh
// DATA_DIR) it runs `npm start`, and measures the time to the addresses banner, the CPU time the
// start used until then (user + sys of every process it started, the finished builds included),
// and the lines printed before the banner (with how many are Vite's "use client" warnings).
// Then it stops Bazaar.
// Usage: node bench/start-up.mjs [--runs 1] [--warm]
//   The clean state is the committed tree (HEAD) in a temporary folder, as a fresh clone has it, with
//   this checkout's node_modules hard-linked; the builds and data here stay untouched.
//   --with a,b copies those paths of the working tree over it (to measure uncommitted changes).
//   --warm also measures a second start of the same copy (builds present, database seeded).
//   BENCH_API_PORT / BENCH_WEB_PORT choose the ports (the consoles take WEB_PORT+1 and +2).
//   --print shows what `npm start` printed before the banner.
// Target on the 2-core machine: the banner within 40 s, and nothing before it but progress lines.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { argValue } from './load.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(argValue('runs', 1));
const warm = process.argv.includes('--warm');
const print = process.argv.includes('--print');
const overlay = argValue('with', '').split(',').filter(Boolean);
const apiPort = Number(process.env.BENCH_API_PORT ?? 18590);
const webPort = Number(process.env.BENCH_WEB_PORT ?? 13590);
const TARGET_MS = 40_000;
const TICK_MS = 1000 / 100; // /proc reports CPU in clock ticks of 10 ms (USER_HZ 100)

/**
 * A clean checkout of the committed tree (git archive HEAD: no builds, no data, nothing uncommitted),
 * with the working tree's versions of `overlay` on top, and each node_modules hard-linked from here
 * (same file system, so it takes seconds; tool caches are left behind, so whatever a build writes there stays in the copy).
 */
function cleanCopy(dir, overlay) {
  execFileSync('sh', ['-c', `git archive HEAD | tar -x -C '${dir}'`], { cwd: root });
  for (const file of overlay) cpSync(path.join(root, file), path.join(dir, file), { recursive: true });
  for (const modules of ['node_modules', ...['apps', 'packages'].flatMap((group) => readdirSync(path.join(root, group)).map((name) => `${group}/${name}/node_modules`))]) {
    if (!existsSync(path.join(root, modules))) continue;
    execFileSync('cp', ['-al', path.join(root, modules), path.join(dir, modules)]);
    for (const cache of ['.vite', '.vite-temp', '.cache']) rmSync(path.join(dir, modules, cache), { recursive: true, force: true });
  }
}

/** CPU milliseconds of the process group `pgrp`: its live processes and the children they have already reaped. */
function groupCpuMs(pgrp) {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    // After the command name: [2] pgrp, [11] utime, [12] stime, [13] cutime, [14] cstime
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgrp) ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return ticks * TICK_MS;
}

/** Stops `npm start` and every process it started (its process group). */
async function stop(child) {
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      // all gone
    }
  };
  signal('SIGTERM');
  await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', resolve)));
  // The API closes its database after the launcher is gone.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  signal('SIGKILL');
}

/** One `npm start` in `dir` until its banner: time, CPU, lines before the banner; then stops it. */
async function start(dir, dataDir) {
  const env = { ...process.env, API_PORT: String(apiPort), WEB_PORT: String(webPort), MERCHANT_PORT: String(webPort + 1), PLATFORM_PORT: String(webPort + 2), DATA_DIR: dataDir };
  // The plain `npm start` of the README: the embedded database, default logging.
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'LOG_LEVEL', 'LOG_REQUESTS', 'NODE_ENV']) delete env[name];
  const load = os.loadavg()[0];
  const began = performance.now();
  const child = spawn('npm', ['start'], { cwd: dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = [];
  let cpu = 0;
  const partial = { stdout: '', stderr: '' };
  let elapsed;
  try {
    elapsed = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no banner within 5 minutes; last lines:\n${lines.slice(-20).join('\n')}`)), 300_000);
      for (const stream of ['stdout', 'stderr']) {
        child[stream].on('data', (chunk) => {
          const text = partial[stream] + chunk.toString();
          const parts = text.split('\n');
          partial[stream] = parts.pop();
          for (const line of parts) {
            if (line.includes('Bazaar is running')) {
              cpu = groupCpuMs(child.pid);
              clearTimeout(timer);
              resolve(performance.now() - began);
            }
            lines.push(line);
          }
        });
      }
      child.once('exit', (code) => reject(new Error(`npm start exited (${code}) before its banner:\n${lines.slice(-30).join('\n')}`)));
    });
  } finally {
    await stop(child);
  }
  const before = lines.slice(0, lines.findIndex((line) => line.includes('Bazaar is running')));
  // `npm start` prints its own two-line header ("> bazaar@0.0.0 start", "> node scripts/start.mjs") and a blank line.
  const shown = before.filter((line) => line.trim() && !line.startsWith('> '));
  if (print) console.log(`--- printed before the banner (${before.length} lines) ---\n${before.join('\n')}\n---`);
  return { elapsed, cpu, load, lines: before.length, shown: shown.length, useClient: before.filter((line) => line.includes('"use client"')).length, warnings: shown.filter((line) => /warn/i.test(line)).length };
}

const results = [];
for (let i = 0; i < runs; i++) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bazaar-start-up-'));
  try {
    const dir = path.join(tmp, 'bazaar');
    mkdirSync(dir);
    cleanCopy(dir, overlay);
    const dataDir = path.join(tmp, 'data');
    results.push({ kind: 'first start (no builds, fresh DATA_DIR)', ...(await start(dir, dataDir)) });
    if (warm) results.push({ kind: 'second start (builds present, seeded DATA_DIR)', ...(await start(dir, dataDir)) });
  } finally {
    rmSync(tmp, { recursive: true, force: true, maxRetries: 5 });
  }
}

const cpuModel = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(`\nMachine: ${os.cpus().length} cores (${cpuModel}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, npm ${execFileSync('npm', ['-v']).toString().trim()}\n`);
console.log('| start | to the banner s | CPU (user+sys) s | load average | lines before the banner | of them not blank nor npm\'s header | "use client" lines | lines with "warn" | target (40 s) |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  const met = r.elapsed <= TARGET_MS ? 'met' : 'missed';
  console.log(`| ${r.kind} | ${(r.elapsed / 1000).toFixed(1)} | ${(r.cpu / 1000).toFixed(1)} | ${r.load.toFixed(1)} | ${r.lines} | ${r.shown} | ${r.useClient} | ${r.warnings} | ${r.kind.startsWith('first') ? met : '-'} |`);
}
