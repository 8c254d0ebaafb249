// Group-buy in the platform console (issue 29): every shop's activities by shop, state and name,
// their teams, taking one offline with a reason the shop sees (it is no longer running, and teams
// already open run on), putting it back online, audit entries, messages in both languages, 404 for
// a missing activity, and the permission.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '@bazaar/shared/i18n/catalogs';
import { GroupActivityCardPageSchema } from '@bazaar/shared/schemas/group';
import { GroupActivityDetailSchema, GroupActivityRowPageSchema, GroupTeamRowPageSchema, MerchantGroupActivityCreatedSchema } from '@bazaar/shared/schemas/group-admin';
import { groupActivities, groupTeams } from '../db/schema.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { json } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { merchantLogin, registerBuyer } from '../test/merchant-test-kit.ts';
import { createTestProduct } from '../test/product-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { auditOf, createTestShop, type TestShop } from '../test/staff-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let shop: TestShop;
let other: TestShop;
let merchant: string;
let otherMerchant: string;
let staff: string;

const zh = createI18n('zh').t;
const en = createI18n('en').t;
const HOUR = 3_600_000;
const at = (hours: number) => formatApiTime(new Date(Date.now() + hours * HOUR));

function call(token: string, method: 'GET' | 'POST', url: string, body?: unknown, lang: 'zh' | 'en' = 'en') {
  const headers = { authorization: token, 'accept-language': lang };
  if (body === undefined) return t.app.inject({ method, url, headers });
  return t.app.inject({ method, url, ...json(body, { headers }) });
}

