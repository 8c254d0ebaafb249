// A shop accepting balance refunds while the same shoppers pay other orders of the same product from
// their balance (decision 060, lock order). The refund's settle step credits the wallet and puts the
// goods back on sale; a balance payment adds to the product's sold count and then debits the wallet.
// Both must take the product before the wallet, or PostgreSQL finds the two waiting on each other and
// aborts one of them (a 500 to the shop, whose accept then seems to do nothing). On PostgreSQL + Redis
// the pairs also run across two API instances.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, PAY_TYPE } from '@bazaar/shared/constants/order-status';
import type { BazaarApp } from '../app.ts';
import { balanceLogs, orders, refunds } from '../db/schema.ts';
import { json } from '../test/account-test-kit.ts';
import { appsOfFile, SHARED_INFRASTRUCTURE } from '../test/instances.ts';
import { registerBuyer } from '../test/merchant-test-kit.ts';
import { ledgerSum, topUpBalance, walletBalance } from '../test/payment-test-kit.ts';
import { apply, applyBody, refundOrder, seededShopOwner } from '../test/refund-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let shopId: number;
let owner: { token: string };

beforeAll(async () => {
  ({ t, shopId, owner } = await seededShopOwner());
});

const PAIRS = 25;
const PRICE = 1_000;

/**
 * PAIRS shoppers, each with a refund of a paid order waiting for the shop and an unpaid order of the
 * same product (every order here is of the shop's first SKU), and the balance to pay it.
 */
async function shoppers() {
  return Promise.all(
    Array.from({ length: PAIRS }, async () => {
      const buyer = await registerBuyer(t);
      const paid = await refundOrder(t, buyer, shopId, { lines: 1, count: 1, price: PRICE });
      const refundSn = await apply(t, buyer, applyBody(paid, { refundAmount: PRICE }));
      const unpaid = await refundOrder(t, buyer, shopId, { lines: 1, count: 1, price: PRICE, status: ORDER_STATUS.unpaid });
      // Placed just now, so it may still be paid.
      await t.ctx.db.update(orders).set({ createdAt: t.ctx.now() }).where(eq(orders.orderNumber, unpaid.orderNumber));
      await topUpBalance(t, buyer.userId, PRICE);
      return { buyer, refundSn, unpaid: unpaid.orderNumber };
    }),
  );
}

function pairs(sides: () => [BazaarApp, BazaarApp]) {
  it(`${PAIRS} shoppers at once: the shop accepts each one's refund while they pay another order of the same product; every call succeeds, the money moves once`, async () => {
    const [a, b] = sides();
    const all = await shoppers();
    const answers = await Promise.all(
      all.flatMap(({ buyer, refundSn, unpaid }, i) => [
        (i % 2 ? b : a).inject({ method: 'PUT', url: `/merchant/refunds/${refundSn}/accept`, ...json({}, { headers: { authorization: owner.token, 'accept-language': 'en' } }) }),
        (i % 2 ? a : b).inject({ method: 'POST', url: '/p/order/pay', ...json({ orderNumbers: unpaid, payType: PAY_TYPE.balance }, { headers: { authorization: buyer.token, 'accept-language': 'en' } }) }),
      ]),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    for (const { buyer, refundSn, unpaid } of all) {
      expect((await t.ctx.db.select().from(refunds).where(eq(refunds.refundSn, refundSn)))[0]).toMatchObject({ returnMoneySts: 5, settleStatus: 2 });
      expect((await t.ctx.db.select().from(orders).where(eq(orders.orderNumber, unpaid)))[0]).toMatchObject({ status: ORDER_STATUS.paid });
      // Topped up by the price, paid the price, refunded the price.
      expect(await walletBalance(t, buyer.userId)).toBe(PRICE);
      expect(await ledgerSum(t, buyer.userId)).toBe(PRICE);
      expect(await t.ctx.db.select().from(balanceLogs).where(eq(balanceLogs.bizId, refundSn))).toEqual([expect.objectContaining({ type: 4, ioType: 1, changeBalance: PRICE })]);
    }
  });
}

describe('on one API instance', () => {
  pairs(() => [t.app, t.app]);
});

/** The second instance, on PostgreSQL + Redis. */
const apps = appsOfFile(() => t.app);
describe.skipIf(!SHARED_INFRASTRUCTURE)('on PostgreSQL + Redis, across two API instances', () => {
  pairs(() => apps() as [BazaarApp, BazaarApp]);
});
