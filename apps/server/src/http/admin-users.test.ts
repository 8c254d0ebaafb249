// Platform staff's shoppers (issue 10): the list and search, disabling a login with a reason and
// enabling it; every message, the shopper's next request and login, the audit log, the audience
// matrix, a race, and two instances on PostgreSQL + Redis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminUserSchema } from '@bazaar/shared/schemas/admin-users';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { json, latestCode, loginWithPassword, registerUser, releaseSmsLock, uniqueIp, type RegisteredUser } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { merchantLogin, openShopIds } from '../test/merchant-test-kit.ts';
import { userIdOf } from '../test/order-test-kit.ts';
import { SHARED_INFRASTRUCTURE, createTestInstance, type TestInstance } from '../test/instances.ts';
import { auditOf, bearer, staffCall } from '../test/staff-test-kit.ts';

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await ensureSeeded();
  staff = await adminToken(t);
});

const list = (query: string, lang: 'zh' | 'en' = 'en') => staffCall(t, staff, 'GET', `/admin/users${query}`, undefined, lang);
const disable = (userId: string, body: unknown, lang: 'zh' | 'en' = 'en') => staffCall(t, staff, 'POST', `/admin/users/${userId}/disable`, body, lang);
const enable = (userId: string) => staffCall(t, staff, 'POST', `/admin/users/${userId}/enable`);
const userInfo = (token: string) => t.app.inject({ method: 'GET', url: '/p/user/userInfo', headers: { authorization: token, 'accept-language': 'en' } });
const newShopper = async (nickName = 'Tester'): Promise<RegisteredUser & { userId: string }> => {
  const user = await registerUser(t, { nickName });
  return { ...user, userId: await userIdOf(t, user) };
};
const ids = (res: { json(): { records: Array<{ userId: string }> } }) => res.json().records.map((r) => r.userId);

describe('GET /admin/users', () => {
  it('finds a shopper by any part of the nickname, mobile or user name, and filters by status', async () => {
    const nick = `昵称${Date.now().toString(36).slice(-5)}`;
    const user = await newShopper(nick);
    const byNick = await list(`?keyword=${encodeURIComponent(nick.slice(1))}`);
    expect(byNick.statusCode, byNick.body).toBe(200);
    expect(ids(byNick)).toEqual([user.userId]);
    expect(AdminUserSchema.parse(byNick.json().records[0])).toMatchObject({ userName: user.userName, nickName: nick, mobile: user.mobile, status: 1, disabledReason: null });
    expect(ids(await list(`?keyword=${user.mobile.slice(2)}`))).toEqual([user.userId]);
    expect(ids(await list(`?keyword=${user.userName.toUpperCase()}`))).toEqual([user.userId]);
    expect((await list(`?keyword=${user.mobile}&status=0`)).json().total).toBe(0);
    expect((await list('?keyword=%25%25_')).json().total).toBe(0);
    const page = (await list('?size=2&current=2')).json();
    expect(page).toMatchObject({ size: 2, current: 2 });
    expect(page.records).toHaveLength(2);
  });

  it.each([
    ['?status=2', 'The user status is invalid', '用户状态无效'],
    ['?status=x', 'The user status is invalid', '用户状态无效'],
    [`?keyword=${'x'.repeat(51)}`, 'The search text cannot exceed 50 characters', '搜索内容不能超过 50 个字'],
    ['?keyword=%01', 'The request is invalid', '请求参数不正确'],
    ['?size=101', null, null],
    ['?current=-1', null, null],
  ])('refuses %s with its message', async (query, enText, zhText) => {
    const inEn = await list(query);
    const inZh = await list(query, 'zh');
    expect([inEn.statusCode, inZh.statusCode]).toEqual([400, 400]);
    if (enText) expect([inEn.body, inZh.body]).toEqual([enText, zhText]);
  });
});

