// A coupon written straight into its table for a test (the consoles that create them are tested on
// their own): on sale from a day ago for ten days, ¥10 off ¥100, 100 in stock, one per person,
// unless told; a name with the caller's prefix (so a test can find and switch off its own) and
// the products it is limited to.
import { randomUUID } from 'node:crypto';
import { couponProducts, coupons } from '../db/schema.ts';
import type { TestApp } from './test-app.ts';

const DAY = 86_400_000;

export type NewCoupon = Partial<typeof coupons.$inferInsert> & { products?: number[] };

export async function insertCoupon(t: TestApp, name: { prefix: string; en: string }, c: NewCoupon = {}): Promise<number> {
  const now = t.ctx.now();
  const { products = [], ...values } = c;
  const [row] = await t.ctx.db
    .insert(coupons)
    .values({
      shopId: 0,
      nameZh: `${name.prefix}${randomUUID().slice(0, 6)}`,
      nameEn: name.en,
      couponType: 1,
      cashCondition: 10_000,
      reduceAmount: 1_000,
      validTimeType: 1,
      startTime: new Date(now.getTime() - DAY),
      endTime: new Date(now.getTime() + 10 * DAY),
      stocks: 100,
      totalStock: 100,
      limitNum: 1,
      ...values,
    })
    .returning({ id: coupons.id });
  if (products.length > 0) await t.ctx.db.insert(couponProducts).values(products.map((productId) => ({ couponId: row!.id, productId })));
  return row!.id;
}
