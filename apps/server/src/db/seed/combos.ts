// The demo's discount packages (issue 11 §4, decision 046), dated from the seed time: the tea
// shop's best sellers sold as a set and the official store's two best sellers as a pair, each at a
// package price about 12 % below what they cost apart, running from two days ago for two weeks.
// Written once, into a database that has none.
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { PRODUCT_STATUS, SKU_STATUS } from '@bazaar/shared/constants/product-status';
import type { Db } from '../client.ts';
import { comboItems, combos, products, shops, skus } from '../schema.ts';
import { DAY_MS, SHOPS } from './site-data.ts';

interface ComboDef {
  shopKey: string;
  nameZh: string;
  nameEn: string;
  /** The shop's best sellers it bundles, one piece each. */
  lines: number;
}

const DEFS: ComboDef[] = [
  { shopKey: 'tea', nameZh: '品茗好物组合', nameEn: 'Tea time set', lines: 3 },
  { shopKey: 'self', nameZh: '自营人气搭配套餐', nameEn: 'Official store favourites pair', lines: 2 },
];

export async function seedCombos(db: Db, now: Date): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(combos);
  if ((existing?.n ?? 0) > 0) return;
  const names = SHOPS.map((s) => s.nameZh);
  const rows = await db.select({ id: shops.id, nameZh: shops.nameZh }).from(shops).where(inArray(shops.nameZh, names));
  const shopIdOf = new Map(SHOPS.map((s) => [s.key, rows.find((r) => r.nameZh === s.nameZh)?.id]));
  await db.transaction(async (tx) => {
    for (const def of DEFS) {
      const shopId = shopIdOf.get(def.shopKey);
      if (shopId === undefined) continue;
      const best = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.shopId, shopId), eq(products.status, PRODUCT_STATUS.onShelf), eq(products.prodType, 0)))
        .orderBy(desc(products.soldNum), products.id)
        .limit(def.lines);
      const lines: { productId: number; skuId: number; price: number }[] = [];
      for (const p of best) {
        const [sku] = await tx
          .select({ id: skus.id, price: skus.price })
          .from(skus)
          .where(and(eq(skus.productId, p.id), eq(skus.status, SKU_STATUS.enabled)))
          .orderBy(asc(skus.id))
          .limit(1);
        if (sku) lines.push({ productId: p.id, skuId: sku.id, price: sku.price });
      }
      if (lines.length < 2) continue;
      const original = lines.reduce((n, l) => n + l.price, 0);
      // About 12 % off, in whole yuan, and always below the lines' sum.
      const comboAmount = Math.max(100, Math.min(original - 100, Math.floor((original * 0.88) / 100) * 100));
      const created = new Date(now.getTime() - 3 * DAY_MS);
      const [row] = await tx
        .insert(combos)
        .values({
          shopId,
          nameZh: def.nameZh,
          nameEn: def.nameEn,
          mainProductId: lines[0]!.productId,
          comboAmount,
          startTime: new Date(now.getTime() - 2 * DAY_MS),
          endTime: new Date(now.getTime() + 14 * DAY_MS),
          status: 1,
          createdAt: created,
          updatedAt: created,
        })
        .returning({ id: combos.id });
      await tx.insert(comboItems).values(lines.map((l, i) => ({ comboId: row!.id, productId: l.productId, skuId: l.skuId, count: 1, isMain: i === 0 ? 1 : 0 })));
    }
  });
}