describe('disabling and enabling a login', () => {
  it.each([
    [{}, 'Please give the reason', '请填写原因'],
    [{ reason: '' }, 'Please give the reason', '请填写原因'],
    [{ reason: ['x'] }, 'Please give the reason', '请填写原因'],
    [{ reason: '理'.repeat(201) }, 'The reason cannot exceed 200 characters', '原因不能超过 200 个字'],
    [{ reason: 'a\u0007b' }, 'The request is invalid', '请求参数不正确'],
  ])('refuses the reason %j with its message and changes nothing', async (body, enText, zhText) => {
    const user = await newShopper();
    const inEn = await disable(user.userId, body);
    const inZh = await disable(user.userId, body, 'zh');
    expect([inEn.statusCode, inEn.body, inZh.body]).toEqual([400, enText, zhText]);
    expect((await userInfo(user.token)).statusCode).toBe(200);
    expect(await auditOf(t, 'user', user.userId)).toEqual([]);
  });

  it('refuses unknown and malformed user ids', async () => {
    const unknown = 'f'.repeat(32);
    expect([(await disable(unknown, { reason: 'x' })).body, (await enable(unknown)).body]).toEqual(['The user does not exist', 'The user does not exist']);
    for (const id of ['abc', 'F'.repeat(32), `${'a'.repeat(31)}g`, 'a'.repeat(33)]) {
      const res = await disable(id, { reason: 'x' });
      expect([res.statusCode, res.body]).toEqual([400, 'The user does not exist']);
    }
  });

  it('ends the shopper’s sessions at once and the logins say why; another shopper is untouched; enabling lets the shopper log in anew', async () => {
    const user = await newShopper();
    const other = await newShopper();
    const second = (await loginWithPassword(t, user.userName, user.password)).json().accessToken as string;
    const reason = '多次恶意下单后取消';
    const res = await disable(user.userId, { reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminUserSchema.parse(res.json())).toMatchObject({ userId: user.userId, status: 0, disabledReason: reason });

    for (const token of [user.token, second]) expect((await userInfo(token)).statusCode).toBe(401);
    expect((await userInfo(other.token)).statusCode).toBe(200);
    const refused = await loginWithPassword(t, user.userName, user.password, 'en');
    expect([refused.statusCode, refused.body]).toEqual([400, `This account has been disabled by the platform. Reason: ${reason}. Please contact customer service with any questions`]);
    const refusedZh = await loginWithPassword(t, user.mobile, user.password, 'zh');
    expect(refusedZh.body).toBe(`该账号已被平台禁用，原因：${reason}。如有疑问请联系平台客服`);
    await releaseSmsLock(t, user.mobile);
    expect((await t.app.inject({ method: 'POST', url: '/sms/sendLoginCode', ...json({ mobile: user.mobile }, { ip: uniqueIp() }) })).statusCode).toBe(200);
    const bySms = await t.app.inject({ method: 'POST', url: '/smsLogin', ...json({ userName: user.mobile, passWord: await latestCode(t, user.mobile) }, { headers: { 'accept-language': 'en' } }) });
    expect([bySms.statusCode, bySms.body]).toEqual([400, refused.body]);
    expect((await disable(user.userId, { reason: 'again' })).body).toBe('This user is already disabled');
    expect((await list(`?keyword=${user.mobile}&status=0`)).json().records[0]).toMatchObject({ status: 0, disabledReason: reason });

    const back = await enable(user.userId);
    expect([back.statusCode, back.json().status, back.json().disabledReason]).toEqual([200, 1, null]);
    expect((await enable(user.userId)).body).toBe('This user is not disabled');
    // The ended sessions stay ended; a new login works.
    expect((await userInfo(user.token)).statusCode).toBe(401);
    const again = await loginWithPassword(t, user.userName, user.password);
    expect(again.statusCode, again.body).toBe(200);
    expect((await userInfo(again.json().accessToken)).statusCode).toBe(200);

    const entries = await auditOf(t, 'user', user.userId);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['user.disable', { status: 1, disabledReason: null }, { status: 0, disabledReason: reason }],
      ['user.enable', { status: 0, disabledReason: reason }, { status: 1, disabledReason: null }],
    ]);
    const logged = await staffCall(t, staff, 'GET', '/admin/audit-logs?action=user.disable&size=100');
    expect(logged.json().records.some((r: { targetId: string }) => r.targetId === user.userId)).toBe(true);
  });

  it('lets exactly one of 50 parallel disable calls win, with one audit entry', async () => {
    const user = await newShopper();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => disable(user.userId, { reason: `reason ${i}` })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(new Set(results.filter((r) => r.statusCode !== 200).map((r) => r.body))).toEqual(new Set(['This user is already disabled']));
    expect(await auditOf(t, 'user', user.userId)).toHaveLength(1);
  });
});

describe('who may call the staff user routes', () => {
  it('refuses no token, a shopper token and a merchant token on every call, with the staff message', async () => {
    const user = await newShopper();
    const [shopId] = await openShopIds(t);
    const merchant = await merchantLogin(t, shopId!);
    const calls: Array<[string, string, unknown]> = [
      ['GET', '/admin/users', undefined],
      ['POST', `/admin/users/${user.userId}/disable`, { reason: 'x' }],
      ['POST', `/admin/users/${user.userId}/enable`, {}],
    ];
    for (const [method, url, body] of calls) {
      for (const token of [user.token, merchant, 'no-such-token-0123456789']) {
        const res = await t.app.inject({ method: method as 'GET', url, headers: { ...bearer(token), 'content-type': 'application/json' }, payload: body === undefined ? undefined : JSON.stringify(body) });
        expect([res.statusCode, res.body], `${method} ${url}`).toEqual([401, 'Please log in with a platform staff account']);
      }
    }
    expect((await userInfo(user.token)).statusCode).toBe(200);
  });
});

describe.skipIf(!SHARED_INFRASTRUCTURE)('two instances on one PostgreSQL + Redis', () => {
  let second: TestInstance;
  beforeAll(async () => {
    second = await createTestInstance();
  });
  afterAll(() => second?.close());

  it('a shopper disabled through one instance is refused by the other at its next request', async () => {
    const user = await newShopper();
    const onSecond = () => second.app.inject({ method: 'GET', url: '/p/user/userInfo', headers: { authorization: user.token } });
    expect((await onSecond()).statusCode).toBe(200);
    expect((await disable(user.userId, { reason: 'x' })).statusCode).toBe(200);
    expect((await onSecond()).statusCode).toBe(401);
  });
});
