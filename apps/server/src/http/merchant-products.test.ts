// The merchant center's products and stock, and the platform's takedown (issue 10, decision 027):
// every call with two shops, the audience matrix, every validation message, the storefront's
// search and detail right after a save, and parallel stock adjustments.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageOf } from '@bazaar/shared/schemas/common';
import { MerchantProductDetailSchema, MerchantProductRowSchema, type MerchantProductBody } from '@bazaar/shared/schemas/merchant-product';
import { auditLogs, products, shopCategories, skus, stockLogs } from '../db/schema.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { json, registerUser } from '../test/account-test-kit.ts';
import { adminToken } from '../test/admin-test-kit.ts';
import { merchantLogin, openShopIds } from '../test/merchant-test-kit.ts';
import { createdProduct, leafCategory, productBody, saveProduct, uniqueWord, uploadedProductImage, uploadProductImage } from '../test/merchant-product-test-kit.ts';
import { JPEG } from '../test/shop-application-test-kit.ts';

let t: TestApp;
let shopA: number;
let shopB: number;
let tokenA: string;
let tokenB: string;
let admin: string;
let shopper: string;
let cat: { leaf: number; parent: number; top: number };
let imgA: string;
let imgB: string;

const en = (token: string) => ({ authorization: token, 'accept-language': 'en' });
const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: en(token) });
const post = (token: string, url: string, body: unknown) => t.app.inject({ method: 'POST', url, ...json(body, { headers: en(token) }) });
const ListSchema = pageOf(MerchantProductRowSchema);

beforeAll(async () => {
  t = await ensureSeeded();
  [shopA, shopB] = (await openShopIds(t)) as [number, number];
  [tokenA, tokenB, admin] = await Promise.all([merchantLogin(t, shopA), merchantLogin(t, shopB), adminToken(t)]);
  shopper = (await registerUser(t)).token;
  cat = await leafCategory(t);
  [imgA, imgB] = await Promise.all([uploadedProductImage(t, tokenA), uploadedProductImage(t, tokenB)]);
});

