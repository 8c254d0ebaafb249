// Races on one after-sales request and on one invoice (decisions 059, 060, 061), each side sent at
// once (Promise.all): the merchant's receive against the receipt deadline's job, the merchant's
// accept against the handling deadline's job, two platform staff deciding one step-in differently,
// 50 merchant pages accepting one request; two uploads of one invoice, an upload against a refusal;
// and an invoice still applying ended by a full refund after shipment. Exactly one side moves the
// row, the other is told (or, a job, does nothing), the money moves once. On PostgreSQL + Redis the
// races also run across two API instances (each with its own pool and Redis connections).
import { and, eq, gt, inArray, max } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { MerchantInvoiceSchema, OrderInvoiceSchema } from '@bazaar/shared/schemas/invoice';
import type { BazaarApp } from '../app.ts';
import type { AppContext } from '../context.ts';
import { balanceLogs, files, merchantAuditLogs, orderInvoices, orders, refundHistories, refundPayments, refunds } from '../db/schema.ts';
import { refundJobHandlers } from '../flows/refund-deadlines.ts';
import { DEADLINE_JOBS } from '../flows/refund-parts.ts';
import type { JobRow } from '../lib/jobs.ts';
import { json } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { createTestInstance, SHARED_INFRASTRUCTURE, type TestInstance } from '../test/instances.ts';
import { createPaidOrder, registerBuyer, type Buyer } from '../test/merchant-test-kit.ts';
import { ledgerSum, walletBalance } from '../test/payment-test-kit.ts';
import { apply, applyBody, refundOrder, seededShopOwner, type Lang, type RefundOrder } from '../test/refund-test-kit.ts';
import { auditOf } from '../test/staff-test-kit.ts';
import { multipart } from '../test/shop-application-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let shopId: number;
let owner: { token: string };

beforeAll(async () => {
  ({ t, shopId, owner } = await seededShopOwner());
});
afterEach(() => {
  t.resetClock();
  vi.restoreAllMocks();
});

/** One side of a race: an API instance (its app for HTTP calls, its context for the jobs). */
interface Side {
  app: BazaarApp;
  ctx: AppContext;
}
const here = (): Side => ({ app: t.app, ctx: t.ctx });

type Answer = { statusCode: number; body: string; json(): unknown };

function send(side: Side, token: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, lang: Lang = 'en'): Promise<Answer> {
  const headers = { authorization: token, 'accept-language': lang };
  return body === undefined ? side.app.inject({ method, url, headers }) : side.app.inject({ method, url, ...json(body, { headers }) });
}
const merchant = (side: Side, method: 'PUT', url: string, body: unknown = {}, lang: Lang = 'en') => send(side, owner.token, method, url, body, lang);
const shopper = (buyer: Buyer, method: 'POST' | 'PUT', url: string, body: unknown) => send(here(), buyer.token, method, url, body);

/** The deadline job of a step, as the job runner hands it to its handler (which re-reads the request). */
function deadlineJob(side: Side, step: 1 | 3, refundSn: string): Promise<void> {
  return refundJobHandlers(side.ctx)[DEADLINE_JOBS[step]]!({ kind: DEADLINE_JOBS[step], ref: refundSn } as JobRow);
}

/** `run` after `ms` milliseconds (0: at once): staggers the two sides of a race so that each gets to win. */
const after = <T>(ms: number, run: () => Promise<T>): Promise<T> => (ms ? new Promise((r) => setTimeout(r, ms)).then(run) : run());

/** The request's deadline passed (for the test clock and for another instance's real clock). */
async function deadlinePassed(refundSn: string): Promise<void> {
  await t.ctx.db.update(refunds).set({ deadline: new Date(Math.min(Date.now(), t.ctx.now().getTime()) - 60_000) }).where(eq(refunds.refundSn, refundSn));
}

