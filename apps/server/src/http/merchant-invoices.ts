// HTTP for the merchant center's invoice queue (decision 061): the shop's invoice requests, the
// issued file (a PDF or an image, multipart `file`) and a refusal with its reason. Each needs the
// invoices.manage permission and reaches only the session's shop: another shop's invoice answers 404.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf } from '@bazaar/shared/schemas/common';
import { FailInvoiceSchema, INVOICE_FILE_MAX_BYTES, InvoiceIdParamSchema, InvoicePageQuerySchema, MerchantInvoiceSchema } from '@bazaar/shared/schemas/invoice';
import { failShopInvoice, issueShopInvoice, shopInvoicePage } from '../flows/invoices.ts';
import { invalid } from '../lib/app-error.ts';
import { merchantSession } from '../plugins/auth.ts';

const tags = ['merchant: invoices'];
const security = [{ token: [] }];

/** The one `file` part, or the invoice file's messages. */
async function readInvoiceFile(request: FastifyRequest): Promise<{ filename: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw invalid('invoice.errors.fileMissing');
  const file = await request.file();
  if (!file || file.fieldname !== 'file') throw invalid('invoice.errors.fileMissing');
  try {
    return { filename: file.filename, bytes: await file.toBuffer() };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw invalid('invoice.errors.fileSize');
    throw err;
  }
}

export async function merchantInvoiceRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  await app.register(multipart, { limits: { fileSize: INVOICE_FILE_MAX_BYTES + 1, files: 1, fields: 10, parts: 20 } });

  api.get(
    '/merchant/invoices',
    {
      config: { permission: 'invoices.manage' },
      schema: {
        summary: "A page of the shop's invoice requests, newest first, optionally by state (1 applying, 2 invoiced, 3 failed)",
        description: 'An issued one carries a signed link to its file (valid one to two hours).',
        tags,
        security,
        querystring: InvoicePageQuerySchema,
        response: { 200: pageOf(MerchantInvoiceSchema) },
      },
    },
    (request) => shopInvoicePage(ctx, merchantSession(request), request.query, request.lang),
  );
  api.post(
    '/merchant/invoices/:id/file',
    {
      config: { permission: 'invoices.manage', limit: 'upload' },
      schema: {
        summary: 'Issue an applying invoice with its file: a PDF (at most 5 MB) or a JPG/PNG image (at most 2 MB)',
        tags,
        security,
        consumes: ['multipart/form-data'],
        params: InvoiceIdParamSchema,
        response: { 200: MerchantInvoiceSchema },
      },
    },
    async (request) => issueShopInvoice(ctx, merchantSession(request), request.params.id, await readInvoiceFile(request), request.lang, request.log),
  );
  api.put(
    '/merchant/invoices/:id/fail',
    {
      config: { permission: 'invoices.manage' },
      schema: {
        summary: 'Refuse an applying invoice with a reason (1-200 characters) the shopper reads',
        tags,
        security,
        params: InvoiceIdParamSchema,
        body: FailInvoiceSchema,
        response: { 200: MerchantInvoiceSchema },
      },
    },
    (request) => failShopInvoice(ctx, merchantSession(request), request.params.id, request.body.failReason, request.lang),
  );
}