describe('POST /merchant/product', () => {
  it('creates a bilingual product with 2 x 2 SKUs, sanitized, searchable and shown at once when on the shelf', async () => {
    const word = uniqueWord();
    const body = productBody(cat.leaf, [imgA], {
      nameZh: `鹦鹉保温杯 ${word}`,
      nameEn: `Parrot flask ${word}`,
      contentZh: '<p onclick="x()">好杯<script>alert(1)</script><img src="javascript:alert(1)" onerror="x()"><a href="javascript:y()">链接</a></p>',
      onShelf: true,
    });
    const created = await createdProduct(t, tokenA, body);
    expect(created.status).toBe(1);
    expect(created.skus.map((s) => [s.properties, s.nameEn, s.stocks, s.code])).toEqual([
      ['颜色:红色;容量:350毫升', 'Red / 350 ml', 10, 'PF-R-350'],
      ['颜色:红色;容量:500毫升', 'Red / 500 ml', 20, 'PF-R-500'],
      ['颜色:蓝色;容量:350毫升', 'Blue / 350 ml', 5, null],
      ['颜色:蓝色;容量:500毫升', 'Blue / 500 ml', 0, 'PF-B-500'],
    ]);
    expect(created.categoryPath).toEqual([cat.top, cat.parent, cat.leaf]);
    expect(created.contentZh).not.toMatch(/script|onclick|onerror|javascript/);
    expect(created.contentZh).toContain('好杯');
    const [row] = await t.ctx.db.select().from(products).where(eq(products.id, created.prodId));
    expect(row).toMatchObject({ shopId: shopA, price: 9_900, oriPrice: 12_900, totalStocks: 35, isRefund: 1 });
    expect(row!.searchVector).toBeTruthy();

    // The storefront finds it by a two-character Chinese word and by English, and shows it.
    const zh = await t.app.inject({ method: 'GET', url: `/search/page?keyword=${encodeURIComponent('鹦鹉')}&shopId=${shopA}&sort=1&size=5` });
    expect(zh.json().records.map((r: { prodId: number }) => r.prodId)).toContain(created.prodId);
    const english = await t.app.inject({ method: 'GET', url: `/search/page?keyword=${word}`, headers: { 'accept-language': 'en' } });
    expect(english.json().records).toEqual([expect.objectContaining({ prodId: created.prodId, prodName: `Parrot flask ${word}` })]);
    const detail = await t.app.inject({ method: 'GET', url: `/prod/prodInfo?prodId=${created.prodId}`, headers: { 'accept-language': 'en' } });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().skuList).toHaveLength(4);
    expect(detail.json().specs.map((s: { name: string }) => s.name)).toEqual(['Color', 'Volume']);
  });

  it('saves off the shelf by default: not in the storefront until put on', async () => {
    const word = uniqueWord();
    const created = await createdProduct(t, tokenA, productBody(cat.leaf, [imgA], { nameEn: `Quiet ${word}` }));
    expect(created.status).toBe(0);
    const search = await t.app.inject({ method: 'GET', url: `/search/page?keyword=${word}` });
    expect(search.json().records).toEqual([]);
    const shelf = await post(tokenA, '/merchant/product/shelf', { prodIds: [created.prodId], onShelf: true });
    expect(shelf.json()).toEqual({ changed: [created.prodId], refused: [] });
    const again = await t.app.inject({ method: 'GET', url: `/search/page?keyword=${word}` });
    expect(again.json().records.map((r: { prodId: number }) => r.prodId)).toEqual([created.prodId]);
  });

  it('makes a virtual product (no returns) and a product without specifications (one SKU)', async () => {
    const virtual = await createdProduct(
      t,
      tokenA,
      productBody(cat.leaf, [imgA], { mold: 1, specs: [], skus: [{ values: [], price: 3_000, oriPrice: 0, stocks: 100, code: 'EBOOK-1' }] }),
    );
    expect(virtual.mold).toBe(1);
    expect(virtual.skus).toEqual([expect.objectContaining({ properties: '', values: [], stocks: 100 })]);
    const [row] = await t.ctx.db.select({ isRefund: products.isRefund, oriPrice: products.oriPrice }).from(products).where(eq(products.id, virtual.prodId));
    expect(row).toEqual({ isRefund: 0, oriPrice: 3_000 });
  });

  it('answers every validation message', async () => {
    const base = productBody(cat.leaf, [imgA]);
    const cases: Array<[Partial<MerchantProductBody> | Record<string, unknown>, string]> = [
      [{ nameZh: '  ' }, 'Enter the product name in Chinese'],
      [{ nameZh: '名'.repeat(61) }, 'The Chinese name can have at most 60 characters'],
      [{ nameEn: 'n'.repeat(121) }, 'The English name can have at most 120 characters'],
      [{ briefZh: '卖'.repeat(201) }, 'The selling points can have at most 200 characters'],
      [{ contentEn: 'x'.repeat(20_001) }, 'The description is too long; shorten it and save again'],
      [{ categoryId: cat.parent }, 'Choose a third-level platform category'],
      [{ categoryId: 'x' }, 'Choose a third-level platform category'],
      [{ shopCategoryId: 999_999_999 }, "Choose one of this shop's categories"],
      [{ imgs: [] }, 'Upload at least one product picture'],
      [{ imgs: Array.from({ length: 10 }, () => imgA) }, 'A product can have at most 9 pictures'],
      [{ imgs: [imgA, imgA] }, 'The same picture cannot be added twice'],
      [{ imgs: ['https://evil.example/x.png'] }, 'Upload the product pictures before saving'],
      [{ imgs: [imgB] }, 'Upload the product pictures before saving'],
      [{ mold: 2 }, 'Choose a physical or a virtual product'],
      [{ specs: Array.from({ length: 4 }, (_, i) => ({ nameZh: `规格${i}`, values: [{ zh: 'a' }] })) }, 'A product can have at most 3 specifications'],
      [{ specs: [{ nameZh: '', values: [{ zh: 'a' }] }] }, 'Enter the specification name (at most 20 characters)'],
      [{ specs: [{ nameZh: '颜色', values: [{ zh: '' }] }] }, 'Enter the specification value (at most 20 characters)'],
      [{ specs: [{ nameZh: '颜色', values: [] }] }, 'Each specification needs 1 to 20 values'],
      [{ specs: [{ nameZh: '颜:色', values: [{ zh: 'a' }] }], skus: [{ values: ['a'], price: 1, oriPrice: 0, stocks: 1 }] }, 'Specification names and values cannot contain colons or semicolons'],
      [
        { specs: [{ nameZh: '颜色', values: [{ zh: 'a' }] }, { nameZh: '颜色', values: [{ zh: 'b' }] }], skus: [{ values: ['a', 'b'], price: 1, oriPrice: 0, stocks: 1 }] },
        'Specification names must differ',
      ],
      [{ specs: [{ nameZh: '颜色', values: [{ zh: 'a' }, { zh: 'a' }] }], skus: [{ values: ['a'], price: 1, oriPrice: 0, stocks: 1 }] }, 'The values of one specification must differ'],
      [{ skus: [] }, 'Fill in the SKUs of the product (at most 100)'],
      [{ skus: base.skus.slice(1) }, 'The SKUs do not match the specification combinations; generate the SKUs again'],
      [{ skus: [...base.skus.slice(1), base.skus[1]!] }, 'The SKUs do not match the specification combinations; generate the SKUs again'],
      [{ skus: base.skus.map((s, i) => (i ? s : { ...s, values: ['绿色', '350毫升'] })) }, 'The SKUs do not match the specification combinations; generate the SKUs again'],
      [{ skus: base.skus.map((s, i) => (i ? s : { ...s, price: 0 })) }, 'Enter a valid price (above 0, at most ¥1,000,000)'],
      [{ skus: base.skus.map((s, i) => (i ? s : { ...s, oriPrice: -1 })) }, 'Enter a valid original price'],
      [{ skus: base.skus.map((s, i) => (i ? s : { ...s, oriPrice: 100 })) }, 'The original price cannot be below the price'],
      [{ skus: base.skus.map((s, i) => (i ? s : { ...s, stocks: 1.5 })) }, 'Stock must be a whole number from 0 to 1,000,000'],
      [{ skus: base.skus.map((s, i) => (i ? s : { ...s, code: 'a b' })) }, 'A SKU code has letters, digits, dashes and underscores only, at most 32'],
      [{ skus: base.skus.map((s) => ({ ...s, code: 'SAME' })) }, 'The SKU codes of a product must differ'],
      [{ nameZh: '杯\u0000子' }, 'The request is invalid'],
    ];
    for (const [override, message] of cases) {
      const res = await saveProduct(t, tokenA, { ...base, ...override });
      expect([res.statusCode, res.body], JSON.stringify(override).slice(0, 120)).toEqual([400, message]);
    }
    const zh = await saveProduct(t, tokenA, { ...base, nameZh: '' }, undefined, 'zh');
    expect(zh.body).toBe('请输入中文商品名称');
  });

  it("files a product under the shop's own category only", async () => {
    const [mine] = await t.ctx.db.insert(shopCategories).values({ shopId: shopA, nameZh: '杯具', nameEn: 'Cups' }).returning({ id: shopCategories.id });
    const [theirs] = await t.ctx.db.insert(shopCategories).values({ shopId: shopB, nameZh: '他店', nameEn: 'Theirs' }).returning({ id: shopCategories.id });
    const ok = await createdProduct(t, tokenA, productBody(cat.leaf, [imgA], { shopCategoryId: mine!.id }));
    expect(ok.shopCategoryId).toBe(mine!.id);
    const refused = await saveProduct(t, tokenA, productBody(cat.leaf, [imgA], { shopCategoryId: theirs!.id }));
    expect(refused.body).toBe("Choose one of this shop's categories");
    const options = await get(tokenA, '/merchant/product/shop-categories');
    expect(options.json().map((o: { id: number }) => o.id)).toContain(mine!.id);
    expect(options.json().map((o: { id: number }) => o.id)).not.toContain(theirs!.id);
  });
});

