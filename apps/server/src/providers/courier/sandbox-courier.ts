// The courier sandbox: every waybill gets a deterministic route (from its number), one scan per
// step: collected, two or three transit stations, reached the destination city, out for
// delivery, signed. About 1 in 10 waybills ends as a faulty package instead.
import { createHash } from 'node:crypto';
import { LOGISTICS_STATE } from '@bazaar/shared/constants/order-status';
import type { CourierProvider, TrackEvent, TrackRequest, TrackResult } from './courier-provider.ts';
import { traceText, type TraceMessage } from './trace-text.ts';

const HUBS = ['郑州', '武汉', '长沙', '南京', '济南', '西安', '合肥', '南昌'];
/** Couriers' surnames ('王师傅' in Chinese, 'Mr Wang' in English). */
const COURIERS = ['王', '李', '张', '刘', '陈', '赵'];

function digest(waybill: string): Buffer {
  return createHash('sha256').update(`bazaar-courier:${waybill.toUpperCase()}`).digest();
}

/** Faulty packages are chosen by waybill, so a test or a demo can predict them. */
export function isFaultyWaybill(waybill: string): boolean {
  return digest(waybill)[0]! % 10 === 0;
}

/** '杭州市' -> '杭州'; keeps names like '北京' as they are. */
function shortCity(city: string): string {
  return city.length > 2 ? city.replace(/(市|地区|自治州|盟)$/, '') : city;
}

/** The whole route of a waybill, scan by scan, each one step after the one before. */
export function planRoute(request: TrackRequest, stepMs: number): TrackEvent[] {
  const h = digest(request.waybill);
  const from = request.fromCity || '杭州市';
  const to = request.toCity || '上海市';
  const fromShort = shortCity(from);
  const toShort = shortCity(to);
  const company = request.companyName;
  const courier = COURIERS[h[2]! % COURIERS.length]!;
  const courierPhone = `1${String(3 + (h[3]! % 7))}${String(h.readUInt32BE(4) % 1_000_000_000).padStart(9, '0')}`;
  const hub = HUBS.filter((c) => c !== fromShort && c !== toShort)[h[1]! % (HUBS.length - 2)]!;
  const viaHub = h[5]! % 2 === 0;

  const base = { from, fromShort, to, toShort, company, courier };
  const scan = (key: TraceMessage['key'], state: number, extra: TraceMessage['params'] = {}): [TraceMessage, number] => [{ key, params: { ...base, ...extra } }, state];
  const scans: Array<[TraceMessage, number]> = [
    scan('collected', LOGISTICS_STATE.received),
    scan('arrivedOrigin', LOGISTICS_STATE.inTransit),
    viaHub ? scan('leftForHub', LOGISTICS_STATE.inTransit, { hub }) : scan('leftForCity', LOGISTICS_STATE.inTransit),
  ];
  if (viaHub) scans.push(scan('leftHub', LOGISTICS_STATE.inTransit, { hub }));
  if (isFaultyWaybill(request.waybill)) {
    scans.push(scan('damaged', LOGISTICS_STATE.faulty));
  } else {
    scans.push(
      scan('arrivedCity', LOGISTICS_STATE.reachedCity),
      request.toArea
        ? scan('outForDelivery', LOGISTICS_STATE.reachedCity, { area: request.toArea, phone: courierPhone })
        : scan('outForDeliveryDowntown', LOGISTICS_STATE.reachedCity, { phone: courierPhone }),
      scan('signed', LOGISTICS_STATE.signed),
    );
  }
  const start = request.shippedAt.getTime();
  // The stored text is the Chinese one, as a Chinese courier's; the message renders either language.
  return scans.map(([message, state], i) => ({ time: new Date(start + (i + 1) * stepMs), station: traceText(message, 'zh'), state, message }));
}

/** What the route shows at `now`: the scans so far and the time of the next one. */
export function routeAt(route: TrackEvent[], now: Date): TrackResult {
  const events = route.filter((e) => e.time.getTime() <= now.getTime());
  const next = route[events.length];
  return { state: events.at(-1)?.state ?? LOGISTICS_STATE.none, events, nextCheckAt: next ? next.time : null };
}

export function createSandboxCourier(defaultStepMs: number): CourierProvider {
  return {
    name: 'sandbox',
    isSandbox: true,
    async subscribe(request) {
      const stepMs = request.stepMs ?? defaultStepMs;
      return { firstCheckAt: new Date(request.shippedAt.getTime() + stepMs) };
    },
    async track(request, now) {
      return routeAt(planRoute(request, request.stepMs ?? defaultStepMs), now);
    },
  };
}
