// A merchant's shop settings across their owners (issue 10): the shop module keeps the settings, the
// upload module says which images the shop uploaded, and the product module's detail cache holds
// the shop card (logo, introduction) and the freight that product pages show, so a change drops it on
// every instance.
import type { Language } from '@bazaar/shared/constants/limits';
import type { MerchantShopSettings, MerchantShopSettingsInput } from '@bazaar/shared/schemas/merchant-shop';
import type { FreightRule } from '@bazaar/shared/schemas/freight';
import type { AppContext } from '../context.ts';
import { invalid } from '../lib/app-error.ts';
import { PRODUCT_DETAIL_CACHE } from '../modules/product/service.ts';
import { shopSettings, updateShopSettings } from '../modules/shop/settings.ts';
import { saveShopFreightRule } from '../modules/shop/freight.ts';
import { shopOwnedPaths } from '../modules/upload/service.ts';
import type { MerchantSession } from '../modules/merchant/service.ts';

/**
 * Saves the shop's face. A logo or banner must be the one already set or an image this shop's
 * merchant uploaded (never another shop's or a shopper's file, nor a private document).
 */
export async function saveShopSettings(ctx: AppContext, session: MerchantSession, input: MerchantShopSettingsInput, lang: Language): Promise<MerchantShopSettings> {
  const { shopId } = session;
  const current = await shopSettings(ctx, shopId, lang);
  const changed = [
    { value: input.logo, before: current.logo, key: 'shopApply.errors.logoRequired' },
    { value: input.banner, before: current.banner, key: 'merchantShop.errors.bannerInvalid' },
  ].filter((image): image is { value: string; before: string | null; key: string } => image.value !== null && image.value !== image.before);
  if (changed.length > 0) {
    const owned = await shopOwnedPaths(ctx, shopId, changed.map((image) => image.value));
    const stranger = changed.find((image) => !owned.has(image.value));
    if (stranger) throw invalid(stranger.key);
  }
  await updateShopSettings(ctx, shopId, input);
  // Every cached product page carries its shop's card; shop settings change rarely, so all go.
  await ctx.caches.invalidate(PRODUCT_DETAIL_CACHE);
  return shopSettings(ctx, shopId, lang);
}

/** Replaces the shop's freight rule; product pages show its fees, so their cached copies go too. */
export async function saveShopFreight(ctx: AppContext, session: MerchantSession, rule: FreightRule): Promise<FreightRule> {
  const saved = await saveShopFreightRule(ctx.db, session.shopId, rule);
  await ctx.caches.invalidate(PRODUCT_DETAIL_CACHE);
  return saved;
}
