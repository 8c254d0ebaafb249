// The points mall's tables (issue 29, decision 066): points items, the per-user counters and what
// each exchange took. Stock, sold units and the per-user counter move only by conditional updates
// (and a guarded upsert); an exchange's writes are statement parts the submit sends in its one
// statement with the order's rows, the SKU's stock and the points (db/one-statement.ts).
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { POINTS_ITEM_STATUS, POINTS_MALL_SORT } from '@bazaar/shared/constants/points-mall';
import type { Db, Tx } from '../../db/client.ts';
import type { StatementPart } from '../../db/one-statement.ts';
import { pointsItemBuyers, pointsItems, pointsOrders } from '../../db/schema/points-mall.ts';

type Reader = Db | Tx;

/** The reasons an exchange's statement fails with: the item (off shelf, changed, too few units) or the per-user limit. */
export const POINTS_ITEM_SHORT = 'points_item_short';
export const POINTS_ITEM_LIMIT = 'points_item_limit';

export type PointsItem = typeof pointsItems.$inferSelect;

const iso = (d: Date) => d.toISOString();

/** Named statement part: the ids of the products that have a points item (the console's picker leaves them out). */
export const pointsItemProductIds = (): SQL => sql`select ${pointsItems.productId} from ${pointsItems}`;

export interface ShownFilter {
  /** The shops whose items may show (open self-run shops). */
  shopIds: number[];
  /** The product module's part: the on-shelf product ids. */
  onShelfProducts: SQL;
  /** Only these products (a name search), or all when null. */
  productIds: number[] | null;
  /** Only items whose points price for one unit is at most this (the "what I can afford" filter). */
  maxScore: number | null;
  sort: number;
}

function shownWhere(f: ShownFilter): SQL | undefined {
  return and(
    eq(pointsItems.status, POINTS_ITEM_STATUS.on),
    inArray(pointsItems.shopId, f.shopIds),
    sql`${pointsItems.productId} in (${f.onShelfProducts})`,
    f.productIds ? inArray(pointsItems.productId, f.productIds) : undefined,
    f.maxScore !== null ? sql`${pointsItems.scorePrice} <= ${f.maxScore}` : undefined,
  );
}