const refundRow = async (refundSn: string) => (await t.ctx.db.select().from(refunds).where(eq(refunds.refundSn, refundSn)))[0]!;
const historyOf = (refundSn: string) => t.ctx.db.select().from(refundHistories).where(eq(refundHistories.refundSn, refundSn));
const shopLogOf = (refundSn: string) => t.ctx.db.select().from(merchantAuditLogs).where(and(eq(merchantAuditLogs.shopId, shopId), eq(merchantAuditLogs.targetId, refundSn)));
const orderOf = async (orderNumber: string) => (await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!;

/** A balance-paid order of one piece at 10 yuan and the shopper's request (a return once received). */
async function requested(kind: 'refund' | 'return'): Promise<{ buyer: Buyer; order: RefundOrder; refundSn: string; before: number }> {
  const buyer = await registerBuyer(t);
  const order = await refundOrder(t, buyer, shopId, { lines: 1, count: 1, price: 1_000, status: kind === 'return' ? ORDER_STATUS.completed : ORDER_STATUS.paid });
  const refundSn = await apply(t, buyer, applyBody(order, kind === 'return' ? { applyType: 2, isReceiver: 1, refundAmount: 1_000 } : { refundAmount: 1_000 }));
  return { buyer, order, refundSn, before: await walletBalance(t, buyer.userId) };
}

/** The money of the request came back exactly once: one credit record, the balance up by it, its ledger row. */
async function refundedOnce(buyer: Buyer, refundSn: string, before: number, amount: number): Promise<void> {
  expect(await refundRow(refundSn)).toMatchObject({ returnMoneySts: 5, settleStatus: 2, refundAmount: amount });
  const credits = await t.ctx.db.select().from(balanceLogs).where(eq(balanceLogs.bizId, refundSn));
  expect(credits).toEqual([expect.objectContaining({ type: 4, ioType: 1, userId: buyer.userId, changeBalance: amount })]);
  expect(await walletBalance(t, buyer.userId)).toBe(before + amount);
  expect(await walletBalance(t, buyer.userId)).toBe(await ledgerSum(t, buyer.userId));
  expect(await t.ctx.db.select().from(refundPayments).where(eq(refundPayments.refundSn, refundSn))).toEqual([expect.objectContaining({ status: 2, amount })]);
}

async function notRefunded(buyer: Buyer, refundSn: string, before: number): Promise<void> {
  expect(await t.ctx.db.select().from(balanceLogs).where(eq(balanceLogs.bizId, refundSn))).toEqual([]);
  expect(await t.ctx.db.select().from(refundPayments).where(eq(refundPayments.refundSn, refundSn))).toEqual([]);
  expect(await walletBalance(t, buyer.userId)).toBe(before);
}

function expectMessage(res: Answer, message: string): void {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.body).toBe(message);
}

/** Each instance in each role, the job started at once or a little later (it reads first, so it tends to win). */
const ROUNDS = (a: Side, b: Side): Array<[Side, Side, number]> => [[a, b, 0], [b, a, 0], [a, b, 5], [b, a, 15], [a, b, 40]];