describe('product pictures (POST /merchant/file/upload)', () => {
  it('stores a checked picture of the shop and refuses other files', async () => {
    const ok = await uploadProductImage(t, tokenA, 'b.jpg', JPEG);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().path).toMatch(/^\/uploads\/images\/[0-9a-f-]+\.jpg$/);
    const fake = await uploadProductImage(t, tokenA, 'c.png', Buffer.from('not a picture'));
    expect([fake.statusCode, fake.body]).toEqual([400, expect.stringMatching(/JPG|format/i)]);
  });
});

describe('PUT /merchant/product/:prodId', () => {
  it('rewrites names, keeps the stock of kept SKUs, disables gone ones and opens new ones; the storefront shows it at once', async () => {
    const word = uniqueWord();
    const created = await createdProduct(t, tokenA, productBody(cat.leaf, [imgA], { nameEn: `Before ${word}`, onShelf: true }));
    // Warm the storefront's caches.
    const before = await t.app.inject({ method: 'GET', url: `/prod/prodInfo?prodId=${created.prodId}`, headers: { 'accept-language': 'en' } });
    expect(before.json().prodName).toBe(`Before ${word}`);
    await t.app.inject({ method: 'GET', url: `/search/page?keyword=${word}` });

    const edited = productBody(cat.leaf, [imgA], {
      nameEn: `After ${word}`,
      specs: [
        { nameZh: '颜色', nameEn: 'Color', values: [{ zh: '红色', en: 'Red' }, { zh: '绿色', en: 'Green' }] },
        { nameZh: '容量', nameEn: 'Volume', values: [{ zh: '350毫升', en: '350 ml' }, { zh: '500毫升', en: '500 ml' }] },
      ],
      skus: [
        { values: ['红色', '350毫升'], price: 8_800, oriPrice: 12_900, stocks: 999, code: 'NEW-CODE' },
        { values: ['红色', '500毫升'], price: 11_900, oriPrice: 14_900, stocks: 999, code: null },
        { values: ['绿色', '350毫升'], price: 9_900, oriPrice: 0, stocks: 7, code: null },
        { values: ['绿色', '500毫升'], price: 9_900, oriPrice: 0, stocks: 3, code: null },
      ],
    });
    const res = await saveProduct(t, tokenA, edited, created.prodId);
    expect(res.statusCode, res.body).toBe(200);
    const after = MerchantProductDetailSchema.parse(res.json());
    const byProps = new Map(after.skus.map((s) => [s.properties, s]));
    const red350 = byProps.get('颜色:红色;容量:350毫升')!;
    expect(red350).toMatchObject({ skuId: created.skus[0]!.skuId, stocks: 10, price: 8_800, code: 'NEW-CODE', status: 1 });
    expect(byProps.get('颜色:蓝色;容量:350毫升')).toMatchObject({ status: 0 });
    expect(byProps.get('颜色:绿色;容量:500毫升')).toMatchObject({ stocks: 3, status: 1 });
    const [row] = await t.ctx.db.select({ totalStocks: products.totalStocks, price: products.price, status: products.status }).from(products).where(eq(products.id, created.prodId));
    expect(row).toEqual({ totalStocks: 10 + 20 + 7 + 3, price: 8_800, status: 1 });

    const detail = await t.app.inject({ method: 'GET', url: `/prod/prodInfo?prodId=${created.prodId}`, headers: { 'accept-language': 'en' } });
    expect(detail.json().prodName).toBe(`After ${word}`);
    expect(detail.json().skuList).toHaveLength(4);
    const search = await t.app.inject({ method: 'GET', url: `/search/page?keyword=${word}`, headers: { 'accept-language': 'en' } });
    expect(search.json().records.map((r: { prodName: string }) => r.prodName)).toEqual([`After ${word}`]);

    // A combination that comes back takes its old SKU again.
    const back = await saveProduct(t, tokenA, productBody(cat.leaf, [imgA]), created.prodId);
    expect(back.statusCode, back.body).toBe(200);
    const blue = MerchantProductDetailSchema.parse(back.json()).skus.find((s) => s.properties === '颜色:蓝色;容量:350毫升')!;
    expect(blue).toMatchObject({ skuId: byProps.get('颜色:蓝色;容量:350毫升')!.skuId, status: 1, stocks: 5 });
  });

  it("keeps the product's own pictures citable and refuses another shop's product", async () => {
    const created = await createdProduct(t, tokenA, productBody(cat.leaf, [imgA]));
    const again = await saveProduct(t, tokenA, productBody(cat.leaf, [imgA], { nameZh: '改名' }), created.prodId);
    expect(again.statusCode, again.body).toBe(200);
    const foreign = await saveProduct(t, tokenB, productBody(cat.leaf, [imgB], { nameZh: '抢走' }), created.prodId);
    expect([foreign.statusCode, foreign.body]).toEqual([400, 'The product does not exist']);
    const [row] = await t.ctx.db.select({ nameZh: products.nameZh }).from(products).where(eq(products.id, created.prodId));
    expect(row!.nameZh).toBe('改名');
  });
});

