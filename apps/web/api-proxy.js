// The storefront's proxies to the API, for the browser: its API calls (/api), the uploaded files and
// the payment sandboxes (passed through as they are), and the chat socket.
//
// HTTP calls reuse connections to the API: without an agent the proxy closes each one after its
// answer, and a busy storefront opens thousands a second (each then waits in TIME_WAIT and new
// ones queue behind them: 435 calls/s at p50 1.2 s where the API alone answers 1,800 at 5 ms,
// docs/benchmarks.md). The chat socket keeps a connection of its own (no agent), as upgrades need.
import http from 'node:http';
import https from 'node:https';
import { createProxyMiddleware } from 'http-proxy-middleware';

const passThrough = (pathname) => pathname.startsWith('/uploads/') || pathname === '/sandbox' || pathname.startsWith('/sandbox/');

/** @param {string} api the API's origin */
export function apiProxies(api) {
  // An idle connection is closed by the proxy after 30 s, long before the API's own 72 s (Fastify's
  // keepAliveTimeout): Node's agent keeps one forever unless given a timeout, and a request sent on a
  // connection the API is closing fails with ECONNRESET (a 504 for an image once, in a CI journey).
  const agent = new (new URL(api).protocol === 'https:' ? https : http).Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, timeout: 30_000 });
  return {
    /** Mounted at /api: the path goes to the API without the prefix. */
    calls: createProxyMiddleware({ target: api, changeOrigin: false, agent, pathRewrite: { '^/api': '' } }),
    /** Uploaded files and the payment sandboxes, at their own paths. */
    passThrough: createProxyMiddleware({ target: api, agent, pathFilter: passThrough }),
    /** The chat socket (the server's upgrade event), under /api too. */
    socket: createProxyMiddleware({ target: api, changeOrigin: false, ws: true, pathRewrite: { '^/api': '' } }),
    agent,
  };
}
