// A shop's freight rule (issue 10, decision 043): how much a parcel of the shop's physical goods
// costs to ship, per order, per piece or per weight, with other fees and free-shipping thresholds
// for listed provinces. The API computes every fee; the storefront shows what it answers. Messages
// are i18n keys (freight.* in i18n/{zh,en}/ui-freight.ts).
import { z } from 'zod';
import { PROVINCES } from '../constants/delivery.ts';

/** 0 a flat fee per order, 1 per piece, 2 per weight (grams). */
export const FREIGHT_CHARGE = { perOrder: 0, perPiece: 1, perWeight: 2 } as const;
export type FreightCharge = (typeof FREIGHT_CHARGE)[keyof typeof FREIGHT_CHARGE];

/** One fee is at most ¥10,000; thresholds at most ¥1,000,000. */
export const FREIGHT_FEE_MAX = 1_000_000;
export const FREIGHT_FREE_FROM_MAX = 100_000_000;
/** Pieces or grams in one step: at most 1,000 pieces or 1,000 kg. */
export const FREIGHT_UNIT_MAX = 1_000_000;
/** Regions with their own fee; a rule lists each province once. */
export const FREIGHT_REGIONS_MAX = 10;
/** A SKU weighs at most 1,000 kg (grams). */
export const SKU_WEIGHT_MAX = 1_000_000;

const PROVINCE_IDS = new Set(PROVINCES.map((p) => p.id));

const fee = z.number('freight.errors.fee').int('freight.errors.fee').min(0, 'freight.errors.fee').max(FREIGHT_FEE_MAX, 'freight.errors.fee');
const unit = z.number('freight.errors.unit').int('freight.errors.unit').min(1, 'freight.errors.unit').max(FREIGHT_UNIT_MAX, 'freight.errors.unit');
const freeFrom = z
  .number('freight.errors.freeFrom')
  .int('freight.errors.freeFrom')
  .min(0, 'freight.errors.freeFrom')
  .max(FREIGHT_FREE_FROM_MAX, 'freight.errors.freeFrom')
  .nullable();

/**
 * The fee of a parcel: `firstFee` for the first `first` units (pieces or grams; the whole order
 * when charged per order), then `moreFee` for each further `more` units or part of them.
 */
export const FreightTierSchema = z.object({ first: unit, firstFee: fee, more: unit, moreFee: fee });
export type FreightTier = z.infer<typeof FreightTierSchema>;

export const FreightRegionSchema = FreightTierSchema.extend({
  provinceIds: z
    .array(z.number().int().refine((id) => PROVINCE_IDS.has(id), 'freight.errors.province'), 'freight.errors.province')
    .min(1, 'freight.errors.province')
    .max(PROVINCES.length, 'freight.errors.province'),
  /** Free from this goods amount in these provinces; null: never free there. */
  freeFrom,
});
export type FreightRegion = z.infer<typeof FreightRegionSchema>;

/** The rule as stored (shops.freight_rule), edited (PUT /merchant/shop/freight) and answered. */
export const FreightRuleSchema = z
  .object({
    chargeType: z.union([z.literal(0), z.literal(1), z.literal(2)], 'freight.errors.chargeType'),
    /** Free from this goods amount (fen) everywhere no region says otherwise; null: never. */
    freeFrom,
    /** The fee everywhere no region lists. */
    base: FreightTierSchema,
    regions: z.array(FreightRegionSchema, 'freight.errors.province').max(FREIGHT_REGIONS_MAX, 'freight.errors.tooManyRegions'),
  })
  .refine((rule) => {
    const ids = rule.regions.flatMap((r) => r.provinceIds);
    return new Set(ids).size === ids.length;
  }, 'freight.errors.provinceTwice');
export type FreightRule = z.infer<typeof FreightRuleSchema>;

/** What a parcel of one shop is, for its fee. */
export interface FreightParcel {
  pieces: number;
  grams: number;
  /** Goods amount in fen, for the free-shipping thresholds. */
  goods: number;
}

/** A flat fee per order, free from a goods amount (or never): the rule new shops start with. */
export const flatFreightRule = (fee: number, freeFrom: number | null): FreightRule => ({
  chargeType: FREIGHT_CHARGE.perOrder,
  freeFrom,
  base: { first: 1, firstFee: fee, more: 1, moreFee: 0 },
  regions: [],
});

/** A region's fee for one piece (or the first weight step), for the product page's delivery row. */
export const ProductFreightRegionSchema = z.object({
  provinceIds: z.array(z.number().int()),
  freight: z.number().int(),
  freeFreightFrom: z.number().int().nullable(),
});
export type ProductFreightRegion = z.infer<typeof ProductFreightRegionSchema>;

/** What the product page shows of a rule: the first step's fee and threshold everywhere, and per listed region. */
export function productFreight(rule: FreightRule): { freight: number; freeFreightFrom: number | null; regionFreight: ProductFreightRegion[] } {
  return {
    freight: rule.base.firstFee,
    freeFreightFrom: rule.freeFrom,
    regionFreight: rule.regions.map((r) => ({ provinceIds: r.provinceIds, freight: r.firstFee, freeFreightFrom: r.freeFrom })),
  };
}
