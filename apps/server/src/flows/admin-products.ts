// The platform console's products (issue 10, decision 027): staff search every shop's products and
// take one off the shelf for a rule violation with a reason its merchant sees, or lift that. Each
// decision is written to the audit log in the transaction of the change.
import type { Language } from '@bazaar/shared/constants/limits';
import type { Page } from '@bazaar/shared/schemas/common';
import type { AdminProductQuery, AdminProductRow, TakedownInput } from '@bazaar/shared/schemas/merchant-product';
import type { AppContext } from '../context.ts';
import { invalid } from '../lib/app-error.ts';
import { getProfile } from '../modules/admin/service.ts';
import { recordChange } from '../modules/audit/service.ts';
import * as products from '../modules/product/merchant-products.ts';
import { findShopNames } from '../modules/shop/product-reads.ts';
import { dropStorefrontCaches, listFilter, toProductRow } from './merchant-products.ts';
import { localized } from '../lib/localized.ts';


/** GET /admin/products: every shop's products (not deleted), by keyword, shop and state. */
export async function pageAllProducts(ctx: AppContext, query: AdminProductQuery, lang: Language): Promise<Page<AdminProductRow>> {
  const filter = await listFilter(ctx, query.shopId ?? null, { keyword: query.keyword, status: query.status, stock: 'all' });
  const { rows, total } = await products.pageProducts(ctx.db, filter, query.current, query.size);
  const names = await findShopNames(ctx.db, rows.map((r) => r.shopId));
  return {
    records: rows.map((r) => {
      const shop = names.get(r.shopId);
      return { ...toProductRow(r), shopId: r.shopId, shopName: shop ? localized(lang, shop.nameZh, shop.nameEn) : '' };
    }),
    total,
    size: query.size,
    current: query.current,
    pages: Math.ceil(total / query.size),
  };
}

/** POST /admin/products/:prodId/takedown: off the shelf, and kept off until staff lift it. */
export async function takeDownProduct(ctx: AppContext, adminId: number, prodId: number, input: TakedownInput): Promise<void> {
  const admin = await getProfile(ctx, adminId);
  const now = ctx.now();
  const shopId = await ctx.db.transaction(async (tx) => {
    const before = await products.takeDown(tx, prodId, input.reason, admin.username, now);
    if (!before) {
      const found = await products.findAnyProduct(tx, prodId);
      throw invalid(found ? 'merchantProducts.errors.alreadyTakenDown' : 'merchantProducts.errors.notFound');
    }
    await recordChange(
      tx,
      {
        admin: { id: admin.adminId, username: admin.username },
        action: 'product.takedown',
        targetType: 'product',
        targetId: prodId,
        before: { status: before.beforeStatus, offenceReason: null },
        after: { status: 0, offenceReason: input.reason },
      },
      now,
    );
    return before.shopId;
  });
  await dropStorefrontCaches(ctx, [prodId], [shopId]);
}

/** POST /admin/products/:prodId/lift: the merchant may put it on the shelf again. */
export async function liftTakedown(ctx: AppContext, adminId: number, prodId: number): Promise<void> {
  const admin = await getProfile(ctx, adminId);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const lifted = await products.liftTakedown(tx, prodId, now);
    if (!lifted) {
      const found = await products.findAnyProduct(tx, prodId);
      throw invalid(found ? 'merchantProducts.errors.notTakenDown' : 'merchantProducts.errors.notFound');
    }
    await recordChange(
      tx,
      {
        admin: { id: admin.adminId, username: admin.username },
        action: 'product.lift',
        targetType: 'product',
        targetId: prodId,
        before: { offenceReason: lifted.reason },
        after: { offenceReason: null },
      },
      now,
    );
  });
}
