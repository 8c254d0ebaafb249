// After-sales under load (issue 26): 50 concurrent shoppers on PostgreSQL (+ Redis when REDIS_URL
// is set), each in a loop: buy one piece of its own product and pay it from the balance (set-up, not
// measured), apply for a refund (refund only, before shipment), and the shop accepts it, which pays
// the money back to the balance. A share of the rounds (`--returns`) is a return instead: the shop
// ships, the shopper confirms receipt (set-up), applies for a return and refund, the shop accepts,
// the shopper enters the waybill, and the shop confirms receipt of the goods, which refunds.
//
// Reports the p50/p95/p99 of each after-sales call, of the refund landing (from sending the call
// that decides the money, accept or receive, until the request reads refunded: the balance is paid
// back inside that call, so the landing is that call's answer when it already says 5, and a poll of
// the request otherwise) and the refunds per second. Goal: p95 <= 50 ms.
//
// Then it checks the money in the database: for every shopper, balance = the sum of its balance
// records; for every request, exactly one refund record (balance record type 4) of exactly the
// applied amount when refunded, none otherwise; every request the bench saw accepted is refunded.
//
// Each shopper pauses a think time between calls, drawn uniformly from 0.5x to 1.5x `--think`, and
// starts at a random moment of the first pause. Samples of the first `--warmup` seconds are left out.
// Usage: createdb bazaar_bench && DATABASE_URL=postgres://postgres@127.0.0.1:5432/bazaar_bench \
//          [REDIS_URL=redis://127.0.0.1:6379/9] node bench/aftersales.mjs [--shoppers 50] [--duration 30]
//          [--think 1000] [--warmup 5] [--returns 0.2] [--port 18570] [--cpu-prof DIR]
import { randomInt, randomUUID } from 'node:crypto';
import pg from 'pg';
import { argValue } from './load.mjs';
import { cipher, machine, startApi, summary, SUMMARY_HEAD } from './mall-api.mjs';
import { readFileSync } from 'node:fs';

/** User + system CPU ms of a process so far (Linux /proc; clock ticks of 10 ms), or NaN elsewhere. */
function cpuMs([pid]) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

const SHOPPERS = Number(argValue('shoppers', 50));
const DURATION_S = Number(argValue('duration', 30));
const THINK_MS = Number(argValue('think', 1000));
const WARMUP_S = Number(argValue('warmup', 5));
/** The share of rounds that are a return of a received item instead of a refund only. */
const RETURNS = Number(argValue('returns', 0.2));
/** What each shopper's balance starts with (fen): far more than a run spends, as refunds come back. */
const START_BALANCE = 100_000_000;

const mall = await startApi({ port: Number(argValue('port', 18570)), profileDir: argValue('cpu-prof', '') });
const { call, ok } = mall;
const db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
const auth = (token) => ({ token });

/** One physical product per shopper (each its own, so no shared hot stock rows), with a large stock. */
async function pickProducts() {
  const { rows } = await db.query(`
    select p.id as "prodId", s.id as "skuId", p.shop_id as "shopId"
    from products p join shops sh on sh.id = p.shop_id
    join lateral (select id from skus where product_id = p.id and status = 1 order by id limit 1) s on true
    where p.status = 1 and p.prod_type = 0 and p.mold = 0 and sh.status = 1
    order by p.id`);
  // Round-robin over the shops, so the shops' queues share the load.
  const byShop = [...rows.reduce((m, r) => m.set(r.shopId, [...(m.get(r.shopId) ?? []), r]), new Map()).values()];
  const sequence = [];
  for (let i = 0; sequence.length < rows.length; i++) for (const list of byShop) if (list[i]) sequence.push(list[i]);
  if (sequence.length < SHOPPERS) throw new Error('not enough products for the shoppers');
  const picks = sequence.slice(0, SHOPPERS);
  await db.query('update skus set stocks = 1000000 where id = any($1)', [picks.map((l) => l.skuId)]);
  await db.query('update products set total_stocks = 1000000 where id = any($1)', [picks.map((l) => l.prodId)]);
  return picks;
}

