// HTTP throughput of the API and of server-rendered pages.
// Usage: npm run build && node bench/http.mjs [--duration 15] [--only config,home,list,detail]
// Targets on the 2-core machine (API and load generator on the same machine):
//   GET /webConfig/getPcWebConfig >= 15,000 req/s (issue 2)
//   SSR /                          >= 400 req/s    (issue 2)
//   SSR /list?pn=, /detail/{id}    >= 300 req/s    (issue 3)
// SSR_CACHE_MS passes to the storefront (0 = render every page). BENCH_DATA_DIR reuses a seeded data folder (for example one scaled with db:seed --products 100000).
import { startMall } from './mall.mjs';
import { argValue, printTable, run } from './load.mjs';

const duration = Number(argValue('duration', 15));
const only = argValue('only', 'config,home,list,detail').split(',');

const mall = await startMall();
try {
  // Real product ids for the detail pages, from the search API.
  const top = await (await fetch(`${mall.api}/search/page?size=50&sort=2`)).json();
  const ids = top.records.map((p) => p.prodId);
  const scenarios = {
    config: ['GET /webConfig/getPcWebConfig', `${mall.api}/webConfig/getPcWebConfig`, 100],
    home: ['SSR /', `${mall.web}/`, 50],
    list: ['SSR /list?pn=手机', `${mall.web}/list?pn=${encodeURIComponent('手机')}`, 50],
    detail: [`SSR /detail/{id} (${ids.length} products)`, ids.map((id) => `${mall.web}/detail/${id}`), 50],
  };
  // Pages are asked for as a browser asks for a document (the storefront caches anonymous
  // documents for SSR_CACHE_MS; run with SSR_CACHE_MS=0 to measure rendering alone).
  const asDocument = { accept: 'text/html', 'accept-language': 'zh' };
  const results = [];
  for (const key of only) {
    const [title, urls, connections] = scenarios[key];
    const headers = key === 'config' ? undefined : asDocument;
    await run('warm-up', urls, { connections: 10, duration: 3, headers });
    results.push(await run(title, urls, { connections, duration, headers }));
  }
  printTable(results, `duration ${duration}s, SSR_CACHE_MS=${process.env.SSR_CACHE_MS ?? 'default (2000)'}`);
} finally {
  await mall.stop();
}
