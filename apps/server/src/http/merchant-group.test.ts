// Group-buy activities in the merchant center (issue 29): creating one on the shop's own product,
// every bad input with its message in both languages, the overlap with a flash sale or another
// group buy, the list with its counts, the teams with their members, ending early, another shop's
// activity answered 404, and the permission.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '@bazaar/shared/i18n/catalogs';
import { GroupActivityDetailSchema, GroupActivityRowPageSchema, GroupTeamRowPageSchema, MerchantGroupActivityCreatedSchema } from '@bazaar/shared/schemas/group-admin';
import { MerchantTokenSchema } from '@bazaar/shared/schemas/merchant';
import { groupActivities, groupOrders, groupTeams } from '../db/schema.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { nextSerialNumber } from '../lib/serial-number.ts';
import { cipherOf, json } from '../test/account-test-kit.ts';
import { merchantLogin, registerBuyer } from '../test/merchant-test-kit.ts';
import { createTestProduct, type TestProduct } from '../test/product-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { createTestShop, type TestShop } from '../test/staff-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let shopA: TestShop;
let shopB: TestShop;
let tokenA: string;
let tokenB: string;

const zh = createI18n('zh').t;
const en = createI18n('en').t;
const HOUR = 3_600_000;
const at = (hours: number) => formatApiTime(new Date(Date.now() + hours * HOUR));

function call(method: 'GET' | 'POST', url: string, token: string, body?: unknown, lang: 'zh' | 'en' = 'en') {
  const headers = { authorization: token, 'accept-language': lang };
  if (body === undefined) return t.app.inject({ method, url, headers });
  return t.app.inject({ method, url, ...json(body, { headers }) });
}

/** A product of the shop with two SKUs at ¥99 and ¥109. */
const product = (shopId: number, extra: Parameters<typeof createTestProduct>[1] = {}) =>
  createTestProduct(t, {
    shopId,
    skus: [
      { properties: '颜色:黑色', nameZh: '黑色', nameEn: 'Black', price: 9_900, stocks: 20 },
      { properties: '颜色:白色', nameZh: '白色', nameEn: 'White', price: 10_900, stocks: 10 },
    ],
    ...extra,
  });

const activity = (p: TestProduct, overrides: Record<string, unknown> = {}) => ({
  nameZh: '三人团',
  nameEn: 'Team of three',
  prodId: p.prodId,
  groupNumber: 3,
  validHours: 24,
  hasRobot: false,
  hasMaxNum: true,
  maxNum: 2,
  startTime: at(0),
  endTime: at(48),
  skus: [
    { skuId: p.skuIds[0], actPrice: 6_900 },
    { skuId: p.skuIds[1], actPrice: 7_900 },
  ],
  ...overrides,
});