/** The shopper's starting balance, as a staff adjustment does it: the wallet and its record (type 5) together. */
async function fund(userId) {
  const client = await db.connect();
  try {
    await client.query('begin');
    await client.query(
      'insert into user_wallets (user_id, balance) values ($1, $2) on conflict (user_id) do update set balance = user_wallets.balance + excluded.balance',
      [userId, START_BALANCE],
    );
    await client.query("insert into balance_logs (user_id, change_balance, io_type, type, biz_id) values ($1, $2, 1, 5, 'bench:aftersales')", [userId, START_BALANCE]);
    await client.query('commit');
  } finally {
    client.release();
  }
}

/** The shop's after-sales account: one session per shop, shared by its shoppers' rounds. */
const shopTokens = new Map();
async function shopToken(shopId) {
  if (!shopTokens.has(shopId)) {
    const login = await ok('POST', '/merchant/login', { body: { username: `shop${shopId}`, password: cipher('merchant123') }, ip: `10.78.0.${(shopId % 250) + 1}` });
    shopTokens.set(shopId, login.accessToken);
  }
  return shopTokens.get(shopId);
}

const samples = { applyInfo: [], apply: [], accept: [], submitExpress: [], receive: [], landing: [] };
const failures = new Map();
const fail = (what, res) => failures.set(`${what}: ${res.status} ${String(res.body).slice(0, 120)}`, (failures.get(`${what}: ${res.status} ${String(res.body).slice(0, 120)}`) ?? 0) + 1);
/** Every request the bench applied for and saw decided (accept of a refund only, receive of a return): it must be refunded. */
const decided = [];
let refunds = 0;
let measureFrom = 0;
/** Rounds finished (any outcome but a throw), for the measured window's cost per round. */
let rounds = 0;

const pause = (ms) => new Promise((r) => setTimeout(r, ms));
const think = () => (THINK_MS ? pause(THINK_MS * (0.5 + Math.random())) : undefined);

/** Times a call; keeps the sample when it falls in the measured window. */
async function timed(key, method, path, options) {
  const measured = Date.now() >= measureFrom;
  const t0 = performance.now();
  const res = await call(method, path, options);
  const ms = performance.now() - t0;
  if (measured) samples[key].push(ms);
  return { res, ms, measured };
}

/** A paid order (balance) of one piece; answers the order number and its item. */
async function paidOrder(token, pick) {
  const uuid = randomUUID();
  const confirmed = await ok('POST', '/p/order/confirm', { token, body: { addrId: 0, uuid, orderItem: { prodId: pick.prodId, skuId: pick.skuId, prodCount: 1 } } });
  const { orderNumbers } = await ok('POST', '/p/order/submit', { token, body: { uuid, orderShopParams: confirmed.shopCartOrders.map((o) => ({ shopId: o.shopId, remarks: '' })) } });
  await ok('POST', '/p/order/pay', { token, body: { orderNumbers, payType: 9 } });
  return orderNumbers;
}

/** The shop ships the whole order and the shopper confirms receipt. */
async function shipAndReceive(token, merchant, orderNumber, courier) {
  const order = await ok('GET', `/merchant/order/info/${orderNumber}`, auth(merchant));
  await ok('POST', '/merchant/order/delivery', {
    token: merchant,
    body: { orderNumber, packages: [{ dvyId: courier.dvyId, dvyFlowId: `SF${Date.now()}${randomInt(0, 1e6)}`, items: order.items.map((i) => ({ orderItemId: i.orderItemId, count: i.prodCount })) }] },
  });
  await ok('PUT', `/p/myOrder/receipt/${orderNumber}`, { token, body: {} });
}

/** The landing: the deciding call's answer when it already reads refunded, else polled until it does. */
async function land(token, refundSn, decision) {
  if (decision.res.body?.returnMoneySts === 5) {
    if (decision.measured) samples.landing.push(decision.ms);
    return true;
  }
  const started = performance.now() - decision.ms;
  for (let i = 0; i < 500; i++) {
    const info = await ok('GET', `/p/orderRefund/info?refundSn=${refundSn}`, auth(token));
    if (info.returnMoneySts === 5) {
      if (decision.measured) samples.landing.push(performance.now() - started);
      return true;
    }
    await pause(20);
  }
  failures.set(`never refunded: ${refundSn}`, 1);
  return false;
}

