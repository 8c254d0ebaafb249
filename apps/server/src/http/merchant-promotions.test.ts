// Shop promotions in the merchant center (issue 11 §5, decision 037): every call and message, and a
// shop that never sees or changes another shop's promotions.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageOf } from '@bazaar/shared/schemas/common';
import { DiscountRowSchema, MerchantDiscountDetailSchema } from '@bazaar/shared/schemas/shop-promotion';
import { createI18n } from '@bazaar/shared/i18n/catalogs';
import { discountItems, discountProducts, discounts, products } from '../db/schema.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { json } from '../test/account-test-kit.ts';
import { merchantLogin } from '../test/merchant-test-kit.ts';
import { createTestProduct, type TestProduct } from '../test/product-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import { createTestShop, type TestShop } from '../test/staff-test-kit.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let shopA: TestShop;
let shopB: TestShop;
let tokenA: string;
let tokenB: string;
let productsA: TestProduct[];
let productB: TestProduct;

const zh = createI18n('zh').t;
const en = createI18n('en').t;
const HOUR = 3_600_000;
const at = (hours: number) => formatApiTime(new Date(Date.now() + hours * HOUR));

function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string, body?: unknown, lang: 'zh' | 'en' = 'en') {
  const headers = { authorization: token, 'accept-language': lang };
  if (body === undefined) return t.app.inject({ method, url, headers });
  return t.app.inject({ method, url, ...json(body, { headers }) });
}

const reduction = (overrides: Record<string, unknown> = {}) => ({
  nameZh: '满300减50',
  nameEn: '¥50 off ¥300',
  discountRule: 0,
  discountType: 0,
  suitableProdType: 0,
  productIds: [],
  startTime: at(-1),
  endTime: at(48),
  maxReduceAmount: null,
  tiers: [
    { needAmount: 30_000, reduceAmount: 5_000 },
    { needAmount: 50_000, reduceAmount: 10_000 },
  ],
  ...overrides,
});

