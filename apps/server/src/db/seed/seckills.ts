// The demo's flash sales (issue 27, decision 062), dated from the seed time on the platform's default
// session times (10:00, 14:00, 20:00 Beijing time, two hours each): three running since the last
// session began (and for two days more, so a fresh demo stays live; the official store's third has
// one unit left), two starting at the next session at least half an hour away, two that ended
// before the seed (the close job reconciles them on the first start: the platform's reports), and
// one of the official store waiting for the platform's review. Each takes its flash stock from its
// SKU's stock, as the merchant center does. Written once, into a database that has none.
import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { PRODUCT_STATUS, SKU_STATUS } from '@bazaar/shared/constants/product-status';
import { SECKILL_DEFAULT_SESSIONS } from '@bazaar/shared/constants/seckill';
import type { Db } from '../client.ts';
import { products, seckillSkus, seckills, shops, skus } from '../schema.ts';
import { DAY_MS, SHOPS } from './site-data.ts';

const GMT8_MS = 8 * 3_600_000;
const HOUR_MS = 3_600_000;

type When = 'running' | 'upcoming' | 'ended' | 'pending';

interface SeckillDef {
  shopKey: string;
  when: When;
  nameZh: string;
  nameEn: string;
  /** Flash stock of the product's first SKUs (one entry each). */
  stocks: number[];
  /** The flash price as a share of the usual price. */
  share: number;
  maxNum: number;
  /** Which of the shop's best sellers (0 = the best): the combos and promotions take the first ones. */
  rank: number;
}

const DEFS: SeckillDef[] = [
  { shopKey: 'self', when: 'running', nameZh: '自营爆款限时秒杀', nameEn: 'Official store flash deal', stocks: [50, 30], share: 0.6, maxNum: 2, rank: 3 },
  { shopKey: 'digital', when: 'running', nameZh: '数码好物秒杀', nameEn: 'Gadget flash deal', stocks: [20], share: 0.7, maxNum: 1, rank: 2 },
  { shopKey: 'self', when: 'running', nameZh: '自营秒杀 最后一件', nameEn: 'Official store: the last one', stocks: [1], share: 0.5, maxNum: 1, rank: 4 },
  { shopKey: 'tea', when: 'upcoming', nameZh: '茶器秒杀专场', nameEn: 'Tea ware flash sale', stocks: [30], share: 0.65, maxNum: 2, rank: 4 },
  { shopKey: 'beauty', when: 'upcoming', nameZh: '美妆秒杀', nameEn: 'Beauty flash sale', stocks: [40], share: 0.6, maxNum: 3, rank: 2 },
  { shopKey: 'food', when: 'ended', nameZh: '零食秒杀（已结束）', nameEn: 'Snack flash sale (ended)', stocks: [25], share: 0.55, maxNum: 5, rank: 2 },
  { shopKey: 'books', when: 'ended', nameZh: '好书秒杀（已结束）', nameEn: 'Book flash sale (ended)', stocks: [15], share: 0.6, maxNum: 2, rank: 1 },
  { shopKey: 'self', when: 'pending', nameZh: '自营新品秒杀（待审核）', nameEn: 'Official store new arrivals (in review)', stocks: [20], share: 0.7, maxNum: 2, rank: 5 },
];

/** The default sessions' starts on the Beijing days around `now`, earliest first. */
function sessionStarts(now: Date): Date[] {
  const shifted = new Date(now.getTime() + GMT8_MS);
  const midnight = Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()) - GMT8_MS;
  const minutes = SECKILL_DEFAULT_SESSIONS.map((s) => {
    const [h, m] = s.startTime.split(':').map(Number);
    return h! * 60 + m!;
  });
  return [-2, -1, 0, 1, 2].flatMap((d) => minutes.map((min) => new Date(midnight + d * DAY_MS + min * 60_000)));
}

const SESSION_MS = SECKILL_DEFAULT_SESSIONS[0].durationMinutes * 60_000;

