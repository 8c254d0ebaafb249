// The merchant center's after-sales reminders (decision 059; GET /merchant/refunds/notices): each
// shop reads exactly its own, newest first, and nothing of another shop's requests; the mark of a
// reminder given (refunds.reminded_for) is the request's own, so a request of another shop with the
// very same deadline is still reminded, once; the reminder SMS goes to the shop's own phone; a staff
// role without refunds.handle or refunds.receive is refused, and a warehouse role reads the receipt
// reminders only. Fresh shops each, so the lists are exactly what these tests made.
import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { MerchantTokenSchema } from '@bazaar/shared/schemas/merchant';
import type { StaffRoleKey } from '@bazaar/shared/schemas/merchant-staff';
import { RefundNoticeSchema, type RefundNotice } from '@bazaar/shared/schemas/refund';
import { jobs, refundNotices, refunds, shops } from '../db/schema.ts';
import { REMINDER_JOBS } from '../flows/refund-parts.ts';
import { jobHandlers } from '../jobs.ts';
import { formatApiTime } from '../lib/api-time.ts';
import type { SmsProvider } from '../providers/sms/sms-provider.ts';
import { cipherOf, json } from '../test/account-test-kit.ts';
import { drainJobs, merchantLogin, registerBuyer, type Buyer } from '../test/merchant-test-kit.ts';
import { createTestProduct } from '../test/product-test-kit.ts';
import { apply, applyBody, call, refundOrder } from '../test/refund-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { createTestShop } from '../test/staff-test-kit.ts';
import { uniquePhone, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await ensureSeeded();
});
afterEach(() => {
  t.resetClock();
  vi.restoreAllMocks();
});

const HOUR = 3_600_000;

interface Shop {
  shopId: number;
  /** The shop's phone: where its reminders' SMS go. */
  tel: string;
  buyer: Buyer;
}

/** A new open shop with a phone of its own, one product, and a buyer. */
async function newShop(): Promise<Shop> {
  const { shopId } = await createTestShop(t);
  const tel = uniquePhone();
  await t.ctx.db.update(shops).set({ tel }).where(eq(shops.id, shopId));
  await createTestProduct(t, { shopId, skus: [{ properties: '规格:标准', nameZh: '标准', nameEn: 'Standard', price: 1_000, stocks: 100 }] });
  return { shopId, tel, buyer: await registerBuyer(t) };
}

/** A refund-only request of the shop's buyer, waiting for the shop (1): answers its number. */
async function waitingRequest(shop: Shop): Promise<string> {
  const order = await refundOrder(t, shop.buyer, shop.shopId, { lines: 1, count: 1, price: 1_000 });
  return apply(t, shop.buyer, applyBody(order, { refundAmount: 1_000, buyerMobile: shop.buyer.mobile }));
}

/** A return of the shop's buyer, accepted by the shop and shipped back (3): waiting for the shop's receipt. */
async function shippedReturn(shop: Shop): Promise<string> {
  const order = await refundOrder(t, shop.buyer, shop.shopId, { lines: 1, count: 1, price: 1_000, status: ORDER_STATUS.completed });
  const sn = await apply(t, shop.buyer, applyBody(order, { applyType: 2, isReceiver: 1, refundAmount: 1_000 }));
  const accepted = await call(t, await owner(shop), 'PUT', `/merchant/refunds/${sn}/accept`, { returnAddress: { receiverName: '售后部', receiverMobile: '13700001111', receiverAddr: '浙江省杭州市西湖区文三路 1 号' } });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const shipped = await call(t, shop.buyer, 'POST', '/p/orderRefund/submitExpress', { refundSn: sn, expressId: 1, expressName: '顺丰速运', expressNo: 'SF1234567890', mobile: '13800138000', senderRemarks: '', imgs: [] });
  expect(shipped.statusCode, shipped.body).toBe(200);
  return sn;
}

/** The merchant's reminders as the API answers them (checked against the contract). */
async function remindersOf(who: { token: string }): Promise<{ body: string; notices: RefundNotice[] }> {
  const res = await call(t, who, 'GET', '/merchant/refunds/notices');
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, notices: RefundNoticeSchema.array().parse(res.json()) };
}

/** The shop's owner, signed in at the app's clock (a token from before a moved clock has run out). */
const owner = async (shop: Shop) => ({ token: await merchantLogin(t, shop.shopId) });

const snsOf = async (who: { token: string }) => (await remindersOf(who)).notices.map((n) => n.refundSn);

/** The request's reminder job of the step (booked with the step, 12 hours before its deadline). */
async function reminderJob(refundSn: string, step: 1 | 2 | 3) {
  const rows = await t.ctx.db.select({ runAt: jobs.runAt, kind: jobs.kind }).from(jobs).where(eq(jobs.ref, refundSn));
  const row = rows.find((r) => r.kind === REMINDER_JOBS[step]);
  expect(row, `the ${REMINDER_JOBS[step]} job of ${refundSn}`).toBeDefined();
  return row!;
}

