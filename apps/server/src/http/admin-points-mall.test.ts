// The platform console's points mall (issue 29, decision 066): the product picker (self-run shops'
// products without an item), create (self-run only, one per product, on shelf only with the product
// on shelf), edit (the stock by a difference, never below 0), on/off shelf, the list, every write
// audited, localized validation messages, and 403 for a role without pointsmall.manage.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminPointsItemPageSchema, AdminPointsItemRowSchema, AdminPointsProductPageSchema } from '@bazaar/shared/schemas/points-mall';
import { auditLogs, products, shops } from '../db/schema.ts';
import { json } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { createTestProduct } from '../test/product-test-kit.ts';
import { createPointsItem, itemRow, pointsShop } from '../test/points-mall-test-kit.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await ensureSeeded();
  token = await adminToken(t, 'super');
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, lang = 'en', as = token) =>
  t.app.inject({ method, url, ...(body === undefined ? { headers: { authorization: as, 'accept-language': lang } } : json(body, { headers: { authorization: as, 'accept-language': lang } })) });

describe('/admin/pointsMall', () => {
  it('creates an item on a self-run product, lists it, edits it and puts it on and off the shelf, audited', async () => {
    const shopId = await pointsShop(t);
    const word = `pmadmin${Date.now().toString(36)}`;
    const product = await createTestProduct(t, { shopId, nameEn: `Console gift ${word}`, skus: [{ properties: '颜色:红', price: 5_000, stocks: 20 }] });

    const picker = AdminPointsProductPageSchema.parse((await call('GET', `/admin/pointsMall/products?prodName=${word}`)).json());
    expect(picker.records).toEqual([expect.objectContaining({ prodId: product.prodId, shopId, price: 5_000, status: 1 })]);

    const created = await call('POST', '/admin/pointsMall/items', { prodId: product.prodId, scorePrice: 800, cashPrice: 1_000, stocks: 10, maxNum: 2, status: 1 });
    expect(created.statusCode, created.body).toBe(200);
    const { itemId } = created.json() as { itemId: number };
    expect(AdminPointsProductPageSchema.parse((await call('GET', `/admin/pointsMall/products?prodName=${word}`)).json()).records).toEqual([]);

    const twice = await call('POST', '/admin/pointsMall/items', { prodId: product.prodId, scorePrice: 1, stocks: 1 });
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toBe('This product is already a points item; edit that item instead');

    const page = AdminPointsItemPageSchema.parse((await call('GET', `/admin/pointsMall/items?prodName=${word}&status=1`)).json());
    expect(page.records).toEqual([expect.objectContaining({ itemId, prodId: product.prodId, scorePrice: 800, cashPrice: 1_000, stocks: 10, maxNum: 2, soldNum: 0, status: 1, prodStatus: 1, prodName: `Console gift ${word}` })]);

    // Two units went meanwhile: an edit from a form loaded at 10 moves the stock by +5 from 8.
    await t.ctx.db.execute(`update points_items set stocks = 8, sold_num = 2 where id = ${itemId}`);
    const edited = await call('PUT', `/admin/pointsMall/items/${itemId}`, { scorePrice: 900, cashPrice: 0, stocks: 15, baseStocks: 10, maxNum: -1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(AdminPointsItemRowSchema.parse(edited.json())).toMatchObject({ scorePrice: 900, cashPrice: 0, stocks: 13, maxNum: -1, soldNum: 2 });
    const below = await call('PUT', `/admin/pointsMall/items/${itemId}`, { scorePrice: 900, cashPrice: 0, stocks: 0, baseStocks: 20, maxNum: -1 }, 'zh');
    expect(below.statusCode).toBe(400);
    expect(below.body).toBe('期间已有兑换，库存不能低于 0，请刷新后重试');
    expect((await itemRow(t, itemId)).stocks).toBe(13);

    const off = await call('POST', `/admin/pointsMall/items/${itemId}/status`, { status: 0 });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ status: 0 });
    // The product off the shelf: the item cannot go back on.
    await t.ctx.db.update(products).set({ status: 0 }).where(eq(products.id, product.prodId));
    const on = await call('POST', `/admin/pointsMall/items/${itemId}/status`, { status: 1 });
    expect(on.statusCode).toBe(400);
    expect(on.body).toBe('Put the product on the shelf first: an item shows only while its product is on the shelf');
    await t.ctx.db.update(products).set({ status: 1 }).where(eq(products.id, product.prodId));
    expect((await call('POST', `/admin/pointsMall/items/${itemId}/status`, { status: 1 })).json()).toMatchObject({ status: 1 });

    const detail = await call('GET', `/admin/pointsMall/items/${itemId}`);
    expect(AdminPointsItemRowSchema.parse(detail.json())).toMatchObject({ itemId, status: 1, scorePrice: 900 });

    const audits = await t.ctx.db.select().from(auditLogs).where(and(eq(auditLogs.targetType, 'points_item'), eq(auditLogs.targetId, String(itemId))));
    expect(audits.map((a) => a.action).sort()).toEqual(['pointsmall.create', 'pointsmall.status', 'pointsmall.status', 'pointsmall.update']);
  });

  it("refuses an ordinary shop's product, a deleted one, and bad figures with localized messages", async () => {
    const [ordinary] = await t.ctx.db.select({ id: shops.id }).from(shops).where(and(eq(shops.type, 2), eq(shops.status, 1))).limit(1);
    const foreign = await createTestProduct(t, { shopId: ordinary!.id });
    const notSelf = await call('POST', '/admin/pointsMall/items', { prodId: foreign.prodId, scorePrice: 10, stocks: 1 });
    expect(notSelf.statusCode).toBe(400);
    expect(notSelf.body).toBe('Only products of the platform’s self-run stores can be points items');

    const deleted = await createTestProduct(t, { shopId: await pointsShop(t), status: -1 });
    expect((await call('POST', '/admin/pointsMall/items', { prodId: deleted.prodId, scorePrice: 10, stocks: 1 })).body).toBe('This product has been deleted');
    expect((await call('POST', '/admin/pointsMall/items', { prodId: 2_000_000_000, scorePrice: 10, stocks: 1 })).body).toBe('Choose a product of a self-run store');

    const product = await createTestProduct(t, { shopId: await pointsShop(t) });
    const zh = await call('POST', '/admin/pointsMall/items', { prodId: product.prodId, scorePrice: 0, stocks: 1 }, 'zh');
    expect(zh.statusCode).toBe(400);
    expect(zh.body).toBe('积分价格须为 1 至 100,000,000 的整数');
    expect((await call('POST', '/admin/pointsMall/items', { prodId: product.prodId, scorePrice: 10, cashPrice: -1, stocks: 1 })).body).toBe('The cash part must be from ¥0.00 to ¥1,000,000.00');
    expect((await call('POST', '/admin/pointsMall/items', { prodId: product.prodId, scorePrice: 10, stocks: 1, maxNum: 0 })).body).toBe('The limit per person must be -1 (no limit) or from 1 to 999');
    expect((await call('POST', '/admin/pointsMall/items', { prodId: product.prodId, scorePrice: 10, stocks: 2_000_000 })).body).toBe('The stock must be a whole number from 0 to 1,000,000');
    expect((await call('GET', '/admin/pointsMall/items/2000000000')).body).toBe('Points item not found');

    // A product whose SKUs hold no stock cannot supply an item on shelf: refused at create and at 上架 (QA2 item 4).
    const empty = await createTestProduct(t, { shopId: await pointsShop(t), skus: [{ properties: '颜色:红', price: 5_000, stocks: 0 }] });
    const onShelf = await call('POST', '/admin/pointsMall/items', { prodId: empty.prodId, scorePrice: 300, stocks: 10, maxNum: 2, status: 1 }, 'zh');
    expect(onShelf.statusCode).toBe(400);
    expect(onShelf.body).toBe('商品库存不足，无法上架该积分商品');
    const offShelf = await call('POST', '/admin/pointsMall/items', { prodId: empty.prodId, scorePrice: 300, stocks: 10, maxNum: 2, status: 0 });
    expect(offShelf.statusCode, offShelf.body).toBe(200);
    const putOn = await call('POST', `/admin/pointsMall/items/${offShelf.json().itemId}/status`, { status: 1 });
    expect(putOn.statusCode).toBe(400);
    expect(putOn.body).toBe('The product has no stock left: this points item cannot be put on shelf');
  });

  it('answers 403 to a role without pointsmall.manage and 401 without a login', async () => {
    const service = await adminToken(t, 'service');
    const item = await createPointsItem(t);
    for (const [method, url, body] of [
      ['GET', '/admin/pointsMall/items', undefined],
      ['GET', '/admin/pointsMall/products', undefined],
      ['POST', '/admin/pointsMall/items', { prodId: item.prodId, scorePrice: 1, stocks: 1 }],
      ['PUT', `/admin/pointsMall/items/${item.itemId}`, { scorePrice: 1, cashPrice: 0, stocks: 1, baseStocks: 1, maxNum: -1 }],
      ['POST', `/admin/pointsMall/items/${item.itemId}/status`, { status: 0 }],
    ] as const) {
      expect((await call(method, url, body, 'en', service)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/admin/pointsMall/items' })).statusCode).toBe(401);
    expect((await itemRow(t, item.itemId)).status).toBe(1);
  });
});
