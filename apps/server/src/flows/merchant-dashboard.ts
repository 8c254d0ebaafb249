// GET /merchant/dashboard: the shop's paid orders and sales today, this month and on each of the
// last DASHBOARD_DAYS days (zero where none), its orders to ship and its low-stock SKUs. Days and
// months are the mall's (GMT+8, like every time the API answers); money is fen, summed as bigint.
import type { Language } from '@bazaar/shared/constants/limits';
import { DASHBOARD_DAYS, LOW_STOCK_LIST_MAX, LOW_STOCK_THRESHOLD, type MerchantDashboard } from '@bazaar/shared/schemas/merchant-orders';
import type { AppContext } from '../context.ts';
import type { MerchantSession } from '../modules/merchant/service.ts';
import { lowStockSkus } from '../modules/product/low-stock.ts';
import { countToShip, paidByDay } from '../modules/order/shop-stats.ts';
import { localized } from '../lib/localized.ts';

const GMT8_MS = 8 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

/** The mall day ('yyyy-MM-dd') of an instant. */
const mallDay = (at: number) => new Date(at + GMT8_MS).toISOString().slice(0, 10);

/** Fen totals stay exact as bigint and leave as numbers (safe far beyond any shop's sales). */
function sum(rows: Array<{ orders: number; sales: bigint }>) {
  let orders = 0;
  let sales = 0n;
  for (const r of rows) {
    orders += r.orders;
    sales += r.sales;
  }
  return { orders, sales: Number(sales) };
}

export async function merchantDashboard(ctx: AppContext, session: MerchantSession, lang: Language): Promise<MerchantDashboard> {
  const now = ctx.now().getTime();
  const today = mallDay(now);
  const todayStart = Date.parse(`${today}T00:00:00Z`) - GMT8_MS;
  const tomorrowStart = todayStart + DAY_MS;
  const monthStart = Date.parse(`${today.slice(0, 8)}01T00:00:00Z`) - GMT8_MS;
  const chartStart = todayStart - (DASHBOARD_DAYS - 1) * DAY_MS;
  const [paid, toShip, low] = await Promise.all([
    paidByDay(ctx.db, session.shopId, new Date(Math.min(monthStart, chartStart)), new Date(tomorrowStart)),
    countToShip(ctx.db, session.shopId),
    lowStockSkus(ctx.db, session.shopId, LOW_STOCK_THRESHOLD, LOW_STOCK_LIST_MAX),
  ]);
  const byDay = new Map(paid.map((d) => [d.date, d]));
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
    const date = mallDay(chartStart + i * DAY_MS);
    const d = byDay.get(date);
    return { date, orders: d?.orders ?? 0, sales: d ? Number(d.sales) : 0 };
  });
  return {
    today,
    todayPaid: sum(paid.filter((d) => d.date === today)),
    monthPaid: sum(paid.filter((d) => d.date.startsWith(today.slice(0, 8)))),
    toShip,
    lowStock: {
      threshold: LOW_STOCK_THRESHOLD,
      count: low.count,
      skus: low.rows.map((r) => ({ skuId: r.skuId, prodId: r.prodId, prodName: localized(lang, r.prodNameZh, r.prodNameEn), skuName: localized(lang, r.skuNameZh, r.skuNameEn), stocks: r.stocks })),
    },
    days,
  };
}
