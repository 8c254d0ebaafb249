// The storefront's proxies to the API (api-proxy.js beside server.js): the browser's calls reach the
// API without the /api prefix, over connections that are kept and reused.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiProxies } from '../../api-proxy.js';

let storefront = '';
const seen: string[] = [];
let connections = 0;
const closers: Array<() => void> = [];

beforeAll(async () => {
  const api = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ path: req.url }));
  });
  api.on('connection', () => (connections += 1));
  api.listen(0, '127.0.0.1');
  await once(api, 'listening');
  const proxies = apiProxies(`http://127.0.0.1:${(api.address() as AddressInfo).port}`);
  const app = express();
  app.use('/api', proxies.calls);
  app.use(proxies.passThrough);
  app.use((_req, res) => res.status(404).send('storefront'));
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  storefront = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closers.push(() => server.close(), () => api.close(), () => proxies.agent.destroy());
});
afterAll(() => closers.forEach((close) => close()));

describe('apiProxies', () => {
  it('sends /api calls to the API without the prefix, over a few kept connections', async () => {
    const before = connections;
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => fetch(`${storefront}/api/p/user/userInfo?i=${i}`).then((r) => r.json())));
      expect(answers.map((a) => a.path)).toEqual(Array.from({ length: 8 }, (_, i) => `/p/user/userInfo?i=${i}`));
    }
    // 40 calls, at most 8 at a time: the proxy opened at most one connection per call in flight.
    expect(connections - before).toBeLessThanOrEqual(8);
  });

  it('passes uploads and the sandboxes through at their own paths, and nothing else', async () => {
    expect(await (await fetch(`${storefront}/uploads/a.png`)).json()).toEqual({ path: '/uploads/a.png' });
    expect(await (await fetch(`${storefront}/sandbox/alipay?x=1`)).json()).toEqual({ path: '/sandbox/alipay?x=1' });
    expect(await (await fetch(`${storefront}/sandboxes`)).text()).toBe('storefront');
    expect(seen).not.toContain('GET /sandboxes');
  });
});
