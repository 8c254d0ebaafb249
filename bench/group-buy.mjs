// Group-buy under load (issue 29, decision 065): 200 shoppers form teams of 3 on PostgreSQL (+ Redis
// when REDIS_URL is set). The bench writes a running group activity (teams of 3, one SKU at a group
// price, a large stock, no robots, teams open an hour) on an on-shelf product of an open shop, sold as
// virtual goods so no address is needed, and 200 shoppers with a live token and a funded balance, all
// straight into the database (set-up, as the other benches do). Then the shoppers come `--concurrency`
// at a time (a shopper who has paid makes room for the next), each through the real calls: read the open teams (GET /group/joinGroupList, closest to full
// first), take the first team with a place (or open one when none is listed), confirm, submit, and pay
// from the balance. Many read the same team and race for its last places: a shopper refused at confirm
// or submit reads the list again (up to `--retries` times, then opens a team); one who pays for a team
// that filled meanwhile is moved by the API into a new team of their own (movedFromTeamId).
//
// Reports joins per second (paid group orders over the burst), p50/p95 of submit + pay, the teams
// opened, succeeded and still grouping, and then checks from the database: no team holds more paid
// members than its size (nor a join_num other than its paid seats), and every paid order of the
// bench's shoppers holds exactly one paid seat in exactly one team. Prints PASS or FAIL (exit code 1).
// Usage: createdb bazaar_gbench && DATABASE_URL=postgres://postgres@127.0.0.1:5432/bazaar_gbench \
//          [REDIS_URL=redis://127.0.0.1:6379/11] node bench/group-buy.mjs [--shoppers 200] [--size 3]
//          [--concurrency 20] [--retries 3] [--port 18140]
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { argValue } from './load.mjs';
import { machine, startApi, summary, SUMMARY_HEAD } from './mall-api.mjs';

const SHOPPERS = Number(argValue('shoppers', 200));
const GROUP_NUMBER = Number(argValue('size', 3));
/** Shoppers in flight at once: they read the same list, so they race for the same places. */
const CONCURRENCY = Number(argValue('concurrency', 20));
const RETRIES = Number(argValue('retries', 3));
const PORT = Number(argValue('port', 18140));
/** The group price and each shopper's balance (fen): the balance pays for one order many times over. */
const ACT_PRICE = 990;
const START_BALANCE = 1_000_000;

process.env.LOG_REQUESTS = 'false';
const loadBefore = os.loadavg();
const mall = await startApi({ port: PORT });
const { call, ok } = mall;
const db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });

/** SHOPPERS shoppers with a live token and START_BALANCE fen (wallet and its type-5 record together), written straight. */
async function makeShoppers() {
  const stamp = String(Date.now() % 1e4).padStart(4, '0');
  const shoppers = Array.from({ length: SHOPPERS }, (_, i) => ({ id: randomBytes(16).toString('hex'), mobile: `168${stamp}${String(i).padStart(4, '0')}`, token: randomBytes(32).toString('hex') }));
  for (let i = 0; i < shoppers.length; i += 500) {
    const part = shoppers.slice(i, i + 500);
    const ids = part.map((s) => s.id);
    await db.query('insert into users (id, mobile, nick_name) select * from unnest($1::text[], $2::text[], $3::text[])', [ids, part.map((s) => s.mobile), part.map((_, j) => `拼团${i + j}`)]);
    await db.query(
      `insert into auth_tokens (token_hash, audience, subject, expires_at) select h, 'shopper', s, now() + interval '1 day' from unnest($1::text[], $2::text[]) as t(h, s)`,
      [part.map((s) => createHash('sha256').update(s.token).digest('hex')), ids],
    );
    await db.query('insert into user_wallets (user_id, balance) select u, $2 from unnest($1::text[]) as t(u)', [ids, START_BALANCE]);
    await db.query(`insert into balance_logs (user_id, change_balance, io_type, type, biz_id) select u, $2, 1, 5, 'bench:group-buy' from unnest($1::text[]) as t(u)`, [ids, START_BALANCE]);
  }
  return shoppers;
}

