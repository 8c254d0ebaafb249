// The API's memory as the benchmarks print it (issue 13): the resident set (RSS, from /proc) of each
// node process in the API's process group, and the V8 heap of the server process from a Node
// diagnostic report (written on SIGUSR2 when the API runs with `--report-on-signal`, which
// `apiNodeOptions()` adds). Under `npx tsx src/server.ts` the group holds three node processes:
// npm's `npx`, the tsx command line (which only starts and watches the next one) and the server.
import { readdirSync, readFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const reportDir = mkdtempSync(path.join(os.tmpdir(), 'bazaar-api-report-'));
process.on('exit', () => rmSync(reportDir, { recursive: true, force: true }));

/** NODE_OPTIONS for the API's processes (BENCH_API_NODE_OPTIONS, e.g. V8 flags, and the report and snapshot signals). */
export function apiNodeOptions(existing = process.env.BENCH_API_NODE_OPTIONS ?? '') {
  return `${existing} --report-on-signal --report-signal=SIGUSR2 --report-directory=${reportDir} --report-compact --heapsnapshot-signal=SIGTTIN --diagnostic-dir=${reportDir}`.trim();
}

const MiB = 2 ** 20;

/** The processes of a group: pid, command line and resident set in MiB. */
export function groupProcesses(pgid) {
  const list = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== pgid) continue;
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      list.push({ pid: Number(pid), cmdline, rssMiB: rssKb / 1024 });
    } catch {
      // gone meanwhile
    }
  }
  return list;
}

/** The server process of the group: the one running server.ts or server.js with the most memory. */
export function serverProcess(pgid) {
  return groupProcesses(pgid)
    .filter((p) => /server\.(ts|js)/.test(p.cmdline) && !/\btsx\/dist\/cli|\/tsx(\s|$)|npm exec|npx/.test(p.cmdline))
    .sort((a, b) => b.rssMiB - a.rssMiB)[0];
}

/** The server's V8 heap (used and total) and RSS, from a diagnostic report it writes on SIGUSR2. */
export async function serverReport(pid) {
  const before = new Set(readdirSync(reportDir));
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const file = readdirSync(reportDir).find((f) => !before.has(f) && f.includes(`.${pid}.`));
    if (file) {
      try {
        const report = JSON.parse(readFileSync(path.join(reportDir, file), 'utf8'));
        const heap = report.javascriptHeap;
        const space = (name) => heap.heapSpaces?.[name];
        return {
          heapUsedMiB: heap.usedMemory / MiB,
          heapTotalMiB: heap.totalMemory / MiB,
          newSpaceMiB: (space('new_space')?.memorySize ?? 0) / MiB,
          oldSpaceUsedMiB: (space('old_space')?.used ?? 0) / MiB,
          codeSpaceMiB: (space('code_space')?.memorySize ?? 0) / MiB,
          rssMiB: report.resourceUsage?.rss ? Number(report.resourceUsage.rss) / MiB : undefined,
        };
      } catch {
        // still being written
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}

/**
 * A heap snapshot of the server (SIGTTIN; V8 collects all garbage first): the live heap by kind
 * (strings, code, objects...) and the biggest constructors, and the RSS right after that collection.
 */
export async function serverSnapshot(pid) {
  const before = new Set(readdirSync(reportDir));
  process.kill(pid, 'SIGTTIN');
  const deadline = Date.now() + 60_000;
  let file;
  let lastSize = -1;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    file ??= readdirSync(reportDir).find((f) => !before.has(f) && f.endsWith('.heapsnapshot'));
    if (!file) continue;
    const size = statSync(path.join(reportDir, file)).size;
    if (size === lastSize && size > 0) break;
    lastSize = size;
  }
  if (!file) return undefined;
  const rssMiB = groupProcesses(Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[4])).find((p) => p.pid === pid)?.rssMiB;
  let snap;
  try {
    snap = JSON.parse(readFileSync(path.join(reportDir, file), 'utf8'));
  } catch {
    return { rssMiB };
  } finally {
    rmSync(path.join(reportDir, file), { force: true });
  }
  const { node_fields: fields, node_types: [types] } = snap.snapshot.meta;
  const [iType, iName, iSize] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const byKind = new Map();
  const byName = new Map();
  let total = 0;
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const type = types[snap.nodes[i + iType]];
    const size = snap.nodes[i + iSize];
    total += size;
    const kind = type.includes('string') ? 'strings' : type === 'native' ? 'native (array buffers...)' : type;
    byKind.set(kind, (byKind.get(kind) ?? 0) + size);
    if (type === 'object') byName.set(snap.strings[snap.nodes[i + iName]], (byName.get(snap.strings[snap.nodes[i + iName]]) ?? 0) + size);
  }
  const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${k} ${(v / MiB).toFixed(1)}`).join(', ');
  return { rssMiB, liveMiB: total / MiB, kinds: top(byKind, 6), objects: top(byName, 6) };
}

/** One line: the server's RSS and heap, and the RSS of the other node processes of the group. */
export async function apiMemory(pgid) {
  const server = serverProcess(pgid);
  if (!server) return 'no server process found';
  const report = await serverReport(server.pid).catch(() => undefined);
  const others = groupProcesses(pgid).filter((p) => p.pid !== server.pid && p.rssMiB > 0);
  const f = (n) => n.toFixed(1);
  return (
    `server RSS ${f(server.rssMiB)} MiB` +
    (report ? `, V8 heap used ${f(report.heapUsedMiB)} of ${f(report.heapTotalMiB)} MiB (new space ${f(report.newSpaceMiB)} MiB, code ${f(report.codeSpaceMiB)} MiB)` : '') +
    (others.length ? `; beside it in the group: ${others.map((p) => `${path.basename(p.cmdline.split(' ')[0])} ${p.cmdline.includes('tsx') ? '(tsx) ' : p.cmdline.includes('npx') || p.cmdline.includes('npm') ? '(npx) ' : ''}${f(p.rssMiB)} MiB`).join(', ')}` : '')
  );
}
