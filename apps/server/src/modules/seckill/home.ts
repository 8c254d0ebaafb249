// The home page's flash-sale block: approved, enabled activities not yet ended, joined with the
// product and shop modules' named queries (flows/catalog.ts hands them in), in one statement.
import { and, asc, eq, gt, min } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { CardParts } from '../../db/card-parts.ts';
import { seckillSkus, seckills } from '../../db/schema/seckill.ts';
import { SECKILL_AUDIT, SECKILL_STATUS } from '@bazaar/shared/constants/seckill';

/** The product and shop modules' named queries an activity list joins (db/card-parts.ts). */
export type SeckillCardParts = CardParts;

/** Running ones first (earliest start first), so the first coming one tells the caller when its cached answer goes stale. */
export async function listHomeSeckills(db: Db, now: Date, limit: number, parts: SeckillCardParts) {
  const product = parts.onShelfProductCard(db);
  const shop = parts.openShopCard(db);
  return db
    .select({
      seckillId: seckills.id,
      prodId: product.prodId,
      nameZh: product.nameZh,
      nameEn: product.nameEn,
      pic: product.pic,
      price: product.price,
      seckillPrice: min(seckillSkus.seckillPrice),
      startTime: seckills.startTime,
      endTime: seckills.endTime,
    })
    .from(seckills)
    .innerJoin(seckillSkus, eq(seckillSkus.seckillId, seckills.id))
    .innerJoin(product, eq(product.prodId, seckills.productId))
    .innerJoin(shop, eq(shop.shopId, product.shopId))
    .where(and(eq(seckills.status, SECKILL_STATUS.on), eq(seckills.auditStatus, SECKILL_AUDIT.approved), gt(seckills.endTime, now)))
    // The product's columns come through a subquery, so they are grouped by name (no key to lean on).
    .groupBy(seckills.id, product.prodId, product.nameZh, product.nameEn, product.pic, product.price)
    .orderBy(asc(seckills.startTime), asc(seckills.endTime), asc(seckills.id))
    .limit(limit);
}
