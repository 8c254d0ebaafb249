// Rendered pages as a browser asks for them (issue 13): logged in and anonymous, with
// `accept-encoding: br, gzip`, at 10 and 50 connections, against a bare React 19 renderToString
// server of a 200-element tree that this script starts itself and measures in the same run.
// Usage:
//   npm run build -w @bazaar/web
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_pages REDIS_URL=redis://127.0.0.1:6379/9 node bench/pages.mjs [--duration 10] [--only home,cart]
//   (without DATABASE_URL: a throw-away embedded database; BENCH_DATA_DIR reuses a seeded folder)
// WEB_WORKERS, SSR_CACHE_MS and COMPRESS pass to the storefront; BENCH_API_CMD=compiled runs the
// API as `npm run start:prod` does (after `npm run build -w @bazaar/server`), else tsx. `--profile DIR` writes a CPU
// profile of each storefront worker there (node --cpu-prof) while the logged-in home page runs
// alone; `node bench/profile-summary.mjs DIR/*.cpuprofile` summarizes it.
// Targets on the 2-core machine: logged-in pages >= 600 req/s at 10 connections, p99 <= 100 ms at 50,
// storefront CPU per page within 10 times the bare renderToString's. Shared pages (decision 052)
// answer a shopper's document from the page cache, so each logged-in page is also measured as a
// whole view: the document and the API calls the browser then makes for the shopper's parts.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiCommand, argValue, cpuMs, run, waitFor } from './load.mjs';
import { cipher } from './mall-api.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(argValue('duration', 10));
const only = argValue('only', 'home,list,detail,cart,orders').split(',');
const profileDir = argValue('profile', '');
const apiPort = Number(process.env.BENCH_API_PORT ?? 18530);
const webPort = Number(process.env.BENCH_WEB_PORT ?? 13530);
const barePort = webPort + 7;
const api = `http://127.0.0.1:${apiPort}`;
const web = `http://127.0.0.1:${webPort}`;
const bare = `http://127.0.0.1:${barePort}`;


const env = {
  ...process.env,
  NODE_ENV: 'production',
  SANDBOX_PROVIDERS: 'loopback',
  LOG_LEVEL: 'warn',
  API_PORT: String(apiPort),
  WEB_PORT: String(webPort),
  API_URL: api,
  DATA_DIR: process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'bazaar-bench-')),
  // The load comes from one address.
  SEARCH_PER_IP_PER_MINUTE: '100000000',
};
/** Each in its own process group: its CPU is the sum over the group, and stopping it stops all. */
const spawnGroup = (cmd, args, cwd, extraEnv = {}) => spawn(cmd, args, { cwd, env: { ...env, ...extraEnv }, detached: true, stdio: ['ignore', 'ignore', 'inherit'] });

// A bare React 19 server: renderToString of a 200-element tree per request, nothing else.
const BARE_SERVER = `
import http from 'node:http';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
const tree = () => h('main', null, Array.from({ length: 199 }, (_, i) => h('p', { key: i, className: 'item' }, 'item ' + i)));
http.createServer((req, res) => {
  const html = '<!DOCTYPE html>' + renderToString(tree());
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end(html);
}).listen(${barePort}, '127.0.0.1');
`;

/** CPU milliseconds used so far by every process of a group. */
const groupCpuMs = (pgid) => cpuMs((_pid, pgrp) => pgrp === pgid);

/** One load run, with the CPU each group spent per request. */
async function measure(title, urls, connections, headers, groups) {
  const before = Object.fromEntries(Object.entries(groups).map(([name, pgid]) => [name, groupCpuMs(pgid)]));
  const r = await run(title, urls, { connections, duration, headers });
  const requests = r.reqPerSec * duration;
  const cpu = Object.fromEntries(Object.entries(groups).map(([name, pgid]) => [name, (groupCpuMs(pgid) - before[name]) / Math.max(1, requests)]));
  return { ...r, cpu, load: os.loadavg()[0] };
}

