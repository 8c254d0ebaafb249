// Invoices (decision 061) on the real database: asked at checkout (orderInvoiceList) or afterwards
// (POST /p/orderInvoice), re-issued (PUT), listed and read by their shopper, issued with a file or
// refused by their shop in the merchant center, and the file opened only by the order's owner
// through a signed link.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageOf } from '@bazaar/shared/schemas/common';
import { FileLinkSchema, isUnifiedSocialCreditCode, MerchantInvoiceSchema, OrderInvoiceSchema, usccCheckCharacter } from '@bazaar/shared/schemas/invoice';
import { OrderDetailSchema, SubmitResultSchema } from '@bazaar/shared/schemas/order';
import { orderInvoices, orders } from '../db/schema.ts';
import { json, type RegisteredUser } from '../test/account-test-kit.ts';
import { createPaidOrder, merchantLogin, openShopIds, registerBuyer, type Buyer } from '../test/merchant-test-kit.ts';
import { addToCart, as, confirm, createProductIn, shopperWithAddress, submitRequest } from '../test/order-test-kit.ts';
import { apply as applyRefund, applyBody, refundOrder } from '../test/refund-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { multipart, PNG } from '../test/shop-application-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let shopId: number;
let otherShopId: number;
let merchant: string;
let otherMerchant: string;

const UNIT = '91350100M000100Y43';
const UNIT_2 = '91310000775785552L';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const InvoicePage = pageOf(OrderInvoiceSchema);
const MerchantPage = pageOf(MerchantInvoiceSchema);

type Lang = 'zh' | 'en';
const send = (user: RegisteredUser, method: 'POST' | 'PUT', body: unknown, lang: Lang = 'en') =>
  t.app.inject({ method, url: '/p/orderInvoice', ...json(body, { headers: as(user, { 'accept-language': lang }) }) });
const get = (user: RegisteredUser, url: string, lang: Lang = 'en') => t.app.inject({ method: 'GET', url, headers: as(user, { 'accept-language': lang }) });
const unit = (orderNumber: string, extra: Record<string, unknown> = {}) => ({ orderNumber, headerType: 1, headerName: '杭州某某科技有限公司', invoiceTaxNumber: UNIT, ...extra });
const merchantGet = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: token, 'accept-language': 'en' } });
function upload(token: string, id: number, filename: string, bytes: Buffer) {
  const body = multipart(filename, bytes);
  return t.app.inject({ method: 'POST', url: `/merchant/invoices/${id}/file`, payload: body.payload, headers: { ...body.headers, authorization: token, 'accept-language': 'en' } });
}
const fail = (token: string, id: number, failReason: unknown) =>
  t.app.inject({ method: 'PUT', url: `/merchant/invoices/${id}/fail`, ...json({ failReason }, { headers: { authorization: token, 'accept-language': 'en' } }) });

async function applied(user: Buyer, orderNumber: string, body: Record<string, unknown> = unit(orderNumber)) {
  const res = await send(user, 'POST', body);
  expect(res.statusCode, res.body).toBe(200);
  return OrderInvoiceSchema.parse(res.json());
}
function expectMessage(res: { statusCode: number; body: string }, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.body).toContain(message);
}

beforeAll(async () => {
  t = await ensureSeeded();
  [shopId, otherShopId] = (await openShopIds(t)) as [number, number];
  [merchant, otherMerchant] = await Promise.all([merchantLogin(t, shopId), merchantLogin(t, otherShopId)]);
});

describe('the unified social credit code (GB 32100-2015)', () => {
  it('accepts real codes and refuses a wrong check character, a wrong length or a letter it never uses', () => {
    for (const code of [UNIT, UNIT_2, '91110000802100433B']) expect(isUnifiedSocialCreditCode(code)).toBe(true);
    expect(usccCheckCharacter(UNIT.slice(0, 17))).toBe('3');
    expect(isUnifiedSocialCreditCode('91350100M000100Y44')).toBe(false);
    expect(isUnifiedSocialCreditCode('91350100M000100Y4')).toBe(false);
    expect(isUnifiedSocialCreditCode('91350100M000100I43')).toBe(false);
    expect(isUnifiedSocialCreditCode('91350100m000100y43')).toBe(false);
  });
});

