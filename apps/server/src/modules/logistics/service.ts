// The shopper's logistics: courier companies, an order's packages and a package's timeline.
import type { Language } from '@bazaar/shared/constants/limits';
import type { DeliveryCompany, DeliveryTrack, OrderPackage } from '@bazaar/shared/schemas/logistics';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { invalid } from '../../lib/app-error.ts';
import { formatApiTime } from '../../lib/api-time.ts';
import type { CourierProvider } from '../../providers/courier/courier-provider.ts';
import * as repo from './repository.ts';
import { startTracking } from './tracking.ts';

const pick = (lang: Language, zh: string | null, en: string | null) => (lang === 'en' && en ? en : (zh ?? ''));

export async function listCompanies(ctx: AppContext, lang: Language): Promise<DeliveryCompany[]> {
  const rows = await repo.listCompanies(ctx.db);
  return rows.map((r) => ({ dvyId: r.id, dvyName: pick(lang, r.nameZh, r.nameEn) }));
}

/** An order's packages ready for display (used by the shopper and the merchant calls). Three queries at most. */
export async function listOrderPackages(db: Db | Tx, orderNumber: string, lang: Language): Promise<OrderPackage[]> {
  const deliveries = await repo.listDeliveries(db, orderNumber);
  const items = await repo.listDeliveryItems(
    db,
    deliveries.map((d) => d.id),
  );
  return deliveries.map((d) => ({
    orderDeliveryId: d.id,
    dvyId: d.dvyId,
    dvyName: pick(lang, d.companyZh ?? d.dvyName, d.companyEn),
    dvyFlowId: d.dvyFlowId ?? '',
    createTime: formatApiTime(d.createdAt),
    state: d.state,
    items: items
      .filter((i) => i.deliveryId === d.id)
      .map((i) => ({
        orderItemId: i.orderItemId,
        prodId: i.prodId,
        prodName: pick(lang, i.prodNameZh, i.prodNameEn),
        skuName: pick(lang, i.skuNameZh, i.skuNameEn),
        pic: i.pic,
        count: i.count,
      })),
  }));
}

/** The caller's order only; another user's (or a deleted) order is "not found". */
export async function myOrderPackages(ctx: AppContext, userId: string, orderNumber: string, lang: Language): Promise<OrderPackage[]> {
  const owner = await repo.findOrderOwner(ctx.db, orderNumber);
  if (!owner || owner.userId !== userId || owner.deleteStatus !== 0) throw invalid('logistics.errors.orderNotFound');
  return listOrderPackages(ctx.db, orderNumber, lang);
}

export async function myDeliveryTrack(ctx: AppContext, userId: string, deliveryId: number, lang: Language): Promise<DeliveryTrack> {
  const delivery = await repo.findDelivery(ctx.db, deliveryId);
  if (!delivery || delivery.userId !== userId || delivery.deleteStatus !== 0) throw invalid('logistics.errors.deliveryNotFound');
  const traces = await repo.listTraces(ctx.db, deliveryId);
  return {
    orderDeliveryId: delivery.id,
    companyName: pick(lang, delivery.companyZh ?? delivery.dvyName, delivery.companyEn),
    dvyFlowId: delivery.dvyFlowId ?? '',
    state: delivery.state,
    traces: traces.map((t) => ({ acceptTime: formatApiTime(t.acceptTime), acceptStation: t.acceptStation, state: t.state })),
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
