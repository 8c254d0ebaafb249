// Live chat across two API instances on PostgreSQL + Redis (issue 28, decision 063):
//   1. idle sockets: `--idle` shopper sockets on each instance (each beating every 19 s), held by a
//      child process per instance (one process holds at most `ulimit -n` descriptors); the API
//      processes' resident memory before and after, each read after the instance's full collection,
//      per socket;
//   2. delivery latency: 200 shoppers on instance A send `--rate` messages/s for `--duration` s to
//      the shops, whose sellers' sockets are on instance B; p50/p95/p99 from when each message was due
//      to the seller's socket, and the CPU per message of A, B and the database's backends. Each sender's first
//      message (which opens its conversation) goes before, at the same rate, and is reported apart,
//      and so is a warm-up of `--warmup` s at the rate (0: none); the measured seconds' latencies
//      are also shown by send time (per second, and the slowest 100 ms windows with the bench's own
//      event-loop lag), to tell one stall from a spread tail and the servers' from this process's;
//   3. a forced reconnect: `--reconnect` shoppers on A, the sellers on B sending them `--rate`
//      messages/s; every shopper socket is cut at once, each reconnects 2 s later (spec 9) and resumes
//      from the last seq up to which it holds everything; then every shopper's messages are compared
//      with the database: lost (stored, never received) and duplicated (received twice).
// Shoppers and their tokens are written straight to the database (registering thousands through
// the SMS calls would take the run); sellers log in through /merchant/login.
// Usage: createdb bazaar_chat_bench && DATABASE_URL=postgres://postgres@127.0.0.1:5432/bazaar_chat_bench \
//          REDIS_URL=redis://127.0.0.1:6379/9 node bench/chat.mjs [--idle 5000] [--rate 1000] [--duration 10]
//          [--reconnect 1000] [--warmup 2] [--port 18171] [--profile DIR]; BENCH_API_CMD=compiled runs dist/server.js as start:prod does
//          (BENCH_SERVER_DIR: another build's server folder, its dist/ and package.json, to compare with).
// Each API process holds its sockets' descriptors too: `ulimit -n` bounds --idle (less a few hundred).
import { fork, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { WebSocket } from 'ws';
import { apiNodeCommand, argValue } from './load.mjs';
import { cipher, machine, percentile, summary, SUMMARY_HEAD } from './mall-api.mjs';

const IDLE = Number(argValue('idle', 5000));
const RATE = Number(argValue('rate', 1000));
const DURATION_S = Number(argValue('duration', 10));
const RECONNECT = Number(argValue('reconnect', 1000));
const WARMUP_S = Number(argValue('warmup', 2));
const PORT = Number(argValue('port', 18171));
const PROFILE_DIR = argValue('profile', '') ? path.resolve(argValue('profile', '')) : '';
if (!process.env.DATABASE_URL || !process.env.REDIS_URL) throw new Error('Set DATABASE_URL and REDIS_URL: two API instances share them.');

const root = new URL('..', import.meta.url).pathname;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** node-postgres' default idleTimeoutMillis, which the API's pool keeps (db/client.ts). */
const POOL_IDLE_MS = 10_000;

/** One API instance (tsx, like npm start; BENCH_API_CMD=compiled: dist/server.js as start:prod), its pid for the memory readings. */
async function startInstance(port) {
  // A server of an earlier run still closing on this port would answer the health check for this one.
  for (const deadline = Date.now() + 30_000; await fetch(`http://127.0.0.1:${port}/healthz`).then(() => true, () => false); ) {
    if (Date.now() > deadline) throw new Error(`port ${port} is taken`);
    await sleep(500);
  }
  const [command, args, commandEnv] = apiNodeCommand(PROFILE_DIR);
  const child = spawn(command, args, {
    // BENCH_SERVER_DIR: another build's server folder (its dist/ and package.json) to compare with.
    cwd: process.env.BENCH_SERVER_DIR ?? path.join(root, 'apps/server'),
    env: {
      ...process.env,
      ...commandEnv,
      NODE_ENV: 'production',
      SANDBOX_PROVIDERS: 'loopback',
      LOG_LEVEL: 'warn',
      API_PORT: String(port),
      // The bench's senders type far faster than a person (the per-account limit is tested elsewhere).
      CHAT_MESSAGES_PER_10S: '100000',
      LOGIN_PER_IP_PER_MINUTE: '100000',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bazaar-chat-bench-')),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let up = false, deadline = Date.now() + 300_000; !up; ) {
    if (Date.now() > deadline) throw new Error('the API did not come up');
    up = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (!up) await sleep(300);
  }
  if (child.exitCode !== null) throw new Error(`the API on port ${port} exited (${child.exitCode})`);
  return { base, ws: `ws://127.0.0.1:${port}`, child, rssKiB: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) };
}

const db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });

