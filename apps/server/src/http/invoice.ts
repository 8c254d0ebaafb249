// HTTP for the shopper's invoices (reference 2.10, decision 061): ask one for a paid order,
// re-issue it with a corrected header, list and read them, and open an issued one's file through a
// short-lived signed link that only the order's owner is given.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf } from '@bazaar/shared/schemas/common';
import {
  ApplyInvoiceSchema,
  FileIdQuerySchema,
  FileLinkSchema,
  InvoiceIdParamSchema,
  InvoicePageQuerySchema,
  OrderInvoiceSchema,
  ReissueInvoiceSchema,
} from '@bazaar/shared/schemas/invoice';
import { applyOrderInvoice, myInvoice, myInvoiceFile, myInvoicePage, reissueOrderInvoice } from '../flows/invoices.ts';
import { shopperId } from '../plugins/auth.ts';

const tags = ['invoice'];
const security = [{ token: [] }];

export async function invoiceRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  api.post(
    '/p/orderInvoice',
    {
      schema: {
        summary: 'Ask for the invoice of one of my paid orders (one per order)',
        description:
          'headerType 1 unit (headerName and invoiceTaxNumber, a unified social credit code with its GB 32100-2015 check character) or 2 personal (the tax number is dropped). invoiceType and invoiceContext are 1. Answers the invoice, applying.',
        tags,
        security,
        body: ApplyInvoiceSchema,
        response: { 200: OrderInvoiceSchema },
      },
    },
    async (request) => {
      const id = await applyOrderInvoice(ctx, shopperId(request), request.body);
      return myInvoice(ctx, shopperId(request), id, request.lang);
    },
  );
  api.put(
    '/p/orderInvoice',
    {
      schema: {
        summary: 'Re-issue my invoice with a corrected header',
        description: 'Whatever its state, the invoice goes back to applying: a refusal\'s reason and an issued file are dropped. Answers the invoice.',
        tags,
        security,
        body: ReissueInvoiceSchema,
        response: { 200: OrderInvoiceSchema },
      },
    },
    async (request) => {
      await reissueOrderInvoice(ctx, shopperId(request), request.body);
      return myInvoice(ctx, shopperId(request), request.body.orderInvoiceId, request.lang);
    },
  );
  api.get(
    '/p/orderInvoice/page',
    { schema: { summary: 'A page of my invoices, newest first (invoiceState 1 applying, 2 invoiced, 3 failed)', tags, security, querystring: InvoicePageQuerySchema, response: { 200: pageOf(OrderInvoiceSchema) } } },
    (request) => myInvoicePage(ctx, shopperId(request), request.query, request.lang),
  );
  api.get(
    '/p/orderInvoice/info/:id',
    { schema: { summary: 'One of my invoices; fileId once issued', tags, security, params: InvoiceIdParamSchema, response: { 200: OrderInvoiceSchema } } },
    (request) => myInvoice(ctx, shopperId(request), request.params.id, request.lang),
  );
  api.get(
    '/p/file/get_file_by_id',
    {
      schema: {
        summary: 'A signed link to a file of mine (an issued invoice of my order)',
        description: 'The link works for one to two hours (decision 023); another shopper\'s file answers 404.',
        tags,
        security,
        querystring: FileIdQuerySchema,
        response: { 200: FileLinkSchema },
      },
    },
    (request) => myInvoiceFile(ctx, shopperId(request), request.query.fileId),
  );
}
