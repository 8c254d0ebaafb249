// Courier tracking: ask a courier where a waybill is. The sandbox (default) invents a believable
// route over time; the real adapter queries Kuaidi100. Both answer the same shape, so the
// logistics module never knows which one runs.
import type { TraceMessage } from './trace-text.ts';

export interface TrackRequest {
  /** Our delivery_companies.code (SF, JD, ZTO, YTO, YD, STO, EMS...). */
  companyCode: string;
  companyName: string;
  waybill: string;
  shippedAt: Date;
  /** The receiver's phone: SF and some others check its last digits. */
  phone?: string;
  fromCity?: string | null;
  toCity?: string | null;
  toArea?: string | null;
  /** Sandbox only: the step length fixed when the package shipped, so a route never changes shape. */
  stepMs?: number;
}

/** One scan of the package; state is the package's LOGISTICS_STATE after it. */
export interface TrackEvent {
  time: Date;
  station: string;
  state: number;
  /** The sandbox's scans: what the text says, to show it in the shopper's language. */
  message?: TraceMessage;
}

export interface TrackResult {
  /** LOGISTICS_STATE now (0 when nothing happened yet). */
  state: number;
  /** Oldest first. */
  events: TrackEvent[];
  /** When to ask again; null when the package's journey is over. */
  nextCheckAt: Date | null;
}

export interface CourierProvider {
  readonly name: string;
  readonly isSandbox: boolean;
  /** Starts following a waybill; answers when to ask first. */
  subscribe(request: TrackRequest, now: Date): Promise<{ firstCheckAt: Date }>;
  track(request: TrackRequest, now: Date): Promise<TrackResult>;
}