/** The races on one request, with the two sides on `a` and `b` (one instance, or two). */
function refundRaces(sides: () => [Side, Side]) {
  it('the merchant confirms the returned goods while the receipt deadline job runs: received once, refunded once', async () => {
    const [a, b] = sides();
    // Each instance takes each role once: the merchant on a and the job on b, then the other way round.
    for (const [web, job, delay] of ROUNDS(a, b)) {
      const { buyer, order, refundSn, before } = await requested('return');
      expect((await merchant(here(), 'PUT', `/merchant/refunds/${refundSn}/accept`)).statusCode).toBe(200);
      const waybill = { refundSn, expressId: 2, expressName: '中通快递', expressNo: `ZT${refundSn.slice(-9)}`, mobile: '13800138000', imgs: [] };
      expect((await shopper(buyer, 'POST', '/p/orderRefund/submitExpress', waybill)).statusCode).toBe(200);
      expect((await refundRow(refundSn)).returnMoneySts).toBe(3);
      await deadlinePassed(refundSn);

      const [res] = await Promise.all([merchant(web, 'PUT', `/merchant/refunds/${refundSn}/receive`, {}, 'zh'), after(delay, () => deadlineJob(job, 3, refundSn))]);
      const decisions = (await historyOf(refundSn)).filter((h) => h.action === 'receive' || h.action === 'autoReceive');
      expect(decisions).toHaveLength(1);
      const log = (await shopLogOf(refundSn)).filter((l) => l.action === 'refund.receive');
      if (res.statusCode === 200) {
        expect(decisions[0]).toMatchObject({ action: 'receive', actor: 'seller' });
        expect(res.json()).toEqual({ refundSn, returnMoneySts: 5, settleStatus: 2 });
        expect(log).toHaveLength(1);
      } else {
        expectMessage(res, '买家寄回商品后才能确认收货');
        expect(decisions[0]).toMatchObject({ action: 'autoReceive', actor: 'system' });
        expect(log).toHaveLength(0);
      }
      await refundedOnce(buyer, refundSn, before, 1_000);
      expect(await orderOf(order.orderNumber)).toMatchObject({ status: ORDER_STATUS.cancelled, closeType: 2, refundStatus: 2 });
      // The job again (a retry, on either instance) and the merchant again change nothing.
      await Promise.all([deadlineJob(a, 3, refundSn), deadlineJob(b, 3, refundSn)]);
      expectMessage(await merchant(a, 'PUT', `/merchant/refunds/${refundSn}/receive`), 'Receipt can be confirmed once the buyer has sent the goods back');
      await refundedOnce(buyer, refundSn, before, 1_000);
    }
  });

  it('the merchant accepts a refund only while the handling deadline job agrees to it: decided once, refunded once', async () => {
    const [a, b] = sides();
    for (const [web, job, delay] of ROUNDS(a, b)) {
      const { buyer, order, refundSn, before } = await requested('refund');
      await deadlinePassed(refundSn);
      const [res] = await Promise.all([merchant(web, 'PUT', `/merchant/refunds/${refundSn}/accept`, {}, 'zh'), after(delay, () => deadlineJob(job, 1, refundSn))]);
      const decisions = (await historyOf(refundSn)).filter((h) => h.action === 'accept' || h.action === 'autoAgree');
      expect(decisions).toHaveLength(1);
      const log = (await shopLogOf(refundSn)).filter((l) => l.action === 'refund.accept');
      if (res.statusCode === 200) {
        expect(decisions[0]).toMatchObject({ action: 'accept', actor: 'seller' });
        expect(res.json()).toEqual({ refundSn, returnMoneySts: 5, settleStatus: 2 });
        expect(log).toHaveLength(1);
      } else {
        expectMessage(res, '只有待处理的申请可以同意');
        expect(decisions[0]).toMatchObject({ action: 'autoAgree', actor: 'system' });
        expect(log).toHaveLength(0);
      }
      await refundedOnce(buyer, refundSn, before, 1_000);
      // A paid order refunded in full before shipment closes.
      expect(await orderOf(order.orderNumber)).toMatchObject({ status: ORDER_STATUS.cancelled, closeType: 2, refundStatus: 2 });
      await Promise.all([deadlineJob(a, 1, refundSn), deadlineJob(b, 1, refundSn)]);
      expectMessage(await merchant(b, 'PUT', `/merchant/refunds/${refundSn}/accept`), 'Only a pending request can be accepted');
      await refundedOnce(buyer, refundSn, before, 1_000);
    }
  });

  it('two platform staff decide the same step-in at once, one to refund, one to close: one decision stands, and its money', async () => {
    const [a, b] = sides();
    // Four requests, each instance deciding each way in turn, so the refund and the close both get to race first.
    for (let round = 0; round < 4; round += 1) {
      const { buyer, order, refundSn, before } = await requested('refund');
      expect((await merchant(here(), 'PUT', `/merchant/refunds/${refundSn}/refuse`, { reason: '不同意退款' })).statusCode).toBe(200);
      expect((await shopper(buyer, 'POST', '/p/orderRefund/applyPlatform', { refundSn, reason: '商家拒绝没有道理' })).statusCode).toBe(200);
      const [first, second] = await Promise.all([adminToken(t), adminToken(t)]);
      const refundSide = round % 2 ? b : a;
      const closeSide = round % 2 ? a : b;
      const decide = (side: Side, token: string, action: 'refund' | 'close', lang: Lang) => send(side, `Bearer ${token}`, 'PUT', `/admin/refunds/${refundSn}/decide`, { action, reason: `平台裁定：${action}` }, lang);
      const calls = [() => decide(refundSide, first, 'refund', 'zh'), () => decide(closeSide, second, 'close', 'en')];
      const [refunded, closed] = round < 2 ? await Promise.all(calls.map((c) => c())) : await Promise.all([...calls].reverse().map((c) => c())).then((r) => r.reverse());
      const won = [refunded!, closed!].filter((r) => r.statusCode === 200);
      expect(won).toHaveLength(1);
      const decisions = (await historyOf(refundSn)).filter((h) => h.action === 'platformRefund' || h.action === 'platformClose');
      expect(decisions).toHaveLength(1);
      expect((await auditOf(t, 'refund', refundSn)).filter((l) => l.action === 'refund.decide')).toHaveLength(1);
      if (refunded!.statusCode === 200) {
        expectMessage(closed!, 'Only requests the shopper brought to the platform can be decided');
        expect(decisions[0]).toMatchObject({ action: 'platformRefund', actor: 'platform' });
        expect(await refundRow(refundSn)).toMatchObject({ platformStatus: 2, platformReason: '平台裁定：refund' });
        await refundedOnce(buyer, refundSn, before, 1_000);
        expect(await orderOf(order.orderNumber)).toMatchObject({ status: ORDER_STATUS.cancelled, refundStatus: 2 });
      } else {
        expectMessage(refunded!, '只有买家申请平台介入的申请可以处理');
        expect(decisions[0]).toMatchObject({ action: 'platformClose', actor: 'platform' });
        expect(await refundRow(refundSn)).toMatchObject({ returnMoneySts: -1, settleStatus: 0, platformStatus: 2, platformReason: '平台裁定：close' });
        await notRefunded(buyer, refundSn, before);
        expect(await orderOf(order.orderNumber)).toMatchObject({ status: ORDER_STATUS.paid, refundStatus: null });
      }
    }
  });

  it('50 merchant pages accept one request at once: one success, 49 refused, one refund', async () => {
    const [a, b] = sides();
    const { buyer, order, refundSn, before } = await requested('refund');
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => merchant(i % 2 ? b : a, 'PUT', `/merchant/refunds/${refundSn}/accept`, {}, i % 3 ? 'en' : 'zh')));
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(won[0]!.json()).toEqual({ refundSn, returnMoneySts: 5, settleStatus: 2 });
    answers.forEach((r, i) => {
      if (r.statusCode !== 200) expectMessage(r, i % 3 ? 'Only a pending request can be accepted' : '只有待处理的申请可以同意');
    });
    expect((await historyOf(refundSn)).filter((h) => h.action === 'accept')).toHaveLength(1);
    expect((await shopLogOf(refundSn)).filter((l) => l.action === 'refund.accept')).toHaveLength(1);
    await refundedOnce(buyer, refundSn, before, 1_000);
    expect(await orderOf(order.orderNumber)).toMatchObject({ status: ORDER_STATUS.cancelled, refundStatus: 2 });
  });
}

