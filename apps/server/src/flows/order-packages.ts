// An order's packages as the shopper and the merchant see them (reference 2.6): logistics owns the
// packages and their traces, the order module owns the order, its owner and its lines' names.
import type { Language } from '@bazaar/shared/constants/limits';
import type { DeliveryTrack, OrderPackage } from '@bazaar/shared/schemas/logistics';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { invalid } from '../lib/app-error.ts';
import { findDeliveryTrack, listPackages } from '../modules/logistics/service.ts';
import { findOrderLines, findOrderOwner } from '../modules/order/delivery-reads.ts';
import { localized } from '../lib/localized.ts';


/** An order's packages ready for display (the shopper's and the merchant's calls): two queries, in parallel. */
export async function orderPackages(db: Db | Tx, orderNumber: string, lang: Language): Promise<OrderPackage[]> {
  const [packages, orderLines] = await Promise.all([listPackages(db, orderNumber, lang), findOrderLines(db, orderNumber)]);
  const lines = new Map(orderLines.map((l) => [l.id, l]));
  return packages.map((p) => ({
    ...p,
    items: p.items.flatMap((i) => {
      const line = lines.get(i.orderItemId);
      if (!line) return [];
      return [
        {
          orderItemId: i.orderItemId,
          prodId: line.prodId,
          prodName: localized(lang, line.prodNameZh, line.prodNameEn),
          skuName: localized(lang, line.skuNameZh, line.skuNameEn),
          pic: line.pic,
          count: i.count,
        },
      ];
    }),
  }));
}

/** The caller's order only; another user's (or a deleted) order is "not found". */
export async function myOrderPackages(ctx: AppContext, userId: string, orderNumber: string, lang: Language): Promise<OrderPackage[]> {
  const owner = await findOrderOwner(ctx.db, orderNumber);
  if (!owner || owner.userId !== userId || owner.deleteStatus !== 0) throw invalid('logistics.errors.orderNotFound');
  return orderPackages(ctx.db, orderNumber, lang);
}

/** A package of the caller's own (not deleted) order, with its timeline. */
export async function myDeliveryTrack(ctx: AppContext, userId: string, deliveryId: number, lang: Language): Promise<DeliveryTrack> {
  const found = await findDeliveryTrack(ctx, deliveryId, lang);
  const owner = found ? await findOrderOwner(ctx.db, found.orderNumber) : null;
  if (!found || !owner || owner.userId !== userId || owner.deleteStatus !== 0) throw invalid('logistics.errors.deliveryNotFound');
  return found.track;
}
