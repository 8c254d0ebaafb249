import type { Language } from '@bazaar/shared/constants/limits';
import type { FlowAnalysisLog, InviteConfig, NoticeDetail, NoticeSummary, PaySwitch, ServiceSwitch, WebConfig } from '@bazaar/shared/schemas/site';
import { InviteConfigSchema, PaySwitchSchema, ServiceSwitchSchema, WebConfigSchema } from '@bazaar/shared/schemas/site';
import type { AppContext } from '../../context.ts';
import { CONFIG_KEYS } from './config-keys.ts';
import { invalid, notFound } from '../../lib/app-error.ts';
import * as repo from './repository.ts';
import { formatApiTime } from '../../lib/api-time.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { localized } from '../../lib/localized.ts';

export const TOP_NOTICE_LIMIT = 10;

type Localized = Record<Language, { title: string; content: string }>;



const EMPTY_WEB_CONFIG: WebConfig = {
  pcWelcomeCn: '',
  pcWelcomeEn: '',
  pcLogoImgText: '',
  pcCompanyInfoCn: '',
  pcCompanyInfoEn: '',
  pcTitleImg: '',
  pcRecordNumber: '',
  pcRecordUrl: '',
  merchantUrl: '',
};
const SWITCHES_OFF: ServiceSwitch = { serviceTermsSwitch: false, privacyPolicySwitch: false };
const PAY_OFF: PaySwitch = { aliPaySwitch: false, wxPaySwitch: false, balancePaySwitch: false };

export type ContentService = ReturnType<typeof createContentService>;

/** The cache of parsed site configuration, dropped in every instance by setConfig. */
export const SITE_CONFIG_CACHE = 'site-config';
/** A change arrives through setConfig's invalidation; the TTL only bounds a missed one. */
const SITE_CONFIG_CACHE_OPTIONS = { ttlMs: 5 * 60_000, max: 32 };

/**
 * Site configuration is read on every page change, so each value is parsed once and kept in
 * memory (the web config as ready-to-send JSON). setConfig writes through and drops the cache.
 */
export function createContentService(ctx: AppContext) {
  const cache = ctx.caches.named<unknown>(SITE_CONFIG_CACHE, SITE_CONFIG_CACHE_OPTIONS);
  const cached = <T>(key: string, load: () => Promise<T>) => cache.get(key, load) as Promise<T>;

  async function readConfig<T>(key: string, parse: (v: unknown) => T | undefined, fallback: T): Promise<T> {
    return parse(await repo.findConfigValue(ctx.db, key)) ?? fallback;
  }

  return {
    /** The web config serialized once; the route sends the string as is. */
    webConfigJson(): Promise<string> {
      return cached('webConfigJson', async () =>
        JSON.stringify(await readConfig(CONFIG_KEYS.webConfig, (v) => WebConfigSchema.safeParse(v).data, EMPTY_WEB_CONFIG)),
      );
    },

    serviceSwitch(): Promise<ServiceSwitch> {
      return cached(CONFIG_KEYS.serviceSwitch, () =>
        readConfig(CONFIG_KEYS.serviceSwitch, (v) => ServiceSwitchSchema.safeParse(v).data, SWITCHES_OFF),
      );
    },

    paySwitch(): Promise<PaySwitch> {
      return cached(CONFIG_KEYS.paySwitch, () => readConfig(CONFIG_KEYS.paySwitch, (v) => PaySwitchSchema.safeParse(v).data, PAY_OFF));
    },

    /** The /invite page's texts, cleaned once; 404 until the platform has set them. */
    async invite(): Promise<InviteConfig> {
      const config = await cached(CONFIG_KEYS.invite, () =>
        readConfig<InviteConfig | null>(
          CONFIG_KEYS.invite,
          (v) => {
            const parsed = InviteConfigSchema.safeParse(v).data;
            return parsed && { ...parsed, inviteContentCn: sanitizeRichText(parsed.inviteContentCn), inviteContentEn: sanitizeRichText(parsed.inviteContentEn) };
          },
          null,
        ),
      );
      if (!config?.inviteTitleCn) throw notFound();
      return config;
    },

    async terms(kind: 'serviceTerms' | 'privacyPolicy', lang: Language): Promise<{ title: string; content: string }> {
      const texts = await cached(CONFIG_KEYS[kind], async () => (await repo.findConfigValue(ctx.db, CONFIG_KEYS[kind])) as Localized | undefined);
      return texts?.[lang] ?? texts?.zh ?? { title: '', content: '' };
    },

    async setConfig(key: string, value: unknown): Promise<void> {
      await repo.upsertConfigValue(ctx.db, key, value);
      await ctx.caches.invalidate(SITE_CONFIG_CACHE);
    },

    async topNotices(shopId: number, lang: Language): Promise<NoticeSummary[]> {
      const rows = await repo.listNotices(ctx.db, shopId, TOP_NOTICE_LIMIT);
      return rows.map((r) => ({ id: r.id, title: localized(lang, r.titleZh, r.titleEn), publishTime: formatApiTime(r.publishTime) }));
    },

    async noticePage(shopId: number, current: number, size: number, lang: Language) {
      const [rows, total] = await Promise.all([repo.listNotices(ctx.db, shopId, size, (current - 1) * size), repo.countNotices(ctx.db, shopId)]);
      return {
        records: rows.map((r) => ({ id: r.id, title: localized(lang, r.titleZh, r.titleEn), publishTime: formatApiTime(r.publishTime) })),
        total,
        size,
        current,
        pages: Math.ceil(total / size),
      };
    },

    async noticeDetail(id: number, lang: Language): Promise<NoticeDetail> {
      const row = await repo.findNotice(ctx.db, id);
      if (!row) throw invalid('errors.notice.notFound');
      return {
        id: row.id,
        shopId: row.shopId,
        title: localized(lang, row.titleZh, row.titleEn),
        // Store owners write notices too: their HTML is cleaned like product descriptions.
        content: sanitizeRichText(localized(lang, row.contentZh, row.contentEn)),
        publishTime: formatApiTime(row.publishTime),
      };
    },

    async recordFlow(log: FlowAnalysisLog, userId: string | null, ip: string): Promise<void> {
      await repo.insertFlowAnalysisLog(ctx.db, {
        pageId: log.pageId,
        bizType: log.bizType ?? null,
        bizData: log.bizData ?? null,
        visitType: log.visitType,
        nums: log.nums ?? null,
        orderNumbers: log.orderNumbers ?? null,
        step: log.step,
        systemType: log.systemType,
        uuid: log.uuid,
        uuidSession: log.uuidSession,
        userId,
        prevPageId: log.prevPageId ?? null,
        ip: ip.slice(0, 64),
        createdAt: ctx.now(),
      });
    },
  };
}