/** Moves the app's clock to just past the due time of the request's reminder job of the step. */
async function moveClockToReminder(refundSn: string, step: 1 | 2 | 3): Promise<void> {
  const { runAt } = await reminderJob(refundSn, step);
  t.advanceClock(runAt.getTime() - t.ctx.now().getTime() + 1_000);
}

/** Runs the registered reminder handler of the step for a request, as its job would. */
const runReminder = (refundSn: string, step: 1 | 2 | 3) => jobHandlers(t.ctx)[REMINDER_JOBS[step]]!({ id: 0, kind: REMINDER_JOBS[step], ref: refundSn, payload: null, attempts: 1 });

const refundRows = (sns: string[]) => t.ctx.db.select().from(refunds).where(inArray(refunds.refundSn, sns));
const noticeRows = (sns: string[]) => t.ctx.db.select().from(refundNotices).where(inArray(refundNotices.refundSn, sns));

/** The after-sales SMS sent about these requests, as [mobile, refundSn]. */
function refundSmsTo(spy: MockInstance<SmsProvider['sendNotice']>, sns: string[]) {
  return spy.mock.calls.filter(([m]) => m.kind === 'refund' && sns.includes(m.params.refundSn ?? '')).map(([m]) => [m.mobile, m.params.refundSn]);
}

/** A staff account of the shop with `role`, signed in. */
let staffCounter = 0;
async function staffOf(shop: Shop, role: StaffRoleKey): Promise<{ token: string }> {
  const username = `rem${Date.now().toString(36)}${process.pid % 1000}${(staffCounter += 1)}`;
  const added = await call(t, await owner(shop), 'POST', '/merchant/staff', { username, displayName: role, role, password: cipherOf(t, 'staff1234') });
  expect(added.statusCode, added.body).toBe(200);
  const login = await t.app.inject({ method: 'POST', url: '/merchant/login', ...json({ username, password: cipherOf(t, 'staff1234') }) });
  expect(login.statusCode, login.body).toBe(200);
  return { token: MerchantTokenSchema.parse(login.json()).accessToken };
}

