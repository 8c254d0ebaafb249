// The demo's points mall (issue 29): bilingual items of the official store, some within buyer01's
// points and some not, with and without a cash part, one virtual; all shown by GET /score/prods.
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PointsMallPageSchema } from '@bazaar/shared/schemas/points-mall';
import { loginWithPassword } from '../../test/account-test-kit.ts';
import { ensureSeeded } from '../../test/seeded.ts';
import type { TestApp } from '../../test/test-app.ts';
import { pointsItems, products, shops } from '../schema.ts';
import { POINTS_ITEM_DEFS } from './points-mall.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './site-data.ts';

let t: TestApp;
beforeAll(async () => {
  t = await ensureSeeded();
});

describe('the demo points mall', () => {
  it("offers the official store's products, bilingual, some within buyer01's points and some not", async () => {
    const [self] = await t.ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.nameZh, 'Bazaar 自营旗舰店'));
    const items = await t.ctx.db.select().from(pointsItems).where(eq(pointsItems.shopId, self!.id));
    const seeded = items.filter((i) => POINTS_ITEM_DEFS.some((d) => d.scorePrice === i.scorePrice && d.cashPrice === i.cashPrice && d.maxNum === i.maxNum));
    expect(seeded.length).toBe(POINTS_ITEM_DEFS.length);
    const goods = await t.ctx.db.select().from(products).where(inArray(products.id, seeded.map((i) => i.productId)));
    expect(goods.every((p) => p.nameEn && p.nameZh && p.shopId === self!.id)).toBe(true);
    expect(goods.some((p) => p.mold === 1)).toBe(true);
    expect(seeded.some((i) => i.cashPrice > 0)).toBe(true);
    expect(seeded.some((i) => i.cashPrice === 0)).toBe(true);

    const login = await loginWithPassword(t, 'buyer01', DEMO_PASSWORD, 'en');
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().accessToken as string;
    const all = PointsMallPageSchema.parse((await t.app.inject({ method: 'GET', url: '/score/prods?size=100&sort=1', headers: { authorization: token, 'accept-language': 'en' } })).json());
    const mine = all.records.filter((r) => seeded.some((i) => i.id === r.itemId));
    expect(mine.length).toBe(POINTS_ITEM_DEFS.length);
    // Some are within the points the seed gives buyer01 and some are not; other tests of the suite
    // may have spent some of them since, so each item's mark follows the points buyer01 has now.
    const seededPoints = DEMO_USERS.find((u) => u.userName === 'buyer01')!.score;
    expect(POINTS_ITEM_DEFS.some((d) => d.scorePrice <= seededPoints)).toBe(true);
    expect(POINTS_ITEM_DEFS.some((d) => d.scorePrice > seededPoints)).toBe(true);
    expect(all.myScore).not.toBeNull();
    for (const r of mine) expect(r.affordable).toBe(all.myScore! >= r.scorePrice);
    expect(mine.every((r) => /[A-Za-z]/.test(r.prodName))).toBe(true);
  });
});
