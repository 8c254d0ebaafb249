// Invoices (decision 061): the invoice module's rows with the order module's order (owner, paid,
// amount), the shop module's shop names, the account module's buyer nicknames and the upload
// module's private files behind signed links (decision 023).
import type { Language } from '@bazaar/shared/constants/limits';
import { createI18n } from '@bazaar/shared/i18n/catalogs';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import { ORDER_REFUND_STATUS } from '@bazaar/shared/constants/refund';
import type { Page } from '@bazaar/shared/schemas/common';
import type { ApplyInvoice, FileLink, InvoicePageQuery, MerchantInvoice, OrderInvoice, ReissueInvoice } from '@bazaar/shared/schemas/invoice';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError, invalid, notFound } from '../lib/app-error.ts';
import { userNickName } from '../modules/account/repository.ts';
import * as invoices from '../modules/invoice/service.ts';
import { sumRefunded } from '../modules/aftersale/settlement.ts';
import type { MerchantSession } from '../modules/merchant/service.ts';
import { findUserOrder } from '../modules/order/repository.ts';
import { findShopOrder } from '../modules/order/shop-orders.ts';
import { anyShopCard, anyShopName } from '../modules/shop/repository.ts';
import { discardShopDocument, fileById, fileLink, saveShopDocument } from '../modules/upload/service.ts';

const parts = (lang: Language): invoices.InvoiceParts => ({ shopName: (shopId) => anyShopName(shopId, lang), nickName: userNickName });
const translators = { zh: createI18n('zh').t, en: createI18n('en').t };
/** The mall's end reason (order cancelled or refunded) in the reader's words. */
const readable = <T extends { failReason: string | null }>(invoice: T, lang: Language): T => invoices.withEndedReason(invoice, (key) => translators[lang](key));

/** POST /p/orderInvoice: an invoice for one of the shopper's paid orders, one per order. */
export async function applyOrderInvoice(ctx: AppContext, userId: string, input: ApplyInvoice): Promise<number> {
  const found = await findUserOrder(ctx.db, userId, input.orderNumber, anyShopCard);
  if (!found || (input.shopId !== undefined && input.shopId !== found.order.shopId)) throw notFound('invoice.errors.orderNotFound');
  const { order } = found;
  if (order.refundStatus === ORDER_REFUND_STATUS.allRefunded) throw invalid('invoice.errors.orderRefunded');
  if (order.status === ORDER_STATUS.cancelled) throw invalid('invoice.errors.orderClosed');
  if (!order.isPayed) throw invalid('invoice.errors.notPaid');
  // For what the shopper paid less what was refunded so far (a later refund lowers it: the settle step).
  const refunded = await sumRefunded(ctx.db, order.orderNumber);
  return invoices.applyInvoice(ctx, { orderNumber: order.orderNumber, userId, shopId: order.shopId, actualTotal: order.actualTotal, refunded }, input);
}

/** PUT /p/orderInvoice: not for an order cancelled or refunded in full (its invoice was ended for that). */
export async function reissueOrderInvoice(ctx: AppContext, userId: string, input: ReissueInvoice): Promise<void> {
  const invoice = await invoices.userInvoice(ctx, userId, input.orderInvoiceId, parts('zh'));
  const found = await findUserOrder(ctx.db, userId, invoice.orderNumber, anyShopCard);
  // A full refund before shipment closes the order too: the refund is the reason to name.
  if (found?.order.refundStatus === ORDER_REFUND_STATUS.allRefunded) throw invalid('invoice.errors.orderRefunded');
  if (found?.order.status === ORDER_STATUS.cancelled) throw invalid('invoice.errors.orderClosed');
  const amount = found ? invoices.invoiceAmountOf({ actualTotal: found.order.actualTotal, refunded: await sumRefunded(ctx.db, found.order.orderNumber) }) : undefined;
  return invoices.reissueInvoice(ctx, userId, input.orderInvoiceId, input, amount);
}

/** GET /p/orderInvoice/page. */
export async function myInvoicePage(ctx: AppContext, userId: string, query: InvoicePageQuery, lang: Language): Promise<Page<OrderInvoice>> {
  const page = await invoices.userInvoicePage(ctx, userId, query, parts(lang));
  return { ...page, records: page.records.map((r) => readable(r, lang)) };
}

/**
 * GET /p/orderInvoice/info/{id}: with the reason it cannot be asked again (endReason) when its order
 * was since refunded in full or cancelled, as PUT /p/orderInvoice would refuse it.
 */