/** A running activity, teams of GROUP_NUMBER, over the first SKU of a product in no other activity. */
async function makeActivity() {
  const { rows: [pick] } = await db.query(`
    select p.id as prod_id, p.shop_id, s.id as sku_id from products p join shops sh on sh.id = p.shop_id and sh.status = 1
    join lateral (select id from skus where product_id = p.id and status = 1 order by id limit 1) s on true
    where p.status = 1 and not exists (select 1 from group_activities g where g.product_id = p.id)
      and not exists (select 1 from seckills k where k.product_id = p.id)
    order by p.id desc limit 1`);
  if (!pick) throw new Error('no on-shelf product outside every activity');
  await db.query('update products set mold = 1, total_stocks = 1000000 where id = $1', [pick.prod_id]);
  await db.query('update skus set stocks = 1000000 where id = $1', [pick.sku_id]);
  const { rows: [ga] } = await db.query(
    `insert into group_activities (shop_id, product_id, name_zh, name_en, group_number, group_valid_time, has_robot, start_time, end_time)
     values ($1, $2, '压测拼团', 'Bench group buy', $3, 60, false, now() - interval '1 minute', now() + interval '1 day') returning id`,
    [pick.shop_id, pick.prod_id, GROUP_NUMBER],
  );
  const { rows: [gs] } = await db.query('insert into group_skus (group_activity_id, sku_id, act_price) values ($1, $2, $3) returning id', [ga.id, pick.sku_id, ACT_PRICE]);
  return { groupActivityId: ga.id, groupSkuId: gs.id, prodId: pick.prod_id };
}

const samples = { list: [], confirm: [], submitPay: [] };
const failures = new Map();
const note = (what) => failures.set(what, (failures.get(what) ?? 0) + 1);
const stats = { joinAttempts: 0, opened: 0, refusedAtConfirm: 0, refusedAtSubmit: 0, paid: 0 };
let lastPaidAt = 0;

/** One shopper: read the open teams, try the first with a place, fall back to opening one. */
async function shopper(s, activity) {
  for (let attempt = 0; attempt <= RETRIES; attempt++) {
    let groupTeamId = 0;
    if (attempt < RETRIES) {
      const t0 = performance.now();
      const list = await ok('GET', `/group/joinGroupList?groupActivityId=${activity.groupActivityId}&size=20`);
      samples.list.push(performance.now() - t0);
      groupTeamId = list.teams.find((t) => t.missing > 0)?.groupTeamId ?? 0;
    }
    const uuid = randomUUID();
    const t1 = performance.now();
    const confirmed = await call('POST', '/p/group/order/confirm', { token: s.token, body: { addrId: 0, groupSkuId: activity.groupSkuId, groupTeamId, prodCount: 1, uuid } });
    samples.confirm.push(performance.now() - t1);
    if (confirmed.status !== 200) {
      if (groupTeamId === 0) return note(`confirm (open): ${confirmed.status} ${String(confirmed.body).slice(0, 100)}`);
      stats.refusedAtConfirm += 1;
      continue;
    }
    const t2 = performance.now();
    const submitted = await call('POST', '/p/group/order/submit', { token: s.token, body: { uuid, remarks: '' } });
    if (submitted.status !== 200) {
      if (groupTeamId === 0) return note(`submit (open): ${submitted.status} ${String(submitted.body).slice(0, 100)}`);
      stats.refusedAtSubmit += 1;
      continue;
    }
    const paid = await call('POST', '/p/order/pay', { token: s.token, body: { orderNumbers: submitted.body.orderNumbers, payType: 9 } });
    if (paid.status !== 200) return note(`pay: ${paid.status} ${String(paid.body).slice(0, 100)}`);
    samples.submitPay.push(performance.now() - t2);
    stats.paid += 1;
    if (groupTeamId === 0) stats.opened += 1;
    else stats.joinAttempts += 1;
    lastPaidAt = performance.now();
    return undefined;
  }
  return note('gave up (retries spent)');
}

