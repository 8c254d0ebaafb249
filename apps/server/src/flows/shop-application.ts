// The free store application across its owners: the shop module keeps the application and its
// review trail, the upload module the documents and their signed links, the address module the
// region names, the audit module the staff log (issue 10; sections 3-5; reference 2.11, 5.11).
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import { defaultPinFor } from '@bazaar/shared/constants/region-centres';
import type { Page } from '@bazaar/shared/schemas/common';
import {
  PRIVATE_FILE_PATTERN,
  type AdminApplication,
  type ApplicationQuery,
  type ShopApplication,
  type ShopApplyInput,
  type ShopAudit,
} from '@bazaar/shared/schemas/shop-application';
import type { AppContext } from '../context.ts';
import { uniqueViolation } from '../db/errors.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { invalid } from '../lib/app-error.ts';
import { createAddressService } from '../modules/address/service.ts';
import { getProfile } from '../modules/admin/service.ts';
import { recordChange } from '../modules/audit/service.ts';
import * as applications from '../modules/shop/application.ts';
import { findUserShop } from '../modules/shop/repository.ts';
import { fileLink, ownedPaths, PUBLIC_PREFIX } from '../modules/upload/service.ts';

async function toApplication(ctx: AppContext, row: applications.ApplicationRow): Promise<AdminApplication> {
  const [businessLicenseUrl, identityCardFrontUrl, identityCardLaterUrl] = await Promise.all(
    [row.businessLicense, row.identityCardFront, row.identityCardLater].map((stored) => (stored ? fileLink(ctx, stored) : Promise.resolve(''))),
  );
  return {
    shopId: row.id,
    userId: row.userId,
    status: row.status,
    remarks: row.status === SHOP_STATUS.none ? row.auditRemarks : null,
    shopName: row.nameZh,
    tel: row.tel ?? '',
    provinceId: row.provinceId ?? 0,
    province: row.province ?? '',
    cityId: row.cityId ?? 0,
    city: row.city ?? '',
    areaId: row.areaId ?? 0,
    area: row.area ?? '',
    shopAddress: row.address ?? '',
    shopLat: row.lat ?? 0,
    shopLng: row.lng ?? 0,
    intro: row.introZh ?? '',
    shopLogo: row.logo ?? '',
    businessLicense: row.businessLicense ?? '',
    identityCardFront: row.identityCardFront ?? '',
    identityCardLater: row.identityCardLater ?? '',
    businessLicenseUrl: businessLicenseUrl ?? '',
    identityCardFrontUrl: identityCardFrontUrl ?? '',
    identityCardLaterUrl: identityCardLaterUrl ?? '',
    updatedAt: formatApiTime(row.updatedAt),
    auditedAt: row.auditedAt ? formatApiTime(row.auditedAt) : null,
  };
}

const forShopper = ({ userId: _userId, ...application }: AdminApplication): ShopApplication => application;

/** GET /p/shop: my application as I filled it in, with its state; null when I never applied. */
export async function myApplication(ctx: AppContext, userId: string): Promise<ShopApplication | null> {
  const row = await applications.findUserApplication(ctx.db, userId);
  return row ? forShopper(await toApplication(ctx, row)) : null;
}

/** GET /p/shop/shopAudit: the latest review decision and the reason of a rejection. */
export async function myShopAudit(ctx: AppContext, userId: string): Promise<ShopAudit> {
  const shop = await findUserShop(ctx.db, userId);
  if (!shop) return { status: null, remarks: null, shopStatus: SHOP_STATUS.none, shopId: null };
  const row = await applications.findApplication(ctx.db, shop.id);
  return {
    status: shop.auditStatus,
    remarks: shop.status === SHOP_STATUS.none ? (row?.auditRemarks ?? null) : null,
    shopStatus: shop.status,
    shopId: shop.id,
  };
}

/**
 * Each image must be one this shopper uploaded (the logo public, the documents private), or on a
 * resubmission the one already on the application.
 */
async function checkImages(ctx: AppContext, userId: string, input: ShopApplyInput, current: applications.ApplicationRow | undefined) {
  const images = [
    { value: input.shopLogo, stored: current?.logo, isPrivate: false, message: 'shopApply.errors.logoRequired' },
    { value: input.businessLicense, stored: current?.businessLicense, isPrivate: true, message: 'shopApply.errors.licenseRequired' },
    { value: input.identityCardFront, stored: current?.identityCardFront, isPrivate: true, message: 'shopApply.errors.idFrontRequired' },
    { value: input.identityCardLater, stored: current?.identityCardLater, isPrivate: true, message: 'shopApply.errors.idBackRequired' },
  ].filter((image) => image.value !== image.stored);
  const owned = await ownedPaths(ctx, userId, images.map((image) => image.value));
  for (const image of images) {
    const rightKind = image.isPrivate ? PRIVATE_FILE_PATTERN.test(image.value) : image.value.startsWith(PUBLIC_PREFIX);
    if (!rightKind) throw invalid(image.message);
    if (!owned.has(image.value)) throw invalid('shopApply.errors.imageNotYours');
  }
}

