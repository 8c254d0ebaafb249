// HTTP throughput benchmarks (issue 2): the site-config call and SSR of the home page.
// Usage: npm run build && node bench/http.mjs [--duration 15]
// Targets on the 2-core machine: config call >= 15,000 req/s; SSR home >= 400 req/s.
import autocannon from 'autocannon';
import os from 'node:os';
import { startMall } from './mall.mjs';

const durationArg = process.argv.indexOf('--duration');
const duration = durationArg > 0 ? Number(process.argv[durationArg + 1]) : 15;

function run(title, url, { connections, pipelining = 1 }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, pipelining, duration, headers: { 'accept-language': 'zh' } }, (err, result) => {
      if (err) return reject(err);
      resolve({
        title,
        url,
        connections,
        pipelining,
        reqPerSec: Math.round(result.requests.average),
        p50: result.latency.p50,
        p97_5: result.latency.p97_5,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
      });
    });
  });
}

const mall = await startMall();
try {
  // Warm up both servers (JIT, caches) before measuring.
  await run('warm-up', `${mall.api}/webConfig/getPcWebConfig`, { connections: 10 });
  await run('warm-up', `${mall.web}/`, { connections: 10 });
  const results = [
    await run('GET /webConfig/getPcWebConfig', `${mall.api}/webConfig/getPcWebConfig`, { connections: 100 }),
    await run('SSR /', `${mall.web}/`, { connections: 50 }),
  ];
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(`\nMachine: ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; duration ${duration}s\n`);
  console.log('| scenario | connections | req/s | p50 ms | p97.5 ms | p99 ms | errors |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of results) console.log(`| ${r.title} | ${r.connections} | ${r.reqPerSec} | ${r.p50} | ${r.p97_5} | ${r.p99} | ${r.errors} |`);
} finally {
  await mall.stop();
}
