// The reference's member fields (issue 25, reference 2.1, 2.9, 3): userInfo's level, levelType,
// levelName and vipEndTime; scoreInfo's growth, levelName and scoreList; a paid level's needAmount,
// term and termType of its base price; in both languages, the existing fields kept.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { UserInfoSchema } from '@bazaar/shared/schemas/account';
import { MemberInfoSchema, MemberLevelSchema } from '@bazaar/shared/schemas/member';
import { ScoreInfoSchema } from '@bazaar/shared/schemas/points';
import { countQueries } from '../db/query-count.ts';
import { userMembers, userWallets } from '../db/schema.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { readPointsSettings } from '../modules/wallet/points-settings.ts';
import { createLevel } from '../test/member-test-kit.ts';
import { authed, createShopper } from '../test/payment-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await ensureSeeded();
});

async function getJson(token: string, url: string, lang: 'zh' | 'en' = 'en') {
  const res = await t.app.inject({ method: 'GET', url, headers: authed(token, lang) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('member fields', () => {
  it('userInfo and scoreInfo name the growth level, then the running paid level with its end', async () => {
    const u = await createShopper(t);
    const member = MemberInfoSchema.parse(await getJson(u.token, '/p/member/info'));
    const plain = UserInfoSchema.parse(await getJson(u.token, '/p/user/userInfo'));
    expect(plain).toMatchObject({ userId: u.userId, levelType: 0, vipEndTime: null, levelName: member.growthLevel?.levelName ?? null, level: member.growthLevel?.level ?? 0 });
    expect(plain.nickName).toBeTruthy();

    // Growth and a paid level that runs for ten more days.
    await t.ctx.db.insert(userWallets).values({ userId: u.userId, growth: 1234 }).onConflictDoUpdate({ target: userWallets.userId, set: { growth: sql`1234` } });
    const paid = await createLevel(t, { levelType: 1 });
    const end = new Date(t.ctx.now().getTime() + 10 * 86_400_000);
    await t.ctx.db.insert(userMembers).values({ userId: u.userId, paidLevelId: paid.id, vipEndTime: end }).onConflictDoUpdate({ target: userMembers.userId, set: { paidLevelId: paid.id, vipEndTime: end } });
    const en = UserInfoSchema.parse(await getJson(u.token, '/p/user/userInfo'));
    expect(en).toMatchObject({ level: paid.level, levelType: 1, levelName: `Test level ${paid.level}`, vipEndTime: formatApiTime(end) });
    const zh = UserInfoSchema.parse(await getJson(u.token, '/p/user/userInfo', 'zh'));
    expect(zh.levelName).toBe(`测试会员${paid.level}`);

    const score = ScoreInfoSchema.parse(await getJson(u.token, '/p/score/scoreInfo'));
    const settings = await readPointsSettings(t.ctx.db);
    const reward = (day: number) => settings.signInRewards[Math.min(day, settings.signInRewards.length) - 1];
    expect(score).toMatchObject({ growth: 1234, levelName: `Test level ${paid.level}`, scoreList: [1, 2, 3, 4, 5, 6, 7].map(reward) });
    // The existing fields stay.
    expect(score).toHaveProperty('calendar');
    expect(score).toHaveProperty('expireYears');
    expect(ScoreInfoSchema.parse(await getJson(u.token, '/p/score/scoreInfo', 'zh')).levelName).toBe(`测试会员${paid.level}`);

    // Ended: back to the growth level.
    await t.ctx.db.update(userMembers).set({ vipEndTime: new Date(t.ctx.now().getTime() - 1_000) }).where(eq(userMembers.userId, u.userId));
    const after = UserInfoSchema.parse(await getJson(u.token, '/p/user/userInfo'));
    expect(after).toMatchObject({ levelType: 0, vipEndTime: null });
    // setUserInfo answers the same shape.
    const saved = await t.app.inject({ method: 'PUT', url: '/p/user/setUserInfo', headers: { ...authed(u.token, 'en'), 'content-type': 'application/json' }, payload: { nickName: 'Levelled' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(UserInfoSchema.parse(saved.json())).toMatchObject({ nickName: 'Levelled', levelType: 0, vipEndTime: null });
  });

  it('userInfo costs three statements: the token, the profile and the level fields in one', async () => {
    const u = await createShopper(t);
    const paid = await createLevel(t, { levelType: 1 });
    await t.ctx.db.insert(userMembers).values({ userId: u.userId, paidLevelId: paid.id, vipEndTime: new Date(t.ctx.now().getTime() + 86_400_000) });
    const { result, queries } = await countQueries(() => t.app.inject({ method: 'GET', url: '/p/user/userInfo', headers: authed(u.token, 'en') }));
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toMatchObject({ levelType: 1, level: paid.level });
    expect(queries).toHaveLength(3);
  });

  it('paid levels carry needAmount, term and termType of their shortest period; growth levels null', async () => {
    const u = await createShopper(t);
    const level = await createLevel(t, { levelType: 1, prices: [{ termType: 5, price: 19_900 }, { termType: 3, price: 2_500 }] });
    const paid = MemberLevelSchema.array().parse(await getJson(u.token, '/p/score/scoreLevel/page?levelType=1'));
    const mine = paid.find((l) => l.id === level.id)!;
    expect(mine).toMatchObject({ needAmount: 2_500, term: 1, termType: 3, prices: [{ termType: 3, price: 2_500 }, { termType: 5, price: 19_900 }] });
    for (const l of paid) expect(l.needAmount).toBe(l.prices[0]?.price ?? null);
    const growth = MemberLevelSchema.array().parse(await getJson(u.token, '/p/score/scoreLevel/page?levelType=0'));
    expect(growth.length).toBeGreaterThan(0);
    for (const l of growth) expect(l).toMatchObject({ needAmount: null, term: null, termType: null });
    const bad = await t.app.inject({ method: 'GET', url: '/p/score/scoreLevel/page?levelType=2', headers: authed(u.token, 'zh') });
    expect(bad.statusCode).toBe(400);
  });
});
