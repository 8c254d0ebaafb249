// Shop promotions written by their merchant and watched by platform staff (issue 11 §5, decision
// 037): discounts with their tiers (discount_items) and listed products (discount_products). Every
// statement a merchant's request reaches is bound to the session's shop, so another shop's
// promotion answers "does not exist". A promotion's state is its status with the time window
// applied: upcoming, running, ended (its end passed, or ended early by the shop), takenDown.
import { and, asc, count, desc, eq, gt, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { DISCOUNT_STATUS, type DiscountState, type DiscountTier, type MerchantDiscountInput } from '@bazaar/shared/schemas/shop-promotion';
import type { Db, Tx } from '../../db/client.ts';
import { qualified } from '../../db/named-query.ts';
import { discountItems, discountProducts, discounts } from '../../db/schema/promotion.ts';
import { escapeLike } from '../../lib/sql-like.ts';

const DELETED = -1;

/** The rows of one state at `now` ('all': every promotion not deleted). */
export function stateWhere(state: DiscountState | 'all', now: Date): SQL | undefined {
  switch (state) {
    case 'upcoming':
      return and(eq(discounts.status, DISCOUNT_STATUS.on), gt(discounts.startTime, now));
    case 'running':
      return and(eq(discounts.status, DISCOUNT_STATUS.on), lte(discounts.startTime, now), gt(discounts.endTime, now));
    case 'ended':
      return or(eq(discounts.status, DISCOUNT_STATUS.ended), and(eq(discounts.status, DISCOUNT_STATUS.on), lte(discounts.endTime, now)));
    case 'takenDown':
      return eq(discounts.status, DISCOUNT_STATUS.takenDown);
    default:
      return ne(discounts.status, DELETED);
  }
}

export function stateOf(row: { status: number; startTime: Date; endTime: Date }, now: Date): DiscountState {
  if (row.status === DISCOUNT_STATUS.takenDown) return 'takenDown';
  if (row.status !== DISCOUNT_STATUS.on || row.endTime <= now) return 'ended';
  return row.startTime > now ? 'upcoming' : 'running';
}


const listedCount = sql<number>`(select count(*)::int from ${discountProducts} where ${qualified(discountProducts.discountId)} = ${qualified(discounts.id)})`;

const rowColumns = {
  id: discounts.id,
  shopId: discounts.shopId,
  nameZh: discounts.nameZh,
  nameEn: discounts.nameEn,
  discountRule: discounts.discountRule,
  discountType: discounts.discountType,
  suitableProdType: discounts.suitableProdType,
  maxReduceAmount: discounts.maxReduceAmount,
  startTime: discounts.startTime,
  endTime: discounts.endTime,
  status: discounts.status,
  offenceReason: discounts.offenceReason,
  productCount: listedCount,
};

export interface DiscountRecord {
  id: number;
  shopId: number;
  nameZh: string;
  nameEn: string | null;
  discountRule: number;
  discountType: number;
  suitableProdType: number;
  maxReduceAmount: number | null;
  startTime: Date;
  endTime: Date;
  status: number;
  offenceReason: string | null;
  productCount: number;
  tiers: DiscountTier[];
}

/** The tiers of these promotions, lowest threshold first. */
export async function tiersOf(db: Db | Tx, ids: number[]): Promise<Map<number, DiscountTier[]>> {
  const map = new Map<number, DiscountTier[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ discountId: discountItems.discountId, needAmount: discountItems.needAmount, reduceAmount: discountItems.reduceAmount, discount: discountItems.discount })
    .from(discountItems)
    .where(inArray(discountItems.discountId, ids))
    .orderBy(asc(discountItems.discountId), asc(discountItems.needAmount));
  for (const r of rows) {
    const list = map.get(r.discountId) ?? [];
    list.push({ needAmount: r.needAmount, reduceAmount: r.reduceAmount, discount: r.discount === null ? null : Number(r.discount) });
    map.set(r.discountId, list);
  }
  return map;
}

export interface DiscountListFilter {
  /** Null: every shop (platform staff). */
  shopId: number | null;
  state: DiscountState | 'all';
  keyword?: string;
}

