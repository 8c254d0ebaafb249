// The home page's carousel edited by staff (issue 9): the catalog module's rows, the product
// module's check that the linked product exists, the upload module's check that each picture is
// a stored public image or a demo picture, and the audit log. Every change drops the cached home
// page on every instance, so the storefront shows it at once.
import type { Language } from '@bazaar/shared/constants/limits';
import type { AdminBanner, BannerInput } from '@bazaar/shared/schemas/platform-banners';
import type { AppContext } from '../context.ts';
import { invalid } from '../lib/app-error.ts';
import * as admin from '../modules/catalog/banner-admin.ts';
import { dropHomeCache } from '../modules/catalog/service.ts';
import { findAnyProduct } from '../modules/product/merchant-products.ts';
import { onShelfProductCard } from '../modules/product/repository.ts';
import { openShopCard } from '../modules/shop/repository.ts';
import { checkSiteImages } from './category-admin.ts';
import { staffChange } from './staff-change.ts';

export function listBanners(ctx: AppContext, lang: Language): Promise<AdminBanner[]> {
  return admin.listHomeBanners(ctx.db, lang, { onShelfProductCard, openShopCard });
}

/** The pictures are stored images and the product exists (it may be off the shelf: the slide then shows without a link). */
async function checkInput(ctx: AppContext, input: BannerInput): Promise<void> {
  await checkSiteImages(ctx, [input.img, input.imgEn]);
  if (input.prodId !== null && !(await findAnyProduct(ctx.db, input.prodId))) throw invalid('platformBanners.errors.productNotFound');
}

const drop = (ctx: AppContext) => () => dropHomeCache(ctx);

/** The one slide as the console lists it, after a change. */
async function listed(ctx: AppContext, id: number, lang: Language): Promise<AdminBanner> {
  const found = (await listBanners(ctx, lang)).find((b) => b.id === id);
  if (!found) throw invalid('platformBanners.errors.notFound');
  return found;
}

export async function createBanner(ctx: AppContext, adminId: number, input: BannerInput, lang: Language): Promise<AdminBanner> {
  await checkInput(ctx, input);
  const id = await staffChange(
    ctx,
    adminId,
    async (tx, now) => {
      const row = await admin.createHomeBanner(tx, input, now);
      return { result: row.id, action: 'banner.create', targetType: 'banner', targetId: row.id, before: null, after: admin.bannerAuditState(row) };
    },
    drop(ctx),
  );
  return listed(ctx, id, lang);
}

export async function updateBanner(ctx: AppContext, adminId: number, id: number, input: BannerInput, lang: Language): Promise<AdminBanner> {
  await checkInput(ctx, input);
  await staffChange(
    ctx,
    adminId,
    async (tx) => {
      const { before, after } = await admin.updateHomeBanner(tx, id, input);
      return { result: undefined, action: 'banner.update', targetType: 'banner', targetId: id, before: admin.bannerAuditState(before), after: admin.bannerAuditState(after) };
    },
    drop(ctx),
  );
  return listed(ctx, id, lang);
}

export async function setBannerStatus(ctx: AppContext, adminId: number, id: number, enabled: boolean, lang: Language): Promise<AdminBanner> {
  await staffChange(
    ctx,
    adminId,
    async (tx) => {
      const { before, after } = await admin.setHomeBannerStatus(tx, id, enabled);
      return { result: undefined, action: 'banner.status', targetType: 'banner', targetId: id, before: { status: before.status }, after: { status: after.status } };
    },
    drop(ctx),
  );
  return listed(ctx, id, lang);
}

export function deleteBanner(ctx: AppContext, adminId: number, id: number): Promise<void> {
  return staffChange(
    ctx,
    adminId,
    async (tx) => {
      const before = await admin.deleteHomeBanner(tx, id);
      return { result: undefined, action: 'banner.delete', targetType: 'banner', targetId: id, before: admin.bannerAuditState(before), after: null };
    },
    drop(ctx),
  );
}
