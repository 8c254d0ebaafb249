// Four eyes on money (issue 25, decision 058): a staff balance adjustment above the threshold waits
// for a second finance staff member; approving moves the money once (50 parallel approvals too),
// rejecting moves nothing, the requester cannot decide their own request, each step is audited.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BalanceRequestPageSchema, BalanceRequestSchema, type BalanceRequest } from '@bazaar/shared/schemas/balance';
import { balanceLogs } from '../db/schema.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import type { AdminRoleKey } from '@bazaar/shared/constants/permissions';
import { createAdmin } from '../modules/admin/service.ts';
import { uniqueUserName } from '../test/account-test-kit.ts';
import { adminLogin, TEST_ADMIN_PASSWORD } from '../test/admin-test-kit.ts';
import { auditOf, bearer } from '../test/staff-test-kit.ts';
import { createShopper, ledgerSum, topUpBalance, walletBalance } from '../test/payment-test-kit.ts';

let t: TestApp;
let fin01: string;
let fin02: string;

/** A fresh staff member of the role, signed in. */
async function roleToken(role: AdminRoleKey): Promise<string> {
  const username = uniqueUserName('fin');
  await createAdmin(t.ctx, username, TEST_ADMIN_PASSWORD, role);
  const res = await adminLogin(t, username);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().accessToken as string;
}

beforeAll(async () => {
  t = await ensureSeeded();
  [fin01, fin02] = await Promise.all([roleToken('finance'), roleToken('finance')]);
});

