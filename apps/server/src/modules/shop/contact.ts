// A shop's contact as after-sales uses it (decision 059): its name, phone and full address, the
// return address a shop that set none sends returns to, and the number its reminders go to.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { shops } from '../../db/schema/shop.ts';

export interface ShopContact {
  nameZh: string;
  nameEn: string | null;
  tel: string | null;
  /** Province, city, area and street joined. */
  address: string;
}

export async function findShopContact(db: Db | Tx, shopId: number): Promise<ShopContact | undefined> {
  const [row] = await db
    .select({ nameZh: shops.nameZh, nameEn: shops.nameEn, tel: shops.tel, province: shops.province, city: shops.city, area: shops.area, address: shops.address })
    .from(shops)
    .where(eq(shops.id, shopId));
  if (!row) return undefined;
  const parts = [row.province, row.city, row.area, row.address].filter((p): p is string => !!p && p.trim() !== '');
  // Municipalities repeat the province as the city.
  const address = parts.filter((p, i) => i === 0 || p !== parts[i - 1]).join(' ');
  return { nameZh: row.nameZh, nameEn: row.nameEn, tel: row.tel, address };
}
