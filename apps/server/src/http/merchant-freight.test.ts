// A shop's freight rule: the merchant edits it (only the own shop's, with localized refusals), and
// checkout and the product page follow it at once, by the delivery province.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FREIGHT_CHARGE, FreightRuleSchema, flatFreightRule, type FreightRule } from '@bazaar/shared/schemas/freight';
import { ProductDetailSchema } from '@bazaar/shared/schemas/product';
import { skus } from '../db/schema.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { json, registerUser, type RegisteredUser } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { merchantLogin } from '../test/merchant-test-kit.ts';
import { addAddress, confirm, createProductIn, type OrderTestProduct } from '../test/order-test-kit.ts';
import { createTestShop } from '../test/staff-test-kit.ts';

let t: TestApp;
let shopA: number;
let tokenA: string;
let tokenB: string;
let product: OrderTestProduct;
let virtualProduct: OrderTestProduct;
let zhejiang: RegisteredUser;
let xinjiang: RegisteredUser;

const XINJIANG = 650000;
const rule: FreightRule = {
  chargeType: FREIGHT_CHARGE.perPiece,
  freeFrom: 30_000,
  base: { first: 1, firstFee: 600, more: 2, moreFee: 300 },
  regions: [{ provinceIds: [XINJIANG, 540000], first: 1, firstFee: 2_000, more: 1, moreFee: 500, freeFrom: null }],
};

function put(token: string | undefined, body: unknown, lang = 'en') {
  const headers: Record<string, string> = { 'accept-language': lang, ...(token ? { authorization: token } : {}) };
  return t.app.inject({ method: 'PUT', url: '/merchant/shop/freight', ...json(body, { headers }) });
}
const get = (token: string | undefined) => t.app.inject({ method: 'GET', url: '/merchant/shop/freight', headers: token ? { authorization: token } : {} });

/** The freight confirm answers for buying `count` of a product now. */
async function freightFor(user: RegisteredUser, item: OrderTestProduct, count: number) {
  const result = await confirm(t, user, { addrId: 0, uuid: randomUUID(), orderItem: { prodId: item.prodId, skuId: item.skuId, shopId: item.shopId, prodCount: count } });
  return { transFee: result.shopCartOrders[0]!.transFee, freeFreightFrom: result.shopCartOrders[0]!.freeFreightFrom, total: result.totalTransFee };
}

beforeAll(async () => {
  t = await ensureSeeded();
  const [a, b] = [await createTestShop(t), await createTestShop(t)];
  shopA = a.shopId;
  [tokenA, tokenB] = await Promise.all([merchantLogin(t, a.shopId), merchantLogin(t, b.shopId)]);
  product = await createProductIn(t, shopA, { price: 5_000 });
  virtualProduct = await createProductIn(t, shopA, { price: 5_000, mold: 1 });
  zhejiang = await registerUser(t);
  await addAddress(t, zhejiang);
  xinjiang = await registerUser(t);
  await addAddress(t, xinjiang, { provinceId: XINJIANG, cityId: 650100, areaId: 650102, addr: '人民路 1 号院 2 单元' });
});

describe('the merchant edits the shop freight rule', () => {
  it('refuses a visitor, a shopper and staff', async () => {
    const staff = await adminToken(t);
    for (const token of [undefined, zhejiang.token, staff]) {
      expect((await get(token)).statusCode).toBe(401);
      expect((await put(token, rule)).statusCode).toBe(401);
    }
  });

  it('starts a new shop with free shipping per order, and saves a rule for its own shop only', async () => {
    const before = await get(tokenA);
    expect(FreightRuleSchema.parse(before.json())).toEqual(flatFreightRule(0, null));
    const saved = await put(tokenA, rule);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(rule);
    expect((await get(tokenA)).json()).toEqual(rule);
    expect((await get(tokenB)).json()).toEqual(flatFreightRule(0, null));
  });

  it('refuses a bad rule with the localized reason and keeps the saved one', async () => {
    const twice = { ...rule, regions: [...rule.regions, { ...rule.regions[0]!, provinceIds: [XINJIANG] }] };
    const refusal = async (body: unknown, lang = 'en') => {
      const res = await put(tokenB, body, lang);
      return [res.statusCode, res.body];
    };
    expect(await refusal(twice)).toEqual([400, 'A province can be in only one region']);
    expect(await refusal(twice, 'zh')).toEqual([400, '同一省份只能出现在一个指定地区里']);
    expect(await refusal({ ...rule, base: { ...rule.base, firstFee: -100 } })).toEqual([400, 'A fee must be ¥0-10,000 with at most two decimals']);
    expect(await refusal({ ...rule, regions: [{ ...rule.regions[0]!, provinceIds: [123] }] })).toEqual([400, 'Choose at least one province for each region']);
    expect(await refusal({ ...rule, chargeType: 7 })).toEqual([400, 'Choose how freight is charged']);
    expect((await get(tokenB)).json()).toEqual(flatFreightRule(0, null));
  });
});

describe('checkout and the product page follow the rule', () => {
  it('charges per piece by the delivery province; far provinces pay their own fee and are never free', async () => {
    await put(tokenA, rule);
    expect(await freightFor(zhejiang, product, 1)).toEqual({ transFee: 600, freeFreightFrom: 30_000, total: 600 });
    expect((await freightFor(zhejiang, product, 4)).transFee).toBe(1_200);
    // ¥300 of goods reach the threshold everywhere but in the listed region.
    expect((await freightFor(zhejiang, product, 6)).transFee).toBe(0);
    expect(await freightFor(xinjiang, product, 1)).toEqual({ transFee: 2_000, freeFreightFrom: null, total: 2_000 });
    expect((await freightFor(xinjiang, product, 6)).transFee).toBe(4_500);
    // Virtual goods ship nothing.
    expect((await freightFor(xinjiang, virtualProduct, 3)).transFee).toBe(0);
  });

  it('charges by the SKUs weight when the shop charges by weight', async () => {
    await t.ctx.db.update(skus).set({ weight: 1_200 }).where(eq(skus.id, product.skuId));
    const byWeight: FreightRule = { chargeType: FREIGHT_CHARGE.perWeight, freeFrom: null, base: { first: 1_000, firstFee: 800, more: 1_000, moreFee: 200 }, regions: [] };
    expect((await put(tokenA, byWeight)).statusCode).toBe(200);
    // 1.2 kg: the first kg and one more step; 3.6 kg: the first kg and three more.
    expect((await freightFor(zhejiang, product, 1)).transFee).toBe(1_000);
    expect((await freightFor(zhejiang, product, 3)).transFee).toBe(1_400);
  });

  it('shows the first step everywhere and per listed region on the product page at once', async () => {
    await put(tokenA, rule);
    const res = await t.app.inject({ method: 'GET', url: `/prod/prodInfo?prodId=${product.prodId}` });
    expect(res.statusCode, res.body).toBe(200);
    const { delivery } = ProductDetailSchema.parse(res.json());
    expect(delivery).toMatchObject({ freight: 600, freeFreightFrom: 30_000, regionFreight: [{ provinceIds: [XINJIANG, 540000], freight: 2_000, freeFreightFrom: null }] });
  });
});