async function round(token, pick, courier, deadline) {
  const merchant = await shopToken(pick.shopId);
  const isReturn = Math.random() < RETURNS;
  const orderNumber = await paidOrder(token, pick);
  if (isReturn) await shipAndReceive(token, merchant, orderNumber, courier);
  await think();
  const detail = await ok('GET', `/p/myOrder/orderDetail?orderNumber=${orderNumber}`, auth(token));
  const orderItemId = detail.orderItemDtos[0].orderItemId;
  const { res: infoRes } = await timed('applyInfo', 'GET', `/p/orderRefund/applyInfo?orderNumber=${orderNumber}&orderItemId=${orderItemId}`, auth(token));
  if (infoRes.status !== 200) return fail('applyInfo', infoRes);
  const info = infoRes.body;
  const body = {
    orderNumber,
    refundType: 2,
    orderItemId,
    goodsNum: 1,
    applyType: isReturn ? 2 : 1,
    isReceiver: isReturn ? 1 : 0,
    buyerReason: isReturn ? 5 : 0,
    buyerDesc: isReturn ? '壶底漏水' : '拍错了',
    buyerMobile: '13800000001',
    photoFiles: [],
    // The whole line; as the last item of the order, with its shipping.
    refundAmount: info.maxRefundAmount + (info.isLastItem ? info.freightAmount : 0),
    freightConfirmed: info.isLastItem,
  };
  const { res: applied } = await timed('apply', 'POST', '/p/orderRefund/apply', { token, body });
  if (applied.status !== 200) return fail('apply', applied);
  const refundSn = String(applied.body);
  await think();
  const accepted = await timed('accept', 'PUT', `/merchant/refunds/${refundSn}/accept`, { token: merchant, body: {} });
  if (accepted.res.status !== 200) return fail('accept', accepted.res);
  let decision = accepted;
  if (isReturn) {
    await think();
    const { res: sent } = await timed('submitExpress', 'POST', '/p/orderRefund/submitExpress', {
      token,
      body: { refundSn, expressId: courier.dvyId, expressName: courier.dvyName, expressNo: `YT${Date.now()}${randomInt(0, 1e4)}`, mobile: '13800000001', senderRemarks: '', imgs: [] },
    });
    if (sent.status !== 200) return fail('submitExpress', sent);
    await think();
    decision = await timed('receive', 'PUT', `/merchant/refunds/${refundSn}/receive`, { token: merchant, body: {} });
    if (decision.res.status !== 200) return fail('receive', decision.res);
  }
  decided.push(refundSn);
  if ((await land(token, refundSn, decision)) && decision.measured && Date.now() <= deadline) refunds += 1;
}