describe('GET /merchant/refunds/notices', () => {
  it("each shop reads exactly its own reminders, newest first, and nothing of the other shop's requests; each SMS goes to its own shop's phone, once", async () => {
    const a = await newShop();
    const b = await newShop();
    // Five requests an hour apart, the shops taking turns: their reminders come due in this order.
    const made: Array<{ shop: Shop; sn: string }> = [];
    for (const [i, shop] of [a, b, a, b, a].entries()) {
      if (i > 0) t.advanceClock(HOUR);
      made.push({ shop, sn: await waitingRequest(shop) });
    }
    const sns = made.map((m) => m.sn);
    const sms = vi.spyOn(t.ctx.providers.sms, 'sendNotice');
    // Nothing before a reminder is due.
    expect(await snsOf(await owner(a))).toEqual([]);
    expect(await snsOf(await owner(b))).toEqual([]);
    for (const [i, m] of made.entries()) {
      await moveClockToReminder(m.sn, 1);
      await drainJobs(t);
      // One reminder more each time: the one just due.
      expect((await noticeRows(sns)).map((n) => n.refundSn).sort()).toEqual(sns.slice(0, i + 1).sort());
    }
    const ofA = made.filter((m) => m.shop === a).map((m) => m.sn);
    const ofB = made.filter((m) => m.shop === b).map((m) => m.sn);

    const seenByA = await remindersOf(await owner(a));
    const seenByB = await remindersOf(await owner(b));
    expect(seenByA.notices.map((n) => n.refundSn)).toEqual([...ofA].reverse());
    expect(seenByB.notices.map((n) => n.refundSn)).toEqual([...ofB].reverse());
    // Newest first: the ids and the times they were written go down the list.
    for (const seen of [seenByA.notices, seenByB.notices]) {
      const ids = seen.map((n) => n.id);
      expect(ids).toEqual([...ids].sort((x, y) => y - x));
      expect(seen.map((n) => n.createTime)).toEqual(seen.map((n) => n.createTime).sort().reverse());
    }
    // Each one says its request's deadline, in the reader's language; the shape carries no amount and no buyer.
    const deadlines = new Map((await refundRows(sns)).map((r) => [r.refundSn, formatApiTime(r.deadline!)]));
    for (const n of [...seenByA.notices, ...seenByB.notices]) {
      expect(Object.keys(n).sort()).toEqual(['content', 'createTime', 'deadline', 'id', 'kind', 'refundSn', 'title']);
      expect(n).toMatchObject({ kind: 'sellerHandle', title: 'An after-sales request will be agreed automatically', deadline: deadlines.get(n.refundSn) });
      expect(n.content).toBe(`After-sales request ${n.refundSn} will be agreed automatically at ${deadlines.get(n.refundSn)}. Please handle it soon.`);
    }
    // Nothing of the other shop's requests in the answer: not their numbers, not their buyers.
    for (const [seen, other] of [
      [seenByB.body, { sns: ofA, buyer: a.buyer }],
      [seenByA.body, { sns: ofB, buyer: b.buyer }],
    ] as const) {
      for (const sn of other.sns) expect(seen).not.toContain(sn);
      expect(seen).not.toContain(other.buyer.mobile);
      expect(seen).not.toContain(other.buyer.userId);
    }
    // The rows of record are the shops' (the shop must act), none the buyers'.
    for (const n of await noticeRows(sns)) expect(n).toMatchObject({ shopId: ofA.includes(n.refundSn) ? a.shopId : b.shopId, userId: null, kind: 'sellerHandle' });
    // One SMS per reminder, to its own shop's phone.
    expect(refundSmsTo(sms, sns).sort()).toEqual(made.map((m) => [m.shop.tel, m.sn]).sort());

    // A second sweep (a retried job) adds nothing: no notice, no SMS.
    await drainJobs(t);
    for (const m of made) await runReminder(m.sn, 1);
    expect(await noticeRows(sns)).toHaveLength(5);
    expect(refundSmsTo(sms, sns)).toHaveLength(5);
    expect(await snsOf(await owner(a))).toEqual([...ofA].reverse());
    expect(await snsOf(await owner(b))).toEqual([...ofB].reverse());
  });

  it("a reminder given to one shop (reminded_for) leaves another shop's request with the very same deadline unmarked: it is still reminded, once, to that shop only", async () => {
    const a = await newShop();
    const b = await newShop();
    const snA = await waitingRequest(a);
    const snB = await waitingRequest(b);
    // The two deadlines fall on the same instant (applies a millisecond apart, on two instances, do).
    const [first, second] = await refundRows([snA, snB]);
    const deadline = new Date(Math.max(first!.deadline!.getTime(), second!.deadline!.getTime()));
    await t.ctx.db.update(refunds).set({ deadline }).where(inArray(refunds.refundSn, [snA, snB]));
    const sms = vi.spyOn(t.ctx.providers.sms, 'sendNotice');
    t.advanceClock(deadline.getTime() - t.ctx.now().getTime() - 12 * HOUR + 1_000);

    await runReminder(snA, 1);
    const marked = new Map((await refundRows([snA, snB])).map((r) => [r.refundSn, r.remindedFor?.getTime() ?? null]));
    expect(marked.get(snA)).toBe(deadline.getTime());
    expect(marked.get(snB)).toBeNull();
    expect(await snsOf(await owner(a))).toEqual([snA]);
    expect(await snsOf(await owner(b))).toEqual([]);
    expect(refundSmsTo(sms, [snA, snB])).toEqual([[a.tel, snA]]);

    await runReminder(snB, 1);
    expect((await refundRows([snB]))[0]!.remindedFor?.getTime()).toBe(deadline.getTime());
    expect(await snsOf(await owner(a))).toEqual([snA]);
    expect(await snsOf(await owner(b))).toEqual([snB]);
    expect(refundSmsTo(sms, [snA, snB])).toEqual([
      [a.tel, snA],
      [b.tel, snB],
    ]);

    // Both again (their jobs retried, or run by another instance): each was given once.
    await Promise.all([runReminder(snA, 1), runReminder(snB, 1)]);
    expect(await noticeRows([snA, snB])).toHaveLength(2);
    expect(refundSmsTo(sms, [snA, snB])).toHaveLength(2);
  });

  it('refuses a staff role without refunds.handle or refunds.receive (403); a warehouse role reads its own shop\'s receipt reminders only', async () => {
    const a = await newShop();
    const b = await newShop();
    const handleA = await waitingRequest(a);
    const receiveA = await shippedReturn(a);
    const receiveB = await shippedReturn(b);
    await runReminder(handleA, 1);
    await runReminder(receiveA, 3);
    await runReminder(receiveB, 3);
    expect(await snsOf(await owner(a))).toEqual([receiveA, handleA]);
    expect(await snsOf(await owner(b))).toEqual([receiveB]);

    const operations = await staffOf(a, 'operations');
    const refused = await call(t, operations, 'GET', '/merchant/refunds/notices');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.body).not.toContain(handleA);
    expect(refused.body).not.toContain(receiveA);

    const warehouse = await staffOf(a, 'warehouse');
    const seen = (await remindersOf(warehouse)).notices;
    expect(seen.map((n) => [n.refundSn, n.kind])).toEqual([[receiveA, 'sellerReceive']]);
    // A service role (refunds.handle) reads all of its shop's, and nothing of the other shop's.
    expect(await snsOf(await staffOf(a, 'service'))).toEqual([receiveA, handleA]);
    expect(await snsOf(await staffOf(b, 'service'))).toEqual([receiveB]);
  });
});