async function activity(token: string, shopId: number, overrides: Record<string, unknown> = {}): Promise<number> {
  const p = await createTestProduct(t, { shopId, skus: [{ properties: '颜色:黑色', nameZh: '黑色', nameEn: 'Black', price: 9_900, stocks: 20 }] });
  const res = await call(token, 'POST', '/merchant/group-activities', {
    nameZh: '两人团',
    nameEn: 'Pair deal',
    prodId: p.prodId,
    groupNumber: 2,
    validHours: 12,
    hasRobot: true,
    hasMaxNum: false,
    startTime: at(0),
    endTime: at(24),
    skus: [{ skuId: p.skuIds[0], actPrice: 5_900 }],
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(200);
  return MerchantGroupActivityCreatedSchema.parse(res.json()).groupActivityId;
}

/** Whether the shoppers' /group-buy list shows the activity (only a running one, on, opens teams). */
const shownToShoppers = async (id: number) => {
  const res = await t.app.inject({ method: 'GET', url: '/group/activities?size=100' });
  expect(res.statusCode, res.body).toBe(200);
  const all = GroupActivityCardPageSchema.parse(res.json());
  for (let current = 2; current <= all.pages; current++) {
    all.records.push(...GroupActivityCardPageSchema.parse((await t.app.inject({ method: 'GET', url: `/group/activities?size=100&current=${current}` })).json()).records);
  }
  return all.records.some((r) => r.groupActivityId === id);
};
const rowOf = async (id: number) => (await t.ctx.db.select().from(groupActivities).where(eq(groupActivities.id, id)))[0]!;
const page = async (query: string) => {
  const res = await call(staff, 'GET', `/admin/group-activities?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return GroupActivityRowPageSchema.parse(res.json());
};

beforeAll(async () => {
  t = await ensureSeeded();
  [shop, other] = await Promise.all([createTestShop(t), createTestShop(t)]);
  [merchant, otherMerchant, staff] = await Promise.all([merchantLogin(t, shop.shopId), merchantLogin(t, other.shopId), adminToken(t, 'operations')]);
}, 180_000);

describe("every shop's activities", () => {
  it('lists them by shop, state and name, with the shop named, and reads one with its teams', async () => {
    const mine = await activity(merchant, shop.shopId);
    const theirs = await activity(otherMerchant, other.shopId, { nameZh: '午夜团', nameEn: 'Midnight team', startTime: at(5), endTime: at(9) });
    const byShop = await page(`shopId=${shop.shopId}&size=50`);
    expect(byShop.records.map((r) => r.groupActivityId)).toContain(mine);
    expect(byShop.records.every((r) => r.shopId === shop.shopId && r.shopName === shop.nameEn)).toBe(true);
    expect((await page(`shopId=${other.shopId}&state=upcoming`)).records.map((r) => r.groupActivityId)).toEqual([theirs]);
    expect((await page(`shopId=${other.shopId}&state=running`)).total).toBe(0);
    expect((await page(`name=${encodeURIComponent('午夜团')}&shopId=${other.shopId}`)).records.map((r) => r.groupActivityId)).toEqual([theirs]);
    const all = await page('size=100');
    expect(all.records.map((r) => r.groupActivityId)).toEqual(expect.arrayContaining([mine, theirs]));
    const detail = await call(staff, 'GET', `/admin/group-activities/${theirs}`, undefined, 'zh');
    expect(detail.statusCode, detail.body).toBe(200);
    expect(GroupActivityDetailSchema.parse(detail.json())).toMatchObject({ shopName: other.nameZh, hasRobot: true, validHours: 12, skus: [{ skuName: '黑色', actPrice: 5_900 }] });
    const teams = await call(staff, 'GET', `/admin/group-activities/${theirs}/teams`);
    expect(GroupTeamRowPageSchema.parse(teams.json()).total).toBe(0);
    for (const res of [await call(staff, 'GET', '/admin/group-activities/2000000000'), await call(staff, 'POST', '/admin/group-activities/2000000000/offline', { reason: 'x' })]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(en('groupbuyAdmin.errors.notFound'));
    }
    expect((await call(staff, 'GET', '/admin/group-activities?shopId=abc', undefined, 'zh')).body).toBe(zh('validation.id'));
  });
});

describe('taking an activity offline', () => {
  it('stops a running activity with the reason the shop sees: not running, open teams untouched; back online later; audited', async () => {
    const id = await activity(merchant, shop.shopId);
    const buyer = await registerBuyer(t);
    const teamEnd = new Date(Date.now() + 6 * HOUR);
    const [team] = await t.ctx.db
      .insert(groupTeams)
      .values({ groupActivityId: id, shopId: shop.shopId, productId: (await rowOf(id)).productId, groupNumber: 2, joinNum: 1, status: 1, shareUserId: buyer.userId, startTime: new Date(), endTime: teamEnd })
      .returning({ id: groupTeams.id });
    expect((await page(`shopId=${shop.shopId}&state=running&size=50`)).records.map((r) => r.groupActivityId)).toContain(id);
    expect(await shownToShoppers(id)).toBe(true);

    const empty = await call(staff, 'POST', `/admin/group-activities/${id}/offline`, {}, 'zh');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toBe(zh('groupbuyAdmin.errors.reasonRequired'));
    expect((await call(staff, 'POST', `/admin/group-activities/${id}/offline`, { reason: 'x'.repeat(201) })).body).toBe(en('groupbuyAdmin.errors.reasonTooLong'));
    const res = await call(staff, 'POST', `/admin/group-activities/${id}/offline`, { reason: '虚假拼团价' });
    expect(res.statusCode, res.body).toBe(200);
    const row = await rowOf(id);
    expect(row.status).toBe(2);
    expect(row.endTime.getTime()).toBeGreaterThan(Date.now());
    expect((await page(`shopId=${shop.shopId}&state=running&size=50`)).records.map((r) => r.groupActivityId)).not.toContain(id);
    expect((await page(`shopId=${shop.shopId}&state=offline`)).records.map((r) => r.groupActivityId)).toEqual([id]);
    expect(await shownToShoppers(id)).toBe(false);
    const seen = GroupActivityDetailSchema.parse((await call(merchant, 'GET', `/merchant/group-activities/${id}`)).json());
    expect(seen).toMatchObject({ listState: 'offline', offlineReason: '虚假拼团价' });
    const [teamRow] = await t.ctx.db.select().from(groupTeams).where(eq(groupTeams.id, team!.id));
    expect(teamRow).toMatchObject({ status: 1, joinNum: 1, endTime: teamEnd });
    const twice = await call(staff, 'POST', `/admin/group-activities/${id}/offline`, { reason: '再次' }, 'zh');
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toBe(zh('groupbuyAdmin.errors.cannotOffline'));

    // The shop cannot end it early while it is offline: refused, its end left as it is (QA2 item 8).
    const ending = await call(merchant, 'POST', `/merchant/group-activities/${id}/end`, undefined, 'zh');
    expect(ending.statusCode).toBe(400);
    expect(ending.body).toBe(zh('groupbuyAdmin.errors.offlineCannotEnd'));
    expect(await rowOf(id)).toMatchObject({ status: 2, endTime: row.endTime });

    const back = await call(staff, 'POST', `/admin/group-activities/${id}/online`);
    expect(back.statusCode, back.body).toBe(200);
    expect((await rowOf(id)).status).toBe(1);
    expect(await shownToShoppers(id)).toBe(true);
    expect(GroupActivityDetailSchema.parse((await call(merchant, 'GET', `/merchant/group-activities/${id}`)).json())).toMatchObject({ listState: 'running', offlineReason: null });
    const again = await call(staff, 'POST', `/admin/group-activities/${id}/online`);
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe(en('groupbuyAdmin.errors.cannotOnline'));
    const entries = await auditOf(t, 'group_activity', id);
    expect(entries.map((e) => e.action)).toEqual(['groupbuy.offline', 'groupbuy.online']);
    expect(entries[0]).toMatchObject({ before: { shopId: shop.shopId, status: 1 }, after: { status: 2, reason: '虚假拼团价' } });
  });

  it('cannot take an ended activity offline, nor put one back whose end has passed', async () => {
    const ended = await activity(merchant, shop.shopId);
    expect((await call(merchant, 'POST', `/merchant/group-activities/${ended}/end`)).statusCode).toBe(200);
    expect((await call(staff, 'POST', `/admin/group-activities/${ended}/offline`, { reason: '违规' })).body).toBe(en('groupbuyAdmin.errors.cannotOffline'));
    const late = await activity(merchant, shop.shopId);
    expect((await call(staff, 'POST', `/admin/group-activities/${late}/offline`, { reason: '违规' })).statusCode).toBe(200);
    // Its window passes while it is offline.
    await t.ctx.db.update(groupActivities).set({ startTime: new Date(Date.now() - 3 * HOUR), endTime: new Date(Date.now() - HOUR) }).where(eq(groupActivities.id, late));
    const res = await call(staff, 'POST', `/admin/group-activities/${late}/online`, undefined, 'zh');
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(zh('groupbuyAdmin.errors.cannotOnline'));
    expect((await page(`shopId=${shop.shopId}&state=offline&size=50`)).records.map((r) => r.groupActivityId)).toContain(late);
    // The shop may not end an activity taken offline (QA2 item 8): it stays offline, the platform may put it back.
    const third = await activity(merchant, shop.shopId);
    expect((await call(staff, 'POST', `/admin/group-activities/${third}/offline`, { reason: '违规' })).statusCode).toBe(200);
    expect((await call(merchant, 'POST', `/merchant/group-activities/${third}/end`)).body).toBe(en('groupbuyAdmin.errors.offlineCannotEnd'));
    expect((await rowOf(third)).status).toBe(2);
    expect((await call(staff, 'POST', `/admin/group-activities/${third}/online`)).statusCode).toBe(200);
  });
});

describe('permissions', () => {
  it('refuses staff without groupbuy.manage (403) and merchants on the platform routes', async () => {
    const service = await adminToken(t, 'service');
    const id = await activity(merchant, shop.shopId);
    expect((await call(service, 'GET', '/admin/group-activities')).statusCode).toBe(403);
    expect((await call(service, 'GET', `/admin/group-activities/${id}/teams`)).statusCode).toBe(403);
    expect((await call(service, 'POST', `/admin/group-activities/${id}/offline`, { reason: '违规' })).statusCode).toBe(403);
    expect((await call(service, 'POST', `/admin/group-activities/${id}/online`)).statusCode).toBe(403);
    expect([401, 403]).toContain((await call(merchant, 'POST', `/admin/group-activities/${id}/offline`, { reason: '违规' })).statusCode);
    expect((await rowOf(id)).status).toBe(1);
  });
});