/** n shoppers with a live token each, written in one statement per 1,000. */
async function makeShoppers(n) {
  const out = [];
  while (out.length < n) {
    const made = Array.from({ length: Math.min(1000, n - out.length) }, () => ({ id: randomBytes(16).toString('hex'), token: randomUUID() + randomUUID() }));
    // A random mobile may be taken (by an earlier run's shoppers): that shopper is left out, and made again.
    const { rows } = await db.query(
      `insert into users (id, mobile, nick_name) select id, '19' || lpad((floor(random() * 1e9))::bigint::text, 9, '0'), 'chat bench' from unnest($1::varchar[]) as id
       on conflict do nothing returning id`,
      [made.map((s) => s.id)],
    );
    const inserted = new Set(rows.map((r) => r.id));
    const batch = made.filter((s) => inserted.has(s.id));
    const ids = batch.map((s) => s.id);
    await db.query(
      `insert into auth_tokens (token_hash, audience, subject, expires_at) select h, 'shopper', s, now() + interval '1 day' from unnest($1::varchar[], $2::varchar[]) as t(h, s)`,
      [batch.map((s) => createHash('sha256').update(s.token).digest('hex')), ids],
    );
    out.push(...batch);
  }
  return out;
}

class Client {
  constructor(origin, token, userId, onFrame) {
    this.userId = userId;
    this.ready = new Promise((resolve, reject) => {
      this.socket = new WebSocket(`${origin}/im/websocket/online/user/${encodeURIComponent(token)}/${userId}`);
      this.socket.on('message', (data) => {
        const frame = JSON.parse(String(data));
        if (frame.code === '00000' && !this.opened) {
          this.opened = true;
          resolve(this);
        }
        onFrame?.(frame, this);
      });
      this.socket.on('error', reject);
      this.socket.on('close', () => clearInterval(this.beat));
    });
    this.beat = setInterval(() => this.send({ content: 'HEART_BEAT' }), 19_000);
  }
  send(frame) {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }
}

/** Opens the shoppers' sockets, `parallel` at a time; `tolerant`: a socket that fails is left out (counted by the caller). */
async function openMany(origin, shoppers, onFrame, parallel = 200, tolerant = false) {
  const clients = [];
  for (let i = 0; i < shoppers.length; i += parallel) {
    const batch = shoppers.slice(i, i + parallel).map((s) => new Client(origin, s.token, s.id, onFrame).ready);
    clients.push(...(await Promise.all(tolerant ? batch.map((p) => p.catch(() => null)) : batch)).filter(Boolean));
  }
  return clients;
}

