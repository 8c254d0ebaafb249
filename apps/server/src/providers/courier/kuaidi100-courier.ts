// The real courier adapter: Kuaidi100's real-time query API (poll/query.do). A form POST of
// customer, param (JSON) and sign = upper(md5(param + key + customer)). We poll on a schedule
// (jobs) instead of taking push callbacks, so no public callback URL is needed.
import { createHash } from 'node:crypto';
import { LOGISTICS_STATE } from '@bazaar/shared/constants/order-status';
import type { CourierProvider, TrackEvent, TrackRequest, TrackResult } from './courier-provider.ts';

export const KUAIDI100_ENDPOINT = 'https://poll.kuaidi100.com/poll/query.do';
const REQUEST_TIMEOUT_MS = 10_000;

/** Our delivery_companies.code -> Kuaidi100's company code. */
export const KUAIDI100_COMPANY_CODES: Record<string, string> = {
  SF: 'shunfeng',
  JD: 'jd',
  ZTO: 'zhongtong',
  YTO: 'yuantong',
  YD: 'yunda',
  STO: 'shentong',
  EMS: 'ems',
};

export interface Kuaidi100Options {
  customer: string;
  key: string;
  endpoint?: string;
  pollMs: number;
  /** Injected by tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

export function kuaidi100Sign(param: string, key: string, customer: string): string {
  return createHash('md5').update(`${param}${key}${customer}`, 'utf8').digest('hex').toUpperCase();
}

/** The form body of one query. */
export function buildQueryForm(options: Pick<Kuaidi100Options, 'customer' | 'key'>, request: TrackRequest): URLSearchParams {
  const param = JSON.stringify({
    com: KUAIDI100_COMPANY_CODES[request.companyCode] ?? request.companyCode.toLowerCase(),
    num: request.waybill,
    phone: request.phone ?? '',
    from: request.fromCity ?? '',
    to: request.toCity ?? '',
    resultv2: '1',
    show: '0',
    order: 'asc',
  });
  return new URLSearchParams({ customer: options.customer, sign: kuaidi100Sign(param, options.key, options.customer), param });
}

interface QueryAnswer {
  result?: boolean;
  returnCode?: string;
  message?: string;
  state?: string;
  ischeck?: string;
  data?: Array<{ time?: string; context?: string; status?: string }>;
}

/** Kuaidi100's overall state: 0 in transit, 1 collected, 2 trouble, 3 signed, 4 returned-signed, 5 delivering, 6 returning, 7 transferred, 8 customs, 14 refused. */
export function mapKuaidi100State(state: string | undefined): number {
  switch (state) {
    case '1':
      return LOGISTICS_STATE.received;
    case '3':
      return LOGISTICS_STATE.signed;
    case '5':
      return LOGISTICS_STATE.reachedCity;
    case '2':
    case '4':
    case '6':
    case '14':
      return LOGISTICS_STATE.faulty;
    default:
      return LOGISTICS_STATE.inTransit;
  }
}

/** A scan's own status word (resultv2=1). */
function scanState(status: string | undefined): number {
  if (!status) return LOGISTICS_STATE.inTransit;
  if (status.includes('揽收')) return LOGISTICS_STATE.received;
  if (status.includes('签收') && !status.includes('退') && !status.includes('拒')) return LOGISTICS_STATE.signed;
  if (status.includes('派件') || status.includes('派送')) return LOGISTICS_STATE.reachedCity;
  if (/疑难|退|拒|异常/.test(status)) return LOGISTICS_STATE.faulty;
  return LOGISTICS_STATE.inTransit;
}

/** 'yyyy-MM-dd HH:mm:ss' in GMT+8, as Kuaidi100 sends times. */
function parseChinaTime(text: string | undefined): Date | null {
  const m = text?.match(/^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/);
  return m ? new Date(`${m[1]}T${m[2]}+08:00`) : null;
}

export function createKuaidi100Courier(options: Kuaidi100Options): CourierProvider {
  const doFetch = options.fetch ?? fetch;
  const later = (now: Date) => new Date(now.getTime() + options.pollMs);
  return {
    name: 'kuaidi100',
    isSandbox: false,
    async subscribe(_request, now) {
      return { firstCheckAt: later(now) };
    },
    async track(request, now): Promise<TrackResult> {
      const response = await doFetch(options.endpoint ?? KUAIDI100_ENDPOINT, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: buildQueryForm(options, request).toString(),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const answer = (await response.json().catch(() => ({}))) as QueryAnswer;
      if (answer.result === false) {
        // 500: nothing known yet (the courier has not scanned it); ask again later.
        if (answer.returnCode === '500') return { state: LOGISTICS_STATE.none, events: [], nextCheckAt: later(now) };
        throw new Error(`Kuaidi100 query failed: ${answer.returnCode ?? response.status} ${answer.message ?? ''}`.trim());
      }
      if (!response.ok || answer.message !== 'ok') throw new Error(`Kuaidi100 query failed: ${response.status} ${answer.message ?? ''}`.trim());
      const events: TrackEvent[] = [];
      for (const scan of answer.data ?? []) {
        const time = parseChinaTime(scan.time);
        if (time && scan.context) events.push({ time, station: scan.context, state: scanState(scan.status) });
      }
      events.sort((a, b) => a.time.getTime() - b.time.getTime());
      return { state: mapKuaidi100State(answer.state), events, nextCheckAt: answer.ischeck === '1' ? null : later(now) };
    },
  };
}
