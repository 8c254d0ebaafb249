// Production server for the storefront (storefront.js): this file reads the environment and, with
// more than one worker, runs the storefront in that many processes with Node's cluster module,
// which share the port (one per core by default, so rendering uses every core; decision 045).
import cluster from 'node:cluster';
import { register } from 'node:module';
import { availableParallelism } from 'node:os';

// React Router's production build, not the development one its package exports name (decision 048).
// Registered before anything imports react-router, hence the dynamic import below.
if (process.env.NODE_ENV === 'production') register('./production-router.js', import.meta.url);
const { startStorefront } = await import('./storefront.js');

const port = Number(process.env.WEB_PORT ?? 3000);
// Loopback only unless HOST opens it wider (0.0.0.0, ::, an interface address).
const host = process.env.HOST || '127.0.0.1';
const api = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;
// How long a page rendered for a visitor who is not logged in is served again to others (0 = off).
const pageCacheMs = Number(process.env.SSR_CACHE_MS ?? 2000);
// COMPRESS=false leaves compression to a reverse proxy in front.
const compress = process.env.COMPRESS !== 'false';
// The levels that keep compression within 15% of a rendered page's CPU (docs/benchmarks.md, issue 13):
// higher ones shrink a page by a few per cent for several times the time.
const encodings = { brQuality: 2, gzipLevel: 3 };
// Worker processes: one per core in production, one otherwise.
const workers = Math.max(1, Number(process.env.WEB_WORKERS || (process.env.NODE_ENV === 'production' ? availableParallelism() : 1)) || 1);
const address = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

if (cluster.isPrimary && workers > 1) {
  let stopping = false;
  let listening = 0;
  cluster.on('listening', () => {
    // Announced once, when every worker takes requests.
    if (++listening === workers) console.log(`Bazaar storefront on ${address} (${workers} workers)`);
  });
  cluster.on('exit', (worker, code, signal) => {
    const left = Object.keys(cluster.workers ?? {}).length;
    // Stopped on purpose (a signal to us, or Ctrl+C reaching the whole process group): no replacement.
    if (stopping || code === 0) {
      if (left === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    // One that never started (a taken port, a missing build) would fail again: stop with it.
    if (listening < workers) {
      console.error(`storefront worker ${worker.process.pid} could not start (${signal ?? code}); stopping`);
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = code ?? 1;
      if (left === 0) process.exit();
      return;
    }
    // A worker that crashed is replaced; the others kept serving meanwhile.
    console.error(`storefront worker ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    cluster.fork();
  });
  for (let i = 0; i < workers; i++) cluster.fork();
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    });
  }
} else {
  await startStorefront(
    {
      port,
      host,
      api,
      pageCacheMs,
      encodings: compress ? encodings : null,
      trustedProxies: process.env.TRUSTED_PROXIES,
      alipayGatewayUrl: process.env.ALIPAY_GATEWAY_URL,
      amap: Boolean(process.env.AMAP_JS_KEY && process.env.AMAP_SECURITY_CODE),
    },
    () => {
      if (cluster.isPrimary) console.log(`Bazaar storefront on ${address}`);
    },
  );
}
