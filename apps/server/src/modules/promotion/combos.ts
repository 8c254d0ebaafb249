// Discount packages (issue 11 §4, decision 046): combos with their lines (combo_items), written by
// their merchant and read by the product page, the cart and checkout. Every statement a merchant's
// request reaches is bound to the session's shop, so another shop's package answers "does not
// exist". A package's state is its status with the time window applied: upcoming, running, ended.
import { and, asc, count, desc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { COMBO_STATUS, type ComboState, type MerchantComboInput } from '@bazaar/shared/schemas/combo';
import type { Db, Tx } from '../../db/client.ts';
import { comboItems, combos } from '../../db/schema/promotion.ts';
import { escapeLike } from '../../lib/sql-like.ts';

export interface ComboLineRecord {
  productId: number;
  skuId: number;
  count: number;
  isMain: number;
}

export interface ComboRecord {
  id: number;
  shopId: number;
  nameZh: string;
  nameEn: string | null;
  comboAmount: number;
  startTime: Date;
  endTime: Date;
  status: number;
  /** The main product first, then by product id. */
  lines: ComboLineRecord[];
}

export function comboStateOf(row: { status: number; startTime: Date; endTime: Date }, now: Date): ComboState {
  if (row.status !== COMBO_STATUS.on || row.endTime <= now) return 'ended';
  return row.startTime > now ? 'upcoming' : 'running';
}

function stateWhere(state: ComboState | 'all', now: Date): SQL | undefined {
  switch (state) {
    case 'upcoming':
      return and(eq(combos.status, COMBO_STATUS.on), gt(combos.startTime, now));
    case 'running':
      return and(eq(combos.status, COMBO_STATUS.on), lte(combos.startTime, now), gt(combos.endTime, now));
    case 'ended':
      return or(eq(combos.status, COMBO_STATUS.ended), lte(combos.endTime, now));
    default:
      return undefined;
  }
}

const columns = {
  id: combos.id,
  shopId: combos.shopId,
  nameZh: combos.nameZh,
  nameEn: combos.nameEn,
  comboAmount: combos.comboAmount,
  startTime: combos.startTime,
  endTime: combos.endTime,
  status: combos.status,
};

async function withLines(db: Db | Tx, rows: Omit<ComboRecord, 'lines'>[]): Promise<ComboRecord[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select({ comboId: comboItems.comboId, productId: comboItems.productId, skuId: comboItems.skuId, count: comboItems.count, isMain: comboItems.isMain })
    .from(comboItems)
    .where(inArray(comboItems.comboId, rows.map((r) => r.id)))
    .orderBy(asc(comboItems.comboId), desc(comboItems.isMain), asc(comboItems.productId));
  const byCombo = new Map<number, ComboLineRecord[]>();
  for (const { comboId, ...line } of lines) {
    const list = byCombo.get(comboId) ?? [];
    list.push(line);
    byCombo.set(comboId, list);
  }
  return rows.map((r) => ({ ...r, lines: byCombo.get(r.id) ?? [] }));
}

/** The running packages one of whose lines is the product, newest first (the product page). */
export async function listRunningCombosOfProduct(db: Db, productId: number, now: Date): Promise<ComboRecord[]> {
  const rows = await db
    .select(columns)
    .from(combos)
    .where(
      and(
        stateWhere('running', now),
        inArray(combos.id, db.select({ id: comboItems.comboId }).from(comboItems).where(eq(comboItems.productId, productId))),
      ),
    )
    .orderBy(desc(combos.id))
    .limit(20);
  return withLines(db, rows);
}

/** These packages in any state (the cart and checkout decide what an ended one means). */
export async function findCombos(db: Db | Tx, ids: number[]): Promise<ComboRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(columns).from(combos).where(inArray(combos.id, ids));
  return withLines(db, rows);
}

/** One package of the shop. */
export async function findShopCombo(db: Db | Tx, shopId: number, id: number): Promise<ComboRecord | undefined> {
  const rows = await db
    .select(columns)
    .from(combos)
    .where(and(eq(combos.id, id), eq(combos.shopId, shopId)));
  return (await withLines(db, rows))[0];
}


/** A page of the shop's packages, newest first, with their lines. */
export async function pageShopCombos(
  db: Db,
  shopId: number,
  filter: { state: ComboState | 'all'; keyword?: string },
  now: Date,
  current: number,
  size: number,
): Promise<{ rows: ComboRecord[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(combos.shopId, shopId), stateWhere(filter.state, now)];
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`;
    conditions.push(or(sql`${combos.nameZh} ilike ${like}`, sql`${combos.nameEn} ilike ${like}`));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(combos)
      .where(where)
      .orderBy(desc(combos.id))
      .limit(size)
      .offset((current - 1) * size),
    db.select({ n: count() }).from(combos).where(where),
  ]);
  return { rows: await withLines(db, rows), total: total?.n ?? 0 };
}

const fieldsOf = (input: MerchantComboInput) => ({
  nameZh: input.nameZh,
  nameEn: input.nameEn,
  comboAmount: input.comboAmount,
  startTime: input.startTime,
  endTime: input.endTime,
  mainProductId: input.lines[0]!.prodId,
});

async function writeLines(tx: Tx, id: number, input: MerchantComboInput) {
  await tx.insert(comboItems).values(input.lines.map((l, i) => ({ comboId: id, productId: l.prodId, skuId: l.skuId, count: l.count, isMain: i === 0 ? 1 : 0 })));
}

/** Creates a package of the shop (the flow checked the SKUs are the shop's). */
export async function insertCombo(tx: Tx, shopId: number, input: MerchantComboInput, now: Date): Promise<number> {
  const [row] = await tx
    .insert(combos)
    .values({ shopId, ...fieldsOf(input), status: COMBO_STATUS.on, createdAt: now, updatedAt: now })
    .returning({ id: combos.id });
  await writeLines(tx, row!.id, input);
  return row!.id;
}

/**
 * Rewrites an upcoming or running package of the shop. Answers 'missing' (not the shop's),
 * 'locked' (ended) or 'saved'. Orders placed before keep the lines and shares they were priced with.
 */
export async function updateCombo(tx: Tx, shopId: number, id: number, input: MerchantComboInput, now: Date): Promise<'missing' | 'locked' | 'saved'> {
  const [before] = await tx
    .select({ status: combos.status, endTime: combos.endTime })
    .from(combos)
    .where(and(eq(combos.id, id), eq(combos.shopId, shopId)))
    .for('update');
  if (!before) return 'missing';
  if (before.status !== COMBO_STATUS.on || before.endTime <= now) return 'locked';
  await tx
    .update(combos)
    .set({ ...fieldsOf(input), updatedAt: now })
    .where(eq(combos.id, id));
  await tx.delete(comboItems).where(eq(comboItems.comboId, id));
  await writeLines(tx, id, input);
  return 'saved';
}

/** Ends an upcoming or running package of the shop now (conditional); a running one's end becomes now. */
export async function endCombo(db: Db, shopId: number, id: number, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const moved = await db
    .update(combos)
    .set({
      status: COMBO_STATUS.ended,
      endTime: sql`case when ${combos.startTime} < ${at}::timestamptz then ${at}::timestamptz else ${combos.endTime} end`,
      updatedAt: now,
    })
    .where(and(eq(combos.id, id), eq(combos.shopId, shopId), eq(combos.status, COMBO_STATUS.on), gt(combos.endTime, now)))
    .returning({ id: combos.id });
  return moved.length > 0;
}
