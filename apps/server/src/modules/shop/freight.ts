// A shop's freight rule (decision 043): the fee of a parcel to a province, and the merchant's
// reading and saving of the rule. The fee is pure (checkout calls it per shop per confirm); the
// rule travels with the shop's named queries (anyShopCard, openShopCard) as one jsonb column.
import { eq } from 'drizzle-orm';
import { FREIGHT_CHARGE, FreightRuleSchema, type FreightParcel, type FreightRule, type FreightTier } from '@bazaar/shared/schemas/freight';
import { provinceOf } from '@bazaar/shared/constants/delivery';
import type { Db } from '../../db/client.ts';
import { shops } from '../../db/schema/shop.ts';
import { notFound } from '../../lib/app-error.ts';

/** The region of the rule that lists this province (a division id of any level), if any. */
function regionOf(rule: FreightRule, divisionId: number | null) {
  if (divisionId === null) return undefined;
  const province = provinceOf(divisionId)?.id;
  return province === undefined ? undefined : rule.regions.find((r) => r.provinceIds.includes(province));
}

function tierFee(tier: FreightTier, units: number): number {
  if (units <= tier.first) return tier.firstFee;
  return tier.firstFee + Math.ceil((units - tier.first) / tier.more) * tier.moreFee;
}

/**
 * Fen to ship a parcel to a division (province, city or district id; null: no address yet, the
 * fee everywhere no region lists). Free from the threshold of the parcel's region, else the
 * shop-wide one. An empty parcel ships nothing.
 */
export function freightFee(rule: FreightRule, parcel: FreightParcel, divisionId: number | null): number {
  if (parcel.pieces === 0) return 0;
  const region = regionOf(rule, divisionId);
  const freeFrom = region ? region.freeFrom : rule.freeFrom;
  if (freeFrom !== null && parcel.goods >= freeFrom) return 0;
  const tier = region ?? rule.base;
  if (rule.chargeType === FREIGHT_CHARGE.perOrder) return tier.firstFee;
  return tierFee(tier, rule.chargeType === FREIGHT_CHARGE.perPiece ? parcel.pieces : parcel.grams);
}

/** The free-shipping threshold that applies in a division (null: never free there). */
export function freeFreightFrom(rule: FreightRule, divisionId: number | null): number | null {
  const region = regionOf(rule, divisionId);
  return region ? region.freeFrom : rule.freeFrom;
}

/** The merchant's own shop's rule. */
export async function shopFreightRule(db: Db, shopId: number): Promise<FreightRule> {
  const [row] = await db.select({ rule: shops.freightRule }).from(shops).where(eq(shops.id, shopId));
  if (!row) throw notFound('errors.notFound');
  return row.rule;
}

/** Replaces the shop's rule (already parsed with FreightRuleSchema); answers it as stored. */
export async function saveShopFreightRule(db: Db, shopId: number, rule: FreightRule): Promise<FreightRule> {
  const parsed = FreightRuleSchema.parse(rule);
  const [row] = await db.update(shops).set({ freightRule: parsed, updatedAt: new Date() }).where(eq(shops.id, shopId)).returning({ rule: shops.freightRule });
  if (!row) throw notFound('errors.notFound');
  return row.rule;
}
