// The demo shops' freight rules (decision 043): what a Chinese mall's sellers commonly set. Most
// shops charge a flat fee per order, free from ¥199, with dearer far-west provinces; the silk shop
// charges per piece. The self-run store ships free, except to Xinjiang and Tibet (where a member's
// free shipping on self-run goods shows).
import { FREIGHT_CHARGE, flatFreightRule, type FreightRegion, type FreightRule } from '@bazaar/shared/schemas/freight';

/** Xinjiang and Tibet: dearer, never free. */
const FAR_WEST = [650000, 540000];
/** Qinghai, Gansu, Ningxia, Inner Mongolia: dearer, free from a higher amount. */
const NORTH_WEST = [630000, 620000, 640000, 150000];

function farRegions(fee: number, moreFee: number): FreightRegion[] {
  return [
    { provinceIds: FAR_WEST, first: 1, firstFee: fee * 2 + 400, more: 1, moreFee: moreFee * 2, freeFrom: null },
    { provinceIds: NORTH_WEST, first: 1, firstFee: fee + 400, more: 1, moreFee, freeFrom: 29_900 },
  ];
}

export function demoFreightRule(shopKey: string): FreightRule {
  if (shopKey === 'silk') {
    return { chargeType: FREIGHT_CHARGE.perPiece, freeFrom: 19_900, base: { first: 1, firstFee: 600, more: 1, moreFee: 200 }, regions: farRegions(600, 200) };
  }
  return { ...flatFreightRule(800, 19_900), regions: farRegions(800, 0) };
}

/** The self-run store: free everywhere but the far west (¥12, never free there). */
export function selfRunFreightRule(): FreightRule {
  return { ...flatFreightRule(0, 9_900), regions: [{ provinceIds: FAR_WEST, first: 1, firstFee: 1_200, more: 1, moreFee: 0, freeFrom: null }] };
}