// ---------- a holder of idle sockets (a child process of the bench) ----------
// One process may hold `ulimit -n` descriptors (20,000 on the bench machine), so the idle sockets of
// each instance are held by a child process of their own: `--hold` makes this script that child.
if (process.argv.includes('--hold')) {
  const clients = [];
  process.on('message', async (msg) => {
    if (msg.t === 'open') {
      const opened = await openMany(msg.origin, msg.shoppers, null, 200, true);
      clients.push(...opened);
      process.send({ t: 'opened', n: opened.length, failed: msg.shoppers.length - opened.length });
    } else if (msg.t === 'end') {
      for (const c of clients) c.socket.terminate();
      process.exit(0);
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ t: 'ready' });
  await new Promise(() => {});
}

console.error('starting two API instances...');
const a = await startInstance(PORT);
const b = await startInstance(PORT + 1);
// A failing run must not leave its servers behind (they would hold the ports).
process.on('exit', () => {
  a.child.kill('SIGTERM');
  b.child.kill('SIGTERM');
});
const shops = (
  await db.query(
    `select s.id as shop_id, m.id as account_id from shops s join merchant_accounts m on m.shop_id = s.id and m.username = 'shop' || s.id
     where s.status = 1 and m.status = 1 order by s.id limit 8`,
  )
).rows;
await db.query('insert into chat_shop_settings (shop_id, away) select unnest($1::int[]), false on conflict (shop_id) do update set away = false', [shops.map((s) => s.shop_id)]);
const lines = [];
const log = (line) => {
  lines.push(line);
  console.error(line);
};

// ---------- 1. idle sockets ----------
console.error(`writing ${2 * IDLE} shoppers...`);
const shoppers = await makeShoppers(2 * IDLE);
/**
 * The instances' RSS once each has run its full collection (the idle collector, decision 049:
 * one HTTP call, then a quiet spell of two of its ticks, a minute each since its amendment of
 * 2026-12-07), so a reading holds what is live and not the garbage of a burst before it.
 */
async function settledRss() {
  await Promise.all([a, b].map((i) => fetch(`${i.base}/healthz`)));
  await sleep(125_000);
  return { a: a.rssKiB(), b: b.rssKiB() };
}
/** A child process holding idle sockets (see --hold). */
function holder() {
  const child = fork(fileURLToPath(import.meta.url), ['--hold'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const next = () => new Promise((resolve) => child.once('message', resolve));
  return { child, ready: next(), open: async (origin, list) => (child.send({ t: 'open', origin, shoppers: list }), next()) };
}
const before = await settledRss();
// The latency senders (the first 200 of A's) are this process's; the rest of each instance's idle
// sockets are held by a child process per instance.
const holders = [holder(), holder()];
await Promise.all(holders.map((h) => h.ready));
const SENDERS = Math.min(200, IDLE);
const t0 = Date.now();
const idleA = await openMany(a.ws, shoppers.slice(0, SENDERS));
const [heldA, heldB] = await Promise.all([holders[0].open(a.ws, shoppers.slice(SENDERS, IDLE)), holders[1].open(b.ws, shoppers.slice(IDLE))]);
const openS = (Date.now() - t0) / 1000;
const raw = { a: a.rssKiB(), b: b.rssKiB() };
const after = await settledRss();
const openA = idleA.length + heldA.n;
const openB = heldB.n;
const per = (k, n) => (((after[k] - before[k]) * 1024) / n / 1024).toFixed(1);
const perRaw = (k, n) => (((raw[k] - before[k]) * 1024) / n / 1024).toFixed(1);
const mib = (kib) => (kib / 1024).toFixed(0);
log(
  `idle: ${openA} sockets on A and ${openB} on B (${IDLE} asked each; ${heldA.failed + heldB.failed} failed to open), opened in ${openS.toFixed(1)} s; ` +
    `RSS after a full collection A ${mib(before.a)} -> ${mib(after.a)} MiB, B ${mib(before.b)} -> ${mib(after.b)} MiB: per socket A ${per('a', openA)} KiB, B ${per('b', openB)} KiB ` +
    `(right after opening, before the collection: A ${perRaw('a', openA)} KiB, B ${perRaw('b', openB)} KiB)`,
);

// ---------- 2. latency across instances ----------
const sentAt = new Map();
const latencies = [];
/** Each delivered message's due time (performance.now() scale) and latency, for the view by window below. */
const timeline = [];
let late = 0;
let acked = 0;
const sellers = await Promise.all(
  shops.map(async (shop) => {
    const login = await fetch(`${b.base}/merchant/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: `shop${shop.shop_id}`, password: cipher('merchant123') }) });
    const { accessToken } = await login.json();
    return new Client(b.ws, accessToken, shop.account_id, (frame) => {
      if (frame.code === 1 && frame.data.fromSide === 2 && String(frame.data.clientMsgId).startsWith('r-')) acked++;
      if (frame.code !== 1 || frame.data.fromSide !== 1) return;
      const at = sentAt.get(frame.data.clientMsgId);
      if (at !== undefined) {
        latencies.push(performance.now() - at);
        timeline.push(at, performance.now() - at);
        sentAt.delete(frame.data.clientMsgId);
      }
    }).ready;
  }),
);
const senders = idleA.slice(0, Math.min(200, idleA.length));
/**
 * Sends `count` messages (all when count is Infinity: for `seconds`) at RATE per second, each from
 * the next sender to its shop: the n-th message goes out when RATE × elapsed time reaches n, so a
 * late timer sends what is due at once and the rate asked is the rate sent. A message's latency
 * counts from when it was due (start + n / RATE), not from when this loop got to send it: a stall of
 * this process (on two shared cores, often the servers' own CPU bursts) delays the messages due in
 * it, and their delay is counted, as a shopper would feel it (no coordinated omission; it adds this
 * loop's 5 ms step, about 2.5 ms on average, to every message).
 */
async function sendPaced(prefix, { count = Infinity, seconds = Infinity }) {
  const start = performance.now();
  let n = 0;
  while (n < count && performance.now() - start < seconds * 1000) {
    const due = Math.min(count, Math.floor(((performance.now() - start) * RATE) / 1000) + 1);
    for (; n < due; n++) {
      const id = `${prefix}${n}`;
      sentAt.set(id, start + (n * 1000) / RATE);
      const sender = n % senders.length;
      senders[sender].send({ toId: shops[sender % shops.length].shop_id, msgType: 0, sendType: 1, content: `latency ${n}`, clientMsgId: id });
    }
    await sleep(5);
  }
  return { n, seconds: (performance.now() - start) / 1000 };
}
const dbName = new URL(process.env.DATABASE_URL).pathname.slice(1);
/** CPU ms used so far by A, B and the PostgreSQL backends of the bench's database (a backend that exited is not counted). */
function cpuNow() {
  const out = { a: 0, b: 0, pg: 0 };
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const key = Number(pid) === a.child.pid ? 'a' : Number(pid) === b.child.pid ? 'b' : readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${dbName} `) ? 'pg' : null;
      if (!key) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      out[key] += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // gone
    }
  }
  return out;
}
/** Transactions committed or rolled back in the bench's database so far (each statement outside BEGIN is one). */
async function transactionsNow() {
  const { rows } = await db.query('select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()');
  return Number(rows[0].n);
}
/**
 * This process's own event loop (it sends, receives every delivery and holds 200 sockets, on the
 * same cores as the servers): the worst lag of a 5 ms timer per 100 ms window, so a slow delivery
 * can be told from a late send or a late read here.
 */
const benchLag = new Map(); // window index (performance.now() / 100) -> worst lag ms
let benchLagLast = performance.now();
const benchLagTimer = setInterval(() => {
  const now = performance.now();
  const lag = now - benchLagLast - 5;
  const w = Math.floor(benchLagLast / 100);
  if (lag > (benchLag.get(w) ?? 0)) benchLag.set(w, lag);
  benchLagLast = now;
}, 5);
benchLagTimer.unref();
/**
 * The measured seconds' latencies by send time: per second (count, p50, p99, max, the bench's worst
 * loop lag) and the 100 ms windows holding the slowest messages, each with the epoch time of its
 * start (to set beside a server's trace) and the bench's own lag then: a stall is one event or
 * spread, and the bench's or the servers'.
 */
function windowsReport(startPerf, seconds) {
  const bins = new Map();
  for (let i = 0; i < timeline.length; i += 2) {
    const k = Math.floor((timeline[i] - startPerf) / 100);
    if (!bins.has(k)) bins.set(k, []);
    bins.get(k).push(timeline[i + 1]);
  }
  const lagOver = (from, to) => {
    let worst = 0;
    for (let w = Math.floor((startPerf + from) / 100); w <= Math.floor((startPerf + to) / 100); w++) worst = Math.max(worst, benchLag.get(w) ?? 0);
    return worst;
  };
  const f = (ms) => ms.toFixed(1);
  const out = ['latency by send time (100 ms windows; bench lag: the worst delay of this process\'s own 5 ms timer in and just before the window):'];
  for (let s = 0; s < Math.ceil(seconds); s++) {
    const all = [];
    for (let k = s * 10; k < s * 10 + 10; k++) all.push(...(bins.get(k) ?? []));
    all.sort((x, y) => x - y);
    out.push(`  second ${s + 1}: ${all.length} delivered, p50 ${f(percentile(all, 50))}, p99 ${f(percentile(all, 99))}, max ${f(all.at(-1) ?? NaN)} ms; bench lag max ${f(lagOver(s * 1000, s * 1000 + 999))} ms`);
  }
  const worst = [...bins.entries()].map(([k, v]) => [k, v.sort((x, y) => x - y)]).sort((x, y) => y[1].at(-1) - x[1].at(-1)).slice(0, 6);
  const over = timeline.filter((v, i) => i % 2 === 1 && v > 50).length;
  out.push(`  ${over} messages over 50 ms; the slowest windows:`);
  for (const [k, v] of worst) {
    const at = Math.round(performance.timeOrigin + startPerf + k * 100);
    out.push(`  +${(k / 10).toFixed(1)} s (epoch ${at}): ${v.length} delivered, p99 ${f(percentile(v, 99))}, max ${f(v.at(-1))} ms, ${v.filter((x) => x > 50).length} over 50 ms; bench lag ${f(lagOver(k * 100 - 100, k * 100 + 99))} ms`);
  }
  return out;
}
const firstLatencies = [];
const warmLatencies = [];
{
  // Each sender's first message opens its conversation with a shop (a statement more, and the
  // code's first runs): sent at the same rate and measured apart, before the measured seconds.
  await sendPaced('F', { count: senders.length });
  for (const deadline = Date.now() + 30_000; sentAt.size > 0 && Date.now() < deadline; ) await sleep(100);
  firstLatencies.push(...latencies.splice(0));
  // The setup's bursts (the sockets' opening, the sellers' logins, the first messages) grow each
  // instance's PostgreSQL pool; node-postgres closes a connection idle for 10 s, so those closed
  // together 10 s after the first messages, inside the measured seconds, and the backends' exits
  // (on the same two cores) came with the slowest 100 ms of most runs: wait them out (the pool's
  // shrinking after a burst is not the steady traffic measured here).
  await sleep(POOL_IDLE_MS + 1000);
  // A warm-up at the same rate (`--warmup` s, reported apart): the instances' and this process's
  // first second or two at the full rate ran cold (the optimising compiler still at work on the
  // path of a message in all three processes) and carried a backlog into the measured seconds.
  if (WARMUP_S > 0) {
    await sendPaced('W', { seconds: WARMUP_S });
    for (const deadline = Date.now() + 10_000; sentAt.size > 0 && Date.now() < deadline; ) await sleep(20);
    warmLatencies.push(...latencies.splice(0));
  }
  const xacts0 = await transactionsNow();
  const cpu0 = cpuNow();
  const windowStart = Date.now();
  timeline.length = 0;
  const startPerf = performance.now();
  const { n, seconds } = await sendPaced('L', { seconds: DURATION_S });
  // The CPU of the sending and of working off what was sent: until the last delivery (or 5 s).
  for (const deadline = Date.now() + 5000; sentAt.size > 0 && Date.now() < deadline; ) await sleep(20);
  const cpu1 = cpuNow();
  // For a probe preloaded into the instances (BENCH_API_NODE_ARGS='--require ...'): which of its samples are the measured seconds.
  console.error(`measured seconds: ${windowStart}..${Date.now()} (epoch ms)`);
  late = sentAt.size;
  const perMessage = (k) => ((cpu1[k] - cpu0[k]) / n).toFixed(2);
  // A backend reports its counts when idle, at most once a second: read them after that.
  await sleep(1500);
  const xactsPerMessage = ((await transactionsNow()) - xacts0) / n;
  log(
    `latency: ${n} messages at ${RATE}/s asked (${(n / seconds).toFixed(0)}/s sent) for ${DURATION_S} s, shoppers on A -> sellers on B; ${latencies.length} delivered, ${late} not delivered within 5 s after the end; ` +
      `CPU per message (until the last delivery): A ${perMessage('a')} ms, B ${perMessage('b')} ms, PostgreSQL ${perMessage('pg')} ms; ` +
      `PostgreSQL transactions (statements outside BEGIN) per message ${xactsPerMessage.toFixed(3)}`,
  );
  for (const line of windowsReport(startPerf, seconds)) log(line);
}

// ---------- 3. a forced reconnect ----------
// Not the latency senders: their conversations hold messages these new sockets never saw.
const followers = shoppers.slice(200, 200 + Math.min(RECONNECT, IDLE - 200));
const held = new Map(); // userId -> Map(seq -> times received)
const conversationOf = new Map();
const note = (userId, m) => {
  conversationOf.set(userId, m.conversationId);
  let seqs = held.get(userId);
  if (!seqs) held.set(userId, (seqs = new Map()));
  seqs.set(m.seq, (seqs.get(m.seq) ?? 0) + 1);
};
const watch = (userId) => (frame) => {
  if (frame.code === 1) note(userId, frame.data);
  if (frame.code === 2) for (const m of frame.data.messages) note(userId, m);
};
// Fresh sockets for the followers (the idle ones are replaced: code 11 closes them).
// Frames are watched from the first one (a listener added after the open would miss live messages).
const watching = (frame, client) => watch(client.userId)(frame);
let followerSockets = await openMany(a.ws, followers, watching);
// Each follower opens a conversation with a shop; the sellers then talk to all of them.
const shopOfFollower = followers.map((_, i) => shops[i % shops.length]);
followerSockets.forEach((c, i) => c.send({ toId: shopOfFollower[i].shop_id, msgType: 0, sendType: 1, content: 'hi', clientMsgId: `hi-${i}` }));
// The sellers may only answer a conversation that exists: wait for every 'hi' to come back stored.
for (const deadline = Date.now() + 60_000; conversationOf.size < followers.length && Date.now() < deadline; ) await sleep(200);
await sleep(1000);
let sending = true;
let sent = 0;
const pump = (async () => {
  const perTick = RATE / 100;
  let k = 0;
  while (sending) {
    const tick = Date.now();
    for (let i = 0; i < perTick; i++, k++) {
      const f = k % followers.length;
      const seller = sellers[shops.indexOf(shopOfFollower[f])];
      seller.send({ toId: followers[f].id, msgType: 0, sendType: 1, content: `r${k}`, clientMsgId: `r-${k}` });
      sent++;
    }
    await sleep(Math.max(0, 10 - (Date.now() - tick)));
  }
})();
await sleep(3000);
for (const c of followerSockets) c.socket.terminate();
await sleep(2000);
/** The last seq up to which the shopper holds every message (its own 'hi' included). */
const lastContiguous = (userId) => {
  const seqs = held.get(userId) ?? new Map();
  let n = 0;
  while (seqs.has(n + 1)) n += 1;
  return n;
};
followerSockets = await openMany(a.ws, followers, watching);
await Promise.all(
  followerSockets.map(async (c, i) => {
    const userId = followers[i].id;
    // A client that never heard of its conversation on the socket finds it in its list, as the page does.
    let conversationId = conversationOf.get(userId);
    if (!conversationId) {
      for (let attempt = 0; attempt < 3 && !conversationId; attempt++) {
        const list = await fetch(`${a.base}/p/user/conversations`, { headers: { authorization: followers[i].token } }).then((r) => (r.ok ? r.json() : []), () => []);
        conversationId = list[0]?.conversationId;
        if (!conversationId) await sleep(1000);
      }
    }
    if (conversationId) c.send({ sendType: 2, resume: [{ conversationId, lastSeq: lastContiguous(userId) }] });
  }),
);
await sleep(3000);
sending = false;
await pump;
// Wait until the sellers have every acknowledgement back (the servers worked through their queues),
// then a little more for the deliveries to the shoppers.
for (const deadline = Date.now() + 120_000; acked < sent && Date.now() < deadline; ) await sleep(500);
// ...and until the shoppers' sockets have received nothing new for 5 s.
const receivedCount = () => [...held.values()].reduce((n, seqs) => n + [...seqs.values()].reduce((a, b) => a + b, 0), 0);
for (let last = -1, deadline = Date.now() + 120_000; Date.now() < deadline; ) {
  const now = receivedCount();
  if (now === last) break;
  last = now;
  await sleep(5000);
}
// Compare with the database: every message of the shop's side in each follower's conversation.
const stored = await db.query(
  `select c.user_id, m.seq from chat_messages m join chat_conversations c on c.id = m.conversation_id
   where c.user_id = any($1::varchar[]) and m.from_side = 2`,
  [followers.map((f) => f.id)],
);
let lost = 0;
let duplicated = 0;
const expected = new Map();
for (const row of stored.rows) {
  if (!expected.has(row.user_id)) expected.set(row.user_id, new Set());
  expected.get(row.user_id).add(Number(row.seq));
}
for (const f of followers) {
  const got = held.get(f.id) ?? new Map();
  // (held counts the shopper's own 'hi' too: duplicates of any message count.)
  for (const seq of expected.get(f.id) ?? []) if (!got.has(seq)) lost++;
  for (const times of got.values()) if (times > 1) duplicated += times - 1;
}
log(`reconnect: ${followers.length} shopper sockets cut at once while sellers sent ${RATE}/s; ${sent} sent, ${acked} acknowledged, ${stored.rows.length} stored, ${lost} lost, ${duplicated} duplicated`);

const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(`\n${machine()}\nload average at the end: ${load}\n`);
for (const line of lines) console.log(`- ${line}`);
console.log(`\n${SUMMARY_HEAD}\n${summary('delivery A -> B (from when due to the seller socket)', latencies)}\n${summary("each sender's first message (a new conversation), before the measured seconds", firstLatencies)}\n${summary(`the warm-up (${WARMUP_S} s at the same rate, right before the measured seconds)`, warmLatencies)}`);

for (const c of [...idleA, ...sellers, ...followerSockets]) c.socket.terminate();
for (const h of holders) h.child.send({ t: 'end' });
a.child.kill('SIGTERM');
b.child.kill('SIGTERM');
await db.end();
process.exit(0);
