import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { flowAnalysisLogs, notices, siteConfig } from '../../db/schema/content.ts';

const PUBLISHED = 1;

export async function findConfigValue(db: Db, key: string): Promise<unknown> {
  const [row] = await db.select({ value: siteConfig.value }).from(siteConfig).where(eq(siteConfig.key, key));
  return row?.value;
}

export async function upsertConfigValue(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(siteConfig)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteConfig.key, set: { value, updatedAt: new Date() } });
}

const noticeSummaryColumns = {
  id: notices.id,
  titleZh: notices.titleZh,
  titleEn: notices.titleEn,
  publishTime: notices.publishTime,
};

/** Top notices first, then the newest. */
export async function listNotices(db: Db, shopId: number, limit: number, offset = 0) {
  return db
    .select(noticeSummaryColumns)
    .from(notices)
    .where(and(eq(notices.shopId, shopId), eq(notices.status, PUBLISHED)))
    .orderBy(desc(notices.isTop), desc(notices.publishTime), desc(notices.id))
    .limit(limit)
    .offset(offset);
}

export async function countNotices(db: Db, shopId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notices)
    .where(and(eq(notices.shopId, shopId), eq(notices.status, PUBLISHED)));
  return row?.n ?? 0;
}

export async function findNotice(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.id, id), eq(notices.status, PUBLISHED)));
  return row;
}

export type NewFlowAnalysisLog = typeof flowAnalysisLogs.$inferInsert;

export async function insertFlowAnalysisLog(db: Db, row: NewFlowAnalysisLog): Promise<void> {
  await db.insert(flowAnalysisLogs).values(row);
}
