// Platform notices and the site configuration edited by staff (issue 10): the content module's
// rows, the upload module's check of the site's images, and the audit log. A site-config change
// drops the parsed configuration on every instance; notices are read uncached by the storefront.
import type { Page } from '@bazaar/shared/schemas/common';
import type { PaySwitch, ServiceSwitch } from '@bazaar/shared/schemas/site';
import type { AdminNotice, AdminSiteConfig, NoticeInput, NoticeQuery, TermsInput, WebConfigInput } from '@bazaar/shared/schemas/platform-content';
import type { AppContext } from '../context.ts';
import * as notices from '../modules/content/notice-admin.ts';
import * as config from '../modules/content/site-config-admin.ts';
import { checkSiteImages } from './category-admin.ts';
import { staffChange } from './staff-change.ts';

export function pageNotices(ctx: AppContext, query: NoticeQuery): Promise<Page<AdminNotice>> {
  return notices.pagePlatformNotices(ctx.db, query);
}

export async function getNotice(ctx: AppContext, id: number): Promise<AdminNotice> {
  return notices.toAdminNotice(await notices.findPlatformNotice(ctx.db, id));
}

export function createNotice(ctx: AppContext, adminId: number, input: NoticeInput): Promise<AdminNotice> {
  return staffChange(
    ctx,
    adminId,
    async (tx, now) => {
      const row = await notices.createPlatformNotice(tx, input, now);
      return { result: notices.toAdminNotice(row), action: 'notice.create', targetType: 'notice', targetId: row.id, before: null, after: notices.noticeAuditState(row) };
    },
  );
}

type NoticeChange = Awaited<ReturnType<typeof notices.pinPlatformNotice>>;
const noticeEntry = (id: number, action: 'notice.update' | 'notice.publish' | 'notice.pin', { before, after }: NoticeChange) => {
  const fields = config.changedFields(notices.noticeAuditState(before), notices.noticeAuditState(after));
  return { result: notices.toAdminNotice(after), action, targetType: 'notice', targetId: id, ...fields };
};

export function updateNotice(ctx: AppContext, adminId: number, id: number, input: NoticeInput): Promise<AdminNotice> {
  return staffChange(ctx, adminId, async (tx, now) => noticeEntry(id, 'notice.update', await notices.updatePlatformNotice(tx, id, input, now)));
}

export function publishNotice(ctx: AppContext, adminId: number, id: number, published: boolean): Promise<AdminNotice> {
  return staffChange(ctx, adminId, async (tx, now) => noticeEntry(id, 'notice.publish', await notices.publishPlatformNotice(tx, id, published, now)));
}

export function pinNotice(ctx: AppContext, adminId: number, id: number, isTop: boolean): Promise<AdminNotice> {
  return staffChange(ctx, adminId, async (tx, now) => noticeEntry(id, 'notice.pin', await notices.pinPlatformNotice(tx, id, isTop, now)));
}

export function getSiteConfig(ctx: AppContext): Promise<AdminSiteConfig> {
  return config.readSiteConfig(ctx.db);
}

const dropConfig = (ctx: AppContext) => () => config.dropSiteConfigCache(ctx);

export async function updateWebConfig(ctx: AppContext, adminId: number, input: WebConfigInput): Promise<AdminSiteConfig> {
  await checkSiteImages(ctx, [input.pcLogoImgText, input.pcTitleImg]);
  await staffChange(
    ctx,
    adminId,
    async (tx, now) => {
      const { before, after } = await config.writeWebConfig(tx, input, now);
      return { result: undefined, action: 'siteConfig.web', targetType: 'siteConfig', targetId: 'webConfig', ...config.changedFields(before, after) };
    },
    dropConfig(ctx),
  );
  return getSiteConfig(ctx);
}

export async function updateServiceSwitch(ctx: AppContext, adminId: number, input: ServiceSwitch): Promise<AdminSiteConfig> {
  await staffChange(
    ctx,
    adminId,
    async (tx, now) => {
      const { before, after } = await config.writeServiceSwitch(tx, input, now);
      return { result: undefined, action: 'siteConfig.serviceSwitch', targetType: 'siteConfig', targetId: 'serviceSwitch', before, after };
    },
    dropConfig(ctx),
  );
  return getSiteConfig(ctx);
}

export async function updatePaySwitch(ctx: AppContext, adminId: number, input: PaySwitch): Promise<AdminSiteConfig> {
  await staffChange(
    ctx,
    adminId,
    async (tx, now) => {
      const { before, after } = await config.writePaySwitch(tx, input, now);
      return { result: undefined, action: 'siteConfig.paySwitch', targetType: 'siteConfig', targetId: 'paySwitch', before, after };
    },
    dropConfig(ctx),
  );
  return getSiteConfig(ctx);
}

export async function updateTerms(ctx: AppContext, adminId: number, kind: 'serviceTerms' | 'privacyPolicy', input: TermsInput): Promise<AdminSiteConfig> {
  await staffChange(
    ctx,
    adminId,
    async (tx, now) => {
      const { before, after } = await config.writeTerms(tx, kind, input, now);
      return { result: undefined, action: 'siteConfig.terms', targetType: 'siteConfig', targetId: kind, before, after };
    },
    dropConfig(ctx),
  );
  return getSiteConfig(ctx);
}
