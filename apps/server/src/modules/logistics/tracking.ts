// Following packages: a `courier.advance` job per step asks the courier (sandbox or real) where
// a package is, writes the new scans as delivery_traces and the package's state, and schedules
// the next step. Each step is its own job row ("<deliveryId>:<n>"), so a step that ran is never
// re-armed by mistake, and any number of instances may sweep (the row lock serialises a package).
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { scheduleJob, type JobHandler } from '../../lib/jobs.ts';
import type { CourierProvider, TrackRequest } from '../../providers/courier/courier-provider.ts';
import * as repo from './repository.ts';

export const COURIER_JOB = 'courier.advance';
/** A real waybill is followed at most this long after shipment. */
const TRACK_LIMIT_MS = 60 * 86_400_000;

interface CourierJobPayload {
  deliveryId: number;
  /** The sandbox's step length when the package shipped. */
  stepMs?: number;
}

export interface NewPackage {
  deliveryId: number;
  request: TrackRequest;
}

/** Subscribes a freshly shipped package with the courier, inside the shipping transaction. */
export async function startTracking(tx: Tx, courier: CourierProvider, pkg: NewPackage, now: Date): Promise<void> {
  const { firstCheckAt } = await courier.subscribe(pkg.request, now);
  const payload: CourierJobPayload = { deliveryId: pkg.deliveryId, ...(pkg.request.stepMs ? { stepMs: pkg.request.stepMs } : {}) };
  await scheduleJob(tx, { kind: COURIER_JOB, ref: `${pkg.deliveryId}:1`, runAt: firstCheckAt, payload });
}

function parsePayload(text: string | null): CourierJobPayload | null {
  try {
    const value = JSON.parse(text ?? 'null') as CourierJobPayload | null;
    return value && Number.isInteger(value.deliveryId) ? value : null;
  } catch {
    return null;
  }
}

/** Where a package travels: the shop's city, the address copy's city, area and phone (the order's and the shop's data). */
export interface PackageRoute {
  fromCity: string | null;
  toCity: string | null;
  toArea: string | null;
  phone: string | null;
}

/** The `courier.advance` handler; `routeOf` answers the route of a package's order (flows/track-delivery.ts). */
export function courierAdvanceHandler(ctx: AppContext, routeOf: (orderNumber: string) => Promise<PackageRoute | null>): JobHandler {
  const { courier } = ctx.providers;
  return async (job) => {
    const payload = parsePayload(job.payload);
    if (!payload) return;
    const step = Number(job.ref.split(':')[1] ?? '1');
    const target = await repo.findTrackTarget(ctx.db, payload.deliveryId);
    if (!target?.dvyFlowId || !target.companyCode) return;
    const route = await routeOf(target.orderNumber);
    if (!route) return;
    const request: TrackRequest = {
      companyCode: target.companyCode,
      companyName: target.companyName ?? '',
      waybill: target.dvyFlowId,
      shippedAt: target.shippedAt,
      phone: route.phone ?? undefined,
      fromCity: route.fromCity,
      toCity: route.toCity,
      toArea: route.toArea,
      stepMs: payload.stepMs,
    };
    const now = ctx.now();
    // The courier is asked outside the transaction: a slow courier never holds a row lock.
    const result = await courier.track(request, now);
    await ctx.db.transaction(async (tx) => {
      if (!(await repo.lockDelivery(tx, target.id))) return;
      const known = new Set((await repo.listTraceKeys(tx, target.id)).map((k) => `${k.acceptTime.getTime()}|${k.acceptStation}`));
      const fresh = result.events.filter((e) => !known.has(`${e.time.getTime()}|${e.station}`));
      await repo.insertTraces(
        tx,
        fresh.map((e) => ({ deliveryId: target.id, acceptTime: e.time, acceptStation: e.station, state: e.state, message: e.message ?? null })),
      );
      if (result.state !== target.state && (fresh.length > 0 || result.events.length > 0)) await repo.updateDeliveryState(tx, target.id, result.state, now);
      const tooLate = now.getTime() - target.shippedAt.getTime() > TRACK_LIMIT_MS;
      if (result.nextCheckAt && !tooLate) {
        await scheduleJob(tx, { kind: COURIER_JOB, ref: `${target.id}:${step + 1}`, runAt: result.nextCheckAt, payload });
      }
    });
  };
}
