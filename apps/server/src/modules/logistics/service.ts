// The shopper's logistics: courier companies, an order's packages and a package's timeline.
import type { Language } from '@bazaar/shared/constants/limits';
import type { DeliveryCompany, DeliveryTrack, OrderPackage } from '@bazaar/shared/schemas/logistics';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { invalid } from '../../lib/app-error.ts';
import { formatApiTime } from '../../lib/api-time.ts';
import * as repo from './repository.ts';

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
