// The free store application (sections 3-5; reference 2.11 and 5.11): one per shopper, kept on
// the shop row itself with every review decision in shop_audits. Status moves 0 -> 1 or -1 by
// staff, and -1 -> 0 by the shopper's resubmission; each move is a conditional UPDATE, so two
// reviewers or a review and a resubmission never both win.
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import type { Db, Tx } from '../../db/client.ts';
import { shopAudits, shops } from '../../db/schema/shop.ts';

type Queryable = Db | Tx;
export type ApplicationRow = typeof shops.$inferSelect;

/** What the shopper filled in, with the region names and the pin already resolved. */
export interface ApplicationValues {
  nameZh: string;
  tel: string;
  provinceId: number;
  province: string;
  cityId: number;
  city: string;
  areaId: number;
  area: string;
  address: string;
  lat: number;
  lng: number;
  introZh: string;
  logo: string;
  businessLicense: string;
  identityCardFront: string;
  identityCardLater: string;
}

export const AUDIT = { submitted: 0, passed: 1, rejected: -1 } as const;

export async function findUserApplication(db: Queryable, userId: string): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(shops).where(eq(shops.userId, userId)).limit(1);
  return row;
}

export async function findApplication(db: Queryable, shopId: number): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(shops).where(eq(shops.id, shopId)).limit(1);
  return row;
}

/** A first application; the unique user index refuses a second one (also under a race). */
export async function insertApplication(tx: Tx, userId: string, values: ApplicationValues, now: Date): Promise<number> {
  const [row] = await tx
    .insert(shops)
    .values({ ...values, userId, status: SHOP_STATUS.reviewing, createdAt: now, updatedAt: now })
    .returning({ id: shops.id });
  if (!row) throw new Error('shop insert returned nothing');
  await tx.insert(shopAudits).values({ shopId: row.id, status: AUDIT.submitted, createdAt: now });
  return row.id;
}

/** A resubmission, only from rejected; answers the shop id, or null when it was not rejected. */
export async function resubmitApplication(tx: Tx, userId: string, values: ApplicationValues, now: Date): Promise<number | null> {
  const [row] = await tx
    .update(shops)
    .set({ ...values, status: SHOP_STATUS.reviewing, auditRemarks: null, auditedAt: null, updatedAt: now })
    .where(and(eq(shops.userId, userId), eq(shops.status, SHOP_STATUS.none)))
    .returning({ id: shops.id });
  if (!row) return null;
  await tx.insert(shopAudits).values({ shopId: row.id, status: AUDIT.submitted, createdAt: now });
  return row.id;
}

/** Shops of one status, oldest submission first (a queue), with the applicant. */
export async function pageApplications(db: Db, status: number, limit: number, offset: number) {
  const where = eq(shops.status, status);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(shops)
      .where(where)
      .orderBy(status === SHOP_STATUS.reviewing ? asc(shops.updatedAt) : desc(shops.updatedAt), asc(shops.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(shops).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Staff's decision on an application under review: 0 -> 1 (passed) or 0 -> -1 (rejected, with
 * the reason). Answers the row before the move, or null when it was not under review.
 */
export async function decideApplication(
  tx: Tx,
  shopId: number,
  decision: { passed: boolean; remarks: string | null },
  now: Date,
): Promise<{ before: ApplicationRow; after: ApplicationRow } | null> {
  const [before] = await tx.select().from(shops).where(eq(shops.id, shopId)).for('update');
  if (!before || before.status !== SHOP_STATUS.reviewing) return null;
  const [after] = await tx
    .update(shops)
    .set({
      status: decision.passed ? SHOP_STATUS.open : SHOP_STATUS.none,
      auditRemarks: decision.passed ? null : decision.remarks,
      auditedAt: now,
      updatedAt: now,
    })
    .where(and(eq(shops.id, shopId), eq(shops.status, SHOP_STATUS.reviewing)))
    .returning();
  if (!after) return null;
  await tx.insert(shopAudits).values({
    shopId,
    status: decision.passed ? AUDIT.passed : AUDIT.rejected,
    remarks: decision.passed ? null : decision.remarks,
    createdAt: now,
  });
  return { before, after };
}