try {
  const tokens = [];
  for (let i = 0; i < SHOPPERS; i++) tokens.push(await mall.registerShopper(i, '167'));
  const userIds = [];
  for (const token of tokens) userIds.push((await ok('GET', '/p/user/userInfo', auth(token))).userId);
  for (const userId of userIds) await fund(userId);
  const picks = await pickProducts();
  const [courier] = await ok('GET', '/p/delivery/list', auth(tokens[0]));
  for (const pick of picks) await shopToken(pick.shopId);

  const started = Date.now();
  measureFrom = started + WARMUP_S * 1000;
  const deadline = measureFrom + DURATION_S * 1000;
  // What the measured window costs, which the machine's other load moves less than latency: the
  // API's CPU and this database's transactions, per round (set-up calls included, the same in every build).
  const xacts = async () => Number((await db.query('select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()')).rows[0].n);
  const cost = {};
  const windowTimer = setTimeout(async () => {
    cost.cpu = cpuMs([mall.pid]);
    cost.xacts = await xacts();
    cost.rounds = rounds;
  }, WARMUP_S * 1000);
  const windowEnd = setTimeout(async () => {
    cost.cpuEnd = cpuMs([mall.pid]);
    cost.xactsEnd = await xacts();
    cost.roundsEnd = rounds;
  }, WARMUP_S * 1000 + DURATION_S * 1000);
  await Promise.all(
    tokens.map(async (token, i) => {
      if (THINK_MS) await pause(Math.random() * THINK_MS);
      while (Date.now() < deadline) {
        await round(token, picks[i], courier, deadline)
          .then(() => (rounds += 1))
          .catch((e) => failures.set(String(e.message).slice(0, 160), (failures.get(String(e.message).slice(0, 160)) ?? 0) + 1));
        await think();
      }
    }),
  );

  // ---- The money, from the database ----
  const ledger = await db.query(
    `select w.user_id, w.balance::bigint as balance,
            coalesce(sum(case when l.io_type = 1 then l.change_balance else -l.change_balance end) filter (where l.is_payed), 0)::bigint as records
     from user_wallets w left join balance_logs l on l.user_id = w.user_id
     where w.user_id = any($1) group by w.user_id, w.balance`,
    [userIds],
  );
  const ledgerOff = ledger.rows.filter((r) => r.balance !== r.records);
  const perRefund = await db.query(
    `select r.refund_sn::text as sn, r.return_money_sts as sts, r.refund_amount::bigint as amount,
            count(l.id)::int as credits, coalesce(sum(l.change_balance), 0)::bigint as credited
     from refunds r left join balance_logs l on l.biz_id = r.refund_sn::text and l.type = 4 and l.io_type = 1 and l.user_id = r.user_id
     where r.user_id = any($1) group by r.refund_sn, r.return_money_sts, r.refund_amount`,
    [userIds],
  );
  const byStatus = perRefund.rows.reduce((m, r) => m.set(r.sts, (m.get(r.sts) ?? 0) + 1), new Map());
  const doubled = perRefund.rows.filter((r) => r.credits > 1);
  const wrong = perRefund.rows.filter((r) => (r.sts === 5 ? r.credits !== 1 || r.credited !== r.amount : r.credits !== 0));
  const refunded = new Set(perRefund.rows.filter((r) => r.sts === 5).map((r) => r.sn));
  const lost = decided.filter((sn) => !refunded.has(sn));
  const appliedSum = perRefund.rows.filter((r) => r.sts === 5).reduce((s, r) => s + BigInt(r.amount), 0n);
  const creditedSum = perRefund.rows.reduce((s, r) => s + BigInt(r.credited), 0n);

  console.log(
    `\n${SHOPPERS} shoppers, ${DURATION_S}s measured after ${WARMUP_S}s, think ${THINK_MS} ms (0.5x-1.5x), returns ${Math.round(RETURNS * 100)}% of rounds, PostgreSQL${process.env.REDIS_URL ? ' + Redis' : ' + in-process KV'}; ${machine()}`,
  );
  console.log(SUMMARY_HEAD);
  console.log(summary('GET /p/orderRefund/applyInfo', samples.applyInfo));
  console.log(summary('POST /p/orderRefund/apply', samples.apply));
  console.log(summary('PUT /merchant/refunds/{sn}/accept', samples.accept));
  console.log(summary('POST /p/orderRefund/submitExpress (returns)', samples.submitExpress));
  console.log(summary('PUT /merchant/refunds/{sn}/receive (returns)', samples.receive));
  console.log(summary('refund landing (deciding call sent -> refunded)', samples.landing));
  clearTimeout(windowTimer);
  clearTimeout(windowEnd);
  if (cost.roundsEnd !== undefined) {
    const n = cost.roundsEnd - cost.rounds;
    // pg_stat_database lags by up to PGSTAT's flush interval: the transactions are approximate.
    console.log(`measured window: ${n} rounds finished; API CPU ${((cost.cpuEnd - cost.cpu) / n).toFixed(1)} ms per round; PostgreSQL transactions ${((cost.xactsEnd - cost.xacts) / n).toFixed(1)} per round`);
  }
  console.log(`refunds per second (measured window): ${(refunds / DURATION_S).toFixed(1)}; requests by status: ${JSON.stringify(Object.fromEntries(byStatus))}`);
  console.log(`failed calls: ${failures.size ? JSON.stringify(Object.fromEntries(failures)) : 0}`);
  console.log(
    `money: ${ledger.rows.length} wallets, ${ledgerOff.length} with balance != sum of records; ${perRefund.rows.length} requests, ${doubled.length} credited twice, ${wrong.length} with a credit other than the applied amount, ${lost.length} decided but not refunded; refunded ${appliedSum} fen applied, ${creditedSum} fen credited`,
  );
  if (ledgerOff.length || doubled.length || wrong.length || lost.length || appliedSum !== creditedSum) {
    console.log('MONEY CHECK FAILED', JSON.stringify({ ledgerOff: ledgerOff.slice(0, 5), doubled: doubled.slice(0, 5), wrong: wrong.slice(0, 5), lost: lost.slice(0, 5) }));
    process.exitCode = 1;
  }
} finally {
  await db.end();
  mall.stop();
}
