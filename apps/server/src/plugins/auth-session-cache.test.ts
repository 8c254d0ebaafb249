// The shopper session cache (decision 068): a cached session costs no PostgreSQL statement, and
// every revocation (logout, every session of the account, a login beyond the live-session limit,
// a disabled account) ends it at once, on this instance and, with Redis, on another one (the
// revocation tests are the session cache kit's, shared with the merchant's: auth-session-cache-merchant.test.ts).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_TTL_SECONDS } from '@bazaar/shared/constants/limits';
import type { BazaarApp } from '../app.ts';
import { countQueries } from '../db/query-count.ts';
import { authTokens } from '../db/schema.ts';
import { hashToken, issueToken, LIVE_SESSIONS_MAX, revokeSessions } from '../modules/auth/service.ts';
import { registerUser } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { createTestInstance, SHARED_INFRASTRUCTURE, type TestInstance } from '../test/instances.ts';
import { describeRevocations, eachRevocation, subjectOf, TOKEN_META, type Revocation } from '../test/session-cache-test-kit.ts';
import { getTestApp, type TestApp } from '../test/test-app.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { drainSeckillQueue } from '../flows/write-seckill-orders.ts';
import { seckillGate } from '../modules/seckill/gate.ts';
import { confirmSeckill, createSeckill, createShoppers, expectStatus, orderPath, submitSeckill } from '../test/seckill-test-kit.ts';

let t: TestApp;
let b: TestInstance | undefined;
beforeAll(async () => {
  t = await getTestApp();
  if (SHARED_INFRASTRUCTURE) b = await createTestInstance();
});
afterAll(async () => {
  await b?.close();
});

/** A route that takes its session from the cache (the flash sale's hot routes); an unknown order number answers 'queued'. */
const orderStatus = (app: BazaarApp, token: string) =>
  app.inject({ method: 'GET', url: '/p/seckill/createOrderStatus?orderNumber=1', headers: { authorization: `bearer ${token}` } });
const status = async (app: BazaarApp, token: string) => (await orderStatus(app, token)).statusCode;
const prodCount = (app: BazaarApp, token: string) => app.inject({ method: 'GET', url: '/p/shopCart/prodCount', headers: { authorization: `bearer ${token}` } });
const subject = (token: string) => subjectOf(t, token);

/** Each revocation, done through the app `by`. */
const REVOCATIONS: Revocation[] = [
  {
    name: 'logout',
    revoke: async (by, token) => {
      expect((await by.app.inject({ method: 'POST', url: '/logOut', headers: { authorization: `bearer ${token}` } })).statusCode).toBe(200);
    },
  },
  {
    name: 'every session of the account (a new password)',
    revoke: async (by, token) => revokeSessions(by.ctx, 'shopper', await subject(token)),
  },
  {
    name: 'a login beyond the live-session limit (the oldest ends)',
    revoke: async (by, token) => {
      const id = await subject(token);
      for (let i = 0; i < LIVE_SESSIONS_MAX.shopper; i++) await issueToken(by.ctx, 'shopper', id, TOKEN_META);
    },
  },
  {
    name: 'the account disabled by the platform',
    revoke: async (by, token) => {
      const staff = await adminToken(t);
      const res = await by.app.inject({ method: 'POST', url: `/admin/users/${await subject(token)}/disable`, headers: { authorization: `bearer ${staff}` }, payload: { reason: 'test' } });
      expect(res.statusCode, res.body).toBe(200);
    },
  },
];

describeRevocations('shopper', {
  instances: () => ({ t, b }),
  sessions: async () => ({ token: (await registerUser(t)).token, other: (await registerUser(t)).token }),
  status,
  revocations: REVOCATIONS,
});

describe('the shopper session cache, one instance (embedded kv on PGlite, Redis on PostgreSQL)', () => {
  it('answers a cached session without PostgreSQL: a token row changed behind its back is not seen until a revocation marks it', async () => {
    const { token } = await registerUser(t);
    expect(await status(t.app, token)).toBe(200);
    await t.ctx.db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.tokenHash, hashToken(token)));
    expect(await status(t.app, token)).toBe(200);
    // A route that does not opt in reads PostgreSQL.
    expect((await prodCount(t.app, token)).statusCode).toBe(401);
    await revokeSessions(t.ctx, 'shopper', await subject(token));
    expect(await status(t.app, token)).toBe(401);
  });

  it('ends a cached session when its token expires, and keeps another session of the account after one logout', async () => {
    const { token } = await registerUser(t);
    const second = (await issueToken(t.ctx, 'shopper', await subject(token), TOKEN_META)).accessToken;
    expect([await status(t.app, token), await status(t.app, second)]).toEqual([200, 200]);
    await t.app.inject({ method: 'POST', url: '/logOut', headers: { authorization: `bearer ${token}` } });
    expect([await status(t.app, token), await status(t.app, second)]).toEqual([401, 200]);
    t.advanceClock(TOKEN_TTL_SECONDS * 1000 + 1000);
    try {
      expect(await status(t.app, second)).toBe(401);
    } finally {
      t.resetClock();
    }
  });
});

