// The demo's points mall (issue 29, decision 066): points items on the official store's products, in
// both languages as the products are. buyer01 holds 2,680 points: the 500, 800, 1,200 (+¥9.90) and
// 2,000 (virtual) items are within reach, the 5,000 and 9,900 (+¥49.00) ones are not. Items take
// products no flash sale uses, the cheapest in stock first. Written once, into a database that has none.
import { and, asc, count, eq, gt, notInArray, sql } from 'drizzle-orm';
import { PRODUCT_STATUS, SKU_STATUS } from '@bazaar/shared/constants/product-status';
import { POINTS_ITEM_STATUS } from '@bazaar/shared/constants/points-mall';
import type { Db } from '../client.ts';
import { pointsItems, products, seckills, shops, skus } from '../schema.ts';
import { DAY_MS, SHOPS } from './site-data.ts';

interface PointsItemDef {
  /** 1 = a virtual product (an e-book card, a membership). */
  mold: 0 | 1;
  scorePrice: number;
  cashPrice: number;
  stocks: number;
  maxNum: number;
}

export const POINTS_ITEM_DEFS: PointsItemDef[] = [
  { mold: 0, scorePrice: 500, cashPrice: 0, stocks: 200, maxNum: -1 },
  { mold: 0, scorePrice: 800, cashPrice: 0, stocks: 3, maxNum: 1 },
  { mold: 0, scorePrice: 1_200, cashPrice: 990, stocks: 100, maxNum: 5 },
  { mold: 1, scorePrice: 2_000, cashPrice: 0, stocks: 50, maxNum: 2 },
  { mold: 0, scorePrice: 5_000, cashPrice: 0, stocks: 30, maxNum: 1 },
  { mold: 0, scorePrice: 9_900, cashPrice: 4_900, stocks: 10, maxNum: 1 },
];

export async function seedPointsMall(db: Db, now: Date): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(pointsItems);
  if ((existing?.n ?? 0) > 0) return;
  const self = SHOPS.find((s) => s.key === 'self');
  const [shop] = self ? await db.select({ id: shops.id }).from(shops).where(eq(shops.nameZh, self.nameZh)) : [];
  if (!shop) return;
  const flash = (await db.select({ id: seckills.productId }).from(seckills)).map((r) => r.id);
  const taken = new Set<number>();
  const rows: Array<typeof pointsItems.$inferInsert> = [];
  for (const [i, def] of POINTS_ITEM_DEFS.entries()) {
    // The cheapest products in stock, in order; the dearer items take dearer goods.
    const candidates = await db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.shopId, shop.id),
          eq(products.status, PRODUCT_STATUS.onShelf),
          eq(products.mold, def.mold),
          flash.length > 0 ? notInArray(products.id, flash) : undefined,
          sql`exists (select 1 from ${skus} where ${skus.productId} = ${products.id} and ${skus.status} = ${SKU_STATUS.enabled} and (${skus.stocks} = -1 or ${skus.stocks} > 20))`,
          gt(products.price, 0),
        ),
      )
      .orderBy(asc(products.price), asc(products.id))
      .limit(40);
    const pick = candidates.map((c) => c.id).filter((id) => !taken.has(id))[def.mold === 1 ? 0 : Math.min(i * 4, 39)];
    if (pick === undefined) continue;
    taken.add(pick);
    const at = new Date(now.getTime() - (POINTS_ITEM_DEFS.length - i) * DAY_MS);
    rows.push({ productId: pick, shopId: shop.id, scorePrice: def.scorePrice, cashPrice: def.cashPrice, stocks: def.stocks, maxNum: def.maxNum, status: POINTS_ITEM_STATUS.on, createdAt: at, updatedAt: at });
  }
  if (rows.length > 0) await db.insert(pointsItems).values(rows);
}
