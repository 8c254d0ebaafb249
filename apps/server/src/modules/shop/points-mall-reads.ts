// The shop module's read for the points mall (issue 29, decision 066): the self-run shops, whose
// products alone may be points items.
import { eq } from 'drizzle-orm';
import { SHOP_TYPE } from '@bazaar/shared/constants/shop-status';
import type { Db, Tx } from '../../db/client.ts';
import { shops } from '../../db/schema/shop.ts';

export interface SelfRunShop {
  id: number;
  nameZh: string;
  nameEn: string | null;
  status: number;
}

/** Every self-run shop (type 1), whatever its status. */
export async function listSelfRunShops(db: Db | Tx): Promise<SelfRunShop[]> {
  return db.select({ id: shops.id, nameZh: shops.nameZh, nameEn: shops.nameEn, status: shops.status }).from(shops).where(eq(shops.type, SHOP_TYPE.selfRun)).orderBy(shops.id);
}