// The checkout and after-sales round's routes opt in too (issue 26, sixth pass: decision 060). Each
// is probed without a body or query: a live session answers the validation's 400 (or 404), an
// ended one the hook's 401, so nothing is bought or applied for.
const ROUND_ROUTES: Array<[method: 'GET' | 'POST' | 'PUT', url: string]> = [
  ['POST', '/p/order/confirm'],
  ['POST', '/p/order/submit'],
  ['POST', '/p/order/pay'],
  ['GET', '/p/myOrder/orderDetail'],
  ['PUT', '/p/myOrder/receipt/1'],
  ['GET', '/p/orderRefund/applyInfo'],
  ['POST', '/p/orderRefund/apply'],
  ['GET', '/p/orderRefund/info'],
  ['POST', '/p/orderRefund/submitExpress'],
];
const probe = async (app: BazaarApp, token: string, [method, url]: [string, string]) =>
  (await app.inject({ method: method as 'GET', url, headers: { authorization: `bearer ${token}` }, ...(method === 'GET' ? {} : { payload: {} }) })).statusCode;
/** Each round route's status for the token, on the app: 'live' or 401. */
const roundStatuses = async (app: BazaarApp, token: string) => Promise.all(ROUND_ROUTES.map(async (route) => `${route.join(' ')}: ${(await probe(app, token, route)) === 401 ? 401 : 'live'}`));
const every = (answer: 'live' | 401) => ROUND_ROUTES.map((route) => `${route.join(' ')}: ${answer}`);

describe("the checkout and after-sales round's routes take the shopper's session from the cache", () => {
  it('answer a cached session without PostgreSQL (a token row revoked by hand is still accepted) until a revocation marks it', async () => {
    const { token } = await registerUser(t);
    expect(await roundStatuses(t.app, token)).toEqual(every('live'));
    await t.ctx.db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.tokenHash, hashToken(token)));
    const { result, queries } = await countQueries(() => roundStatuses(t.app, token));
    expect(result).toEqual(every('live'));
    expect(queries.filter((q) => q.includes('"auth_tokens"'))).toEqual([]);
    await revokeSessions(t.ctx, 'shopper', await subject(token));
    expect(await roundStatuses(t.app, token)).toEqual(every(401));
  });

  it.each(eachRevocation(REVOCATIONS))('end at once on every instance (two on PostgreSQL + Redis): %s', async (_name, { revoke }) => {
    const { token } = await registerUser(t);
    const other = (await registerUser(t)).token;
    const apps = b ? [t.app, b.app] : [t.app];
    for (const app of apps) for (const tok of [token, other]) expect(await roundStatuses(app, tok)).toEqual(every('live'));
    await revoke(t, token);
    for (const app of apps.reverse()) {
      expect(await roundStatuses(app, token)).toEqual(every(401));
      expect(await roundStatuses(app, other)).toEqual(every('live'));
    }
  });
});

// The flash sale's submit reads no mark in the auth hook: the gate's own script checks it, in the
// same atomic step as the attempt (`sessionCache: 'route'`). A revocation must still end it at once,
// and take nothing from the gate.
describe("the flash sale's submit checks the cached session's mark in the gate's step", () => {
  // The flash sale needs an open shop of the demo mall.
  beforeAll(async () => {
    await ensureSeeded();
  });

  /** Two shoppers with a confirmed choice each: their sessions cached by orderPath and confirm on this instance. */
  async function confirmedPair() {
    const [s, other] = await createShoppers(t, 2);
    const sk = await createSeckill(t, { stocks: [5] });
    const paths: string[] = [];
    for (const x of [s!, other!]) {
      const res = await orderPath(t.app, x, sk.prodId);
      expectStatus(res, 200);
      paths.push(res.json().orderPath as string);
      expectStatus(await confirmSeckill(t.app, x, paths.at(-1)!, sk), 200);
    }
    return { s: s!, other: other!, sk, paths: paths as [string, string] };
  }

  it.each(eachRevocation(REVOCATIONS))('refuses a submit with 401 and takes nothing after %s (done on the other instance with PostgreSQL + Redis)', async (_name, { revoke }) => {
    const { s, other, sk, paths } = await confirmedPair();
    await revoke(b ?? t, s.token);
    expectStatus(await submitSeckill(t.app, s, paths[0], sk), 401);
    const gate = seckillGate(t.ctx);
    expect(await gate.stocks(sk.seckillId, sk.seckillSkuIds)).toEqual([5]);
    expect(await gate.held(sk.seckillId, s.userId)).toBe(0);
    expectStatus(await submitSeckill(t.app, other, paths[1], sk), 200);
    expect(await gate.stocks(sk.seckillId, sk.seckillSkuIds)).toEqual([4]);
    await drainSeckillQueue(t.ctx);
  });

  it('verifies the session again when the mark changed for another reason (a logout of another session of the account) and goes on', async () => {
    const { s, sk, paths } = await confirmedPair();
    const second = (await issueToken(t.ctx, 'shopper', s.userId, TOKEN_META)).accessToken;
    expect((await (b ?? t).app.inject({ method: 'POST', url: '/logOut', headers: { authorization: `bearer ${second}` } })).statusCode).toBe(200);
    expectStatus(await submitSeckill(t.app, s, paths[0], sk), 200);
    expect(await seckillGate(t.ctx).held(sk.seckillId, s.userId)).toBe(1);
    await drainSeckillQueue(t.ctx);
  });

  it('answers 401 on the long way too (a path that names no running activity)', async () => {
    const { s, sk } = await confirmedPair();
    await revokeSessions(t.ctx, 'shopper', s.userId);
    // A path of the old form (no activity id): submit takes the long way, and checks the mark before anything.
    expectStatus(await submitSeckill(t.app, s, 'a'.repeat(24), sk), 401);
  });
});