const children = [];
try {
  const [apiCmd, apiArgs, apiEnv] = apiCommand();
  const apiChild = spawnGroup(apiCmd, apiArgs, path.join(root, 'apps/server'), apiEnv);
  children.push(apiChild);
  await waitFor(`${api}/healthz`);
  const webArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`, 'server.js'] : ['server.js'];
  const webChild = spawnGroup('node', webArgs, path.join(root, 'apps/web'), profileDir ? { WEB_WORKERS: process.env.WEB_WORKERS ?? '1' } : {});
  children.push(webChild);
  await waitFor(`${web}/favicon.svg`);
  const bareChild = spawnGroup('node', ['--input-type=module', '-e', BARE_SERVER], path.join(root, 'apps/web'));
  children.push(bareChild);
  await waitFor(`${bare}/`);

  // buyer01 of the demo seed, with exactly five cart lines from the best sellers.
  const login = await fetch(`${api}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'buyer01', passWord: cipher('bazaar123') }) });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const token = (await login.json()).accessToken;
  const authorized = { authorization: token, 'content-type': 'application/json' };
  await fetch(`${api}/p/shopCart/deleteAll`, { method: 'DELETE', headers: { authorization: token } });
  const top = (await (await fetch(`${api}/search/page?size=50&sort=2`)).json()).records;
  let added = 0;
  for (const card of top) {
    if (added === 5) break;
    const info = await (await fetch(`${api}/prod/prodInfo?prodId=${card.prodId}`)).json();
    const sku = info.skuList?.find((s) => s.stocks > 0);
    if (!sku) continue;
    const res = await fetch(`${api}/p/shopCart/changeItem`, { method: 'POST', headers: authorized, body: JSON.stringify({ prodId: card.prodId, skuId: sku.skuId, shopId: card.shopId, count: 1 }) });
    if (res.ok) added++;
  }
  if (added !== 5) throw new Error(`only ${added} cart lines could be added`);

  const ids = top.map((p) => p.prodId);
  const pages = {
    home: ['/', [`${web}/`], true],
    list: ['/list?pn=手机', [`${web}/list?pn=${encodeURIComponent('手机')}`], true],
    detail: [`/detail/{id} (${ids.length} products)`, ids.map((id) => `${web}/detail/${id}`), true],
    cart: ['/cart (5 lines)', [`${web}/cart`], false],
    orders: ['/user-center/uc-order', [`${web}/user-center/uc-order`], false],
  };
  // What the browser asks for itself on the logged-in view of a shared page (decision 052), through
  // the storefront's /api proxy as a browser does: the user, and the cart's or the orders' data.
  const json = { accept: 'application/json', authorization: token };
  const call = (pathname) => ({ url: `${web}/api${pathname}`, method: 'GET', headers: json });
  // Every page's header also asks for the cart's count once the shopper is known.
  const user = [call('/p/user/userInfo'), call('/p/shopCart/prodCount')];
  const browserCalls = {
    home: user,
    list: user,
    detail: user,
    cart: [...user, call('/p/shopCart/view')],
    orders: [...user, call('/p/myOrder/myOrder?status=0&current=1&size=10'), call('/p/user/centerInfo')],
  };
  const browser = { accept: 'text/html,application/xhtml+xml', 'accept-language': 'zh-CN,zh;q=0.9', 'accept-encoding': 'br, gzip' };
  const loggedIn = { ...browser, cookie: `token=${encodeURIComponent(token)}` };
  // Each page must really render as the shopper (a redirect to the login page would be cheap).
  for (const [, urls] of Object.values(pages)) {
    const res = await fetch(urls[0], { headers: loggedIn, redirect: 'manual' });
    if (res.status !== 200) throw new Error(`${urls[0]}: ${res.status} for the logged-in shopper`);
  }
  const groups = { web: webChild.pid, api: apiChild.pid, bare: bareChild.pid };

  const rows = [];
  await run('warm-up', [`${bare}/`], { connections: 10, duration: 3, headers: browser });
  const bareRow = await measure('bare React renderToString, 200 elements', [`${bare}/`], 10, browser, groups);
  rows.push({ ...bareRow, who: '-', bare: true });
  for (const key of profileDir ? ['home'] : only) {
    const [title, urls, publicPage] = pages[key];
    for (const [who, headers] of [['logged in', loggedIn], ...(publicPage && !profileDir ? [['anonymous', browser]] : [])]) {
      await run('warm-up', urls, { connections: 10, duration: 3, headers });
      for (const connections of profileDir ? [10] : [10, 50]) rows.push({ ...(await measure(title, urls, connections, headers, groups)), who });
    }
    if (!profileDir) {
      // The whole logged-in view: the document, then the browser's own calls, one after another on
      // each connection; views/s is requests/s over the requests of a view.
      const view = urls.flatMap((url) => [url, ...browserCalls[key]]);
      const row = await measure(`${title}: document + ${browserCalls[key].length} browser API calls`, view, 10, loggedIn, groups);
      rows.push({ ...row, who: 'logged in, whole view', perView: 1 + browserCalls[key].length });
    }
  }
  const bareCpu = bareRow.cpu.bare;

  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(
    `\nMachine: ${os.cpus().length} cores (${cpu}), Node ${process.version}; ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; WEB_WORKERS=${process.env.WEB_WORKERS ?? 'default'}, SSR_CACHE_MS=${process.env.SSR_CACHE_MS ?? 'default'}, COMPRESS=${process.env.COMPRESS ?? 'default'}; duration ${duration}s; accept-encoding: br, gzip\n`,
  );
  console.log('Whole-view rows: req/s counts every request; views/s = req/s / requests per view; CPU is per view. Latencies are per request.\n');
  console.log('| page | who | connections | req/s | views/s | p50 ms | p99 ms | errors | storefront CPU ms/view | API CPU ms/view | CPU ratio to bare | req/s ratio to bare | load |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const perView = r.perView ?? 1;
    const web = (r.bare ? r.cpu.bare : r.cpu.web) * perView;
    const views = Math.round(r.reqPerSec / perView);
    console.log(
      `| ${r.title} | ${r.who} | ${r.connections} | ${r.reqPerSec} | ${views} | ${r.p50} | ${r.p99} | ${r.errors} | ${web.toFixed(3)} | ${r.bare ? '-' : (r.cpu.api * perView).toFixed(3)} | ${(web / bareCpu).toFixed(1)} | ${(bareRow.reqPerSec / Math.max(1, views)).toFixed(1)} | ${r.load.toFixed(1)} |`,
    );
  }
} finally {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await new Promise((r) => setTimeout(r, profileDir ? 3_000 : 1_000));
}