/** The items a shopper sees: on shelf, of an open self-run shop, their product on shelf; sorted and paged. */
export async function pageShownItems(db: Reader, f: ShownFilter, limit: number, offset: number): Promise<{ rows: PointsItem[]; total: number }> {
  if (f.shopIds.length === 0 || (f.productIds && f.productIds.length === 0)) return { rows: [], total: 0 };
  const where = shownWhere(f);
  const order =
    f.sort === POINTS_MALL_SORT.scoreAsc
      ? [sql`${pointsItems.scorePrice} asc`, sql`${pointsItems.cashPrice} asc`, desc(pointsItems.id)]
      : f.sort === POINTS_MALL_SORT.scoreDesc
        ? [sql`${pointsItems.scorePrice} desc`, sql`${pointsItems.cashPrice} desc`, desc(pointsItems.id)]
        : [desc(pointsItems.createdAt), desc(pointsItems.id)];
  const [rows, total] = await Promise.all([
    db.select().from(pointsItems).where(where).orderBy(...order).limit(limit).offset(offset),
    db.select({ n: count() }).from(pointsItems).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function findItemByProduct(db: Reader, productId: number): Promise<PointsItem | undefined> {
  const [row] = await db.select().from(pointsItems).where(eq(pointsItems.productId, productId));
  return row;
}

export async function findItem(db: Reader, id: number): Promise<PointsItem | undefined> {
  const [row] = await db.select().from(pointsItems).where(eq(pointsItems.id, id));
  return row;
}

/** The console's list: every item, newest first, by shelf status and products. */
export async function pageItems(db: Reader, f: { status: number | undefined; productIds: number[] | null }, limit: number, offset: number): Promise<{ rows: PointsItem[]; total: number }> {
  if (f.productIds && f.productIds.length === 0) return { rows: [], total: 0 };
  const where = and(f.status !== undefined ? eq(pointsItems.status, f.status) : undefined, f.productIds ? inArray(pointsItems.productId, f.productIds) : undefined);
  const [rows, total] = await Promise.all([
    db.select().from(pointsItems).where(where).orderBy(desc(pointsItems.createdAt), desc(pointsItems.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(pointsItems).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** Units the shopper holds of the item in live points orders. */
export async function boughtNumOf(db: Reader, itemId: number, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: pointsItemBuyers.boughtNum })
    .from(pointsItemBuyers)
    .where(and(eq(pointsItemBuyers.itemId, itemId), eq(pointsItemBuyers.userId, userId)));
  return row?.n ?? 0;
}

/** The unique index a second item of one product runs into. */
export const POINTS_ITEM_PRODUCT_KEY = 'points_items_product_uq';

export async function insertItem(
  tx: Reader,
  input: { productId: number; shopId: number; scorePrice: number; cashPrice: number; stocks: number; maxNum: number; status: number; createdBy: number; now: Date },
): Promise<PointsItem> {
  const [row] = await tx
    .insert(pointsItems)
    .values({
      productId: input.productId,
      shopId: input.shopId,
      scorePrice: input.scorePrice,
      cashPrice: input.cashPrice,
      stocks: input.stocks,
      maxNum: input.maxNum,
      status: input.status,
      createdBy: input.createdBy,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  return row!;
}

/**
 * The console's edit: prices and limit as given; the stock moves by `stocks - baseStocks`, so units
 * exchanged since the form was loaded stay taken. Undefined when the item is gone or the stock
 * would go below 0.
 */
export async function updateItem(tx: Reader, id: number, input: { scorePrice: number; cashPrice: number; stocks: number; baseStocks: number; maxNum: number; now: Date }): Promise<PointsItem | undefined> {
  const delta = input.stocks - input.baseStocks;
  const [row] = await tx
    .update(pointsItems)
    .set({
      scorePrice: input.scorePrice,
      cashPrice: input.cashPrice,
      maxNum: input.maxNum,
      stocks: sql`${pointsItems.stocks} + ${delta}`,
      version: sql`${pointsItems.version} + 1`,
      updatedAt: input.now,
    })
    .where(and(eq(pointsItems.id, id), sql`${pointsItems.stocks} + ${delta} >= 0`))
    .returning();
  return row;
}

/** On or off shelf. Undefined when the item is gone. */
export async function setItemStatus(tx: Reader, id: number, status: number, now: Date): Promise<PointsItem | undefined> {
  const [row] = await tx
    .update(pointsItems)
    .set({ status, version: sql`${pointsItems.version} + 1`, updatedAt: now })
    .where(eq(pointsItems.id, id))
    .returning();
  return row;
}

export interface ExchangeInput {
  orderNumber: string;
  itemId: number;
  userId: string;
  skuId: number;
  count: number;
  /** The prices confirm showed: the item must still have them. */
  scorePrice: number;
  cashPrice: number;
  now: Date;
}

/**
 * The item's part of an exchange: its stock and sold units (on shelf, at the prices confirm showed,
 * enough units), and the exchange's record. Fails the statement with POINTS_ITEM_SHORT otherwise.
 */
export function takeItemPart(input: ExchangeInput): StatementPart {
  const now = iso(input.now);
  return {
    ctes: sql`pm_item as (
      update points_items set stocks = stocks - ${input.count}, sold_num = sold_num + ${input.count}, version = version + 1
      where id = ${input.itemId} and status = ${POINTS_ITEM_STATUS.on} and stocks >= ${input.count}
        and score_price = ${input.scorePrice} and cash_price = ${input.cashPrice}
      returning id
    ), pm_order as (
      insert into points_orders (order_number, item_id, user_id, sku_id, prod_count, score, cash, state, created_at, updated_at)
      select ${input.orderNumber}, id, ${input.userId}, ${input.skuId}, ${input.count}, ${input.scorePrice * input.count}, ${input.cashPrice * input.count}, 1, ${now}::timestamptz, ${now}::timestamptz
      from pm_item
      returning order_number
    )`,
    condition: sql`(select count(*) from pm_order) = 1`,
    reason: POINTS_ITEM_SHORT,
  };
}

/**
 * The per-user limit's part: the shopper's counter rises by the units only while it stays within the
 * item's limit (-1 = none). An upsert: PostgreSQL re-checks its `where` on the latest committed row,
 * so parallel exchanges of one shopper queue on that row and never pass the limit together.
 */
export function takeLimitPart(input: ExchangeInput): StatementPart {
  const now = iso(input.now);
  return {
    ctes: sql`pm_limit as (
      select max_num from points_items where id = ${input.itemId}
    ), pm_buyer as (
      insert into points_item_buyers as b (item_id, user_id, bought_num, updated_at)
      select ${input.itemId}, ${input.userId}, ${input.count}, ${now}::timestamptz from pm_limit
      where pm_limit.max_num = -1 or ${input.count} <= pm_limit.max_num
      on conflict (item_id, user_id) do update set bought_num = b.bought_num + excluded.bought_num, updated_at = excluded.updated_at
      where (select max_num from pm_limit) = -1 or b.bought_num + excluded.bought_num <= (select max_num from pm_limit)
      returning b.item_id
    )`,
    condition: sql`(select count(*) from pm_buyer) = 1`,
    reason: POINTS_ITEM_LIMIT,
  };
}

/**
 * A cancelled or timed-out points order gives back, once: its record 1 → -1, the item's stock and
 * sold units, the shopper's counter. Answers the units given back (0 when the order is no points
 * order, or was given back already).
 */
export async function returnOrderUnits(tx: Tx, orderNumber: string, now: Date): Promise<number> {
  const rows = await tx.execute<{ n: number }>(sql`
    with gone as (
      update points_orders set state = -1, updated_at = ${iso(now)}::timestamptz
      where order_number = ${orderNumber} and state = 1
      returning item_id, user_id, prod_count
    ), item as (
      update points_items i set stocks = i.stocks + g.prod_count, sold_num = greatest(i.sold_num - g.prod_count, 0), version = i.version + 1
      from gone g where i.id = g.item_id
    ), buyer as (
      update points_item_buyers b set bought_num = greatest(b.bought_num - g.prod_count, 0), updated_at = ${iso(now)}::timestamptz
      from gone g where b.item_id = g.item_id and b.user_id = g.user_id
    )
    select coalesce(sum(prod_count), 0)::int as n from gone`);
  return Number(rows.rows[0]?.n ?? 0);
}

/** The exchanges of the given orders (the tests and the console read them). */
export async function findPointsOrders(db: Reader, orderNumbers: string[]) {
  if (orderNumbers.length === 0) return [];
  return db.select().from(pointsOrders).where(inArray(pointsOrders.orderNumber, orderNumbers));
}