// ---- Invoices ----

/** A distinct, valid PDF per racer, so the stored file tells who won. */
const pdf = (n: number) => Buffer.from(`%PDF-1.4\n% racer ${n}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);

function upload(side: Side, id: number, bytes: Buffer, lang: Lang = 'en'): Promise<Answer> {
  const body = multipart('invoice.pdf', bytes);
  return side.app.inject({ method: 'POST', url: `/merchant/invoices/${id}/file`, payload: body.payload, headers: { ...body.headers, authorization: owner.token, 'accept-language': lang } });
}
const failInvoice = (side: Side, id: number, failReason: string, lang: Lang = 'en') => send(side, owner.token, 'PUT', `/merchant/invoices/${id}/fail`, { failReason }, lang);

async function applyingInvoice(): Promise<{ buyer: Buyer; orderNumber: string; id: number }> {
  const buyer = await registerBuyer(t);
  const order = await createPaidOrder(t, buyer, shopId);
  const res = await send(here(), buyer.token, 'POST', '/p/orderInvoice', { orderNumber: order.orderNumber, headerType: 2, headerName: '张三' });
  expect(res.statusCode, res.body).toBe(200);
  return { buyer, orderNumber: order.orderNumber, id: OrderInvoiceSchema.parse(res.json()).orderInvoiceId };
}
const invoiceRow = async (id: number) => (await t.ctx.db.select().from(orderInvoices).where(eq(orderInvoices.id, id)))[0]!;
const lastFileId = async () => (await t.ctx.db.select({ id: max(files.id) }).from(files))[0]?.id ?? 0;

/** The storage keys the sides' uploads put from now on (each instance has its own storage provider). */
function storedKeys(sides: Side[]): string[] {
  const keys: string[] = [];
  for (const storage of new Set(sides.map((s) => s.ctx.providers.storage))) {
    const put = storage.put.bind(storage);
    vi.spyOn(storage, 'put').mockImplementation(async (key, bytes, type) => {
      keys.push(key);
      await put(key, bytes, type);
    });
  }
  return keys;
}

/** Of the keys put, only `kept` (or none) is still in storage. */
async function onlyStored(keys: string[], kept: string | null): Promise<void> {
  vi.restoreAllMocks();
  if (kept) expect(keys).toContain(kept);
  const present = await Promise.all(keys.map((k) => t.ctx.providers.storage.exists(k)));
  expect(keys.filter((_, i) => present[i])).toEqual(kept ? [kept] : []);
}

/** The shopper's link to the invoice's file serves exactly these bytes. */
async function fileServes(buyer: Buyer, fileId: number, bytes: Buffer): Promise<void> {
  const link = await send(here(), buyer.token, 'GET', `/p/file/get_file_by_id?fileId=${fileId}`);
  expect(link.statusCode, link.body).toBe(200);
  const file = await t.app.inject({ method: 'GET', url: (link.json() as { url: string }).url });
  expect(file.statusCode).toBe(200);
  expect(file.rawPayload.equals(bytes)).toBe(true);
}

function invoiceRaces(sides: () => [Side, Side]) {
  it('two uploads of one applying invoice at once: one issues it with its file, the other is told', async () => {
    const [a, b] = sides();
    const { buyer, id } = await applyingInvoice();
    const since = await lastFileId();
    const put = storedKeys([a, b]);
    const answers = await Promise.all([upload(a, id, pdf(0), 'zh'), upload(b, id, pdf(1), 'en')]);
    const won = answers.findIndex((r) => r.statusCode === 200);
    expect(won).toBeGreaterThanOrEqual(0);
    expectMessage(answers[1 - won]!, won === 0 ? 'This invoice is not waiting to be issued' : '该发票不在申请中，无法处理');
    const row = await invoiceRow(id);
    expect(row).toMatchObject({ invoiceState: 2, failReason: null });
    expect(MerchantInvoiceSchema.parse(answers[won]!.json())).toMatchObject({ invoiceState: 2, fileId: row.fileId });
    // The invoice holds one file, the winner's. The losing upload stored its own before its move
    // missed; it is gone again, its row and its bytes.
    const stored = await t.ctx.db.select().from(files).where(gt(files.id, since));
    expect(stored.map((f) => f.id)).toEqual([row.fileId]);
    await onlyStored(put, stored[0]!.path);
    await fileServes(buyer, row.fileId!, pdf(won));
  });

  it('an upload racing a refusal: one final state, the other side is told', async () => {
    const [a, b] = sides();
    // The refusal (no file to store) tends to win: started at once, then later and later.
    for (const [round, delay] of [0, 0, 10, 30, 60].entries()) {
      const { buyer, id } = await applyingInvoice();
      const [uploadSide, failSide] = round % 2 ? [b, a] : [a, b];
      const since = await lastFileId();
      const put = storedKeys([uploadSide]);
      const [issued, failed] = await Promise.all([upload(uploadSide, id, pdf(round)), after(delay, () => failInvoice(failSide, id, '抬头有误', 'zh'))]);
      const stored = await t.ctx.db.select().from(files).where(gt(files.id, since));
      expect([issued.statusCode, failed.statusCode].filter((s) => s === 200)).toHaveLength(1);
      const row = await invoiceRow(id);
      if (issued.statusCode === 200) {
        expectMessage(failed, '该发票不在申请中，无法处理');
        expect(row).toMatchObject({ invoiceState: 2, failReason: null, fileId: expect.any(Number) });
        expect(stored.map((f) => f.id)).toEqual([row.fileId]);
        await onlyStored(put, stored[0]!.path);
        await fileServes(buyer, row.fileId!, pdf(round));
      } else {
        expectMessage(issued, 'This invoice is not waiting to be issued');
        expect(row).toMatchObject({ invoiceState: 3, failReason: '抬头有误', fileId: null, uploadTime: null });
        // The upload that lost stored nothing that stays: no row, no bytes.
        expect(stored).toEqual([]);
        await onlyStored(put, null);
        expect(OrderInvoiceSchema.parse((await send(here(), buyer.token, 'GET', `/p/orderInvoice/info/${id}`)).json())).toMatchObject({ invoiceState: 3, fileId: null });
      }
    }
  });
}

describe('on one API instance, the two sides at once', () => {
  refundRaces(() => [here(), here()]);
  invoiceRaces(() => [here(), here()]);
});

describe.skipIf(!SHARED_INFRASTRUCTURE)('on PostgreSQL + Redis, across two API instances', () => {
  let second: TestInstance;
  beforeAll(async () => {
    second = await createTestInstance();
  });
  afterAll(async () => {
    await second?.close();
  });
  const sides = (): [Side, Side] => [here(), { app: second.app, ctx: second.ctx }];
  refundRaces(sides);
  invoiceRaces(sides);
});

describe('an invoice still applying when the order is refunded in full after shipment', () => {
  it('ends ("order refunded") when the whole-order return is received; the received order closes, refunded in full', async () => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { lines: 2, count: 1, price: 1_000, freight: 500, status: ORDER_STATUS.completed });
    const res = await send(here(), buyer.token, 'POST', '/p/orderInvoice', { orderNumber: order.orderNumber, headerType: 2, headerName: '张三' });
    expect(res.statusCode, res.body).toBe(200);
    const id = OrderInvoiceSchema.parse(res.json()).orderInvoiceId;
    const before = await walletBalance(t, buyer.userId);
    const refundSn = await apply(t, buyer, applyBody(order, { refundType: 1, orderItemId: 0, applyType: 2, isReceiver: 1, goodsNum: 2, refundAmount: order.actualTotal, freightConfirmed: true }));
    expect((await merchant(here(), 'PUT', `/merchant/refunds/${refundSn}/accept`)).statusCode).toBe(200);
    // Accepted, goods on their way back: the invoice still waits.
    expect(await invoiceRow(id)).toMatchObject({ invoiceState: 1, failReason: null });
    const waybill = { refundSn, expressId: 2, expressName: '中通快递', expressNo: 'ZT556600112', mobile: '13800138000', imgs: [] };
    expect((await shopper(buyer, 'POST', '/p/orderRefund/submitExpress', waybill)).statusCode).toBe(200);
    expect(await invoiceRow(id)).toMatchObject({ invoiceState: 1 });
    const received = await merchant(here(), 'PUT', `/merchant/refunds/${refundSn}/receive`);
    expect(received.statusCode, received.body).toBe(200);
    await refundedOnce(buyer, refundSn, before, order.actualTotal);
    // Wholly refunded: the received order closes too (2026-12-08, decision 060).
    expect(await orderOf(order.orderNumber)).toMatchObject({ status: ORDER_STATUS.cancelled, closeType: 2, refundStatus: 2 });
    expect(await invoiceRow(id)).toMatchObject({ invoiceState: 3, failReason: 'invoice.ended.orderRefunded', fileId: null });
    expect(OrderInvoiceSchema.parse((await send(here(), buyer.token, 'GET', `/p/orderInvoice/info/${id}`, undefined, 'zh')).json())).toMatchObject({ invoiceState: 3, failReason: '订单已全额退款' });
    // The shop can no longer issue it, and the shopper cannot ask again.
    expectMessage(await upload(here(), id, pdf(9)), 'This invoice is not waiting to be issued');
    expectMessage(await send(here(), buyer.token, 'PUT', '/p/orderInvoice', { orderInvoiceId: id, headerType: 2, headerName: '张三' }), 'The order was refunded in full, so no invoice can be requested');
    expect(await t.ctx.db.select().from(orderInvoices).where(inArray(orderInvoices.orderNumber, [order.orderNumber]))).toHaveLength(1);
  });
});