try {
  const shoppers = await makeShoppers();
  const activity = await makeActivity();
  const userIds = shoppers.map((s) => s.id);

  const burstStart = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, shoppers.length) }, async () => {
      while (next < shoppers.length) await shopper(shoppers[next++], activity).catch((e) => note(String(e.message).slice(0, 140)));
    }),
  );
  const burstMs = (lastPaidAt || performance.now()) - burstStart;
  const loadAfter = os.loadavg();

  // ---- The teams and the seats, from the database ----
  const { rows: teams } = await db.query(
    `select t.id, t.group_number, t.join_num, t.status,
            count(o.id) filter (where o.status = 1 and o.user_id <> '0')::int as paid,
            count(o.id) filter (where o.status = 1 and o.moved_from_team_id is not null)::int as moved
     from group_teams t left join group_orders o on o.group_team_id = t.id
     where t.group_activity_id = $1 group by t.id`,
    [activity.groupActivityId],
  );
  const above = teams.filter((t) => t.paid > t.group_number || t.join_num > t.group_number);
  const countOff = teams.filter((t) => t.status > 0 && t.join_num !== t.paid);
  const byStatus = teams.reduce((m, t) => m.set(t.status, (m.get(t.status) ?? 0) + 1), new Map());
  const moved = teams.reduce((n, t) => n + t.moved, 0);
  const sizes = teams.filter((t) => t.status > 0).reduce((m, t) => m.set(t.paid, (m.get(t.paid) ?? 0) + 1), new Map());
  const { rows: orders } = await db.query(
    `select o.order_number::text as order_number, o.status, count(g.id) filter (where g.status = 1)::int as seats, count(distinct g.group_team_id) filter (where g.status = 1)::int as teams
     from orders o left join group_orders g on g.order_number = o.order_number
     where o.user_id = any($1) and o.order_type = 1 and o.is_payed group by o.order_number, o.status`,
    [userIds],
  );
  const notOnce = orders.filter((o) => o.seats !== 1 || o.teams !== 1);
  const { rows: [orphans] } = await db.query(
    `select count(*)::int as n from group_orders g join orders o on o.order_number = g.order_number
     where g.group_activity_id = $1 and g.status = 1 and not o.is_payed`,
    [activity.groupActivityId],
  );
  const orderStatus = orders.reduce((m, o) => m.set(o.status, (m.get(o.status) ?? 0) + 1), new Map());
  const pass = above.length === 0 && countOff.length === 0 && notOnce.length === 0 && orphans.n === 0 && orders.length === stats.paid;

  console.log(`\n${SHOPPERS} shoppers, teams of ${GROUP_NUMBER}, ${CONCURRENCY} in flight at once, one API instance (port ${PORT}) on PostgreSQL${process.env.REDIS_URL ? ' + Redis' : ' + in-process KV'}; ${machine()}`);
  console.log(`load average before ${loadBefore.map((n) => n.toFixed(2)).join(' ')}, after ${loadAfter.map((n) => n.toFixed(2)).join(' ')}\n`);
  console.log(SUMMARY_HEAD);
  console.log(summary('GET /group/joinGroupList', samples.list));
  console.log(summary('POST /p/group/order/confirm', samples.confirm));
  console.log(summary('submit + pay (POST /p/group/order/submit, /p/order/pay)', samples.submitPay));
  console.log(`\npaid ${stats.paid} of ${SHOPPERS} in ${burstMs.toFixed(0)} ms: ${((stats.paid * 1000) / burstMs).toFixed(1)} joins/s`);
  console.log(
    `asked to open ${stats.opened}, asked to join ${stats.joinAttempts} (${stats.joinAttempts - moved} took a place in that team, ${moved} paid for a team that filled meanwhile and were moved to a new team); refused before paying: ${stats.refusedAtConfirm} at confirm, ${stats.refusedAtSubmit} at submit`,
  );
  console.log(
    `teams: ${teams.length} rows, ${(byStatus.get(1) ?? 0) + (byStatus.get(2) ?? 0) + (byStatus.get(3) ?? 0)} opened, ${byStatus.get(2) ?? 0} succeeded (full), ${byStatus.get(1) ?? 0} still grouping, ${byStatus.get(3) ?? 0} failed, ${byStatus.get(0) ?? 0} never opened; paid members per opened team ${JSON.stringify(Object.fromEntries([...sizes].sort((a, b) => a[0] - b[0])))}`,
  );
  console.log(`orders by status: ${JSON.stringify(Object.fromEntries(orderStatus))} (7 grouping; once the team succeeded 2, or 3 for these virtual goods, delivered at once)`);
  console.log(`failed calls: ${failures.size ? JSON.stringify(Object.fromEntries(failures)) : 0}`);
  console.log(
    `check: ${above.length} teams above their size, ${countOff.length} with join_num != paid seats, ${notOnce.length} of ${orders.length} paid orders not in exactly one team, ${orphans.n} paid seats of unpaid orders, ${orders.length} paid orders in the database for ${stats.paid} payments seen`,
  );
  if (!pass) console.log(JSON.stringify({ above: above.slice(0, 5), countOff: countOff.slice(0, 5), notOnce: notOnce.slice(0, 5) }));
  console.log(pass ? 'PASS: no team above its size, every paid order in exactly one team' : 'FAIL');
  if (!pass) process.exitCode = 1;
} finally {
  await db.end();
  mall.stop();
}
