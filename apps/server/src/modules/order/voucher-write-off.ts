// A shop writes off (核销) the voucher codes of its virtual orders (decision 014 issues them at
// payment). The write-off is one conditional update: of any number of parallel write-offs of a
// code, exactly one finds it unused and succeeds; the others learn why not from a read after.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Language } from '@bazaar/shared/constants/limits';
import { ORDER_STATUS } from '@bazaar/shared/constants/order-status';
import type { VoucherWriteOffResult } from '@bazaar/shared/schemas/merchant-orders';
import type { Db } from '../../db/client.ts';
import { orderItems, orderVirtualCodes, orders } from '../../db/schema/order.ts';
import { formatApiTime } from '../../lib/api-time.ts';
import { conflict, invalid } from '../../lib/app-error.ts';
import { localized } from '../../lib/localized.ts';

/** A code can be written off once the order is paid and delivered (pending receipt) or completed. */
const REDEEMABLE = [ORDER_STATUS.shipped, ORDER_STATUS.completed];


export async function writeOffVoucher(db: Db, shopId: number, code: string, now: Date, lang: Language): Promise<VoucherWriteOffResult> {
  const [done] = await db
    .update(orderVirtualCodes)
    .set({ status: 1, usedAt: now })
    .where(
      and(
        eq(orderVirtualCodes.code, code),
        eq(orderVirtualCodes.status, 0),
        sql`(${orderVirtualCodes.expiresAt} is null or ${orderVirtualCodes.expiresAt} > ${now.toISOString()}::timestamptz)`,
        sql`exists (select 1 from ${orders} where ${orders.orderNumber} = ${orderVirtualCodes.orderNumber} and ${orders.shopId} = ${shopId} and ${orders.status} in (${sql.join(REDEEMABLE.map((s) => sql`${s}`), sql`, `)}))`,
      ),
    )
    .returning({ orderNumber: orderVirtualCodes.orderNumber, orderItemId: orderVirtualCodes.orderItemId, usedAt: orderVirtualCodes.usedAt });
  if (!done) throw await whyNot(db, shopId, code, now);

  const [[line], [left]] = await Promise.all([
    done.orderItemId === null
      ? Promise.resolve([])
      : db
          .select({ prodNameZh: orderItems.prodNameZh, prodNameEn: orderItems.prodNameEn, skuNameZh: orderItems.skuNameZh, skuNameEn: orderItems.skuNameEn })
          .from(orderItems)
          .where(eq(orderItems.id, done.orderItemId)),
    db
      .select({ n: count() })
      .from(orderVirtualCodes)
      .where(and(eq(orderVirtualCodes.orderNumber, done.orderNumber), eq(orderVirtualCodes.status, 0))),
  ]);
  return {
    code,
    orderNumber: done.orderNumber,
    prodName: line ? localized(lang, line.prodNameZh, line.prodNameEn) : '',
    skuName: line ? localized(lang, line.skuNameZh, line.skuNameEn) : '',
    usedAt: formatApiTime(done.usedAt ?? now),
    remaining: left?.n ?? 0,
  };
}

/** Why a write-off found nothing to update, in the order a cashier would say it. */
async function whyNot(db: Db, shopId: number, code: string, now: Date) {
  const [row] = await db
    .select({ status: orderVirtualCodes.status, usedAt: orderVirtualCodes.usedAt, expiresAt: orderVirtualCodes.expiresAt, shopId: orders.shopId, orderStatus: orders.status })
    .from(orderVirtualCodes)
    .innerJoin(orders, eq(orders.orderNumber, orderVirtualCodes.orderNumber))
    .where(eq(orderVirtualCodes.code, code))
    .orderBy(asc(orderVirtualCodes.id))
    .limit(1);
  if (!row) return invalid('merchantOrders.errors.codeNotFound');
  if (row.shopId !== shopId) return invalid('merchantOrders.errors.codeOtherShop');
  if (row.status !== 0) return conflict('merchantOrders.errors.codeUsed', { time: row.usedAt ? formatApiTime(row.usedAt) : '' });
  if (row.expiresAt && row.expiresAt <= now) return invalid('merchantOrders.errors.codeExpired');
  return conflict('merchantOrders.errors.codeOrderState');
}