async function created(token: string, body: unknown): Promise<number> {
  const res = await call('POST', '/merchant/group-activities', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return MerchantGroupActivityCreatedSchema.parse(res.json()).groupActivityId;
}

const activityCount = async (prodId: number) => (await t.ctx.db.select({ id: groupActivities.id }).from(groupActivities).where(eq(groupActivities.productId, prodId))).length;

beforeAll(async () => {
  t = await ensureSeeded();
  [shopA, shopB] = await Promise.all([createTestShop(t), createTestShop(t)]);
  [tokenA, tokenB] = await Promise.all([merchantLogin(t, shopA.shopId), merchantLogin(t, shopB.shopId)]);
}, 180_000);

describe('creating a group activity', () => {
  it('creates it on at once with its group prices, team size, validity, robots and limit', async () => {
    const p = await product(shopA.shopId);
    const id = await created(tokenA, activity(p));
    const [row] = await t.ctx.db.select().from(groupActivities).where(eq(groupActivities.id, id));
    expect(row).toMatchObject({ shopId: shopA.shopId, productId: p.prodId, groupNumber: 3, groupValidTime: 24 * 60, hasRobot: false, hasMaxNum: true, maxNum: 2, status: 1 });
    const res = await call('GET', `/merchant/group-activities/${id}`, tokenA);
    expect(res.statusCode, res.body).toBe(200);
    const d = GroupActivityDetailSchema.parse(res.json());
    expect(d).toMatchObject({ groupActivityId: id, shopName: shopA.nameEn, prodName: p.nameEn, listState: 'running', groupNumber: 3, validHours: 24, hasMaxNum: true, maxNum: 2, minActPrice: 6_900, offlineReason: null });
    expect(d.counts).toEqual({ teamNum: 0, groupingNum: 0, successNum: 0, failedNum: 0, orderNum: 0 });
    expect(d.skus).toEqual([
      { groupSkuId: expect.any(Number), skuId: p.skuIds[0], skuName: 'Black', price: 9_900, actPrice: 6_900, sellNum: 0 },
      { groupSkuId: expect.any(Number), skuId: p.skuIds[1], skuName: 'White', price: 10_900, actPrice: 7_900, sellNum: 0 },
    ]);
    const zhRes = await call('GET', `/merchant/group-activities/${id}`, tokenA, undefined, 'zh');
    expect(zhRes.json()).toMatchObject({ prodName: p.nameZh, skus: [{ skuName: '黑色' }, { skuName: '白色' }] });
  });

  it('keeps no limit when the per-user limit is off, and starts later when asked', async () => {
    const p = await product(shopA.shopId);
    const id = await created(tokenA, activity(p, { hasMaxNum: false, maxNum: 5, hasRobot: true, startTime: at(3), endTime: at(6) }));
    const d = GroupActivityDetailSchema.parse((await call('GET', `/merchant/group-activities/${id}`, tokenA)).json());
    expect(d).toMatchObject({ hasMaxNum: false, maxNum: null, hasRobot: true, listState: 'upcoming' });
  });

  const cases: [string, (p: TestProduct) => Record<string, unknown>, string, Record<string, string>?][] = [
    ['no name', () => ({ nameZh: ' ' }), 'groupbuyAdmin.errors.nameRequired'],
    ['a long name', () => ({ nameZh: '团'.repeat(31) }), 'groupbuyAdmin.errors.nameTooLong'],
    ['a long English name', () => ({ nameEn: 'x'.repeat(61) }), 'groupbuyAdmin.errors.nameEnTooLong'],
    ['no product', () => ({ prodId: 'x' }), 'groupbuyAdmin.errors.product'],
    ['a team of 1', () => ({ groupNumber: 1 }), 'groupbuyAdmin.errors.groupNumber'],
    ['a team of 101', () => ({ groupNumber: 101 }), 'groupbuyAdmin.errors.groupNumber'],
    ['a validity of 0 hours', () => ({ validHours: 0 }), 'groupbuyAdmin.errors.validHours'],
    ['a validity over a week', () => ({ validHours: 169 }), 'groupbuyAdmin.errors.validHours'],
    ['a validity of half an hour', () => ({ validHours: 0.5 }), 'groupbuyAdmin.errors.validHours'],
    ['robots neither on nor off', () => ({ hasRobot: 'yes' }), 'groupbuyAdmin.errors.hasRobot'],
    ['a limit on without a number', () => ({ hasMaxNum: true, maxNum: null }), 'groupbuyAdmin.errors.maxNum'],
    ['a limit of 0', () => ({ hasMaxNum: true, maxNum: 0 }), 'groupbuyAdmin.errors.maxNum'],
    ['a limit of 100', () => ({ hasMaxNum: true, maxNum: 100 }), 'groupbuyAdmin.errors.maxNum'],
    ['no start', () => ({ startTime: '' }), 'groupbuyAdmin.errors.startTime'],
    ['an end that is no date', () => ({ endTime: '2026-02-30 10:00:00' }), 'groupbuyAdmin.errors.endTime'],
    ['an end before the start', () => ({ startTime: at(5), endTime: at(4) }), 'groupbuyAdmin.errors.endAfterStart'],
    ['a start long past', () => ({ startTime: at(-2), endTime: at(3) }), 'groupbuyAdmin.errors.startPassed'],
    ['more than 180 days', () => ({ startTime: at(1), endTime: at(1 + 24 * 181) }), 'groupbuyAdmin.errors.tooLong'],
    ['no SKUs', () => ({ skus: [] }), 'groupbuyAdmin.errors.skusRequired'],
    ['a SKU twice', (p) => ({ skus: [1, 2].map((n) => ({ skuId: p.skuIds[0], actPrice: 1_000 * n })) }), 'groupbuyAdmin.errors.skuTwice'],
    ['a group price of 0', (p) => ({ skus: [{ skuId: p.skuIds[0], actPrice: 0 }] }), 'groupbuyAdmin.errors.price'],
    ['a group price in yuan', (p) => ({ skus: [{ skuId: p.skuIds[0], actPrice: 49.5 }] }), 'groupbuyAdmin.errors.price'],
    ['a group price not below the price', (p) => ({ skus: [{ skuId: p.skuIds[0], actPrice: 9_900 }] }), 'groupbuyAdmin.errors.priceAbovePrice', { price: '99.00' }],
    ['a SKU of another product', () => ({ skus: [{ skuId: 1, actPrice: 1 }] }), 'groupbuyAdmin.errors.skuNotOfProduct'],
  ];
  it.each(cases)('refuses %s, in both languages, and writes nothing', async (_name, overrides, key, params) => {
    const p = await product(shopA.shopId);
    const body = activity(p, overrides(p));
    const res = await call('POST', '/merchant/group-activities', tokenA, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toBe(en(key, params));
    expect(en(key)).not.toBe(key);
    const zhRes = await call('POST', '/merchant/group-activities', tokenA, body, 'zh');
    expect(zhRes.statusCode).toBe(400);
    expect(zhRes.body).toBe(zh(key, params));
    expect(await activityCount(p.prodId)).toBe(0);
  });

  it("refuses another shop's product, a product off the shelf or of another kind, and a disabled SKU", async () => {
    const theirs = await product(shopB.shopId);
    const other = await call('POST', '/merchant/group-activities', tokenA, activity(theirs));
    expect(other.statusCode).toBe(400);
    expect(other.body).toBe(en('groupbuyAdmin.errors.productNotOwned'));
    expect(await activityCount(theirs.prodId)).toBe(0);
    const off = await product(shopA.shopId, { status: 0 });
    expect((await call('POST', '/merchant/group-activities', tokenA, activity(off))).body).toBe(en('groupbuyAdmin.errors.productNotOnSale'));
    const points = await product(shopA.shopId, { prodType: 3 });
    expect((await call('POST', '/merchant/group-activities', tokenA, activity(points))).body).toBe(en('groupbuyAdmin.errors.productNotOnSale'));
    const disabled = await createTestProduct(t, { shopId: shopA.shopId, skus: [{ properties: '颜色:灰色', price: 5_000, stocks: 5, status: 0 }, { properties: '颜色:蓝色', price: 5_000, stocks: 5 }] });
    const res = await call('POST', '/merchant/group-activities', tokenA, activity(disabled, { skus: [{ skuId: disabled.skuIds[0], actPrice: 1_000 }] }));
    expect(res.body).toBe(en('groupbuyAdmin.errors.skuNotOfProduct'));
  });

  it('refuses an overlapping group activity of the product, even when two are sent at once; a later window is fine', async () => {
    const p = await product(shopA.shopId);
    const answers = await Promise.all([call('POST', '/merchant/group-activities', tokenA, activity(p)), call('POST', '/merchant/group-activities', tokenA, activity(p, { groupNumber: 2 }))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.body).toBe(en('groupbuyAdmin.errors.productBusy'));
    expect(await activityCount(p.prodId)).toBe(1);
    await created(tokenA, activity(p, { startTime: at(49), endTime: at(60) }));
  });

  it('refuses a group activity over a flash sale of the product in that window', async () => {
    const p = await product(shopA.shopId);
    const flash = await call('POST', '/merchant/seckills', tokenA, {
      nameZh: '秒杀',
      prodId: p.prodId,
      startTime: at(2),
      endTime: at(4),
      maxNum: 1,
      maxCancelTime: 30,
      skus: [{ skuId: p.skuIds[0], seckillPrice: 1_000, seckillStocks: 2 }],
    });
    expect(flash.statusCode, flash.body).toBe(200);
    const res = await call('POST', '/merchant/group-activities', tokenA, activity(p), 'zh');
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(zh('groupbuyAdmin.errors.productBusy'));
    await created(tokenA, activity(p, { startTime: at(5), endTime: at(8) }));
  });

  it('needs a merchant login and the groupbuy.manage permission', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/merchant/group-activities' })).statusCode).toBe(401);
    const username = `gsv-${Date.now().toString(36)}${process.pid % 1000}`;
    const made = await call('POST', '/merchant/staff', tokenA, { username, displayName: 'Service', role: 'service', password: cipherOf(t, 'staff1234') });
    expect(made.statusCode, made.body).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/merchant/login', ...json({ username, password: cipherOf(t, 'staff1234') }) });
    const service = MerchantTokenSchema.parse(login.json()).accessToken;
    const p = await product(shopA.shopId);
    const id = await created(tokenA, activity(p));
    expect((await call('GET', '/merchant/group-activities', service)).statusCode).toBe(403);
    expect((await call('POST', '/merchant/group-activities', service, activity(p, { startTime: at(100), endTime: at(101) }))).statusCode).toBe(403);
    expect((await call('GET', `/merchant/group-activities/${id}/teams`, service)).statusCode).toBe(403);
    expect((await call('POST', `/merchant/group-activities/${id}/end`, service)).statusCode).toBe(403);
    expect(await activityCount(p.prodId)).toBe(1);
  });
});

describe('listing, teams and ending', () => {
  it("lists the shop's own activities by state and name, never another shop's", async () => {
    const p = await product(shopB.shopId);
    const running = await created(tokenB, activity(p));
    const q = await product(shopB.shopId);
    const later = await created(tokenB, activity(q, { nameZh: '周末团', nameEn: 'Weekend team', startTime: at(30), endTime: at(31) }));
    const page = async (query: string, token = tokenB) => {
      const res = await call('GET', `/merchant/group-activities?${query}`, token);
      expect(res.statusCode, res.body).toBe(200);
      return GroupActivityRowPageSchema.parse(res.json());
    };
    const all = await page('size=50');
    expect(all.records.map((r) => r.groupActivityId)).toEqual(expect.arrayContaining([running, later]));
    expect(all.records.every((r) => r.shopId === shopB.shopId)).toBe(true);
    expect((await page('state=running&size=50')).records.map((r) => r.groupActivityId)).toContain(running);
    expect((await page('state=running&size=50')).records.map((r) => r.groupActivityId)).not.toContain(later);
    expect((await page('state=upcoming&size=50')).records.map((r) => r.groupActivityId)).toEqual([later]);
    expect((await page(`name=${encodeURIComponent(q.nameZh)}`)).records.map((r) => r.groupActivityId)).toEqual([later]);
    expect((await page('name=weekend')).records.map((r) => r.groupActivityId)).toEqual([later]);
    expect((await page('name=nothing-like-this')).total).toBe(0);
    expect((await page('size=50', tokenA)).records.map((r) => r.groupActivityId)).not.toContain(running);
    const bad = await call('GET', '/merchant/group-activities?state=soon', tokenB, undefined, 'zh');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toBe(zh('validation.invalid'));
    const nul = await call('GET', '/merchant/group-activities?name=a%00b', tokenB);
    expect(nul.statusCode).toBe(400);
    expect(nul.body).toBe(en('validation.invalid'));
  });

  it("answers another shop's activity 404: read, teams and end change nothing", async () => {
    const p = await product(shopB.shopId);
    const theirs = await created(tokenB, activity(p));
    for (const res of [
      await call('GET', `/merchant/group-activities/${theirs}`, tokenA),
      await call('GET', `/merchant/group-activities/${theirs}/teams`, tokenA),
      await call('POST', `/merchant/group-activities/${theirs}/end`, tokenA),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(en('groupbuyAdmin.errors.notFound'));
    }
    const zhRes = await call('GET', `/merchant/group-activities/${theirs}`, tokenA, undefined, 'zh');
    expect(zhRes.body).toBe(zh('groupbuyAdmin.errors.notFound'));
    const [row] = await t.ctx.db.select().from(groupActivities).where(eq(groupActivities.id, theirs));
    expect(row!.status).toBe(1);
    expect((await call('GET', '/merchant/group-activities/0', tokenA)).statusCode).toBe(400);
  });

  it('counts teams formed, succeeded and failed and the paid orders, and lists the teams with their members', async () => {
    const p = await product(shopA.shopId);
    const id = await created(tokenA, activity(p, { groupNumber: 2 }));
    const [leader, member, other] = await Promise.all([registerBuyer(t), registerBuyer(t), registerBuyer(t)]);
    const now = new Date();
    const team = (status: number, joinNum: number, shareUserId: string) => ({ groupActivityId: id, shopId: shopA.shopId, productId: p.prodId, groupNumber: 2, joinNum, status, shareUserId, startTime: now, endTime: new Date(now.getTime() + HOUR) });
    const [won, open, failed, waiting] = await t.ctx.db
      .insert(groupTeams)
      .values([team(2, 2, leader.userId), team(1, 1, other.userId), team(3, 1, member.userId), team(0, 0, member.userId)])
      .returning({ id: groupTeams.id });
    const seat = (teamId: number, userId: string, identityType: number, status: number) => ({ groupTeamId: teamId, groupActivityId: id, userId, identityType, orderNumber: userId === '0' ? null : nextSerialNumber(), status });
    await t.ctx.db.insert(groupOrders).values([
      seat(won!.id, leader.userId, 1, 1),
      seat(won!.id, '0', 0, 1),
      seat(open!.id, other.userId, 1, 1),
      seat(failed!.id, member.userId, 1, 1),
      seat(waiting!.id, member.userId, 1, 0),
      seat(open!.id, leader.userId, 0, -1),
    ]);
    const d = GroupActivityDetailSchema.parse((await call('GET', `/merchant/group-activities/${id}`, tokenA)).json());
    expect(d.counts).toEqual({ teamNum: 3, groupingNum: 1, successNum: 1, failedNum: 1, orderNum: 3 });
    const res = await call('GET', `/merchant/group-activities/${id}/teams`, tokenA);
    expect(res.statusCode, res.body).toBe(200);
    const teams = GroupTeamRowPageSchema.parse(res.json());
    expect(teams.total).toBe(4);
    expect(teams.records.map((r) => r.groupTeamId)).toEqual([waiting!.id, failed!.id, open!.id, won!.id]);
    const wonRow = teams.records.find((r) => r.groupTeamId === won!.id)!;
    expect(wonRow).toMatchObject({ status: 2, joinNum: 2, groupNumber: 2 });
    expect(wonRow.members).toEqual([
      expect.objectContaining({ leader: true, robot: false, nickName: expect.any(String), status: 1, orderNumber: expect.stringMatching(/^\d+$/) }),
      expect.objectContaining({ leader: false, robot: true, nickName: '', orderNumber: null, status: 1 }),
    ]);
    expect(wonRow.members[0]!.nickName.length).toBeGreaterThan(0);
    // The invalid seat is not a member.
    expect(teams.records.find((r) => r.groupTeamId === open!.id)!.members).toHaveLength(1);
    const grouping = GroupTeamRowPageSchema.parse((await call('GET', `/merchant/group-activities/${id}/teams?status=1`, tokenA)).json());
    expect(grouping.records.map((r) => r.groupTeamId)).toEqual([open!.id]);
    expect((await call('GET', `/merchant/group-activities/${id}/teams?status=9`, tokenA)).statusCode).toBe(400);
  });

  it('ends a running activity now, leaving its open teams as they are; it cannot be ended twice', async () => {
    const p = await product(shopA.shopId);
    const id = await created(tokenA, activity(p));
    const buyer = await registerBuyer(t);
    const teamEnd = new Date(Date.now() + 5 * HOUR);
    const [team] = await t.ctx.db
      .insert(groupTeams)
      .values({ groupActivityId: id, shopId: shopA.shopId, productId: p.prodId, groupNumber: 3, joinNum: 1, status: 1, shareUserId: buyer.userId, startTime: new Date(), endTime: teamEnd })
      .returning({ id: groupTeams.id });
    const res = await call('POST', `/merchant/group-activities/${id}/end`, tokenA);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.ctx.db.select().from(groupActivities).where(eq(groupActivities.id, id));
    expect(row!.status).toBe(0);
    expect(row!.endTime.getTime()).toBeLessThanOrEqual(Date.now());
    const [teamRow] = await t.ctx.db.select().from(groupTeams).where(eq(groupTeams.id, team!.id));
    expect(teamRow).toMatchObject({ status: 1, endTime: teamEnd });
    expect(GroupActivityDetailSchema.parse((await call('GET', `/merchant/group-activities/${id}`, tokenA)).json()).listState).toBe('ended');
    const again = await call('POST', `/merchant/group-activities/${id}/end`, tokenA, undefined, 'zh');
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe(zh('groupbuyAdmin.errors.cannotEnd'));
    // The product is free again for a new activity.
    await created(tokenA, activity(p, { startTime: at(1), endTime: at(5) }));
  });

  it('ends an upcoming activity without touching its window', async () => {
    const p = await product(shopA.shopId);
    const id = await created(tokenA, activity(p, { startTime: at(10), endTime: at(20) }));
    const [before] = await t.ctx.db.select().from(groupActivities).where(eq(groupActivities.id, id));
    expect((await call('POST', `/merchant/group-activities/${id}/end`, tokenA)).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(groupActivities).where(eq(groupActivities.id, id));
    expect(row).toMatchObject({ status: 0, startTime: before!.startTime, endTime: before!.endTime });
  });
});