describe('POST /p/orderInvoice', () => {
  it('asks a unit invoice for a paid order: the amount is the actual total, the order detail names it; a second is refused', async () => {
    const buyer = await registerBuyer(t);
    const order = await createPaidOrder(t, buyer, shopId);
    const [row] = await t.ctx.db.select({ actualTotal: orders.actualTotal }).from(orders).where(eq(orders.orderNumber, order.orderNumber));
    // Lower case is accepted and stored upper case.
    const invoice = await applied(buyer, order.orderNumber, unit(order.orderNumber, { invoiceTaxNumber: UNIT.toLowerCase(), shopId }));
    expect(invoice).toMatchObject({ orderNumber: order.orderNumber, shopId, headerType: 1, invoiceTaxNumber: UNIT, invoiceType: 1, invoiceContext: 1, invoiceState: 1, amount: row!.actualTotal, fileId: null, failReason: null, uploadTime: null });
    expect(invoice.shopName).not.toBe('');
    const detail = await get(buyer, `/p/myOrder/orderDetail?orderNumber=${order.orderNumber}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(OrderDetailSchema.parse(detail.json()).orderInvoiceId).toBe(invoice.orderInvoiceId);

    expectMessage(await send(buyer, 'POST', unit(order.orderNumber, { invoiceTaxNumber: UNIT_2 })), 400, 'An invoice has already been requested for this order');
    // Ten at once still make one.
    const other = await createPaidOrder(t, buyer, shopId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(buyer, 'POST', unit(other.orderNumber))));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await t.ctx.db.select().from(orderInvoices).where(eq(orderInvoices.orderNumber, other.orderNumber))).toHaveLength(1);
  });

  it('refuses a wrong taxpayer id, a missing one and a missing name with clear messages in both languages', async () => {
    const buyer = await registerBuyer(t);
    const order = await createPaidOrder(t, buyer, shopId);
    expectMessage(await send(buyer, 'POST', unit(order.orderNumber, { invoiceTaxNumber: '91350100M000100Y44' })), 400, 'The taxpayer ID is not valid');
    expectMessage(await send(buyer, 'POST', unit(order.orderNumber, { invoiceTaxNumber: '91350100M000100Y44' }), 'zh'), 400, '纳税人识别号不正确');
    expectMessage(await send(buyer, 'POST', unit(order.orderNumber, { invoiceTaxNumber: '12345' })), 400, 'The taxpayer ID is not valid');
    expectMessage(await send(buyer, 'POST', unit(order.orderNumber, { invoiceTaxNumber: '' })), 400, 'Enter the taxpayer ID');
    expectMessage(await send(buyer, 'POST', unit(order.orderNumber, { headerName: '   ' })), 400, 'Enter the invoice header');
    expectMessage(await send(buyer, 'POST', unit(order.orderNumber, { headerType: 3 })), 400, 'Choose the invoice header type');
    expect(await t.ctx.db.select().from(orderInvoices).where(eq(orderInvoices.orderNumber, order.orderNumber))).toHaveLength(0);
  });

  it('a personal header drops the tax id', async () => {
    const buyer = await registerBuyer(t);
    const order = await createPaidOrder(t, buyer, shopId);
    const invoice = await applied(buyer, order.orderNumber, { orderNumber: order.orderNumber, headerType: 2, headerName: '张三', invoiceTaxNumber: 'whatever' });
    expect(invoice).toMatchObject({ headerType: 2, headerName: '张三', invoiceTaxNumber: null });
  });

  it('refuses another shopper\'s order, an unpaid or cancelled one, and a wrong shop', async () => {
    const buyer = await registerBuyer(t);
    const stranger = await registerBuyer(t);
    const order = await createPaidOrder(t, buyer, shopId);
    expectMessage(await send(stranger, 'POST', unit(order.orderNumber)), 404, 'The order does not exist');
    expectMessage(await send(buyer, 'POST', unit(order.orderNumber, { shopId: otherShopId })), 404, 'The order does not exist');
    const unpaid = await createPaidOrder(t, buyer, shopId, { status: 1 });
    expectMessage(await send(buyer, 'POST', unit(unpaid.orderNumber)), 400, 'once the order is paid');
    const cancelled = await createPaidOrder(t, buyer, shopId, { status: 6 });
    expectMessage(await send(buyer, 'POST', unit(cancelled.orderNumber)), 400, 'The order was cancelled');
  });
});

describe('an invoice asked at checkout (orderInvoiceList of POST /p/order/submit)', () => {
  it('is written with the order; a wrong taxpayer id refuses the whole submit', async () => {
    const user = await shopperWithAddress(t);
    const product = await createProductIn(t, shopId, { price: 2_500 });
    await addToCart(t, user, product, 2);
    const uuid = randomUUID();
    const confirmed = await confirm(t, user, { addrId: 0, uuid });
    const orderShopParams = confirmed.shopCartOrders.map((o) => ({ shopId: o.shopId, remarks: '' }));
    const bad = await submitRequest(t, user, { uuid, orderShopParams, orderInvoiceList: [{ shopId, headerType: 1, headerName: '某某公司', invoiceTaxNumber: '91350100M000100Y40' }] });
    expectMessage(bad, 400, 'The taxpayer ID is not valid');
    const stale = await submitRequest(t, user, { uuid, orderShopParams, orderInvoiceList: [{ shopId: otherShopId, headerType: 2, headerName: '个人' }] });
    expectMessage(stale, 400, 'The order does not exist');
    const res = await submitRequest(t, user, { uuid, orderShopParams, orderInvoiceList: [{ shopId, headerType: 1, headerName: '某某公司', invoiceTaxNumber: UNIT }] });
    expect(res.statusCode, res.body).toBe(200);
    const [orderNumber] = SubmitResultSchema.parse(res.json()).orderNumbers.split(',');
    const page = InvoicePage.parse((await get(user, '/p/orderInvoice/page')).json());
    expect(page.total).toBe(1);
    const [order] = await t.ctx.db.select({ actualTotal: orders.actualTotal }).from(orders).where(eq(orders.orderNumber, orderNumber!));
    expect(page.records[0]).toMatchObject({ orderNumber, headerType: 1, headerName: '某某公司', invoiceTaxNumber: UNIT, invoiceState: 1, amount: order!.actualTotal });
  });
});

describe('an invoice of an order not paid', () => {
  it('is not issued by the shop while the order is unpaid, nor once it was cancelled', async () => {
    const user = await shopperWithAddress(t);
    const product = await createProductIn(t, shopId, { price: 1_800 });
    await addToCart(t, user, product, 1);
    const uuid = randomUUID();
    const confirmed = await confirm(t, user, { addrId: 0, uuid });
    const orderShopParams = confirmed.shopCartOrders.map((o) => ({ shopId: o.shopId, remarks: '' }));
    const res = await submitRequest(t, user, { uuid, orderShopParams, orderInvoiceList: [{ shopId, headerType: 2, headerName: '个人' }] });
    expect(res.statusCode, res.body).toBe(200);
    const [orderNumber] = SubmitResultSchema.parse(res.json()).orderNumbers.split(',');
    const [invoice] = InvoicePage.parse((await get(user, '/p/orderInvoice/page')).json()).records;
    expect(invoice).toMatchObject({ orderNumber, invoiceState: 1 });
    expectMessage(await upload(merchant, invoice!.orderInvoiceId, 'invoice.pdf', PDF), 400, 'The order is unpaid or cancelled, so no invoice can be issued');
    await t.ctx.db.update(orders).set({ status: 6 }).where(eq(orders.orderNumber, orderNumber!));
    expectMessage(await upload(merchant, invoice!.orderInvoiceId, 'invoice.pdf', PDF), 400, 'The order is unpaid or cancelled, so no invoice can be issued');
    const [row] = await t.ctx.db.select().from(orderInvoices).where(eq(orderInvoices.id, invoice!.orderInvoiceId));
    expect(row).toMatchObject({ invoiceState: 1, fileId: null });
  });
});

describe('an invoice whose order ends before it is issued', () => {
  it('ends (failed, "order cancelled") when the order is cancelled, leaves the shop\'s queue and cannot be asked again', async () => {
    const user = await shopperWithAddress(t);
    const product = await createProductIn(t, shopId, { price: 1_600 });
    await addToCart(t, user, product, 1);
    const uuid = randomUUID();
    const confirmed = await confirm(t, user, { addrId: 0, uuid });
    const orderShopParams = confirmed.shopCartOrders.map((o) => ({ shopId: o.shopId, remarks: '' }));
    const res = await submitRequest(t, user, { uuid, orderShopParams, orderInvoiceList: [{ shopId, headerType: 1, headerName: '某某公司', invoiceTaxNumber: UNIT }] });
    const [orderNumber] = SubmitResultSchema.parse(res.json()).orderNumbers.split(',');
    const [invoice] = InvoicePage.parse((await get(user, '/p/orderInvoice/page')).json()).records;
    expect(invoice).toMatchObject({ orderNumber, invoiceState: 1 });
    expect((await t.app.inject({ method: 'PUT', url: `/p/myOrder/cancel/${orderNumber}`, headers: as(user) })).statusCode).toBe(200);

    const id = invoice!.orderInvoiceId;
    expect(OrderInvoiceSchema.parse((await get(user, `/p/orderInvoice/info/${id}`, 'zh')).json())).toMatchObject({ invoiceState: 3, failReason: '订单已取消' });
    expect(OrderInvoiceSchema.parse((await get(user, `/p/orderInvoice/info/${id}`)).json())).toMatchObject({ invoiceState: 3, failReason: 'The order was cancelled' });
    const queue = MerchantPage.parse((await merchantGet(merchant, '/merchant/invoices?invoiceState=1&size=100')).json());
    expect(queue.records.some((r) => r.orderInvoiceId === id)).toBe(false);
    const failed = MerchantPage.parse((await merchantGet(merchant, '/merchant/invoices?invoiceState=3&size=100')).json());
    expect(failed.records.find((r) => r.orderInvoiceId === id)).toMatchObject({ failReason: 'The order was cancelled' });
    expectMessage(await send(user, 'PUT', { orderInvoiceId: id, headerType: 2, headerName: '个人' }), 400, 'The order was cancelled, so no invoice can be requested');
    expect((await t.ctx.db.select().from(orderInvoices).where(eq(orderInvoices.id, id)))[0]).toMatchObject({ invoiceState: 3, failReason: 'invoice.ended.orderCancelled' });
  });

  it('ends (failed, "order refunded") when a full refund closes the order before shipment; an issued one would stay', async () => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { lines: 1, count: 1, price: 1_200 });
    const invoice = await applied(buyer, order.orderNumber);
    const refundSn = await applyRefund(t, buyer, applyBody(order, { refundType: 1, orderItemId: 0, refundAmount: order.actualTotal, freightConfirmed: true }));
    const accepted = await t.app.inject({ method: 'PUT', url: `/merchant/refunds/${refundSn}/accept`, ...json({}, { headers: { authorization: merchant, 'accept-language': 'en' } }) });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber)))[0]).toMatchObject({ status: 6, refundStatus: 2 });
    expect(OrderInvoiceSchema.parse((await get(buyer, `/p/orderInvoice/info/${invoice.orderInvoiceId}`, 'zh')).json())).toMatchObject({ invoiceState: 3, failReason: '订单已全额退款' });
    expect(OrderInvoiceSchema.parse((await get(buyer, `/p/orderInvoice/info/${invoice.orderInvoiceId}`)).json())).toMatchObject({ invoiceState: 3, failReason: 'The order was refunded in full' });
    expectMessage(await send(buyer, 'PUT', { orderInvoiceId: invoice.orderInvoiceId, headerType: 2, headerName: '个人' }, 'zh'), 400, '订单已全额退款，不能申请发票');

    // A part refund leaves the invoice applying; an invoice already issued is not touched by a full one.
    const other = await registerBuyer(t);
    const two = await refundOrder(t, other, shopId, { lines: 2, count: 1, price: 1_000 });
    const kept = await applied(other, two.orderNumber);
    const part = await applyRefund(t, other, applyBody(two, { refundAmount: 1_000 }));
    expect((await t.app.inject({ method: 'PUT', url: `/merchant/refunds/${part}/accept`, ...json({}, { headers: { authorization: merchant } }) })).statusCode).toBe(200);
    expect((await t.ctx.db.select().from(orderInvoices).where(eq(orderInvoices.id, kept.orderInvoiceId)))[0]).toMatchObject({ invoiceState: 1, failReason: null });
    expect((await upload(merchant, kept.orderInvoiceId, 'invoice.pdf', PDF)).statusCode).toBe(200);
    const rest = await applyRefund(t, other, applyBody(two, { orderItemId: two.items[1]!.id, refundAmount: 1_000 }));
    expect((await t.app.inject({ method: 'PUT', url: `/merchant/refunds/${rest}/accept`, ...json({}, { headers: { authorization: merchant } }) })).statusCode).toBe(200);
    expect((await t.ctx.db.select().from(orderInvoices).where(eq(orderInvoices.id, kept.orderInvoiceId)))[0]).toMatchObject({ invoiceState: 2 });
  });
});

describe('the list, the detail, the shop\'s queue, issuing and the file', () => {
  it('runs the whole way: applying, refused with a reason, re-issued back to applying, issued with a PDF, downloaded only by its owner', async () => {
    const buyer = await registerBuyer(t);
    const stranger = await registerBuyer(t);
    const order = await createPaidOrder(t, buyer, shopId);
    const invoice = await applied(buyer, order.orderNumber);
    const id = invoice.orderInvoiceId;

    // The shopper's list and detail; another shopper sees nothing of it.
    expect(InvoicePage.parse((await get(buyer, '/p/orderInvoice/page?invoiceState=1')).json()).records.map((r) => r.orderInvoiceId)).toEqual([id]);
    expect(InvoicePage.parse((await get(buyer, '/p/orderInvoice/page?invoiceState=2')).json()).total).toBe(0);
    expect(InvoicePage.parse((await get(stranger, '/p/orderInvoice/page')).json()).total).toBe(0);
    expectMessage(await get(stranger, `/p/orderInvoice/info/${id}`), 404, 'The invoice does not exist');
    expectMessage(await get(buyer, '/p/orderInvoice/page?invoiceState=9'), 400, 'Invalid invoice state');

    // The shop's queue; another shop neither sees it nor may act on it.
    const queue = MerchantPage.parse((await merchantGet(merchant, '/merchant/invoices?invoiceState=1&size=100')).json());
    expect(queue.records.find((r) => r.orderInvoiceId === id)).toMatchObject({ headerName: invoice.headerName, invoiceTaxNumber: UNIT, fileUrl: null, nickName: expect.any(String) });
    const theirs = MerchantPage.parse((await merchantGet(otherMerchant, '/merchant/invoices?size=100')).json());
    expect(theirs.records.some((r) => r.orderInvoiceId === id)).toBe(false);
    expectMessage(await upload(otherMerchant, id, 'invoice.pdf', PDF), 404, 'The invoice does not exist');
    expectMessage(await fail(otherMerchant, id, 'no'), 404, 'The invoice does not exist');

    // Refused with a reason the shopper reads.
    expectMessage(await fail(merchant, id, '  '), 400, 'Enter why the invoice cannot be issued');
    const failed = await fail(merchant, id, '名称与税号不符');
    expect(failed.statusCode, failed.body).toBe(200);
    expect(MerchantInvoiceSchema.parse(failed.json())).toMatchObject({ invoiceState: 3, failReason: '名称与税号不符' });
    expectMessage(await fail(merchant, id, 'again'), 400, 'not waiting to be issued');
    expect(OrderInvoiceSchema.parse((await get(buyer, `/p/orderInvoice/info/${id}`)).json())).toMatchObject({ invoiceState: 3, failReason: '名称与税号不符' });

    // Re-issued with a corrected header: back to applying; a stranger cannot re-issue it.
    expectMessage(await send(stranger, 'PUT', { orderInvoiceId: id, headerType: 1, headerName: 'X', invoiceTaxNumber: UNIT_2 }), 404, 'The invoice does not exist');
    expectMessage(await send(buyer, 'PUT', { orderInvoiceId: id, headerType: 1, headerName: '上海某某有限公司', invoiceTaxNumber: '91310000775785552X' }), 400, 'The taxpayer ID is not valid');
    const reissued = await send(buyer, 'PUT', { orderInvoiceId: id, headerType: 1, headerName: '上海某某有限公司', invoiceTaxNumber: UNIT_2 });
    expect(reissued.statusCode, reissued.body).toBe(200);
    expect(OrderInvoiceSchema.parse(reissued.json())).toMatchObject({ invoiceState: 1, failReason: null, headerName: '上海某某有限公司', invoiceTaxNumber: UNIT_2 });

    // The file rules: format and size, with their messages.
    expectMessage(await upload(merchant, id, 'invoice.txt', Buffer.from('hello')), 400, 'Wrong file format');
    expectMessage(await upload(merchant, id, 'invoice.pdf', Buffer.from('not a pdf at all')), 400, 'Wrong file format');
    expectMessage(await upload(merchant, id, 'invoice.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024 + 10), Buffer.from('%%EOF')])), 400, 'A PDF can be at most 5MB');
    const noFile = await t.app.inject({ method: 'POST', url: `/merchant/invoices/${id}/file`, headers: { authorization: merchant, 'accept-language': 'en' } });
    expectMessage(noFile, 400, 'Choose the invoice file');

    // Issued with a PDF.
    const issued = await upload(merchant, id, 'invoice.pdf', PDF);
    expect(issued.statusCode, issued.body).toBe(200);
    const shopView = MerchantInvoiceSchema.parse(issued.json());
    expect(shopView).toMatchObject({ invoiceState: 2, fileId: expect.any(Number) });
    expect(shopView.fileUrl).toMatch(/^\/uploads\/private\/[a-z0-9-]+\.pdf\?exp=\d+&sig=/);
    expectMessage(await upload(merchant, id, 'invoice.pdf', PDF), 400, 'not waiting to be issued');

    const info = OrderInvoiceSchema.parse((await get(buyer, `/p/orderInvoice/info/${id}`)).json());
    expect(info).toMatchObject({ invoiceState: 2, fileId: shopView.fileId });
    expect(info.uploadTime).not.toBeNull();

    // Only the order's owner gets the link; the link serves the PDF as a download.
    const link = await get(buyer, `/p/file/get_file_by_id?fileId=${info.fileId}`);
    expect(link.statusCode, link.body).toBe(200);
    const { url, fileName } = FileLinkSchema.parse(link.json());
    expect(fileName).toBe(`invoice-${order.orderNumber}.pdf`);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expectMessage(await get(stranger, `/p/file/get_file_by_id?fileId=${info.fileId}`), 404, 'The file does not exist or is not yours');
    expect((await t.app.inject({ method: 'GET', url: url.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/p/file/get_file_by_id?fileId=${info.fileId}` })).statusCode).toBe(401);

    // A re-issue after issuing takes the file back: the old link is no longer handed out.
    const again = await send(buyer, 'PUT', { orderInvoiceId: id, headerType: 2, headerName: '张三', invoiceTaxNumber: UNIT });
    expect(OrderInvoiceSchema.parse(again.json())).toMatchObject({ invoiceState: 1, fileId: null, headerType: 2, invoiceTaxNumber: null });
    expectMessage(await get(buyer, `/p/file/get_file_by_id?fileId=${info.fileId}`), 404, 'The file does not exist or is not yours');
  });

  it('issues with an image too, under the image rules', async () => {
    const buyer = await registerBuyer(t);
    const order = await createPaidOrder(t, buyer, shopId);
    const invoice = await applied(buyer, order.orderNumber, { orderNumber: order.orderNumber, headerType: 2, headerName: '个人' });
    const issued = await upload(merchant, invoice.orderInvoiceId, 'invoice.png', PNG);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(MerchantInvoiceSchema.parse(issued.json()).fileUrl).toMatch(/\.png\?exp=/);
    const { url } = FileLinkSchema.parse((await get(buyer, `/p/file/get_file_by_id?fileId=${MerchantInvoiceSchema.parse(issued.json()).fileId}`)).json());
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/png');
  });
});

describe('the amount of an invoice issued after a part refund', () => {
  it('is what the shopper finally paid (actual total less the refunds), not the total when it was asked', async () => {
    const buyer = await registerBuyer(t);
    const order = await refundOrder(t, buyer, shopId, { lines: 2, count: 1, price: 1_000 });
    const invoice = await applied(buyer, order.orderNumber);
    expect(invoice.amount).toBe(order.actualTotal);
    const part = await applyRefund(t, buyer, applyBody(order, { refundAmount: 700 }));
    expect((await t.app.inject({ method: 'PUT', url: `/merchant/refunds/${part}/accept`, ...json({}, { headers: { authorization: merchant } }) })).statusCode).toBe(200);
    const issued = await upload(merchant, invoice.orderInvoiceId, 'invoice.pdf', PDF);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(MerchantInvoiceSchema.parse(issued.json()).amount).toBe(order.actualTotal - 700);
    expect(OrderInvoiceSchema.parse((await get(buyer, `/p/orderInvoice/info/${invoice.orderInvoiceId}`)).json()).amount).toBe(order.actualTotal - 700);
  });
});
