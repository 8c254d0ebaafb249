// Logistics: courier companies, an order's packages (written when it ships) and their timelines.
// Whose order a package belongs to is the order module's; flows/order-packages.ts checks it.
import type { Language } from '@bazaar/shared/constants/limits';
import type { DeliveryCompany, DeliveryTrack, OrderPackage } from '@bazaar/shared/schemas/logistics';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { formatApiTime } from '../../lib/api-time.ts';
import type { CourierProvider } from '../../providers/courier/courier-provider.ts';
import { parseTraceMessage, traceText } from '../../providers/courier/trace-text.ts';
import * as repo from './repository.ts';
import { startTracking } from './tracking.ts';
import { localized } from '../../lib/localized.ts';


export async function listCompanies(ctx: AppContext, lang: Language): Promise<DeliveryCompany[]> {
  const rows = await repo.listCompanies(ctx.db);
  return rows.map((r) => ({ dvyId: r.id, dvyName: localized(lang, r.nameZh, r.nameEn) }));
}

export interface Courier {
  id: number;
  nameZh: string;
  nameEn: string | null;
  /** Offered by GET /p/delivery/list. */
  active: boolean;
}

const COURIERS_CACHE = 'couriers';

/**
 * Every courier company, enabled or not, kept in memory: seeded, and no call changes them, so the
 * after-sales waybill checks its courier and names it in the reader's language without a read.
 */
export async function allCouriers(ctx: Pick<AppContext, 'db' | 'caches'>): Promise<Courier[]> {
  // Named as GET /p/delivery/list names them: courierName.
  const cache = ctx.caches.named<Courier[]>(COURIERS_CACHE, { ttlMs: 60 * 60_000, max: 1 });
  return cache.cached('all') ?? (await cache.get('all', async () => (await repo.listAllCompanies(ctx.db)).map((c) => ({ ...c, active: Boolean(c.active) }))));
}

/** The courier's name in the reader's language, as GET /p/delivery/list gives it. */
export const courierName = (courier: Courier, lang: Language) => localized(lang, courier.nameZh, courier.nameEn);

/** An order's packages, oldest first, with what each holds (order line ids and pieces). One query. */
export async function listPackages(db: Db | Tx, orderNumber: string, lang: Language) {
  const rows = await repo.listDeliveriesWithItems(db, orderNumber);
  type Package = Omit<OrderPackage, 'items'> & { items: Array<{ orderItemId: number; count: number }> };
  const packages = new Map<number, Package>();
  for (const r of rows) {
    let pkg = packages.get(r.id);
    if (!pkg) {
      pkg = {
        orderDeliveryId: r.id,
        dvyId: r.dvyId,
        dvyName: localized(lang, r.companyZh ?? r.dvyName, r.companyEn),
        dvyFlowId: r.dvyFlowId ?? '',
        createTime: formatApiTime(r.createdAt),
        state: r.state,
        items: [],
      };
      packages.set(r.id, pkg);
    }
    if (r.orderItemId !== null && r.count !== null) pkg.items.push({ orderItemId: r.orderItemId, count: r.count });
  }
  return [...packages.values()];
}

/** A package and its timeline, newest scan first; null when there is no such package. */
export async function findDeliveryTrack(ctx: AppContext, deliveryId: number, lang: Language): Promise<{ orderNumber: string; track: DeliveryTrack } | null> {
  const delivery = await repo.findDelivery(ctx.db, deliveryId);
  if (!delivery) return null;
  const traces = await repo.listTraces(ctx.db, deliveryId);
  const companyName = localized(lang, delivery.companyZh ?? delivery.dvyName, delivery.companyEn);
  // The sandbox's scans read in the shopper's language; a real courier's text is shown as sent.
  const station = (t: (typeof traces)[number]) => {
    const message = parseTraceMessage(t.message);
    return message ? traceText(message, lang, companyName) : t.acceptStation;
  };
  return {
    orderNumber: delivery.orderNumber,
    track: {
      orderDeliveryId: delivery.id,
      companyName,
      dvyFlowId: delivery.dvyFlowId ?? '',
      state: delivery.state,
      traces: traces.map((t) => ({ acceptTime: formatApiTime(t.acceptTime), acceptStation: station(t), state: t.state })),
    },
  };
}

/** The enabled courier companies among `ids`, by id (a missing one is unknown or disabled). */
export async function activeCompanies(db: Db | Tx, ids: number[]) {
  return new Map((await repo.listActiveCompanies(db, ids)).map((c) => [c.id, c]));
}

export type ActiveCompany = Awaited<ReturnType<typeof repo.listActiveCompanies>>[number];

/** Pieces already packed per order line, by order line id. */
export async function shippedCounts(db: Db | Tx, orderNumbers: string[]): Promise<Map<number, number>> {
  return new Map((await repo.listShippedCounts(db, orderNumbers)).map((s) => [s.orderItemId, Number(s.shipped)]));
}

/**
 * Writes the packages of a shipped order and subscribes each with the courier, inside the
 * shipping transaction. The pieces per order line are summed per package.
 */
export async function createPackages(
  tx: Tx,
  courier: CourierProvider,
  input: {
    orderNumber: string;
    packages: Array<{ company: ActiveCompany; dvyFlowId: string; items: Array<{ orderItemId: number; count: number }> }>;
    now: Date;
    stepMs?: number;
  },
): Promise<void> {
  const { now } = input;
  for (const pkg of input.packages) {
    const deliveryId = await repo.insertDelivery(tx, {
      orderNumber: input.orderNumber,
      dvyId: pkg.company.id,
      dvyName: pkg.company.nameZh,
      dvyFlowId: pkg.dvyFlowId,
      state: 0,
      createdAt: now,
      updatedAt: now,
    });
    const counts = new Map<number, number>();
    for (const item of pkg.items) counts.set(item.orderItemId, (counts.get(item.orderItemId) ?? 0) + item.count);
    await repo.insertDeliveryItems(
      tx,
      [...counts].map(([orderItemId, count]) => ({ deliveryId, orderItemId, count })),
    );
    await startTracking(
      tx,
      courier,
      { deliveryId, request: { companyCode: pkg.company.code, companyName: pkg.company.nameZh, waybill: pkg.dvyFlowId, shippedAt: now, stepMs: input.stepMs } },
      now,
    );
  }
}