/** A page of promotions, newest first, with their tiers (three statements). */
export async function pageDiscounts(db: Db, filter: DiscountListFilter, now: Date, current: number, size: number): Promise<{ rows: DiscountRecord[]; total: number }> {
  const conditions: (SQL | undefined)[] = [ne(discounts.status, DELETED), stateWhere(filter.state, now)];
  if (filter.shopId !== null) conditions.push(eq(discounts.shopId, filter.shopId));
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`;
    conditions.push(or(sql`${discounts.nameZh} ilike ${like}`, sql`${discounts.nameEn} ilike ${like}`));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(discounts)
      .where(where)
      .orderBy(desc(discounts.id))
      .limit(size)
      .offset((current - 1) * size),
    db.select({ n: count() }).from(discounts).where(where),
  ]);
  const tiers = await tiersOf(db, rows.map((r) => r.id));
  return { rows: rows.map((r) => ({ ...r, tiers: tiers.get(r.id) ?? [] })), total: total?.n ?? 0 };
}

/** One promotion (not deleted) of the shop, or of any shop when shopId is null, with its tiers and listed product ids. */
export async function findDiscount(db: Db | Tx, shopId: number | null, id: number): Promise<(DiscountRecord & { productIds: number[] }) | undefined> {
  const [row] = await db
    .select(rowColumns)
    .from(discounts)
    .where(and(eq(discounts.id, id), ne(discounts.status, DELETED), shopId === null ? undefined : eq(discounts.shopId, shopId)));
  if (!row) return undefined;
  const [tiers, listed] = await Promise.all([
    tiersOf(db, [id]),
    db.select({ productId: discountProducts.productId }).from(discountProducts).where(eq(discountProducts.discountId, id)).orderBy(asc(discountProducts.productId)),
  ]);
  return { ...row, tiers: tiers.get(id) ?? [], productIds: listed.map((r) => r.productId) };
}

function fieldsOf(input: MerchantDiscountInput) {
  return {
    nameZh: input.nameZh,
    nameEn: input.nameEn,
    discountRule: input.discountRule,
    discountType: input.discountType,
    suitableProdType: input.suitableProdType,
    maxReduceAmount: input.maxReduceAmount,
    startTime: input.startTime,
    endTime: input.endTime,
  };
}

/** Listed products only when the promotion lists them (scope 1). */
const listedOf = (input: MerchantDiscountInput) => (input.suitableProdType === 1 ? input.productIds : []);

async function writeParts(tx: Tx, id: number, input: MerchantDiscountInput) {
  await tx.insert(discountItems).values(
    input.tiers.map((t) => ({
      discountId: id,
      needAmount: t.needAmount,
      reduceAmount: input.discountRule === 0 ? t.reduceAmount : 0,
      discount: input.discountRule === 0 ? null : t.discount,
    })),
  );
  const listed = listedOf(input);
  if (listed.length) await tx.insert(discountProducts).values(listed.map((productId) => ({ discountId: id, productId })));
}

/** Creates a promotion of the shop (the flow checked that the listed products are the shop's). */
export async function insertDiscount(tx: Tx, shopId: number, input: MerchantDiscountInput, now: Date): Promise<number> {
  const [row] = await tx
    .insert(discounts)
    .values({ shopId, ...fieldsOf(input), status: DISCOUNT_STATUS.on, createdAt: now, updatedAt: now })
    .returning({ id: discounts.id });
  await writeParts(tx, row!.id, input);
  return row!.id;
}

/**
 * Rewrites an upcoming or running promotion of the shop: its fields, tiers and products. Answers
 * 'missing' (not the shop's, or deleted), 'locked' (ended or taken down) or 'saved'.
 */
export async function updateDiscount(tx: Tx, shopId: number, id: number, input: MerchantDiscountInput, now: Date): Promise<'missing' | 'locked' | 'saved'> {
  const [before] = await tx
    .select({ status: discounts.status, endTime: discounts.endTime })
    .from(discounts)
    .where(and(eq(discounts.id, id), eq(discounts.shopId, shopId), ne(discounts.status, DELETED)))
    .for('update');
  if (!before) return 'missing';
  if (before.status !== DISCOUNT_STATUS.on || before.endTime <= now) return 'locked';
  await tx
    .update(discounts)
    .set({ ...fieldsOf(input), version: sql`${discounts.version} + 1`, updatedAt: now })
    .where(eq(discounts.id, id));
  await tx.delete(discountItems).where(eq(discountItems.discountId, id));
  await tx.delete(discountProducts).where(eq(discountProducts.discountId, id));
  await writeParts(tx, id, input);
  return 'saved';
}

/**
 * Ends an upcoming or running promotion of the shop now (conditional: one that has not ended). A
 * running one's end becomes now, so the list says when it stopped. Answers whether it moved.
 */
export async function endDiscount(db: Db, shopId: number, id: number, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const moved = await db
    .update(discounts)
    .set({
      status: DISCOUNT_STATUS.ended,
      endTime: sql`case when ${discounts.startTime} < ${at}::timestamptz then ${at}::timestamptz else ${discounts.endTime} end`,
      version: sql`${discounts.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(discounts.id, id), eq(discounts.shopId, shopId), eq(discounts.status, DISCOUNT_STATUS.on), gt(discounts.endTime, now)))
    .returning({ id: discounts.id });
  return moved.length > 0;
}

/**
 * Takes an upcoming or running promotion of any shop down for a rule violation (conditional).
 * Answers the shop and the state before, or undefined when nothing moved.
 */
export async function takeDownDiscount(tx: Tx, id: number, reason: string, now: Date): Promise<{ shopId: number; before: DiscountState } | undefined> {
  const [before] = await tx
    .select({ shopId: discounts.shopId, status: discounts.status, startTime: discounts.startTime, endTime: discounts.endTime })
    .from(discounts)
    .where(and(eq(discounts.id, id), eq(discounts.status, DISCOUNT_STATUS.on), gt(discounts.endTime, now)))
    .for('update');
  if (!before) return undefined;
  await tx
    .update(discounts)
    .set({ status: DISCOUNT_STATUS.takenDown, offenceReason: reason, version: sql`${discounts.version} + 1`, updatedAt: now })
    .where(eq(discounts.id, id));
  return { shopId: before.shopId, before: stateOf(before, now) };
}