describe('GET /merchant/product/page and /info', () => {
  it('lists only the shop\'s products, with search, filters and pages', async () => {
    const word = uniqueWord();
    const [lowOne, soldOut, onShelf] = await Promise.all([
      createdProduct(t, tokenA, productBody(cat.leaf, [imgA], { nameEn: `Low ${word}` })),
      createdProduct(t, tokenA, productBody(cat.leaf, [imgA], { nameEn: `Gone ${word}`, skus: productBody(0, []).skus.map((s) => ({ ...s, stocks: 0 })) })),
      createdProduct(
        t,
        tokenA,
        productBody(cat.leaf, [imgA], { nameEn: `Plenty ${word}`, onShelf: true, skus: productBody(0, []).skus.map((s) => ({ ...s, stocks: 50 })) }),
      ),
    ]);
    const theirs = await createdProduct(t, tokenB, productBody(cat.leaf, [imgB], { nameEn: `Theirs ${word}` }));
    const list = async (query: string, token = tokenA) => {
      const res = await get(token, `/merchant/product/page?keyword=${word}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return ListSchema.parse(res.json()).records.map((r) => r.prodId);
    };
    expect((await list('')).sort()).toEqual([lowOne.prodId, soldOut.prodId, onShelf.prodId].sort());
    expect(await list('', tokenB)).toEqual([theirs.prodId]);
    expect(await list('status=onShelf')).toEqual([onShelf.prodId]);
    expect((await list('status=offShelf')).sort()).toEqual([lowOne.prodId, soldOut.prodId].sort());
    expect(await list('stock=soldOut')).toEqual([soldOut.prodId]);
    expect((await list('stock=low')).sort()).toEqual([lowOne.prodId, soldOut.prodId].sort());
    expect((await list('stock=inStock')).sort()).toEqual([lowOne.prodId, onShelf.prodId].sort());
    expect((await list(`categoryId=${cat.top}`)).length).toBe(3);
    expect(await list(`categoryId=${cat.top}&size=2&current=2`)).toHaveLength(1);
    const page = ListSchema.parse((await get(tokenA, `/merchant/product/page?keyword=${word}&size=2`)).json());
    expect([page.total, page.pages, page.records.length]).toEqual([3, 2, 2]);
    const row = ListSchema.parse((await get(tokenA, `/merchant/product/page?keyword=${lowOne.prodId}`)).json()).records[0];
    expect(row).toMatchObject({ prodId: lowOne.prodId, skuCount: 4, lowStockSkus: 3, totalStocks: 35, offence: null });

    const bad = await get(tokenA, '/merchant/product/page?status=sold&stock=x');
    expect([bad.statusCode, bad.body]).toEqual([400, 'The filter is not valid']);

    expect((await get(tokenA, `/merchant/product/info/${lowOne.prodId}`)).statusCode).toBe(200);
    const foreign = await get(tokenB, `/merchant/product/info/${lowOne.prodId}`);
    expect([foreign.statusCode, foreign.body]).toEqual([400, 'The product does not exist']);
  });
});

describe('POST /merchant/product/shelf', () => {
  it('moves many at once, only the shop\'s own, and says why any stayed', async () => {
    const [a1, a2] = await Promise.all([createdProduct(t, tokenA, productBody(cat.leaf, [imgA])), createdProduct(t, tokenA, productBody(cat.leaf, [imgA]))]);
    const b1 = await createdProduct(t, tokenB, productBody(cat.leaf, [imgB]));
    const on = await post(tokenA, '/merchant/product/shelf', { prodIds: [a1.prodId, a2.prodId, b1.prodId], onShelf: true });
    expect(on.json()).toEqual({ changed: [a1.prodId, a2.prodId].sort((x, y) => x - y), refused: [{ prodId: b1.prodId, reason: 'The product does not exist' }] });
    const [b] = await t.ctx.db.select({ status: products.status }).from(products).where(eq(products.id, b1.prodId));
    expect(b!.status).toBe(0);
    const again = await post(tokenA, '/merchant/product/shelf', { prodIds: [a1.prodId], onShelf: true });
    expect(again.json().refused).toEqual([{ prodId: a1.prodId, reason: 'The product is already there' }]);
    const off = await post(tokenA, '/merchant/product/shelf', { prodIds: [a1.prodId, a2.prodId], onShelf: false });
    expect(off.json().changed).toEqual([a1.prodId, a2.prodId].sort((x, y) => x - y));
    const empty = await post(tokenA, '/merchant/product/shelf', { prodIds: [], onShelf: true });
    expect([empty.statusCode, empty.body]).toEqual([400, 'Select the products first']);
  });
});

describe('the platform takedown', () => {
  it('takes a product down with a reason the merchant sees; the merchant cannot put it back until staff lift it; all audited', async () => {
    const word = uniqueWord();
    const created = await createdProduct(t, tokenA, productBody(cat.leaf, [imgA], { nameEn: `Banned ${word}`, onShelf: true }));
    const found = await get(admin, `/admin/products?keyword=${word}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().records).toEqual([expect.objectContaining({ prodId: created.prodId, shopId: shopA, status: 1 })]);
    expect(found.json().records[0].shopName).toBeTruthy();

    const blank = await post(admin, `/admin/products/${created.prodId}/takedown`, { reason: ' ' });
    expect([blank.statusCode, blank.body]).toEqual([400, 'Enter the reason for the takedown']);
    const long = await post(admin, `/admin/products/${created.prodId}/takedown`, { reason: 'x'.repeat(201) });
    expect(long.body).toBe('The reason can have at most 200 characters');
    const down = await post(admin, `/admin/products/${created.prodId}/takedown`, { reason: '商品图片涉嫌侵权' });
    expect(down.statusCode, down.body).toBe(200);
    const twice = await post(admin, `/admin/products/${created.prodId}/takedown`, { reason: '再次' });
    expect(twice.body).toBe('The product is already taken down');
    const missing = await post(admin, '/admin/products/999999999/takedown', { reason: 'x' });
    expect(missing.body).toBe('The product does not exist');

    // Gone from the storefront at once.
    const search = await t.app.inject({ method: 'GET', url: `/search/page?keyword=${word}` });
    expect(search.json().records).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/prod/prodInfo?prodId=${created.prodId}` })).statusCode).toBe(400);

    // The merchant sees why, and cannot put it back.
    const mine = ListSchema.parse((await get(tokenA, `/merchant/product/page?status=takenDown&keyword=${word}`)).json()).records;
    expect(mine).toEqual([expect.objectContaining({ prodId: created.prodId, status: 0, offence: expect.objectContaining({ reason: '商品图片涉嫌侵权' }) })]);
    const refused = await post(tokenA, '/merchant/product/shelf', { prodIds: [created.prodId], onShelf: true });
    expect(refused.json()).toEqual({ changed: [], refused: [{ prodId: created.prodId, reason: 'The platform took this product down; once corrected, ask the platform to lift it' }] });
    // It can still be corrected.
    expect((await saveProduct(t, tokenA, productBody(cat.leaf, [imgA], { nameEn: `Fixed ${word}` }), created.prodId)).statusCode).toBe(200);

    const lift = await post(admin, `/admin/products/${created.prodId}/lift`, {});
    expect(lift.statusCode, lift.body).toBe(200);
    expect((await post(admin, `/admin/products/${created.prodId}/lift`, {})).body).toBe('The platform has not taken this product down');
    const back = await post(tokenA, '/merchant/product/shelf', { prodIds: [created.prodId], onShelf: true });
    expect(back.json().changed).toEqual([created.prodId]);

    const audit = await t.ctx.db.select().from(auditLogs).where(and(eq(auditLogs.targetType, 'product'), eq(auditLogs.targetId, String(created.prodId))));
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['product.takedown', { status: 1, offenceReason: null }, { status: 0, offenceReason: '商品图片涉嫌侵权' }],
      ['product.lift', { offenceReason: '商品图片涉嫌侵权' }, { offenceReason: null }],
    ]);
    const logPage = await get(admin, '/admin/audit-logs?action=product.takedown');
    expect(logPage.json().records.some((r: { targetId: string }) => r.targetId === String(created.prodId))).toBe(true);
  });

  it('filters all shops\' products by shop and state', async () => {
    const word = uniqueWord();
    const [a, b] = await Promise.all([
      createdProduct(t, tokenA, productBody(cat.leaf, [imgA], { nameEn: `Both ${word}`, onShelf: true })),
      createdProduct(t, tokenB, productBody(cat.leaf, [imgB], { nameEn: `Both ${word}` })),
    ]);
    const ids = async (query: string) => (await get(admin, `/admin/products?keyword=${word}&${query}`)).json().records.map((r: { prodId: number }) => r.prodId);
    expect((await ids('')).sort()).toEqual([a.prodId, b.prodId].sort());
    expect(await ids(`shopId=${shopB}`)).toEqual([b.prodId]);
    expect(await ids('status=onShelf')).toEqual([a.prodId]);
  });
});

describe('POST /merchant/sku/stock', () => {
  it('adjusts by a delta or to a value with a reason, logs who and why, and never below zero', async () => {
    const created = await createdProduct(t, tokenA, productBody(cat.leaf, [imgA]));
    const skuId = created.skus[0]!.skuId;
    const add = await post(tokenA, '/merchant/sku/stock', { skuId, mode: 'delta', amount: 5, reason: '到货' });
    expect(add.json()).toEqual({ skuId, delta: 5, stocks: 15 });
    const set = await post(tokenA, '/merchant/sku/stock', { skuId, mode: 'set', amount: 3, reason: '盘点' });
    expect(set.json()).toEqual({ skuId, delta: -12, stocks: 3 });
    const under = await post(tokenA, '/merchant/sku/stock', { skuId, mode: 'delta', amount: -4, reason: '损坏' });
    expect([under.statusCode, under.body]).toEqual([400, 'Not enough stock: 3 left, and stock cannot go below 0']);
    const [product] = await t.ctx.db.select({ totalStocks: products.totalStocks }).from(products).where(eq(products.id, created.prodId));
    expect(product!.totalStocks).toBe(35 - 10 + 3);

    const logs = await get(tokenA, `/merchant/sku/stock-logs?skuId=${skuId}`);
    expect(logs.json().records.map((r: { delta: number; stocksAfter: number; reason: string; actorName: string }) => [r.delta, r.stocksAfter, r.reason, r.actorName])).toEqual([
      [-12, 3, '盘点', `shop${shopA}`],
      [5, 15, '到货', `shop${shopA}`],
    ]);

    const messages: Array<[Record<string, unknown>, string]> = [
      [{ mode: 'add' }, 'Choose how to adjust'],
      [{ amount: 'x' }, 'Enter a valid quantity'],
      [{ amount: 0 }, 'Enter a valid quantity'],
      [{ mode: 'set', amount: -1 }, 'Enter a valid quantity'],
      [{ amount: 2_000_000 }, 'Enter a valid quantity'],
      [{ reason: '' }, 'Enter the reason for the adjustment'],
      [{ reason: '因'.repeat(101) }, 'The reason can have at most 100 characters'],
      [{ skuId: 999_999_999 }, 'The SKU does not exist'],
    ];
    for (const [override, message] of messages) {
      const res = await post(tokenA, '/merchant/sku/stock', { skuId, mode: 'delta', amount: 1, reason: '测试', ...override });
      expect([res.statusCode, res.body], JSON.stringify(override)).toEqual([400, message]);
    }
  });

  it("refuses another shop's SKU and its log, and unlimited SKUs", async () => {
    const created = await createdProduct(t, tokenA, productBody(cat.leaf, [imgA]));
    const skuId = created.skus[1]!.skuId;
    const foreign = await post(tokenB, '/merchant/sku/stock', { skuId, mode: 'set', amount: 0, reason: '偷改' });
    expect([foreign.statusCode, foreign.body]).toEqual([400, 'The SKU does not exist']);
    expect((await get(tokenB, `/merchant/sku/stock-logs?skuId=${skuId}`)).body).toBe('The SKU does not exist');
    const [sku] = await t.ctx.db.select({ stocks: skus.stocks }).from(skus).where(eq(skus.id, skuId));
    expect(sku!.stocks).toBe(20);
    await t.ctx.db.update(skus).set({ stocks: -1 }).where(eq(skus.id, skuId));
    const unlimited = await post(tokenA, '/merchant/sku/stock', { skuId, mode: 'delta', amount: 1, reason: '补货' });
    expect(unlimited.body).toBe('This SKU has unlimited stock; nothing to adjust');
  });

  it('refuses a disabled SKU (its stock counts nowhere) and a count above the most a SKU may hold', async () => {
    const created = await createdProduct(t, tokenA, productBody(cat.leaf, [imgA]));
    const [first, second] = created.skus;
    await t.ctx.db.update(skus).set({ status: 0 }).where(eq(skus.id, second!.skuId));
    const disabled = await post(tokenA, '/merchant/sku/stock', { skuId: second!.skuId, mode: 'delta', amount: 5, reason: '补货' });
    expect([disabled.statusCode, disabled.body]).toEqual([400, 'The SKU does not exist']);
    expect((await get(tokenA, `/merchant/sku/stock-logs?skuId=${second!.skuId}`)).statusCode).toBe(200);
    await post(tokenA, '/merchant/sku/stock', { skuId: first!.skuId, mode: 'set', amount: 1_000_000, reason: '盘点' });
    const over = await post(tokenA, '/merchant/sku/stock', { skuId: first!.skuId, mode: 'delta', amount: 1, reason: '到货' });
    expect([over.statusCode, over.body]).toEqual([400, 'Stock cannot go above 1000000: 1000000 now']);
    const [product] = await t.ctx.db.select({ totalStocks: products.totalStocks }).from(products).where(eq(products.id, created.prodId));
    expect(product!.totalStocks).toBe(35 - 10 + 1_000_000);
  });

  it('two saves of one product at once add a new combination once', async () => {
    const created = await createdProduct(t, tokenA, productBody(cat.leaf, [imgA]));
    const edited = productBody(cat.leaf, [imgA], {
      specs: [{ nameZh: '颜色', nameEn: 'Color', values: [{ zh: '紫色', en: 'Purple' }, { zh: '橙色', en: 'Orange' }] }],
      skus: [
        { values: ['紫色'], price: 8_800, oriPrice: 0, stocks: 4, code: null },
        { values: ['橙色'], price: 8_800, oriPrice: 0, stocks: 6, code: null },
      ],
    });
    const saves = await Promise.all(Array.from({ length: 8 }, () => saveProduct(t, tokenA, edited, created.prodId)));
    expect(saves.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const rows = await t.ctx.db.select({ properties: skus.properties, status: skus.status }).from(skus).where(eq(skus.productId, created.prodId));
    expect(rows.filter((r) => r.status === 1).map((r) => r.properties).sort()).toEqual(['颜色:橙色', '颜色:紫色']);
    expect(rows.filter((r) => r.properties === '颜色:紫色')).toHaveLength(1);
  });

  it('holds with 60 parallel adjustments: never below zero, totals and logs add up', async () => {
    const created = await createdProduct(t, tokenA, productBody(cat.leaf, [imgA]));
    const first = created.skus[0]!;
    const second = created.skus[1]!;
    // First SKU: 10 pieces, 40 parallel takes of one; second: 20 parallel mixed adds and sets.
    const takes = Array.from({ length: 40 }, () => post(tokenA, '/merchant/sku/stock', { skuId: first.skuId, mode: 'delta', amount: -1, reason: '并发出库' }));
    const mixed = Array.from({ length: 20 }, (_, i) =>
      post(tokenA, '/merchant/sku/stock', { skuId: second.skuId, mode: i % 5 === 0 ? 'set' : 'delta', amount: i % 5 === 0 ? 7 : 1, reason: '并发调整' }),
    );
    const results = await Promise.all([...takes, ...mixed]);
    const taken = results.slice(0, 40).filter((r) => r.statusCode === 200).length;
    expect(taken).toBe(10);
    expect(results.slice(0, 40).every((r) => r.statusCode === 200 || r.statusCode === 400)).toBe(true);
    expect(results.slice(40).every((r) => r.statusCode === 200)).toBe(true);

    const rows = await t.ctx.db.select({ id: skus.id, stocks: skus.stocks }).from(skus).where(eq(skus.productId, created.prodId));
    const stockOf = new Map(rows.map((r) => [r.id, r.stocks]));
    expect(stockOf.get(first.skuId)).toBe(0);
    const [product] = await t.ctx.db.select({ totalStocks: products.totalStocks }).from(products).where(eq(products.id, created.prodId));
    expect(product!.totalStocks).toBe(rows.reduce((sum, r) => sum + r.stocks, 0));
    // Every log row's change leads from the opening stock to the stock now, in order.
    for (const [skuId, opening] of [
      [first.skuId, 10],
      [second.skuId, 20],
    ] as const) {
      const logs = await t.ctx.db
        .select({ delta: stockLogs.delta, after: stockLogs.stocksAfter })
        .from(stockLogs)
        .where(eq(stockLogs.skuId, skuId))
        .orderBy(stockLogs.id);
      let stock = opening;
      for (const log of logs) {
        stock += log.delta;
        expect(log.after).toBe(stock);
      }
      expect(stock).toBe(stockOf.get(skuId));
    }
    const [{ n }] = (await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from stock_logs where sku_id = ${first.skuId}`)).rows as [{ n: number }];
    expect(Number(n)).toBe(10);
  });
});

