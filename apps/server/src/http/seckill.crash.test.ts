// Crashes in a flash sale (issue 27; decision 062), on PostgreSQL + Redis: a child process is killed
// with SIGKILL in the middle of a burst. An order writer's death leaves its delivered attempts
// pending in the stream, and another writer claims them; an API instance's death loses no attempt
// the gate accepted, as the gate's one script queued it before answering.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SECKILL_ORDER_STATE } from '@bazaar/shared/constants/seckill';
import { orders, seckillOrders } from '../db/schema.ts';
import { drainSeckillQueue, runSeckillWriters, stopSeckillWriters } from '../flows/write-seckill-orders.ts';
import { seckillGate } from '../modules/seckill/gate.ts';
import { SHARED_INFRASTRUCTURE } from '../test/instances.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { buySeckill, createSeckill, createShoppers, headers, seckillSkuStocks, type TestSeckill, type TestShopper } from '../test/seckill-test-kit.ts';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/seckill-crash-child.ts');
const CHILD_PORT = 18_141;
let t: TestApp;
let child: ChildProcess | undefined;

beforeAll(async () => {
  if (!SHARED_INFRASTRUCTURE) return;
  t = await ensureSeeded();
});
afterEach(async () => {
  child?.kill('SIGKILL');
  child = undefined;
  // This instance writes again (the tests pause it so the child does the writing).
  runSeckillWriters(t.ctx, 1, { error: () => undefined });
});

function startChild(mode: 'writer' | 'api', until: RegExp | ((out: string) => boolean)): Promise<ChildProcess> {
  const prefix = t.ctx.kv.redis!.options.keyPrefix!;
  const proc = spawn(process.execPath, ['--import', 'tsx', CHILD, mode, t.ctx.env.DATABASE_URL!, t.ctx.env.REDIS_URL!, prefix, String(CHILD_PORT)], { stdio: ['ignore', 'pipe', 'inherit'] });
  child = proc;
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (typeof until === 'function' ? until(out) : until.test(out)) resolve(proc);
    });
    proc.on('exit', (code) => reject(new Error(`the child ended before it was killed (${code})`)));
  });
}

async function kill(proc: ChildProcess) {
  proc.kill('SIGKILL');
  if (proc.exitCode === null && proc.signalCode === null) await new Promise((r) => proc.once('exit', r));
  child = undefined;
}

async function written(sk: TestSeckill): Promise<number> {
  const [row] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.seckillId, sk.seckillId));
  return row!.n;
}

async function waitWritten(sk: TestSeckill, expected: number, ms = 60_000): Promise<number> {
  const deadline = Date.now() + ms;
  let n = await written(sk);
  while (n < expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    n = await written(sk);
  }
  return n;
}

describe.skipIf(!SHARED_INFRASTRUCTURE)('flash sale crashes on PostgreSQL + Redis', () => {
  it('kill -9 an order writer mid-burst: after a restart, orders written = attempts accepted, none twice', { timeout: 180_000 }, async () => {
    await stopSeckillWriters(t.ctx);
    // Nothing of an earlier test's left for the child to read.
    await drainSeckillQueue(t.ctx);
    const sk = await createSeckill(t, { stocks: [150] });
    const shoppers = await createShoppers(t, 150);
    const answers = await Promise.all(shoppers.map((s) => buySeckill(t.app, s, sk)));
    const accepted = answers.filter((r) => r.statusCode === 200).map((r) => r.json().orderNumbers as string);
    expect(accepted).toHaveLength(150);
    const queued = await seckillGate(t.ctx).queue.size();
    // The child writes 10 at a time and is killed holding two batches delivered and unacknowledged:
    // one it wrote (killed between the commit and the acknowledgement), one it never wrote.
    const proc = await startChild('writer', /holding \d+/);
    await kill(proc);
    expect(await written(sk)).toBe(30);
    // Two acknowledged batches left the stream; the two pending and the 110 never delivered are in it.
    expect(await seckillGate(t.ctx).queue.size()).toBe(queued - 20);
    // The restart: this instance's writer claims what the dead one left pending (after 5 s idle):
    // the unwritten batch is written, the written one is acknowledged and written nothing twice.
    runSeckillWriters(t.ctx, 1, { error: () => undefined });
    expect(await waitWritten(sk, 150)).toBe(150);
    const rows = await t.ctx.db.select({ orderNumber: seckillOrders.orderNumber, state: seckillOrders.state }).from(seckillOrders).where(eq(seckillOrders.seckillId, sk.seckillId));
    expect(rows).toHaveLength(150);
    expect(new Set(rows.map((r) => r.orderNumber))).toEqual(new Set(accepted));
    expect(rows.every((r) => r.state === SECKILL_ORDER_STATE.unpaid)).toBe(true);
    expect(await seckillSkuStocks(t, sk.seckillSkuIds[0]!)).toBe(0);
    expect(await seckillGate(t.ctx).queue.size()).toBe(0);
  });

  it('kill -9 an API instance mid-burst: every attempt its gate accepted is written', { timeout: 180_000 }, async () => {
    await stopSeckillWriters(t.ctx);
    const sk = await createSeckill(t, { stocks: [400] });
    const shoppers = await createShoppers(t, 400);
    const proc = await startChild('api', /listening/);
    const base = `http://127.0.0.1:${CHILD_PORT}`;
    const call = async (s: TestShopper, method: string, url: string, body?: unknown) => {
      const res = await fetch(`${base}${url}`, { method, headers: headers(s), body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: await res.text() };
    };
    const answered: string[] = [];
    let killed = false;
    const buy = async (s: TestShopper) => {
      try {
        const p = await call(s, 'GET', `/p/seckill/orderPath?prodId=${sk.prodId}`);
        if (p.status !== 200) return;
        const orderPath = JSON.parse(p.body).orderPath as string;
        const c = await call(s, 'POST', `/p/seckill/${orderPath}/confirm`, { addrId: 0, prodId: sk.prodId, shopId: sk.shopId, seckillSkuId: sk.seckillSkuIds[0], prodCount: 1 });
        if (c.status !== 200) return;
        const r = await call(s, 'POST', `/p/seckill/${orderPath}/submit`, { orderShopParam: { shopId: sk.shopId, remarks: '' } });
        if (r.status === 200) {
          answered.push(JSON.parse(r.body).orderNumbers);
          // Killed in the middle of the burst: the requests in flight die with it.
          if (answered.length >= 60 && !killed) {
            killed = true;
            await kill(proc);
          }
        }
      } catch {
        // The connection died with the instance.
      }
    };
    // 40 shoppers at a time, so the kill finds requests at every step.
    for (let i = 0; i < shoppers.length && !killed; i += 40) await Promise.all(shoppers.slice(i, i + 40).map(buy));
    expect(killed).toBe(true);
    // What the gate let through: its stock went down by exactly that many units.
    const [left] = await seckillGate(t.ctx).stocks(sk.seckillId, sk.seckillSkuIds);
    const acceptedByGate = 400 - left!;
    expect(acceptedByGate).toBeGreaterThanOrEqual(answered.length);
    runSeckillWriters(t.ctx, 1, { error: () => undefined });
    expect(await waitWritten(sk, acceptedByGate)).toBe(acceptedByGate);
    const rows = await t.ctx.db.select({ orderNumber: orders.orderNumber }).from(orders).where(inArray(orders.orderNumber, answered));
    expect(rows).toHaveLength(answered.length);
    expect(await seckillSkuStocks(t, sk.seckillSkuIds[0]!)).toBe(left);
  });
});
