// Lighthouse (desktop preset) on a local production build, with Debian's Chromium.
// Usage: npm run build && node bench/lighthouse.mjs [--runs 3]
// Targets (issue 3): performance >= 0.95 for /, /list and /detail/{id}; at most 150 KB of
// gzip JavaScript per page. Each page is measured --runs times and the median score is kept.
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import os from 'node:os';
import http from 'node:http';
import { startMall } from './mall.mjs';
import { argValue } from './load.mjs';

const runs = Number(argValue('runs', 3));

/** The gzip-compressed body of a script as the storefront serves it (headers not counted). */
function gzipBodyBytes(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const mall = await startMall();
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
try {
  const page = await (await fetch(`${mall.api}/search/page?size=1&sort=2`)).json();
  const prodId = page.records[0].prodId;
  const pages = [
    ['/', `${mall.web}/`],
    ['/list?pn=手机', `${mall.web}/list?pn=${encodeURIComponent('手机')}`],
    [`/detail/{id}`, `${mall.web}/detail/${prodId}`],
  ];
  const rows = [];
  for (const [title, url] of pages) {
    const samples = [];
    for (let i = 0; i < runs; i++) {
      const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, desktopConfig);
      const requests = lhr.audits['network-requests']?.details?.items ?? [];
      const scripts = requests.filter((r) => r.resourceType === 'Script');
      const jsBytes = scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
      const jsBodyBytes = (await Promise.all(scripts.map((r) => gzipBodyBytes(r.url)))).reduce((a, b) => a + b, 0);
      samples.push({
        score: lhr.categories.performance.score,
        fcp: lhr.audits['first-contentful-paint'].numericValue,
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        tbt: lhr.audits['total-blocking-time'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        jsKb: jsBytes / 1024,
        jsBodyKb: jsBodyBytes / 1024,
        jsFiles: scripts.length,
      });
    }
    samples.sort((a, b) => a.score - b.score);
    rows.push([title, samples[Math.floor(samples.length / 2)], samples.map((s) => s.score)]);
  }
  console.log(`\nMachine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), Chromium from /usr/bin/chromium, desktop preset, median of ${runs}\n`);
  console.log('| page | performance | runs | FCP ms | LCP ms | TBT ms | CLS | JS files | JS transferred KiB (with headers) | JS gzip bodies KiB |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const [title, m, scores] of rows) {
    console.log(`| ${title} | ${m.score.toFixed(2)} | ${scores.map((s) => s.toFixed(2)).join(' / ')} | ${Math.round(m.fcp)} | ${Math.round(m.lcp)} | ${Math.round(m.tbt)} | ${m.cls.toFixed(3)} | ${m.jsFiles} | ${m.jsKb.toFixed(1)} | ${m.jsBodyKb.toFixed(1)} |`);
  }
} finally {
  await chrome.kill();
  await mall.stop();
}
