import { describe, expect, it } from 'vitest';
import { FREIGHT_CHARGE, FreightRuleSchema, flatFreightRule, productFreight, type FreightRule } from '@bazaar/shared/schemas/freight';
import { freeFreightFrom, freightFee } from './freight.ts';

const ZHEJIANG = 330000;
const HANGZHOU_XIHU = 330106;
const XINJIANG = 650000;
const URUMQI_DISTRICT = 650102;

const perPiece: FreightRule = {
  chargeType: FREIGHT_CHARGE.perPiece,
  freeFrom: 19_900,
  base: { first: 2, firstFee: 600, more: 3, moreFee: 200 },
  regions: [{ provinceIds: [XINJIANG, 540000], first: 1, firstFee: 2_000, more: 1, moreFee: 500, freeFrom: null }],
};
const parcel = (pieces: number, goods = 1_000, grams = 0) => ({ pieces, grams, goods });

describe('freightFee', () => {
  it('charges a flat fee per order, free from the threshold', () => {
    const rule = flatFreightRule(800, 19_900);
    expect(freightFee(rule, parcel(1), ZHEJIANG)).toBe(800);
    expect(freightFee(rule, parcel(30), ZHEJIANG)).toBe(800);
    expect(freightFee(rule, parcel(1, 19_899), ZHEJIANG)).toBe(800);
    expect(freightFee(rule, parcel(1, 19_900), ZHEJIANG)).toBe(0);
    expect(freightFee(flatFreightRule(800, null), parcel(1, 99_999_999), ZHEJIANG)).toBe(800);
  });

  it('charges per piece: the first pieces, then each further step or part of one', () => {
    expect(freightFee(perPiece, parcel(1), ZHEJIANG)).toBe(600);
    expect(freightFee(perPiece, parcel(2), ZHEJIANG)).toBe(600);
    expect(freightFee(perPiece, parcel(3), ZHEJIANG)).toBe(800);
    expect(freightFee(perPiece, parcel(5), ZHEJIANG)).toBe(800);
    expect(freightFee(perPiece, parcel(6), ZHEJIANG)).toBe(1_000);
  });

  it('charges per weight in grams, rounding a part step up', () => {
    const rule: FreightRule = { chargeType: FREIGHT_CHARGE.perWeight, freeFrom: null, base: { first: 1_000, firstFee: 1_000, more: 500, moreFee: 300 }, regions: [] };
    expect(freightFee(rule, parcel(1, 1_000, 0), ZHEJIANG)).toBe(1_000);
    expect(freightFee(rule, parcel(1, 1_000, 1_000), ZHEJIANG)).toBe(1_000);
    expect(freightFee(rule, parcel(1, 1_000, 1_001), ZHEJIANG)).toBe(1_300);
    expect(freightFee(rule, parcel(3, 1_000, 2_400), ZHEJIANG)).toBe(1_900);
  });

  it('uses a listed region by the province of any division id, with its own threshold (null: never free)', () => {
    expect(freightFee(perPiece, parcel(1), XINJIANG)).toBe(2_000);
    expect(freightFee(perPiece, parcel(3), URUMQI_DISTRICT)).toBe(3_000);
    expect(freightFee(perPiece, parcel(3, 1_000_000), URUMQI_DISTRICT)).toBe(3_000);
    expect(freightFee(perPiece, parcel(3, 1_000_000), HANGZHOU_XIHU)).toBe(0);
    expect(freeFreightFrom(perPiece, URUMQI_DISTRICT)).toBeNull();
    expect(freeFreightFrom(perPiece, HANGZHOU_XIHU)).toBe(19_900);
  });

  it('without an address takes the fee everywhere no region lists; an empty parcel ships nothing', () => {
    expect(freightFee(perPiece, parcel(3), null)).toBe(800);
    expect(freightFee(perPiece, parcel(0), XINJIANG)).toBe(0);
    expect(freeFreightFrom(perPiece, null)).toBe(19_900);
  });
});

describe('FreightRuleSchema', () => {
  const messages = (rule: unknown) => {
    const parsed = FreightRuleSchema.safeParse(rule);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };

  it('accepts the demo rules and refuses a province in two regions, unknown provinces, bad fees and units', () => {
    expect(messages(perPiece)).toEqual([]);
    expect(messages({ ...perPiece, regions: [...perPiece.regions, { ...perPiece.regions[0]!, provinceIds: [XINJIANG] }] })).toEqual(['freight.errors.provinceTwice']);
    expect(messages({ ...perPiece, regions: [{ ...perPiece.regions[0]!, provinceIds: [999_999] }] })).toEqual(['freight.errors.province']);
    expect(messages({ ...perPiece, regions: [{ ...perPiece.regions[0]!, provinceIds: [] }] })).toEqual(['freight.errors.province']);
    expect(messages({ ...perPiece, base: { ...perPiece.base, firstFee: -1 } })).toEqual(['freight.errors.fee']);
    expect(messages({ ...perPiece, base: { ...perPiece.base, more: 0 } })).toEqual(['freight.errors.unit']);
    expect(messages({ ...perPiece, freeFrom: 1.5 })).toEqual(['freight.errors.freeFrom']);
    expect(messages({ ...perPiece, chargeType: 3 })).toEqual(['freight.errors.chargeType']);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ ...perPiece.regions[0]!, provinceIds: [[110000, 120000, 130000, 140000, 150000, 210000, 220000, 230000, 310000, 320000, 330000][i]!] }));
    expect(messages({ ...perPiece, regions: eleven })).toEqual(['freight.errors.tooManyRegions']);
  });

  it('shows the product page the first step of each region', () => {
    expect(productFreight(perPiece)).toEqual({ freight: 600, freeFreightFrom: 19_900, regionFreight: [{ provinceIds: [XINJIANG, 540000], freight: 2_000, freeFreightFrom: null }] });
  });
});
