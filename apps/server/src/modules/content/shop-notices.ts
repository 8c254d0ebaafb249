// A shop's own notices, written in the merchant center (issue 10): the same notices table as the
// platform's (shop_id 0 is the platform's; these are never 0), read on the storefront's shop page
// by the public notice calls (service.ts). Every statement is bound to the session's shop id, so
// another shop's notice answers "does not exist". Creating takes a per-shop transaction lock, so
// the limit holds under parallel requests.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  SHOP_NOTICE_LIMIT,
  SHOP_NOTICE_STATUS,
  type MerchantNotice,
  type MerchantNoticeInput,
  type MerchantNoticeSummary,
} from '@bazaar/shared/schemas/merchant-shop';
import type { Page } from '@bazaar/shared/schemas/common';
import type { AppContext } from '../../context.ts';
import { notices } from '../../db/schema/content.ts';
import { invalid } from '../../lib/app-error.ts';
import { formatApiTime } from '../../lib/api-time.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';

/** The first key of the advisory lock that serializes one shop's notice creation. */
const NOTICE_LOCK_SPACE = 7_301;

const summaryColumns = { id: notices.id, titleZh: notices.titleZh, titleEn: notices.titleEn, isTop: notices.isTop, status: notices.status, publishTime: notices.publishTime };
const fullColumns = { ...summaryColumns, contentZh: notices.contentZh, contentEn: notices.contentEn };

type SummaryRow = { id: number; titleZh: string; titleEn: string | null; isTop: boolean; status: number; publishTime: Date };
type FullRow = SummaryRow & { contentZh: string; contentEn: string | null };

const toSummary = (row: SummaryRow): MerchantNoticeSummary => ({
  id: row.id,
  titleZh: row.titleZh,
  titleEn: row.titleEn ?? '',
  isTop: row.isTop,
  status: row.status,
  publishTime: formatApiTime(row.publishTime),
});
const toNotice = (row: FullRow): MerchantNotice => ({ ...toSummary(row), contentZh: row.contentZh, contentEn: row.contentEn ?? '' });

const mine = (shopId: number, id: number) => and(eq(notices.id, id), eq(notices.shopId, shopId));
const notFound = () => invalid('merchantShop.errors.noticeNotFound');

/** The shop's notices, drafts included: pinned first, then the newest. */
export async function pageShopNotices(ctx: AppContext, shopId: number, current: number, size: number): Promise<Page<MerchantNoticeSummary>> {
  const where = eq(notices.shopId, shopId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(summaryColumns)
      .from(notices)
      .where(where)
      .orderBy(desc(notices.isTop), desc(notices.publishTime), desc(notices.id))
      .limit(size)
      .offset((current - 1) * size),
    ctx.db.select({ n: count() }).from(notices).where(where),
  ]);
  const n = total?.n ?? 0;
  return { records: rows.map(toSummary), total: n, size, current, pages: Math.ceil(n / size) };
}

export async function shopNotice(ctx: AppContext, shopId: number, id: number): Promise<MerchantNotice> {
  const [row] = await ctx.db.select(fullColumns).from(notices).where(mine(shopId, id));
  if (!row) throw notFound();
  return toNotice(row);
}

/** The HTML is cleaned when written as well as when shown, so what the merchant sees back is what shoppers see. */
function cleaned(input: MerchantNoticeInput) {
  const contentZh = sanitizeRichText(input.contentZh);
  if (!contentZh.replace(/<[^>]*>|&nbsp;|\s/g, '')) throw invalid('merchantShop.errors.noticeContentRequired');
  const contentEn = input.contentEn === null ? '' : sanitizeRichText(input.contentEn);
  return { titleZh: input.titleZh, titleEn: input.titleEn, contentZh, contentEn: contentEn.replace(/<[^>]*>|&nbsp;|\s/g, '') ? contentEn : null, isTop: input.isTop };
}

export async function createShopNotice(ctx: AppContext, shopId: number, input: MerchantNoticeInput): Promise<MerchantNotice> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${NOTICE_LOCK_SPACE}, ${shopId})`);
    const [existing] = await tx.select({ n: count() }).from(notices).where(eq(notices.shopId, shopId));
    if ((existing?.n ?? 0) >= SHOP_NOTICE_LIMIT) throw invalid('merchantShop.errors.noticeLimit');
    const now = ctx.now();
    const [row] = await tx
      .insert(notices)
      .values({ shopId, ...cleaned(input), status: input.status, publishTime: now, createdAt: now, updatedAt: now })
      .returning(fullColumns);
    return toNotice(row!);
  });
}

/** Edits the texts and the pin; the status moves through setShopNoticeStatus (a publish dates the notice). */
export async function updateShopNotice(ctx: AppContext, shopId: number, id: number, input: MerchantNoticeInput): Promise<MerchantNotice> {
  const now = ctx.now();
  const [row] = await ctx.db
    .update(notices)
    .set({
      ...cleaned(input),
      status: input.status,
      // Publishing a draft here dates it now, as the publish button does.
      publishTime: sql`case when ${notices.status} = ${SHOP_NOTICE_STATUS.draft} and ${input.status} = ${SHOP_NOTICE_STATUS.published} then ${now.toISOString()}::timestamptz else ${notices.publishTime} end`,
      updatedAt: now,
    })
    .where(mine(shopId, id))
    .returning(fullColumns);
  if (!row) throw notFound();
  return toNotice(row);
}

/** Publish (dated now, unless it already was published) or withdraw. */
export async function setShopNoticeStatus(ctx: AppContext, shopId: number, id: number, status: number): Promise<MerchantNotice> {
  const now = ctx.now();
  const [row] = await ctx.db
    .update(notices)
    .set({
      status,
      publishTime: sql`case when ${notices.status} <> ${status} and ${status} = ${SHOP_NOTICE_STATUS.published} then ${now.toISOString()}::timestamptz else ${notices.publishTime} end`,
      updatedAt: now,
    })
    .where(mine(shopId, id))
    .returning(fullColumns);
  if (!row) throw notFound();
  return toNotice(row);
}

export async function setShopNoticeTop(ctx: AppContext, shopId: number, id: number, isTop: boolean): Promise<MerchantNotice> {
  const [row] = await ctx.db.update(notices).set({ isTop, updatedAt: ctx.now() }).where(mine(shopId, id)).returning(fullColumns);
  if (!row) throw notFound();
  return toNotice(row);
}
