// The courier sandbox: every waybill gets a deterministic route (from its number), one scan per
// step: collected, two or three transit stations, reached the destination city, out for
// delivery, signed. About 1 in 10 waybills ends as a faulty package instead.
import { createHash } from 'node:crypto';
import { LOGISTICS_STATE } from '@bazaar/shared/constants/order-status';
import type { CourierProvider, TrackEvent, TrackRequest, TrackResult } from './courier-provider.ts';

const HUBS = ['郑州', '武汉', '长沙', '南京', '济南', '西安', '合肥', '南昌'];
const COURIERS = ['王师傅', '李师傅', '张师傅', '刘师傅', '陈师傅', '赵师傅'];

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
  const outlet = request.toArea ? `${toShort}${request.toArea}` : `${toShort}市区`;

  const scans: Array<[string, number]> = [
    [`【${from}】${company} 已收取快件，揽件员：${courier}`, LOGISTICS_STATE.received],
    [`【${from}】快件已到达【${fromShort}转运中心】`, LOGISTICS_STATE.inTransit],
    [`【${from}】快件已由【${fromShort}转运中心】发出，下一站【${viaHub ? `${hub}分拨中心` : `${toShort}转运中心`}】`, LOGISTICS_STATE.inTransit],
  ];
  if (viaHub) scans.push([`【${hub}市】快件已由【${hub}分拨中心】发出，下一站【${toShort}转运中心】`, LOGISTICS_STATE.inTransit]);
  if (isFaultyWaybill(request.waybill)) {
    scans.push([`【${to}】快件在【${toShort}转运中心】发现外包装破损，已暂停派送，正在联系寄件方处理`, LOGISTICS_STATE.faulty]);
  } else {
    scans.push(
      [`【${to}】快件已到达【${toShort}转运中心】`, LOGISTICS_STATE.reachedCity],
      [`【${to}】快件已到达【${outlet}营业部】，派件员：${courier}，电话：${courierPhone}，正在为您派送`, LOGISTICS_STATE.reachedCity],
      [`【${to}】您的快件已签收，签收人：本人签收。感谢使用${company}，期待再次为您服务`, LOGISTICS_STATE.signed],
    );
  }
  const start = request.shippedAt.getTime();
  return scans.map(([station, state], i) => ({ time: new Date(start + (i + 1) * stepMs), station, state }));
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