async function created(token: string, body: unknown) {
  const res = await call('POST', '/merchant/discounts', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return MerchantDiscountDetailSchema.parse(res.json());
}

beforeAll(async () => {
  t = await ensureSeeded();
  [shopA, shopB] = await Promise.all([createTestShop(t), createTestShop(t)]);
  [tokenA, tokenB] = await Promise.all([merchantLogin(t, shopA.shopId), merchantLogin(t, shopB.shopId)]);
  productsA = [await createTestProduct(t, { shopId: shopA.shopId }), await createTestProduct(t, { shopId: shopA.shopId })];
  productB = await createTestProduct(t, { shopId: shopB.shopId });
}, 180_000);

describe('creating a promotion', () => {
  it('creates a tiered full-amount reduction for the whole shop, running now, with its labels', async () => {
    const d = await created(tokenA, reduction());
    expect(d).toMatchObject({ shopId: shopA.shopId, shopName: shopA.nameEn, discountRule: 0, state: 'running', productCount: 0, labels: ['¥50 off ¥300', '¥100 off ¥500'] });
    expect(d.tiers).toEqual([
      { needAmount: 30_000, reduceAmount: 5_000, discount: null },
      { needAmount: 50_000, reduceAmount: 10_000, discount: null },
    ]);
    const zhRes = await call('GET', `/merchant/discounts/${d.discountId}`, tokenA, undefined, 'zh');
    expect(zhRes.json().labels).toEqual(['满300减50', '满500减100']);
  });

  it('creates an "every full" reduction, a piece discount on listed products with a cap, and an amount discount', async () => {
    const every = await created(tokenA, reduction({ discountType: 1, tiers: [{ needAmount: 30_000, reduceAmount: 5_000 }] }));
    expect(every.labels).toEqual(['¥50 off every ¥300']);
    const pieces = await created(
      tokenA,
      reduction({
        nameZh: '2件9折 3件8折',
        discountRule: 1,
        suitableProdType: 1,
        productIds: productsA.map((p) => p.prodId),
        maxReduceAmount: 20_000,
        tiers: [
          { needAmount: 2, discount: 9 },
          { needAmount: 3, discount: 8.5 },
        ],
      }),
    );
    expect(pieces).toMatchObject({ discountRule: 1, suitableProdType: 1, productCount: 2, maxReduceAmount: 20_000, labels: ['10% off 2+ items', '15% off 3+ items'] });
    expect(pieces.products.map((p) => p.prodId).sort()).toEqual(productsA.map((p) => p.prodId).sort());
    expect(pieces.products[0]).toMatchObject({ onShelf: true, price: 9_900 });
    const amount = await created(tokenA, reduction({ nameZh: '满500打9折', discountRule: 2, startTime: at(24), endTime: at(72), tiers: [{ needAmount: 50_000, discount: 9 }] }));
    expect(amount).toMatchObject({ state: 'upcoming', labels: ['10% off over ¥500'] });
    const stored = await t.ctx.db.select().from(discountItems).where(eq(discountItems.discountId, amount.discountId));
    expect(stored).toMatchObject([{ needAmount: 50_000, reduceAmount: 0, discount: 9 }]);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['no name', { nameZh: '  ' }, 'promotion.errors.nameRequired'],
    ['a long name', { nameZh: '满'.repeat(31) }, 'promotion.errors.nameTooLong'],
    ['a long English name', { nameEn: 'x'.repeat(61) }, 'promotion.errors.nameEnTooLong'],
    ['an unknown rule', { discountRule: 3 }, 'promotion.errors.rule'],
    ['an unknown type', { discountType: 2 }, 'promotion.errors.type'],
    ['an unknown scope', { suitableProdType: 2 }, 'promotion.errors.scope'],
    ['no tiers', { tiers: [] }, 'promotion.errors.tiersRequired'],
    ['six tiers', { tiers: [1, 2, 3, 4, 5, 6].map((n) => ({ needAmount: n * 10_000, reduceAmount: n * 1_000 })) }, 'promotion.errors.tooManyTiers'],
    ['a zero threshold', { tiers: [{ needAmount: 0, reduceAmount: 0 }] }, 'promotion.errors.needAmount'],
    ['a negative reduction', { tiers: [{ needAmount: 100, reduceAmount: -1 }] }, 'promotion.errors.reduceAmount'],
    ['a reduction as big as the threshold', { tiers: [{ needAmount: 10_000, reduceAmount: 10_000 }] }, 'promotion.errors.reduceBelowNeed'],
    ['tiers not ascending', { tiers: [{ needAmount: 30_000, reduceAmount: 5_000 }, { needAmount: 30_000, reduceAmount: 6_000 }] }, 'promotion.errors.tiersAscending'],
    ['a higher tier saving less', { tiers: [{ needAmount: 30_000, reduceAmount: 5_000 }, { needAmount: 50_000, reduceAmount: 5_000 }] }, 'promotion.errors.tiersBetter'],
    ['a discount of 10', { discountRule: 2, tiers: [{ needAmount: 10_000, discount: 10 }] }, 'promotion.errors.discountRange'],
    ['a discount of 0', { discountRule: 1, tiers: [{ needAmount: 2, discount: 0 }] }, 'promotion.errors.discountRange'],
    ['a discount with two decimals', { discountRule: 1, tiers: [{ needAmount: 2, discount: 8.55 }] }, 'promotion.errors.discountRange'],
    ['a missing discount', { discountRule: 1, tiers: [{ needAmount: 2 }] }, 'promotion.errors.discountRange'],
    ['a deeper discount not deeper', { discountRule: 1, tiers: [{ needAmount: 2, discount: 8 }, { needAmount: 3, discount: 9 }] }, 'promotion.errors.tiersBetter'],
    ['a thousand pieces', { discountRule: 1, tiers: [{ needAmount: 1_000, discount: 8 }] }, 'promotion.errors.needPieces'],
    ['every full with two tiers', { discountType: 1 }, 'promotion.errors.everyFull'],
    ['every full on a discount', { discountRule: 2, discountType: 1, tiers: [{ needAmount: 10_000, discount: 9 }] }, 'promotion.errors.everyFull'],
    ['a cap on a reduction', { maxReduceAmount: 1_000 }, 'promotion.errors.capForDiscounts'],
    ['a zero cap', { discountRule: 2, maxReduceAmount: 0, tiers: [{ needAmount: 10_000, discount: 9 }] }, 'promotion.errors.cap'],
    ['no start', { startTime: '' }, 'promotion.errors.startTime'],
    ['a start that is no date', { startTime: '2026-02-30 10:00:00' }, 'promotion.errors.startTime'],
    ['no end', { endTime: 'tomorrow' }, 'promotion.errors.endTime'],
    ['an end before the start', { startTime: at(5), endTime: at(4) }, 'promotion.errors.endAfterStart'],
    ['an end already past', { startTime: at(-5), endTime: at(-1) }, 'promotion.errors.endPassed'],
    ['over a year', { startTime: at(1), endTime: at(24 * 400) }, 'promotion.errors.tooLong'],
    ['selected products but none', { suitableProdType: 1, productIds: [] }, 'promotion.errors.productsRequired'],
    ['a product twice', { suitableProdType: 1, productIds: [1, 1] }, 'promotion.errors.products'],
    ['a product id that is no id', { suitableProdType: 1, productIds: ['x'] }, 'promotion.errors.products'],
  ];
  it.each(cases)('refuses %s, in both languages', async (_name, overrides, key) => {
    const res = await call('POST', '/merchant/discounts', tokenA, reduction(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toBe(en(key));
    expect(en(key)).not.toBe(key);
    expect(zh(key)).not.toBe(key);
    const zhRes = await call('POST', '/merchant/discounts', tokenA, reduction(overrides), 'zh');
    expect(zhRes.body).toBe(zh(key));
  });

  it("refuses another shop's product and a deleted product of its own", async () => {
    const other = await call('POST', '/merchant/discounts', tokenA, reduction({ suitableProdType: 1, productIds: [productsA[0]!.prodId, productB.prodId] }), 'zh');
    expect(other.statusCode).toBe(400);
    expect(other.body).toBe('只能选择本店的商品');
    const gone = await createTestProduct(t, { shopId: shopA.shopId, status: -1 });
    const deleted = await call('POST', '/merchant/discounts', tokenA, reduction({ suitableProdType: 1, productIds: [gone.prodId] }));
    expect(deleted.body).toBe(en('promotion.errors.productNotOwned'));
  });

  it('needs a merchant login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/merchant/discounts' });
    expect(res.statusCode).toBe(401);
  });
});

describe('listing, editing and ending', () => {
  it('lists the shop\'s own promotions by state and name, never another shop\'s', async () => {
    const running = await created(tokenB, reduction({ nameZh: '乙店满减' }));
    const upcoming = await created(tokenB, reduction({ nameZh: '乙店预告', startTime: at(10), endTime: at(20) }));
    const page = async (query: string, token = tokenB) => {
      const res = await call('GET', `/merchant/discounts?${query}`, token);
      expect(res.statusCode, res.body).toBe(200);
      return pageOf(DiscountRowSchema).parse(res.json());
    };
    const all = await page('state=all');
    expect(all.records.map((r) => r.discountId)).toEqual([upcoming.discountId, running.discountId]);
    expect((await page('state=running')).records.map((r) => r.discountId)).toEqual([running.discountId]);
    expect((await page('state=upcoming')).records.map((r) => r.discountId)).toEqual([upcoming.discountId]);
    expect((await page('state=all&keyword=预告')).records.map((r) => r.discountId)).toEqual([upcoming.discountId]);
    const a = await page('state=all', tokenA);
    expect(a.records.every((r) => r.shopId === shopA.shopId)).toBe(true);
    expect(a.records.map((r) => r.discountId)).not.toContain(running.discountId);
    const bad = await call('GET', '/merchant/discounts?state=later', tokenB);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toBe(en('promotion.errors.filter'));
  });

  it("answers another shop's promotion as missing: read, edit and end change nothing", async () => {
    const theirs = await created(tokenB, reduction({ nameZh: '乙店的活动' }));
    for (const res of [
      await call('GET', `/merchant/discounts/${theirs.discountId}`, tokenA),
      await call('PUT', `/merchant/discounts/${theirs.discountId}`, tokenA, reduction({ nameZh: '被改了' })),
      await call('POST', `/merchant/discounts/${theirs.discountId}/end`, tokenA),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe(en('promotion.errors.notFound'));
    }
    const [row] = await t.ctx.db.select().from(discounts).where(eq(discounts.id, theirs.discountId));
    expect(row).toMatchObject({ nameZh: '乙店的活动', status: 1 });
  });

  it('edits a running promotion: its fields, tiers and products are replaced', async () => {
    const d = await created(tokenA, reduction({ suitableProdType: 1, productIds: [productsA[0]!.prodId] }));
    const res = await call(
      'PUT',
      `/merchant/discounts/${d.discountId}`,
      tokenA,
      reduction({ nameZh: '改成满件折', discountRule: 1, suitableProdType: 1, productIds: [productsA[1]!.prodId], tiers: [{ needAmount: 2, discount: 7.5 }] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = MerchantDiscountDetailSchema.parse(res.json());
    expect(after).toMatchObject({ nameZh: '改成满件折', discountRule: 1, productCount: 1, tiers: [{ needAmount: 2, reduceAmount: 0, discount: 7.5 }] });
    expect(after.products.map((p) => p.prodId)).toEqual([productsA[1]!.prodId]);
    const listed = await t.ctx.db.select().from(discountProducts).where(eq(discountProducts.discountId, d.discountId));
    expect(listed.map((r) => r.productId)).toEqual([productsA[1]!.prodId]);
  });

  it('ends a running promotion now and an upcoming one; an ended one can be neither ended nor edited', async () => {
    const d = await created(tokenA, reduction());
    const ended = await call('POST', `/merchant/discounts/${d.discountId}/end`, tokenA);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ state: 'ended' });
    const [row] = await t.ctx.db.select().from(discounts).where(eq(discounts.id, d.discountId));
    expect(row!.endTime.getTime()).toBeLessThanOrEqual(Date.now());
    const again = await call('POST', `/merchant/discounts/${d.discountId}/end`, tokenA);
    expect(again.body).toBe(en('promotion.errors.alreadyEnded'));
    const edit = await call('PUT', `/merchant/discounts/${d.discountId}`, tokenA, reduction());
    expect(edit.body).toBe(en('promotion.errors.notEditable'));

    const later = await created(tokenA, reduction({ startTime: at(10), endTime: at(20) }));
    const endedLater = await call('POST', `/merchant/discounts/${later.discountId}/end`, tokenA);
    expect(endedLater.json()).toMatchObject({ state: 'ended', endTime: later.endTime });
    const list = await call('GET', '/merchant/discounts?state=ended&size=50', tokenA);
    expect(list.json().records.map((r: { discountId: number }) => r.discountId)).toEqual(expect.arrayContaining([d.discountId, later.discountId]));
  });

  it('shows a promotion whose end passed as ended', async () => {
    const d = await created(tokenA, reduction({ nameZh: '马上结束', endTime: at(1) }));
    await t.ctx.db.update(discounts).set({ endTime: new Date(Date.now() - 1000), startTime: new Date(Date.now() - HOUR) }).where(eq(discounts.id, d.discountId));
    const res = await call('GET', `/merchant/discounts/${d.discountId}`, tokenA);
    expect(res.json()).toMatchObject({ state: 'ended' });
    expect(res.json().products).toEqual([]);
  });

  it("shows a listed product's state: off the shelf", async () => {
    const off = await createTestProduct(t, { shopId: shopA.shopId, status: 0 });
    const d = await created(tokenA, reduction({ suitableProdType: 1, productIds: [off.prodId] }));
    expect(d.products).toMatchObject([{ prodId: off.prodId, onShelf: false }]);
    await t.ctx.db.update(products).set({ status: 1 }).where(eq(products.id, off.prodId));
  });
});
