// The shop module's reads the product editor and the platform's product list need: a shop's own
// categories (hidden ones included: a merchant files products under them before showing them) and
// shop names by id (flows/merchant-products.ts, flows/admin-products.ts).
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { shopCategories, shops } from '../../db/schema/shop.ts';

export async function listOwnCategories(db: Db | Tx, shopId: number) {
  return db
    .select({ id: shopCategories.id, parentId: shopCategories.parentId, nameZh: shopCategories.nameZh, nameEn: shopCategories.nameEn, status: shopCategories.status })
    .from(shopCategories)
    .where(eq(shopCategories.shopId, shopId))
    .orderBy(asc(shopCategories.seq), asc(shopCategories.id));
}

export async function findShopNames(db: Db, shopIds: number[]): Promise<Map<number, { nameZh: string; nameEn: string | null }>> {
  if (shopIds.length === 0) return new Map();
  const rows = await db.select({ id: shops.id, nameZh: shops.nameZh, nameEn: shops.nameEn }).from(shops).where(inArray(shops.id, [...new Set(shopIds)]));
  return new Map(rows.map((r) => [r.id, { nameZh: r.nameZh, nameEn: r.nameEn }]));
}