/** Where the pin goes: both coordinates as sent, or (no map key) the region's default. */
function pinOf(input: ShopApplyInput): { lat: number; lng: number } {
  if (input.shopLat !== undefined && input.shopLng !== undefined) return { lat: input.shopLat, lng: input.shopLng };
  if (input.shopLat !== undefined || input.shopLng !== undefined) throw invalid('shopApply.errors.location');
  const pin = defaultPinFor(input.areaId || input.cityId);
  if (!pin) throw invalid('shopApply.errors.location');
  return pin;
}

/** POST /p/shop/apply: the first application, or a resubmission after a rejection. */
export async function applyForShop(ctx: AppContext, userId: string, input: ShopApplyInput): Promise<ShopApplication> {
  const current = await applications.findUserApplication(ctx.db, userId);
  if (current?.status === SHOP_STATUS.reviewing) throw invalid('shopApply.errors.reviewing');
  if (current && current.status !== SHOP_STATUS.none) throw invalid('shopApply.errors.alreadyApplied');
  const region = await createAddressService(ctx).resolveRegion(input);
  await checkImages(ctx, userId, input, current);
  const pin = pinOf(input);
  const values: applications.ApplicationValues = {
    nameZh: input.shopName,
    tel: input.tel,
    ...region,
    address: input.shopAddress,
    ...pin,
    introZh: input.intro,
    logo: input.shopLogo,
    businessLicense: input.businessLicense,
    identityCardFront: input.identityCardFront,
    identityCardLater: input.identityCardLater,
  };
  const now = ctx.now();
  try {
    await ctx.db.transaction(async (tx) => {
      if (!current) return applications.insertApplication(tx, userId, values, now);
      if ((await applications.resubmitApplication(tx, userId, values, now)) === null) throw invalid('shopApply.errors.notRejected');
      return current.id;
    });
  } catch (err) {
    if (uniqueViolation(err) === 'shops_user_uq') throw invalid('shopApply.errors.alreadyApplied');
    throw err;
  }
  const saved = await applications.findUserApplication(ctx.db, userId);
  if (!saved) throw new Error('application vanished');
  return forShopper(await toApplication(ctx, saved));
}

// ---- Platform staff ----

/** GET /admin/shop/applications: the queue (under review, oldest first) or any other status. */
export async function pageApplications(ctx: AppContext, query: ApplicationQuery): Promise<Page<AdminApplication>> {
  const { rows, total } = await applications.pageApplications(ctx.db, query.status, query.size, (query.current - 1) * query.size);
  return {
    records: await Promise.all(rows.map((row) => toApplication(ctx, row))),
    total,
    size: query.size,
    current: query.current,
    pages: Math.ceil(total / query.size),
  };
}

export async function getApplication(ctx: AppContext, shopId: number): Promise<AdminApplication> {
  const row = await applications.findApplication(ctx.db, shopId);
  if (!row) throw invalid('platform.errors.notFound');
  return toApplication(ctx, row);
}

/** Approve (0 -> 1) or reject with a reason (0 -> -1); the move and its audit entry are one transaction. */
export async function reviewApplication(
  ctx: AppContext,
  adminId: number,
  shopId: number,
  decision: { passed: true; remarks: null } | { passed: false; remarks: string },
): Promise<AdminApplication> {
  const admin = await getProfile(ctx, adminId);
  const now = ctx.now();
  const after = await ctx.db.transaction(async (tx) => {
    const moved = await applications.decideApplication(tx, shopId, decision, now);
    if (!moved) {
      const exists = await applications.findApplication(tx, shopId);
      throw invalid(exists ? 'platform.errors.notReviewing' : 'platform.errors.notFound');
    }
    await recordChange(
      tx,
      {
        admin: { id: admin.adminId, username: admin.username },
        action: decision.passed ? 'shop.approve' : 'shop.reject',
        targetType: 'shop',
        targetId: shopId,
        before: { status: moved.before.status, remarks: moved.before.auditRemarks },
        after: { status: moved.after.status, remarks: moved.after.auditRemarks },
      },
      now,
    );
    return moved.after;
  });
  return toApplication(ctx, after);
}
