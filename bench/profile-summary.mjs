// Summarizes V8 CPU profiles (node --cpu-prof, e.g. from bench/pages.mjs --profile DIR): the share
// of samples by package (node_modules/<name>, our app, node internals), the garbage collector and
// idle time, and the functions with the most self time.
// Usage: node bench/profile-summary.mjs DIR/*.cpuprofile [--top 25] [--skip SECONDS] [--window FROM-TO]
// --skip leaves out the first SECONDS of each profile (a server's start-up before the load);
// --window keeps only the samples between two instants of the monotonic clock in µs (V8's ticks,
// `process.hrtime.bigint() / 1000n` in any process of the machine), as bench/flash-sale.mjs prints.
import { readFileSync } from 'node:fs';

const files = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !['--top', '--skip', '--window'].includes(all[i - 1]));
const skipIndex = process.argv.indexOf('--skip');
const skipUs = skipIndex > 0 ? Number(process.argv[skipIndex + 1]) * 1e6 : 0;
const windowIndex = process.argv.indexOf('--window');
const [fromUs, toUs] = windowIndex > 0 ? process.argv[windowIndex + 1].split('-').map(Number) : [-Infinity, Infinity];
const topIndex = process.argv.indexOf('--top');
const top = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 25;

const byPackage = new Map();
const byFunction = new Map();
let total = 0;
const add = (map, key, n) => map.set(key, (map.get(key) ?? 0) + n);

function packageOf(url, name) {
  if (name === '(garbage collector)' || name === '(idle)' || name === '(program)' || name === '(root)') return name;
  if (!url) return '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:') || !url.includes('/')) return '(node internals)';
  if (url.includes('/apps/web/build/')) return '(storefront build)';
  if (url.includes('/apps/web/')) return '(storefront server)';
  return url;
}

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map();
  let at = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas?.[i] ?? 0;
    const tick = profile.startTime + at;
    if (at >= skipUs && tick >= fromUs && tick <= toUs) counts.set(id, (counts.get(id) ?? 0) + 1);
  });
  for (const [id, n] of counts) {
    const node = nodes.get(id);
    const { functionName, url, lineNumber } = node.callFrame;
    const name = functionName || '(anonymous)';
    total += n;
    add(byPackage, packageOf(url, name), n);
    add(byFunction, `${name} ${url ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/apps\//, 'apps/')}:${lineNumber + 1}` : ''}`.trim(), n);
  }
}

const busy = total - (byPackage.get('(idle)') ?? 0);
const pct = (n, of) => `${((100 * n) / of).toFixed(1)}%`;
console.log(`${files.length} profile(s), ${total} samples, ${busy} not idle (shares below are of the busy samples)\n`);
console.log('| package | self share |\n|---|---|');
for (const [name, n] of [...byPackage].filter(([k]) => k !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`| ${name} | ${pct(n, busy)} |`);
console.log('\n| function | self share |\n|---|---|');
for (const [name, n] of [...byFunction].filter(([k]) => !k.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`| ${name} | ${pct(n, busy)} |`);
