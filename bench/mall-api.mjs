// What the API benchmarks share: one API process on PostgreSQL (seeded at its first start), calls
// with a shopper's token from a client address of the caller's choosing, shoppers registered through
// the three register calls, and the latency table.
import { createCipheriv } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { apiNodeCommand } from './load.mjs';

// The password transport key, read from the shared constants so the two never drift apart.
const KEY = /PASSWORD_CIPHER_KEY = '([^']+)'/.exec(readFileSync(new URL('../packages/shared/src/constants/cipher.ts', import.meta.url), 'utf8'))[1];
export const cipher = (password) => {
  const c = createCipheriv('aes-128-ecb', Buffer.from(KEY, 'utf8'), null);
  return Buffer.concat([c.update(`${Date.now()}${password}`, 'utf8'), c.final()]).toString('base64');
};

/**
 * Starts the API alone, in one Node process that loads TypeScript through tsx (so stopping it stops
 * the server too), or with BENCH_API_CMD=compiled from dist/server.js as `npm run start:prod` does
 * (load.mjs's apiCommand), and waits for it. `profileDir` writes the API's CPU profile there when it stops
 * (open it in Chrome's DevTools).
 */
export async function startApi({ port, profileDir = '' }) {
  if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to a PostgreSQL database (the targets are measured on PostgreSQL).');
  const root = new URL('..', import.meta.url).pathname;
  const [command, args, commandEnv] = apiNodeCommand(profileDir ? path.resolve(profileDir) : '');
  const child = spawn(command, args, {
    cwd: path.join(root, 'apps/server'),
    env: { ...process.env, ...commandEnv, NODE_ENV: 'production', SANDBOX_PROVIDERS: 'loopback', LOG_LEVEL: 'warn', API_PORT: String(port), DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bazaar-bench-')) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let up = false, deadline = Date.now() + 240_000; !up; ) {
    if (Date.now() > deadline) throw new Error('the API did not come up');
    up = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (!up) await new Promise((r) => setTimeout(r, 300));
  }

  async function call(method, urlPath, { body, token, ip } = {}) {
    const res = await fetch(base + urlPath, {
      method,
      headers: { 'content-type': 'application/json', 'accept-language': 'zh', ...(token ? { authorization: token } : {}), ...(ip ? { 'x-forwarded-for': ip } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    // Successes are JSON; 4xx bodies are the plain-text message.
    return { status: res.status, body: res.ok && text ? JSON.parse(text) : text };
  }
  async function ok(method, urlPath, options) {
    const res = await call(method, urlPath, options);
    if (res.status !== 200) throw new Error(`${method} ${urlPath}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  /** A shopper through the three register calls (each from its own client address: SMS limits are per IP), with a delivery address. */
  async function registerShopper(i, prefix = '166') {
    const mobile = `${prefix}${String(Date.now() % 1e6).padStart(6, '0')}${String(i).padStart(2, '0')}`.slice(0, 11);
    const ip = `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    await ok('PUT', '/user/sendRegisterSms', { body: { mobile }, ip });
    const inbox = await ok('GET', '/sandbox/sms/messages');
    const code = inbox.filter((m) => m.mobile === mobile && m.purpose === 'register').sort((a, b) => b.id - a.id)[0].code;
    const flag = await ok('PUT', '/user/checkRegisterSms', { body: { mobile, validCode: code }, ip });
    const reg = await ok('PUT', '/user/registerOrBindUser', {
      body: { appType: 3, registerOrBind: 1, validateType: 1, mobile, checkRegisterSmsFlag: flag, userName: `bench${mobile.slice(-8)}`, password: cipher('bench123'), nickName: `买家${i}` },
      ip,
    });
    const token = reg.accessToken;
    await ok('POST', '/p/address/addAddr', { token, body: { receiver: `买家${i}`, mobile: '13912345678', provinceId: 330000, cityId: 330100, areaId: 330106, addr: '文三路 90 号', commonAddr: true } });
    return token;
  }

  return { base, call, ok, registerShopper, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

/** The p-th percentile (0-100) of ascending samples, 0 for none. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** One row of the latency table: count, p50, p95, p99 and max in ms. */
export function summary(label, samples) {
  const s = [...samples].sort((a, b) => a - b);
  const f = (n) => n.toFixed(1);
  return `| ${label} | ${s.length} | ${f(percentile(s, 50))} | ${f(percentile(s, 95))} | ${f(percentile(s, 99))} | ${f(s[s.length - 1] ?? 0)} |`;
}
export const SUMMARY_HEAD = '| call | count | p50 ms | p95 ms | p99 ms | max ms |\n|---|---|---|---|---|---|';

/** The machine line printed above a table. */
export function machine() {
  const cpu = os.cpus();
  return `${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, Node ${process.version}, load ${os.loadavg()[0].toFixed(1)}`;
}