/** The window of each kind, on session boundaries, relative to the seed time. */
export function seckillWindows(now: Date): Record<When, { start: Date; end: Date }> {
  const starts = sessionStarts(now);
  const t = now.getTime();
  const lastStarted = [...starts].reverse().find((s) => s.getTime() <= t)!;
  const next = starts.find((s) => s.getTime() >= t + HOUR_MS / 2)!;
  // The last session that ended at least an hour before the one running now began.
  const ended = [...starts].reverse().find((s) => s.getTime() + SESSION_MS <= lastStarted.getTime() - HOUR_MS)!;
  return {
    running: { start: lastStarted, end: new Date(Math.max(lastStarted.getTime() + SESSION_MS, t + 2 * DAY_MS)) },
    upcoming: { start: next, end: new Date(next.getTime() + SESSION_MS) },
    ended: { start: ended, end: new Date(ended.getTime() + SESSION_MS) },
    pending: { start: next, end: new Date(next.getTime() + SESSION_MS) },
  };
}

export async function seedSeckills(db: Db, now: Date): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(seckills);
  if ((existing?.n ?? 0) > 0) return;
  const names = SHOPS.map((s) => s.nameZh);
  const rows = await db.select({ id: shops.id, nameZh: shops.nameZh }).from(shops).where(inArray(shops.nameZh, names));
  const shopIdOf = new Map(SHOPS.map((s) => [s.key, rows.find((r) => r.nameZh === s.nameZh)?.id]));
  const windows = seckillWindows(now);
  const used = new Set<number>();
  await db.transaction(async (tx) => {
    for (const def of DEFS) {
      const shopId = shopIdOf.get(def.shopKey);
      if (shopId === undefined) continue;
      // The ranked best seller, or the next one with SKUs in stock that no other demo sale took.
      const candidates = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.shopId, shopId), eq(products.status, PRODUCT_STATUS.onShelf), eq(products.prodType, 0)))
        .orderBy(desc(products.soldNum), products.id)
        .offset(def.rank)
        .limit(20);
      let product: { id: number } | undefined;
      let lines: Array<{ id: number; price: number; stocks: number; flash: number }> = [];
      for (const c of candidates) {
        if (used.has(c.id)) continue;
        const skuRows = await tx
          .select({ id: skus.id, price: skus.price, stocks: skus.stocks })
          .from(skus)
          .where(and(eq(skus.productId, c.id), eq(skus.status, SKU_STATUS.enabled), gt(skus.stocks, 0), gt(skus.price, 200)))
          .orderBy(asc(skus.id))
          .limit(def.stocks.length);
        lines = skuRows.map((s, i) => ({ ...s, flash: Math.min(def.stocks[i]!, s.stocks) }));
        if (lines.length > 0) {
          product = c;
          break;
        }
      }
      if (!product) continue;
      used.add(product.id);
      const { start, end } = windows[def.when];
      const created = new Date(Math.min(start.getTime(), now.getTime()) - DAY_MS);
      const [row] = await tx
        .insert(seckills)
        .values({
          shopId,
          productId: product.id,
          nameZh: def.nameZh,
          nameEn: def.nameEn,
          startTime: start,
          endTime: end,
          maxNum: def.maxNum,
          maxCancelTime: 30,
          auditStatus: def.when === 'pending' ? 0 : 1,
          createdAt: created,
          updatedAt: created,
        })
        .returning({ id: seckills.id });
      await tx.insert(seckillSkus).values(
        lines.map((l) => ({
          seckillId: row!.id,
          skuId: l.id,
          // Whole yuan, below the usual price.
          seckillPrice: Math.max(100, Math.min(l.price - 100, Math.round((l.price * def.share) / 100) * 100)),
          seckillStocks: l.flash,
          originalStocks: l.flash,
        })),
      );
      // The flash stock comes out of the SKU's own stock, as the merchant center takes it.
      for (const l of lines) {
        await tx.update(skus).set({ stocks: sql`${skus.stocks} - ${l.flash}` }).where(eq(skus.id, l.id));
        await tx
          .update(products)
          .set({ totalStocks: sql`${products.totalStocks} - ${l.flash}` })
          .where(and(eq(products.id, product.id), sql`${products.totalStocks} <> -1`));
      }
    }
  });
}