const send = (token: string, method: 'GET' | 'POST', url: string, body?: unknown, lang: 'zh' | 'en' = 'en') =>
  t.app.inject({ method, url, headers: { ...bearer(token, lang), ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });

async function adjust(token: string, userId: string, change: string, reason = 'compensation') {
  const res = await send(token, 'POST', `/admin/users/${userId}/balance`, { change, reason });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { userId: string; balance: number; pending: boolean; requestId: number | null; threshold: number };
}

async function requestsOf(token: string, query = '') {
  const res = await send(token, 'GET', `/admin/balance/requests${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return BalanceRequestPageSchema.parse(res.json());
}

const approve = (token: string, id: number, lang: 'zh' | 'en' = 'en') => send(token, 'POST', `/admin/balance/requests/${id}/approve`, undefined, lang);
const reject = (token: string, id: number, reason: string, lang: 'zh' | 'en' = 'en') => send(token, 'POST', `/admin/balance/requests/${id}/reject`, { reason }, lang);

const adjustmentRows = (userId: string, bizId: string) =>
  t.ctx.db.select().from(balanceLogs).where(and(eq(balanceLogs.userId, userId), eq(balanceLogs.bizId, bizId)));

describe('a staff balance adjustment and the approval threshold', () => {
  it('moves at once up to ¥1,000 either way; above it only a pending request is written (audited)', async () => {
    const u = await createShopper(t);
    // The dialog's read says the threshold before anything is sent.
    const read = await send(fin01, 'GET', `/admin/users/${u.userId}/balance`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ userId: u.userId, balance: 0, threshold: 100_000 });
    expect(await adjust(fin01, u.userId, '1000')).toEqual({ userId: u.userId, balance: 100_000, pending: false, requestId: null, threshold: 100_000 });
    expect(await adjust(fin01, u.userId, '-1000')).toMatchObject({ balance: 0, pending: false });

    const asked = await adjust(fin01, u.userId, '1000.01', 'a large refund by hand');
    expect(asked).toMatchObject({ userId: u.userId, balance: 0, pending: true, threshold: 100_000 });
    expect(asked.requestId).toBeGreaterThan(0);
    expect(await walletBalance(t, u.userId)).toBe(0);
    expect(await ledgerSum(t, u.userId)).toBe(0);
    const audit = (await auditOf(t, 'user', u.userId)).filter((a) => a.action === 'balance.request');
    expect(audit.map((a) => a.after)).toEqual([{ requestId: asked.requestId, change: 100_001, reason: 'a large refund by hand' }]);

    // A large deduction the balance cannot cover is refused now, with the balance in the message.
    const tooMuch = await send(fin01, 'POST', `/admin/users/${u.userId}/balance`, { change: '-1500', reason: 'x' }, 'zh');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.body).toBe('余额不足，扣减后不能小于 0（当前余额：0.00 元）');

    const mine = (await requestsOf(fin01, '?status=0&size=100')).records.find((r) => r.id === asked.requestId);
    expect(mine).toMatchObject({ userId: u.userId, change: 100_001, reason: 'a large refund by hand', status: 0, mine: true, decidedBy: null, rejectReason: null, decideTime: null });
    expect(mine!.mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
    const theirs = (await requestsOf(fin02, '?status=0&size=100')).records.find((r) => r.id === asked.requestId);
    expect(theirs).toMatchObject({ mine: false, requestedBy: mine!.requestedBy });
  });
});

describe('approving and rejecting', () => {
  it('the requester cannot approve or reject; another finance staff member approves once, with its ledger record', async () => {
    const u = await createShopper(t);
    const { requestId } = await adjust(fin01, u.userId, '2000', 'goodwill');
    const own = await approve(fin01, requestId!, 'zh');
    expect(own.statusCode).toBe(400);
    expect(own.body).toBe('这是您本人提交的调整申请，须由另一位财务人员审批');
    expect((await approve(fin01, requestId!)).body).toBe('You made this adjustment request: another finance staff member must approve it');
    expect((await reject(fin01, requestId!, 'no')).statusCode).toBe(400);
    expect(await walletBalance(t, u.userId)).toBe(0);

    const approved = await approve(fin02, requestId!);
    expect(approved.statusCode, approved.body).toBe(200);
    const row = BalanceRequestSchema.parse(approved.json());
    expect(row).toMatchObject({ id: requestId, status: 1, mine: false, change: 200_000 });
    expect(row.decidedBy?.username).toBeTruthy();
    expect(row.decideTime).not.toBeNull();
    expect(await walletBalance(t, u.userId)).toBe(200_000);
    expect(await ledgerSum(t, u.userId)).toBe(200_000);
    expect(await adjustmentRows(u.userId, `request:${requestId}`)).toHaveLength(1);
    const audit = (await auditOf(t, 'user', u.userId)).filter((a) => a.action === 'balance.approve');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ requestId, status: 1, balance: 200_000, change: 200_000, reason: 'goodwill' });

    for (const lang of ['zh', 'en'] as const) {
      const again = await approve(fin02, requestId!, lang);
      expect(again.statusCode).toBe(400);
      expect(again.body).toBe(lang === 'zh' ? '该余额调整申请已被审批或驳回' : 'This adjustment request has already been approved or rejected');
    }
    expect((await reject(fin02, requestId!, 'late')).statusCode).toBe(400);
    expect(await walletBalance(t, u.userId)).toBe(200_000);
  });

  it('rejecting needs a reason and moves nothing; a rejected request cannot be approved', async () => {
    const u = await createShopper(t);
    const { requestId } = await adjust(fin01, u.userId, '5000');
    for (const [lang, text] of [['zh', '请填写驳回原因'], ['en', 'Please enter why the request is rejected']] as const) {
      const blank = await reject(fin02, requestId!, '  ', lang);
      expect(blank.statusCode).toBe(400);
      expect(blank.body).toBe(text);
    }
    const res = await reject(fin02, requestId!, 'no ticket for this');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: requestId, status: 2, rejectReason: 'no ticket for this' });
    expect((await approve(fin02, requestId!)).statusCode).toBe(400);
    expect(await walletBalance(t, u.userId)).toBe(0);
    expect(await ledgerSum(t, u.userId)).toBe(0);
    const audit = (await auditOf(t, 'user', u.userId)).filter((a) => a.action === 'balance.reject');
    expect(audit.map((a) => a.after)).toEqual([{ requestId, status: 2, change: 500_000, reason: 'no ticket for this' }]);
    expect((await requestsOf(fin01, '?status=2&size=100')).records.some((r) => r.id === requestId)).toBe(true);
    expect((await requestsOf(fin01, '?status=0&size=100')).records.some((r) => r.id === requestId)).toBe(false);
  });

  it('a deduction the balance no longer covers is refused on approval and the request stays pending', async () => {
    const u = await createShopper(t);
    await topUpBalance(t, u.userId, 150_000);
    const { requestId } = await adjust(fin01, u.userId, '-1500');
    await adjust(fin01, u.userId, '-1');
    const refused = await approve(fin02, requestId!);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toBe('Insufficient balance: it cannot go below 0 (current balance: ¥1499.00)');
    expect(await walletBalance(t, u.userId)).toBe(149_900);
    expect((await requestsOf(fin02, '?status=0&size=100')).records.find((r) => r.id === requestId)).toMatchObject({ status: 0 });
    expect((await reject(fin02, requestId!, 'balance spent')).statusCode).toBe(200);
  });

  it('50 parallel approvals of one request credit it exactly once', async () => {
    const u = await createShopper(t);
    const { requestId } = await adjust(fin01, u.userId, '3000');
    const results = await Promise.all(Array.from({ length: 50 }, () => approve(fin02, requestId!)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(49);
    expect(await walletBalance(t, u.userId)).toBe(300_000);
    expect(await ledgerSum(t, u.userId)).toBe(300_000);
    expect(await adjustmentRows(u.userId, `request:${requestId}`)).toHaveLength(1);
    expect((await auditOf(t, 'user', u.userId)).filter((a) => a.action === 'balance.approve')).toHaveLength(1);
  });
});

describe('GET /admin/balance/requests', () => {
  it('lists pending first, filters by status, pages, and refuses bad filters and ids in both languages', async () => {
    const u = await createShopper(t);
    const first = (await adjust(fin01, u.userId, '1100')).requestId!;
    const second = (await adjust(fin01, u.userId, '1200')).requestId!;
    expect((await approve(fin02, first)).statusCode).toBe(200);
    const all = await requestsOf(fin02, '?size=100');
    const firstDecided = all.records.findIndex((r: BalanceRequest) => r.status !== 0);
    expect(all.records.slice(0, firstDecided === -1 ? undefined : firstDecided).every((r) => r.status === 0)).toBe(true);
    expect(all.records.slice(firstDecided).every((r) => r.status !== 0)).toBe(true);
    expect(all.records.findIndex((r) => r.id === second)).toBeLessThan(all.records.findIndex((r) => r.id === first));
    const paged = await requestsOf(fin02, '?size=1&current=2');
    expect(paged).toMatchObject({ size: 1, current: 2 });
    expect(paged.records).toHaveLength(1);
    expect(paged.total).toBe(all.total);

    for (const [lang, text] of [['zh', '状态只能是待审批、已通过或已驳回'], ['en', 'The status must be pending, approved or rejected']] as const) {
      const bad = await send(fin02, 'GET', '/admin/balance/requests?status=5', undefined, lang);
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toBe(text);
    }
    for (const [lang, text] of [['zh', '该余额调整申请不存在'], ['en', 'This adjustment request does not exist']] as const) {
      const missing = await approve(fin02, 2_000_000_000, lang);
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toBe(text);
      expect((await send(fin02, 'POST', '/admin/balance/requests/abc/approve', undefined, lang)).statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/admin/balance/requests' })).statusCode).toBe(401);
  });
});

describe('who may', () => {
  it('operations and customer service staff cannot adjust, list, approve or reject; nothing moves', async () => {
    const u = await createShopper(t);
    const { requestId } = await adjust(fin01, u.userId, '1500');
    for (const role of ['operations', 'service'] as const) {
      const token = await roleToken(role);
      const calls = [
        send(token, 'POST', `/admin/users/${u.userId}/balance`, { change: '1', reason: 'x' }),
        send(token, 'GET', '/admin/balance/requests'),
        approve(token, requestId!),
        reject(token, requestId!, 'x'),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
    }
    expect(await walletBalance(t, u.userId)).toBe(0);
    expect((await requestsOf(fin02, '?status=0&size=100')).records.some((r) => r.id === requestId)).toBe(true);
  });
});
