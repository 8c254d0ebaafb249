// A shop's own settings, changed by its merchant account (issue 10): the storefront face (logo,
// banner, bilingual introduction, contact number) and its own categories. Every statement is
// bound to the session's shop id, so no call reaches another shop's rows. Category writes lock
// the shop row first: the count limit and the unique name hold under parallel requests.
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Language } from '@bazaar/shared/constants/limits';
import {
  SHOP_CATEGORY_LIMIT,
  type MerchantShopCategory,
  type MerchantShopCategoryInput,
  type MerchantShopSettings,
  type MerchantShopSettingsInput,
} from '@bazaar/shared/schemas/merchant-shop';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { shopCategories, shops } from '../../db/schema/shop.ts';
import { invalid } from '../../lib/app-error.ts';
import { localized } from '../../lib/localized.ts';


export async function shopSettings(ctx: AppContext, shopId: number, lang: Language): Promise<MerchantShopSettings> {
  const [row] = await ctx.db
    .select({ id: shops.id, nameZh: shops.nameZh, nameEn: shops.nameEn, logo: shops.logo, banner: shops.banner, introZh: shops.introZh, introEn: shops.introEn, tel: shops.tel })
    .from(shops)
    .where(eq(shops.id, shopId));
  // The session's shop always exists (the auth plugin checked it); a race with a deletion is a 400.
  if (!row) throw invalid('merchant.errors.unauthorized');
  return {
    shopId: row.id,
    shopName: localized(lang, row.nameZh, row.nameEn),
    logo: row.logo,
    banner: row.banner,
    introZh: row.introZh ?? '',
    introEn: row.introEn ?? '',
    tel: row.tel ?? '',
  };
}

/** Writes the settings (images already checked by the flow). */
export async function updateShopSettings(ctx: AppContext, shopId: number, input: MerchantShopSettingsInput): Promise<void> {
  await ctx.db
    .update(shops)
    .set({ logo: input.logo, banner: input.banner, introZh: input.introZh, introEn: input.introEn, tel: input.tel, updatedAt: ctx.now() })
    .where(eq(shops.id, shopId));
}

// ---- Categories ----

const categoryColumns = { id: shopCategories.id, nameZh: shopCategories.nameZh, nameEn: shopCategories.nameEn, seq: shopCategories.seq, status: shopCategories.status };

type CategoryRow = { id: number; nameZh: string; nameEn: string | null; seq: number; status: number };
const toCategory = (row: CategoryRow): MerchantShopCategory => ({ ...row, nameEn: row.nameEn ?? '' });

/** Every category of the shop, shown or hidden, in the storefront's order. */
export async function listOwnCategories(ctx: AppContext, shopId: number): Promise<MerchantShopCategory[]> {
  const rows = await ctx.db
    .select(categoryColumns)
    .from(shopCategories)
    .where(eq(shopCategories.shopId, shopId))
    .orderBy(asc(shopCategories.parentId), asc(shopCategories.seq), asc(shopCategories.id));
  return rows.map(toCategory);
}

/** Serializes this shop's category writes (the limit and the unique name are checked after it). */
async function lockShop(tx: Tx, shopId: number): Promise<void> {
  await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).for('update');
}

async function nameTaken(tx: Tx, shopId: number, nameZh: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: shopCategories.id })
    .from(shopCategories)
    .where(and(eq(shopCategories.shopId, shopId), sql`lower(${shopCategories.nameZh}) = lower(${nameZh})`, exceptId ? ne(shopCategories.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function createCategory(ctx: AppContext, shopId: number, input: MerchantShopCategoryInput): Promise<MerchantShopCategory> {
  return ctx.db.transaction(async (tx) => {
    await lockShop(tx, shopId);
    const [existing] = await tx.select({ n: count() }).from(shopCategories).where(eq(shopCategories.shopId, shopId));
    if ((existing?.n ?? 0) >= SHOP_CATEGORY_LIMIT) throw invalid('merchantShop.errors.categoryLimit');
    if (await nameTaken(tx, shopId, input.nameZh)) throw invalid('merchantShop.errors.categoryDuplicate');
    const [row] = await tx
      .insert(shopCategories)
      .values({ shopId, parentId: 0, nameZh: input.nameZh, nameEn: input.nameEn, seq: input.seq, status: input.status, createdAt: ctx.now() })
      .returning(categoryColumns);
    return toCategory(row!);
  });
}

/** Rename, reorder, hide or show one of the shop's categories; another shop's id is "not found". */
export async function updateCategory(ctx: AppContext, shopId: number, id: number, input: MerchantShopCategoryInput): Promise<MerchantShopCategory> {
  return ctx.db.transaction(async (tx) => {
    await lockShop(tx, shopId);
    if (await nameTaken(tx, shopId, input.nameZh, id)) throw invalid('merchantShop.errors.categoryDuplicate');
    const [row] = await tx
      .update(shopCategories)
      .set({ nameZh: input.nameZh, nameEn: input.nameEn, seq: input.seq, status: input.status })
      .where(and(eq(shopCategories.id, id), eq(shopCategories.shopId, shopId)))
      .returning(categoryColumns);
    if (!row) throw invalid('merchantShop.errors.categoryNotFound');
    return toCategory(row);
  });
}
