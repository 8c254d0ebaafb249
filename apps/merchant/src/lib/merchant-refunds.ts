// The merchant center's after-sales over the API (issue 26): the queue's query (with its counts by
// state), a request, the shop's return address, and the three decisions (accept, refuse, receive),
// each of which makes the queue, the request, the dashboard's counts and the order stale. The pages
// (features/refunds.tsx, refund-detail.tsx, dashboard.tsx) only lay them out.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import type { ConsoleLang } from '@bazaar/shared/console/api-client';
import {
  MerchantRefundDetailSchema,
  MerchantRefundPageSchema,
  RefundCountsSchema,
  ReturnAddressSchema,
  type MerchantRefundTab,
  type RefundCounts,
  type ReturnAddressInput,
} from '@bazaar/shared/schemas/refund';

export const REFUNDS_QUERY = 'refunds';
export const REFUND_QUERY = 'refund';
export const REFUND_COUNTS_QUERY = 'refund-counts';
export const REFUND_PAGE_SIZE = 10;

export interface RefundFilters {
  tab: MerchantRefundTab;
  /** 0 both, 1 refund only, 2 return and refund. */
  applyType: number;
  /** A refund or order number, or its start; blank for every request. */
  keyword: string;
  /** Requested on or after / on or before these days (yyyy-MM-dd). */
  dateFrom?: string;
  dateTo?: string;
}
export const ALL_REFUNDS: RefundFilters = { tab: 'all', applyType: 0, keyword: '' };

/** The count shown on each tab (none on "all"). */
export const TAB_COUNTS: Partial<Record<MerchantRefundTab, keyof RefundCounts>> = {
  toHandle: 'applied',
  toShip: 'accepted',
  toReceive: 'buyerShipped',
  refunding: 'sellerReceived',
  success: 'success',
  refused: 'refused',
  closed: 'closed',
};

export function useRefundPage(api: ConsoleApi, lang: ConsoleLang, filters: RefundFilters, current: number) {
  return useQuery({
    queryKey: [REFUNDS_QUERY, lang, filters.tab, filters.applyType, filters.keyword, filters.dateFrom, filters.dateTo, current],
    queryFn: () =>
      api('/merchant/refunds', {
        lang,
        query: { tab: filters.tab, applyType: filters.applyType, keyword: filters.keyword.trim() || undefined, dateFrom: filters.dateFrom, dateTo: filters.dateTo, current, size: REFUND_PAGE_SIZE },
        schema: MerchantRefundPageSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The requests per state, for the dashboard. */
export function useRefundCounts(api: ConsoleApi, lang: ConsoleLang, enabled = true) {
  return useQuery({ queryKey: [REFUND_COUNTS_QUERY, lang], queryFn: () => api('/merchant/refunds/counts', { lang, schema: RefundCountsSchema }), enabled });
}

export function useRefund(api: ConsoleApi, lang: ConsoleLang, refundSn: string) {
  return useQuery({ queryKey: [REFUND_QUERY, refundSn, lang], queryFn: () => api(`/merchant/refunds/${refundSn}`, { lang, schema: MerchantRefundDetailSchema }) });
}

/** The shop's return address (its settings, or its address and phone), to prefill an accepted return. */
export function useReturnAddress(api: ConsoleApi, lang: ConsoleLang, enabled: boolean) {
  return useQuery({ queryKey: ['return-address', lang], queryFn: () => api('/merchant/refunds/return-address', { lang, schema: ReturnAddressSchema }), enabled });
}

export type RefundDecision = { kind: 'accept'; returnAddress?: ReturnAddressInput; saveAsDefault?: boolean } | { kind: 'refuse'; reason: string } | { kind: 'receive' };

/**
 * Accept (a return with the address it sends, which may first become the shop's own), refuse with
 * a reason, or confirm the returned goods arrived.
 */
export async function decideRefund(api: ConsoleApi, lang: ConsoleLang, refundSn: string, decision: RefundDecision): Promise<void> {
  if (decision.kind === 'accept' && decision.saveAsDefault && decision.returnAddress) {
    await api('/merchant/refunds/return-address', { lang, method: 'PUT', body: decision.returnAddress });
  }
  const body = decision.kind === 'accept' ? (decision.returnAddress ? { returnAddress: decision.returnAddress } : {}) : decision.kind === 'refuse' ? { reason: decision.reason } : {};
  await api(`/merchant/refunds/${refundSn}/${decision.kind}`, { lang, method: 'PUT', body });
}

export function useDecideRefund(api: ConsoleApi, lang: ConsoleLang, refundSn: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: RefundDecision) => decideRefund(api, lang, refundSn, decision),
    // Whatever the answer (a refusal may mean someone else decided first): read everything again.
    onSettled: async () => {
      await Promise.all(
        [[REFUND_QUERY, refundSn], [REFUNDS_QUERY], [REFUND_COUNTS_QUERY], ['return-address'], ['order'], ['orders']].map((queryKey) => client.invalidateQueries({ queryKey })),
      );
    },
  });
}
