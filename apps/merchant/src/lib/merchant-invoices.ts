// The merchant center's invoice queue over the API (decision 061): the page by state, the issued
// file sent as multipart (the JSON client does not carry files), and the refusal with its reason.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import type { ConsoleLang } from '@bazaar/shared/console/api-client';
import { ApiError } from '@bazaar/shared/console/api-client';
import { pageOf, type Page } from '@bazaar/shared/schemas/common';
import { FailInvoiceSchema, INVOICE_FILE_EXTENSIONS, INVOICE_FILE_MAX_BYTES, MerchantInvoiceSchema, type MerchantInvoice } from '@bazaar/shared/schemas/invoice';
import { IMAGE_MAX_BYTES } from '@bazaar/shared/constants/limits';
import { session } from './api.ts';

export const INVOICES_QUERY = 'invoices';
export const INVOICE_PAGE_SIZE = 10;
const InvoicePageSchema = pageOf(MerchantInvoiceSchema);

/** 0: every state. */
export type InvoiceTab = 0 | 1 | 2 | 3;

export function fetchInvoices(api: ConsoleApi, lang: ConsoleLang, state: InvoiceTab, current: number): Promise<Page<MerchantInvoice>> {
  return api('/merchant/invoices', { lang, query: { invoiceState: state || undefined, current, size: INVOICE_PAGE_SIZE }, schema: InvoicePageSchema });
}

export function useInvoicePage(api: ConsoleApi, lang: ConsoleLang, state: InvoiceTab, current: number) {
  return useQuery({ queryKey: [INVOICES_QUERY, lang, state, current], queryFn: () => fetchInvoices(api, lang, state, current), placeholderData: keepPreviousData });
}

/** The file rules before anything is sent: PDF up to 5 MB, JPG or PNG up to 2 MB (the server checks again). */
export function fileProblem(file: { name: string; size: number }): 'invoices.badFormat' | 'invoices.tooLarge' | null {
  const ext = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  if (!file.name.includes('.') || !(INVOICE_FILE_EXTENSIONS as readonly string[]).includes(ext)) return 'invoices.badFormat';
  if (file.size > (ext === 'pdf' ? INVOICE_FILE_MAX_BYTES : IMAGE_MAX_BYTES)) return 'invoices.tooLarge';
  return null;
}

export type UploadInvoice = (orderInvoiceId: number, file: File, lang: ConsoleLang) => Promise<MerchantInvoice>;

/** POST /merchant/invoices/{id}/file as multipart. */
export const uploadInvoiceFile: UploadInvoice = async (orderInvoiceId, file, lang) => {
  const body = new FormData();
  body.append('file', file);
  const token = session.token();
  const res = await fetch(`/api/merchant/invoices/${orderInvoiceId}/file`, { method: 'POST', body, headers: { 'Accept-Language': lang, ...(token ? { Authorization: token } : {}) } });
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, res.status < 500 ? text : '');
  return MerchantInvoiceSchema.parse(JSON.parse(text));
};

export function useUploadInvoice(upload: UploadInvoice, lang: ConsoleLang) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => upload(id, file, lang),
    onSuccess: () => void client.invalidateQueries({ queryKey: [INVOICES_QUERY] }),
  });
}

export function useFailInvoice(api: ConsoleApi, lang: ConsoleLang) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, failReason }: { id: number; failReason: string }) =>
      api(`/merchant/invoices/${id}/fail`, { lang, method: 'PUT', body: FailInvoiceSchema.parse({ failReason }), schema: MerchantInvoiceSchema }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [INVOICES_QUERY] }),
  });
}
