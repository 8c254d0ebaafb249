// GET /merchant/order/export: the shop's orders matching the list's filter as CSV, UTF-8 with a
// byte order mark so Excel opens Chinese text correctly. Bounded (ORDER_EXPORT_MAX_ROWS, checked
// before the first byte) and streamed: rows are read in batches and written as they come, so a
// large export holds one batch in memory, never the whole file.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify, type Stringifier } from 'csv-stringify';
import type { TFunction } from 'i18next';
import type { Language } from '@bazaar/shared/constants/limits';
import { ORDER_EXPORT_MAX_ROWS, type MerchantOrderFilter } from '@bazaar/shared/schemas/merchant-orders';
import type { AppContext } from '../context.ts';
import { invalid } from '../lib/app-error.ts';
import type { MerchantSession } from '../modules/merchant/service.ts';
import { countShopOrders, shopOrderBatches } from '../modules/order/shop-orders.ts';
import { describeOrders } from './ship-order.ts';
import { shopOrderFilter } from './shop-order-search.ts';

const BATCH = 200;
const COLUMNS = [
  'orderNumber',
  'createTime',
  'payTime',
  'status',
  'buyer',
  'items',
  'pieces',
  'goodsTotal',
  'freight',
  'reduce',
  'actualTotal',
  'receiver',
  'mobile',
  'address',
  'remarks',
] as const;

/** Fen as yuan with two decimals, by integer arithmetic (no binary fractions). */
export const yuanText = (fen: number) => `${Math.trunc(fen / 100)}.${String(Math.abs(fen % 100)).padStart(2, '0')}`;

/**
 * A cell Excel must take as text: a leading = + - @ (or tab/return) would start a formula, so
 * buyers' remarks and product names can never run one on the merchant's machine.
 */
export const safeCell = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
/** Long digit strings (order numbers, phones) stay text in Excel instead of turning into 1.23E+18. */
const digitsAsText = (digits: string) => `${digits}\t`;

export interface OrderExport {
  fileName: string;
  body: Stringifier;
}

export async function exportShopOrders(ctx: AppContext, session: MerchantSession, query: MerchantOrderFilter, lang: Language, t: TFunction): Promise<OrderExport> {
  const filter = shopOrderFilter(ctx, query);
  if ((await countShopOrders(ctx.db, session.shopId, filter)) > ORDER_EXPORT_MAX_ROWS) {
    throw invalid('merchantOrders.errors.exportTooMany', { max: ORDER_EXPORT_MAX_ROWS });
  }
  async function* records() {
    for await (const rows of shopOrderBatches(ctx.db, session.shopId, filter, BATCH)) {
      for (const o of await describeOrders(ctx, rows, lang)) {
        const a = o.address;
        yield [
          digitsAsText(o.orderNumber),
          o.createTime,
          o.payTime ?? '',
          t(`merchantOrders.export.status.${o.status}`),
          safeCell(o.buyerName),
          safeCell(o.items.map((i) => `${i.prodName}${i.skuName ? ` (${i.skuName})` : ''} × ${i.prodCount}`).join('; ')),
          o.items.reduce((n, i) => n + i.prodCount, 0),
          yuanText(o.total),
          yuanText(o.freight),
          yuanText(o.reduceAmount),
          yuanText(o.actualTotal),
          safeCell(a?.receiver ?? ''),
          a ? digitsAsText(a.mobile) : '',
          safeCell(a ? `${a.province}${a.city}${a.area}${a.addr}` : ''),
          safeCell(o.remarks),
        ];
      }
    }
  }
  const body = stringify({ bom: true, header: true, columns: COLUMNS.map((c) => t(`merchantOrders.export.columns.${c}`)) });
  // A failure half-way destroys the response (the client sees a broken download, not a short file).
  pipeline(Readable.from(records()), body).catch((error: unknown) => body.destroy(error as Error));
  const stamp = new Date(ctx.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace(/\D/g, '');
  return { fileName: `orders-${session.shopId}-${stamp}.csv`, body };
}
