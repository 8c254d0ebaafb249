// The running shop promotions of some shops, with their ladder and listed products, as the pricing
// flow needs them (flows/price-cart.ts maps them to the pipeline's rules, decision 033).
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPer } from '../../db/prepared.ts';
import { discountItems, discountProducts, discounts } from '../../db/schema/promotion.ts';

const ON = 1;
/** suitableProdType 1: only the listed products. */
const LISTED_PRODUCTS = 1;

export interface DiscountStep {
  /** Fen (rules 0 and 2) or pieces (rule 1). */
  needAmount: number;
  /** Fen off (rule 0). */
  reduceAmount: number;
  /** Per ten (rules 1 and 2): 8.5 = 85 % paid; null on rule 0. */
  discount: number | null;
}

export interface RunningDiscount {
  id: number;
  shopId: number;
  nameZh: string;
  nameEn: string | null;
  /** 0 full-amount reduction, 1 full-piece discount, 2 full-amount discount. */
  discountRule: number;
  /** 0 ladder, 1 every full. */
  discountType: number;
  maxReduceAmount: number | null;
  endTime: Date;
  steps: DiscountStep[];
  /** null = every product of the shop. */
  productIds: number[] | null;
}

/** The outer row's id, spelled out: inside a subquery drizzle writes a column unqualified, and discount_items has an id of its own. */
const discountIdOuter = sql.raw('"discounts"."id"');

const runningStatement = preparedPer((db: Db) =>
  db
    .select({
      id: discounts.id,
      shopId: discounts.shopId,
      nameZh: discounts.nameZh,
      nameEn: discounts.nameEn,
      discountRule: discounts.discountRule,
      discountType: discounts.discountType,
      suitableProdType: discounts.suitableProdType,
      maxReduceAmount: discounts.maxReduceAmount,
      endTime: discounts.endTime,
      steps: sql<DiscountStep[]>`(select coalesce(json_agg(json_build_object('needAmount', ${discountItems.needAmount}, 'reduceAmount', ${discountItems.reduceAmount}, 'discount', ${discountItems.discount}) order by ${discountItems.needAmount}), '[]'::json) from ${discountItems} where ${discountItems.discountId} = ${discountIdOuter})`,
      productIds: sql<number[]>`(select coalesce(json_agg(${discountProducts.productId} order by ${discountProducts.productId}), '[]'::json) from ${discountProducts} where ${discountProducts.discountId} = ${discountIdOuter})`,
    })
    .from(discounts)
    .where(
      and(
        sql`${discounts.shopId} = any(${sql.placeholder('shopIds')}::int[])`,
        eq(discounts.status, ON),
        lte(discounts.startTime, sql.placeholder('now')),
        gt(discounts.endTime, sql.placeholder('now')),
      ),
    )
    .orderBy(asc(discounts.id))
    .prepare('promotion_running_discounts'),
);

/** Promotions that are on and within their window at `now`, for the given shops, by id. */
export async function listRunningDiscounts(db: Db, shopIds: number[], now: Date): Promise<RunningDiscount[]> {
  if (shopIds.length === 0) return [];
  const rows = await runningStatement(db).execute({ shopIds, now });
  return rows.map(({ suitableProdType, steps, productIds, ...row }) => ({
    ...row,
    // numeric comes back from json as a number, a ladder step's discount included.
    steps: steps.map((s) => ({ needAmount: Number(s.needAmount), reduceAmount: Number(s.reduceAmount), discount: s.discount === null ? null : Number(s.discount) })),
    productIds: suitableProdType === LISTED_PRODUCTS ? productIds.map(Number) : null,
  }));
}
