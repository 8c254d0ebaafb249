// The platform's own notices (shop_id 0) as staff edit them (issue 10): drafts too, newest change
// first. The storefront's ticker and /notice-list read the published ones uncached (service.ts),
// so a publish shows at once. Shop notices are shop-notices.ts's. Writes take the flow's
// transaction (flows/content-admin.ts), which also writes the audit log.
import { and, count, desc, eq } from 'drizzle-orm';
import { NOTICE_STATUS, type AdminNotice, type NoticeInput, type NoticeQuery } from '@bazaar/shared/schemas/platform-content';
import type { Page } from '@bazaar/shared/schemas/common';
import type { Db, Tx } from '../../db/client.ts';
import { notices } from '../../db/schema/content.ts';
import { formatApiTime } from '../../lib/api-time.ts';
import { invalid } from '../../lib/app-error.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';

const PLATFORM = 0;

type NoticeRow = typeof notices.$inferSelect;

/**
 * What staff type becomes the notice's HTML: text without tags becomes one paragraph per line;
 * HTML keeps its formatting and is cleaned like every rich text.
 */
export function noticeHtml(text: string): string {
  if (!/<[a-z][^>]*>/i.test(text)) {
    const escape = (line: string) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    return text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => `<p>${escape(line)}</p>`)
      .join('');
  }
  return sanitizeRichText(text);
}

export function toAdminNotice(row: NoticeRow): AdminNotice {
  const published = row.status === NOTICE_STATUS.published;
  return {
    id: row.id,
    titleZh: row.titleZh,
    titleEn: row.titleEn,
    contentZh: row.contentZh,
    contentEn: row.contentEn,
    isTop: row.isTop,
    published,
    publishTime: formatApiTime(row.publishTime),
    updatedAt: formatApiTime(row.updatedAt),
  };
}

/** The audit log's view of a notice. */
export function noticeAuditState(row: NoticeRow): Record<string, unknown> {
  return { titleZh: row.titleZh, titleEn: row.titleEn, contentZh: row.contentZh, contentEn: row.contentEn, isTop: row.isTop, status: row.status };
}

const statusFilter = (status: NoticeQuery['status']) =>
  status === 'all' ? undefined : eq(notices.status, status === 'published' ? NOTICE_STATUS.published : NOTICE_STATUS.draft);

/** Platform notices, pinned first, then the newest (as the storefront orders them), drafts included. */
export async function pagePlatformNotices(db: Db, query: NoticeQuery): Promise<Page<AdminNotice>> {
  const where = and(eq(notices.shopId, PLATFORM), statusFilter(query.status));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notices)
      .where(where)
      .orderBy(desc(notices.isTop), desc(notices.publishTime), desc(notices.id))
      .limit(query.size)
      .offset((query.current - 1) * query.size),
    db.select({ n: count() }).from(notices).where(where),
  ]);
  const n = total?.n ?? 0;
  return { records: rows.map(toAdminNotice), total: n, size: query.size, current: query.current, pages: Math.ceil(n / query.size) };
}

export async function findPlatformNotice(db: Db | Tx, id: number, lock = false): Promise<NoticeRow> {
  const select = db
    .select()
    .from(notices)
    .where(and(eq(notices.id, id), eq(notices.shopId, PLATFORM)));
  const [row] = lock ? await select.for('update') : await select;
  if (!row) throw invalid('platformContent.errors.noticeNotFound');
  return row;
}

export async function createPlatformNotice(tx: Tx, input: NoticeInput, now: Date): Promise<NoticeRow> {
  const [row] = await tx
    .insert(notices)
    .values({
      shopId: PLATFORM,
      titleZh: input.titleZh,
      titleEn: input.titleEn,
      contentZh: noticeHtml(input.contentZh),
      contentEn: noticeHtml(input.contentEn),
      isTop: input.isTop,
      status: input.published ? NOTICE_STATUS.published : NOTICE_STATUS.draft,
      publishTime: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('notice insert returned nothing');
  return row;
}

type Change = { before: NoticeRow; after: NoticeRow };

async function change(tx: Tx, id: number, set: (before: NoticeRow) => Partial<typeof notices.$inferInsert>): Promise<Change> {
  const before = await findPlatformNotice(tx, id, true);
  const [after] = await tx
    .update(notices)
    .set(set(before))
    .where(eq(notices.id, id))
    .returning();
  return { before, after: after! };
}

/** Edits the texts and the pin; publishing stays as it is unless `published` changes it. */
export function updatePlatformNotice(tx: Tx, id: number, input: NoticeInput, now: Date): Promise<Change> {
  return change(tx, id, (before) => ({
    titleZh: input.titleZh,
    titleEn: input.titleEn,
    contentZh: noticeHtml(input.contentZh),
    contentEn: noticeHtml(input.contentEn),
    isTop: input.isTop,
    ...publishFields(before, input.published, now),
    updatedAt: now,
  }));
}

/** A draft that is published takes the time of publishing; an unpublished one keeps its last. */
function publishFields(before: NoticeRow, published: boolean, now: Date) {
  const wasPublished = before.status === NOTICE_STATUS.published;
  if (published === wasPublished) return {};
  return published ? { status: NOTICE_STATUS.published, publishTime: now } : { status: NOTICE_STATUS.draft };
}

export function publishPlatformNotice(tx: Tx, id: number, published: boolean, now: Date): Promise<Change> {
  return change(tx, id, (before) => ({ ...publishFields(before, published, now), updatedAt: now }));
}

export function pinPlatformNotice(tx: Tx, id: number, isTop: boolean, now: Date): Promise<Change> {
  return change(tx, id, () => ({ isTop, updatedAt: now }));
}