export async function myInvoice(ctx: AppContext, userId: string, id: number, lang: Language): Promise<OrderInvoice> {
  const invoice = await invoices.userInvoice(ctx, userId, id, parts(lang));
  const order = invoice.endReason ? undefined : (await findUserOrder(ctx.db, userId, invoice.orderNumber, anyShopCard))?.order;
  const endReason = order?.refundStatus === ORDER_REFUND_STATUS.allRefunded ? 'refunded' : order?.status === ORDER_STATUS.cancelled ? 'cancelled' : invoice.endReason;
  return readable({ ...invoice, endReason }, lang);
}

/** GET /p/file/get_file_by_id: a signed link to an issued invoice's file, only for the order's owner. */
export async function myInvoiceFile(ctx: AppContext, userId: string, fileId: number): Promise<FileLink> {
  const invoice = await invoices.userInvoiceOfFile(ctx, userId, fileId, parts('zh'));
  const file = invoice ? await fileById(ctx, fileId) : undefined;
  if (!invoice || !file) throw notFound('invoice.errors.fileNotFound');
  const ext = file.path.slice(file.path.lastIndexOf('.') + 1);
  return { fileId, url: await fileLink(ctx, file.path), fileName: `invoice-${invoice.orderNumber}.${ext}` };
}

async function signedFile(ctx: AppContext, fileId: number): Promise<string | null> {
  const file = await fileById(ctx, fileId);
  return file ? fileLink(ctx, file.path) : null;
}

/** GET /merchant/invoices: the shop's queue, with a signed link to each issued file. */
export async function shopInvoicePage(ctx: AppContext, session: MerchantSession, query: InvoicePageQuery, lang: Language): Promise<Page<MerchantInvoice>> {
  const page = await invoices.shopInvoicePage(ctx, session.shopId, query, parts(lang), (fileId) => signedFile(ctx, fileId));
  return { ...page, records: page.records.map((r) => readable(r, lang)) };
}

async function answer(ctx: AppContext, shopId: number, id: number, lang: Language): Promise<MerchantInvoice> {
  const row = await invoices.shopInvoice(ctx, shopId, id, parts(lang));
  return readable(invoices.merchantInvoiceOf(row, row.invoice.fileId && row.invoice.invoiceState === 2 ? await signedFile(ctx, row.invoice.fileId) : null), lang);
}

/**
 * POST /merchant/invoices/{id}/file: the shop's invoice file (PDF or image) issues the invoice.
 * The request is checked first (the shop's own, still applying), so no file is stored for nothing.
 */
export async function issueShopInvoice(
  ctx: AppContext,
  session: MerchantSession,
  id: number,
  file: { filename: string; bytes: Buffer },
  lang: Language,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<MerchantInvoice> {
  const row = await invoices.shopInvoice(ctx, session.shopId, id, parts(lang));
  if (row.invoice.invoiceState !== 1) throw invalid('invoice.errors.notApplying');
  // An invoice asked at checkout waits for the order's payment; a cancelled order is never invoiced.
  const order = await findShopOrder(ctx.db, session.shopId, row.invoice.orderNumber);
  if (!order || order.status === ORDER_STATUS.unpaid || order.status === ORDER_STATUS.cancelled) throw invalid('invoice.errors.orderNotInvoiceable');
  // The invoice is for what the shopper finally paid: the actual total less the refunds settled so far.
  const amount = Math.max(0, order.actualTotal - (await sumRefunded(ctx.db, order.orderNumber)));
  const saved = await saveShopDocument(ctx, { shopId: session.shopId, file });
  try {
    await invoices.issueInvoice(ctx, session.shopId, id, saved.id, amount);
  } catch (err) {
    // Another upload, a refusal or a refund moved the invoice first (the conditional update missed):
    // this file is nobody's. After any other failure the update may have landed, so the file stays.
    // The merchant is told why the upload failed even when the clean-up fails too.
    if (err instanceof AppError && err.kind === 'conflict') {
      await discardShopDocument(ctx, saved).catch((cleanup: unknown) => log.warn({ err: cleanup, fileId: saved.id }, 'an unused invoice file stays stored'));
    }
    throw err;
  }
  return answer(ctx, session.shopId, id, lang);
}

/** PUT /merchant/invoices/{id}/fail. */
export async function failShopInvoice(ctx: AppContext, session: MerchantSession, id: number, failReason: string, lang: Language): Promise<MerchantInvoice> {
  await invoices.shopInvoice(ctx, session.shopId, id, parts(lang));
  await invoices.failInvoice(ctx, session.shopId, id, failReason);
  return answer(ctx, session.shopId, id, lang);
}