describe('the audience matrix', () => {
  const merchantCalls: Array<[string, string, unknown?]> = [
    ['GET', '/merchant/product/page'],
    ['GET', '/merchant/product/info/1'],
    ['GET', '/merchant/product/shop-categories'],
    ['POST', '/merchant/product', {}],
    ['PUT', '/merchant/product/1', {}],
    ['POST', '/merchant/product/shelf', { prodIds: [1], onShelf: false }],
    ['POST', '/merchant/sku/stock', { skuId: 1, mode: 'delta', amount: 1, reason: 'x' }],
    ['GET', '/merchant/sku/stock-logs?skuId=1'],
  ];
  const adminCalls: Array<[string, string, unknown?]> = [
    ['GET', '/admin/products'],
    ['POST', '/admin/products/1/takedown', { reason: 'x' }],
    ['POST', '/admin/products/1/lift', {}],
  ];
  const call = (token: string | undefined, [method, url, body]: [string, string, unknown?]) =>
    t.app.inject({ method: method as 'GET', url, ...(body === undefined ? { headers: token ? { authorization: token } : {} } : json(body, { headers: token ? { authorization: token } : {} })) });

  it('refuses shopper, admin and anonymous tokens on the merchant calls, and shopper, merchant and anonymous on the staff calls', async () => {
    for (const c of merchantCalls) {
      for (const token of [shopper, admin, undefined]) expect((await call(token, c)).statusCode, `${c[1]}`).toBe(401);
    }
    for (const c of adminCalls) {
      for (const token of [shopper, tokenA, undefined]) expect((await call(token, c)).statusCode, `${c[1]}`).toBe(401);
    }
  });
});

describe('a product saved before the merchant center', () => {
  it('reads its specifications back from its SKUs, so it can be edited', async () => {
    const [seeded] = await t.ctx.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.shopId, shopA), sql`${products.specs} is null`, sql`exists (select 1 from skus s where s.product_id = ${products.id} and s.properties like '%:%;%:%')`))
      .limit(1);
    expect(seeded, "a seeded product of shop A with two specifications").toBeDefined();
    const res = await get(tokenA, `/merchant/product/info/${seeded!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = MerchantProductDetailSchema.parse(res.json());
    expect(detail.specs.length).toBeGreaterThan(1);
    for (const sku of detail.skus.filter((s) => s.status === 1)) expect(sku.values).toHaveLength(detail.specs.length);
  });
});
