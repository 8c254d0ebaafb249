// The API's CPU per request, call by call, for the calls a logged-in shopper's pages make (issue 13):
// each endpoint alone at 10 connections for 5 s after a 2 s warm-up, as buyer01 of the demo seed,
// with the API run as the benchmarks run it (BENCH_API_CMD=compiled: as `npm run start:prod` does).
// Usage:
//   npm run build -w @bazaar/server
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_pages REDIS_URL=redis://127.0.0.1:6379/9 BENCH_API_CMD=compiled node bench/api-calls.mjs
//   (the database is seeded with the demo at the API's first start; DATA_DIR for the embedded one)
// BENCH_CALLS: a comma-separated list of paths instead of the default ones; BENCH_PROFILE=DIR writes
// a V8 CPU profile of the API there (summarize it with bench/profile-summary.mjs --skip 8).
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiCommand, cpuMs, run, waitFor } from './load.mjs';
import { cipher } from './mall-api.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_API_PORT ?? 18590);
const api = `http://127.0.0.1:${port}`;
const DEFAULT_CALLS = ['/healthz', '/p/user/userInfo', '/p/shopCart/prodCount', '/p/shopCart/view', '/p/myOrder/myOrder?status=0&current=1&size=10', '/p/user/centerInfo'];
const calls = process.env.BENCH_CALLS ? process.env.BENCH_CALLS.split(',') : DEFAULT_CALLS;

const [cmd, args, extraEnv] = apiCommand(process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : '');
const child = spawn(cmd, args, {
  cwd: path.join(root, 'apps/server'),
  env: { ...process.env, ...extraEnv, NODE_ENV: 'production', SANDBOX_PROVIDERS: 'loopback', LOG_LEVEL: 'warn', API_PORT: String(port) },
  detached: true,
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  await waitFor(`${api}/healthz`);
  const login = await fetch(`${api}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'buyer01', passWord: cipher('bazaar123') }) });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const headers = { authorization: (await login.json()).accessToken, accept: 'application/json', 'accept-encoding': 'br, gzip' };
  console.log(`Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}; API: ${process.env.BENCH_API_CMD === 'compiled' ? 'compiled' : 'tsx'}; ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}\n`);
  console.log('| call | req/s | p50 ms | p99 ms | API CPU ms/request | errors |\n|---|---|---|---|---|---|');
  for (const call of calls) {
    await run('warm-up', [`${api}${call}`], { connections: 10, duration: 2, headers });
    const before = cpuMs((_pid, pgrp) => pgrp === child.pid);
    const r = await run(call, [`${api}${call}`], { connections: 10, duration: 5, headers });
    const cpu = (cpuMs((_pid, pgrp) => pgrp === child.pid) - before) / Math.max(1, r.reqPerSec * 5);
    console.log(`| ${call} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${cpu.toFixed(3)} | ${r.errors} |`);
  }
} finally {
  process.kill(-child.pid, 'SIGTERM');
}
