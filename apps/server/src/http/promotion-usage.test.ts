// A shop promotion's usage figures (issue 11 §5, decision 044): submit stores which promotion
// reduced each line, and the merchant's and the console's lists count the paid orders under it and
// its shares of them; an unpaid order counts nothing yet.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageOf } from '@bazaar/shared/schemas/common';
import { ConfirmResultSchema, SubmitResultSchema } from '@bazaar/shared/schemas/order';
import { DiscountRowSchema, MerchantDiscountDetailSchema } from '@bazaar/shared/schemas/shop-promotion';
import { orderItems } from '../db/schema.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { json, type RegisteredUser } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { merchantLogin } from '../test/merchant-test-kit.ts';
import { addToCart, as, confirmRequest, createProductIn, shopperWithAddress, submitRequest, userIdOf, type OrderTestProduct } from '../test/order-test-kit.ts';
import { topUpBalance } from '../test/payment-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { createTestShop, type TestShop } from '../test/staff-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let shop: TestShop;
let token: string;
let product: OrderTestProduct;
let other: OrderTestProduct;
const PageSchema = pageOf(DiscountRowSchema);
const at = (hours: number) => formatApiTime(new Date(Date.now() + hours * 3_600_000));

beforeAll(async () => {
  t = await ensureSeeded();
  shop = await createTestShop(t);
  token = await merchantLogin(t, shop.shopId);
  product = await createProductIn(t, shop.shopId, { price: 40_000 });
  other = await createProductIn(t, shop.shopId, { price: 10_000 });
}, 180_000);

async function buy(user: RegisteredUser, pay: boolean): Promise<string> {
  await addToCart(t, user, product, 1);
  await addToCart(t, user, other, 1);
  const uuid = randomUUID();
  const confirmed = ConfirmResultSchema.parse((await confirmRequest(t, user, { addrId: 0, uuid })).json());
  const submitted = await submitRequest(t, user, { uuid, orderShopParams: confirmed.shopCartOrders.map((o) => ({ shopId: o.shopId, remarks: '' })) });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const { orderNumbers } = SubmitResultSchema.parse(submitted.json());
  if (pay) {
    await topUpBalance(t, await userIdOf(t, user), 1_000_000);
    const paid = await t.app.inject({ method: 'POST', url: '/p/order/pay', headers: as(user), payload: { orderNumbers, payType: 9 } });
    expect(paid.statusCode, paid.body).toBe(200);
  }
  return orderNumbers;
}

describe('promotion usage', () => {
  it('counts the paid orders with a line under the promotion and its shares, in the merchant center and the console', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/merchant/discounts',
      ...json(
        { nameZh: '满300减50', discountRule: 0, suitableProdType: 1, productIds: [product.prodId], startTime: at(-1), endTime: at(48), tiers: [{ needAmount: 30_000, reduceAmount: 5_000 }] },
        { headers: { authorization: token } },
      ),
    });
    expect(created.statusCode, created.body).toBe(200);
    const { discountId } = MerchantDiscountDetailSchema.parse(created.json());
    const usage = async () => PageSchema.parse((await t.app.inject({ method: 'GET', url: '/merchant/discounts?size=50', headers: { authorization: token } })).json()).records.find((r) => r.discountId === discountId)!.usage;
    expect(await usage()).toEqual({ orders: 0, reducedAmount: 0 });

    // The line under the promotion carries its id; the other line none.
    const unpaid = await buy(await shopperWithAddress(t), false);
    const lines = await t.ctx.db.select({ productId: orderItems.productId, discountId: orderItems.discountId, share: orderItems.discountShare }).from(orderItems).where(eq(orderItems.orderNumber, unpaid));
    expect(lines.find((l) => l.productId === product.prodId)).toMatchObject({ discountId, share: 5_000 });
    expect(lines.find((l) => l.productId === other.prodId)).toMatchObject({ discountId: null, share: 0 });
    expect(await usage()).toEqual({ orders: 0, reducedAmount: 0 });

    await buy(await shopperWithAddress(t), true);
    await buy(await shopperWithAddress(t), true);
    expect(await usage()).toEqual({ orders: 2, reducedAmount: 10_000 });
    const staff = await adminToken(t);
    const listed = PageSchema.parse((await t.app.inject({ method: 'GET', url: `/admin/discounts?shopId=${shop.shopId}`, headers: { authorization: `Bearer ${staff}` } })).json());
    expect(listed.records.find((r) => r.discountId === discountId)!.usage).toEqual({ orders: 2, reducedAmount: 10_000 });
  });
});
