import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageOf } from '@bazaar/shared/schemas/common';
import { CollectedProductSchema, CollectedShopSchema, FootprintPageSchema } from '@bazaar/shared/schemas/collection';
import { countQueries } from '../db/query-count.ts';
import { ProductDetailSchema } from '@bazaar/shared/schemas/product';
import { products, shops } from '../db/schema.ts';
import { invalidateProductDetail } from '../modules/product/service.ts';
import { SHARED_INFRASTRUCTURE, createTestInstance } from '../test/instances.ts';
import { ensureSeeded } from '../test/seeded.ts';
import type { TestApp } from '../test/test-app.ts';
import { registerUser } from '../test/account-test-kit.ts';
import { createTestProduct, seededShopId } from '../test/product-test-kit.ts';

let t: TestApp;
let onShelf: number[];
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await ensureSeeded();
  const rows = await t.ctx.db.select({ id: products.id }).from(products).where(eq(products.status, 1)).orderBy(asc(products.id)).limit(60);
  onShelf = rows.map((r) => r.id);
});

function call(method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: token } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const shopper = async () => (await registerUser(t)).token;

describe('authorization', () => {
  it.each([
    ['GET', '/p/user/collection/isCollection?prodId=1'],
    ['POST', '/p/user/collection/addOrCancel'],
    ['GET', '/p/user/collection/prods'],
    ['POST', '/p/user/collection/batachCancel'],
    ['GET', '/p/shop/collection/isCollection?shopId=1'],
    ['POST', '/p/shop/collection/addOrCancel'],
    ['GET', '/p/shop/collection/page'],
    ['POST', '/p/shop/collection/batchCancel'],
    ['POST', '/p/prodBrowseLog'],
    ['GET', '/p/prodBrowseLog/page'],
    ['DELETE', '/p/prodBrowseLog'],
    ['DELETE', '/p/prodBrowseLog/all'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    const res = await call(method, url, null, method === 'GET' || url.endsWith('/all') ? undefined : [1]);
    expect(res.statusCode).toBe(401);
  });
});

describe('product collections', () => {
  it('collects, lists and cancels a product', async () => {
    const token = await shopper();
    const prodId = onShelf[0]!;
    expect((await call('GET', `/p/user/collection/isCollection?prodId=${prodId}`, token)).json()).toBe(false);
    const add = await call('POST', '/p/user/collection/addOrCancel', token, prodId);
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toBe(true);
    expect((await call('GET', `/p/user/collection/isCollection?prodId=${prodId}`, token)).json()).toBe(true);
    const page = pageOf(CollectedProductSchema).parse((await call('GET', '/p/user/collection/prods', token, undefined, en)).json());
    expect(page).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });
    const [row] = await t.ctx.db.select().from(products).where(eq(products.id, prodId));
    expect(page.records[0]).toMatchObject({ prodId, prodName: row!.nameEn, onShelf: true });
    expect(page.records[0]?.collectTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const again = await call('POST', '/p/user/collection/addOrCancel', token, String(prodId));
    expect(again.json()).toBe(false);
    expect((await call('GET', '/p/user/collection/prods', token)).json().total).toBe(0);
  });

  it('keeps an off-shelf product listed, marked, and drops a deleted one', async () => {
    const token = await shopper();
    const a = await createTestProduct(t);
    const b = await createTestProduct(t);
    await call('POST', '/p/user/collection/addOrCancel', token, a.prodId);
    await call('POST', '/p/user/collection/addOrCancel', token, b.prodId);
    await t.ctx.db.update(products).set({ status: 0 }).where(eq(products.id, a.prodId));
    await t.ctx.db.update(products).set({ status: -1 }).where(eq(products.id, b.prodId));
    const page = pageOf(CollectedProductSchema).parse((await call('GET', '/p/user/collection/prods', token)).json());
    expect(page.total).toBe(1);
    expect(page.records.map((r) => [r.prodId, r.onShelf])).toEqual([[a.prodId, false]]);
  });

  it('lists newest first, pages, and batch-cancels only the given products', async () => {
    const token = await shopper();
    for (const [i, prodId] of onShelf.slice(0, 5).entries()) {
      t.advanceClock(i * 1000);
      await call('POST', '/p/user/collection/addOrCancel', token, prodId);
      t.resetClock();
    }
    const first = (await call('GET', '/p/user/collection/prods?current=1&size=2', token)).json();
    expect(first).toMatchObject({ total: 5, pages: 3 });
    expect(first.records.map((r: { prodId: number }) => r.prodId)).toEqual([onShelf[4], onShelf[3]]);
    const cancel = await call('POST', '/p/user/collection/batachCancel', token, [onShelf[4], onShelf[3], onShelf[3], onShelf[50]]);
    expect(cancel.statusCode).toBe(200);
    const rest = (await call('GET', '/p/user/collection/prods?size=100', token)).json();
    expect(rest.records.map((r: { prodId: number }) => r.prodId)).toEqual([onShelf[2], onShelf[1], onShelf[0]]);
  });

  it('never shows or cancels another shopper’s collection', async () => {
    const alice = await shopper();
    const bob = await shopper();
    const prodId = onShelf[7]!;
    await call('POST', '/p/user/collection/addOrCancel', alice, prodId);
    expect((await call('GET', `/p/user/collection/isCollection?prodId=${prodId}`, bob)).json()).toBe(false);
    expect((await call('GET', '/p/user/collection/prods', bob)).json().total).toBe(0);
    await call('POST', '/p/user/collection/batachCancel', bob, [prodId]);
    expect((await call('GET', `/p/user/collection/isCollection?prodId=${prodId}`, alice)).json()).toBe(true);
  });

  it('uses two statements for a page of collections, whatever its size', async () => {
    const token = await shopper();
    for (const prodId of onShelf.slice(10, 25)) await call('POST', '/p/user/collection/addOrCancel', token, prodId);
    const { result, queries } = await countQueries(() => call('GET', '/p/user/collection/prods?size=20', token));
    expect(result.json().records).toHaveLength(15);
    // One for the token, then the count and the page.
    expect(queries).toHaveLength(3);
  });

  it.each([
    ['a boolean', 'true'],
    ['a fraction', '1.5'],
    ['a negative id', '-1'],
    ['an object', '{"prodId":1}'],
    ['a word', '"abc"'],
    ['malformed JSON', '12,'],
  ])('rejects %s as the prodId body with 400', async (_name, body) => {
    const res = await call('POST', '/p/user/collection/addOrCancel', await shopper(), body, en);
    expect(res.statusCode).toBe(400);
    expect(res.body.length).toBeGreaterThan(0);
  });

  it('rejects an unknown or deleted product with the localized 400', async () => {
    const token = await shopper();
    const res = await call('POST', '/p/user/collection/addOrCancel', token, 2_147_483_000, en);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('The product does not exist or is off the shelf');
  });

  it.each([
    ['an empty list', [], 'Please select at least one item'],
    ['too many ids', Array.from({ length: 101 }, (_, i) => i + 1), 'Select at most 100 items at a time'],
    ['a list of words', ['a'], 'The id is invalid'],
    ['not a list', { ids: [1] }, 'Please select at least one item'],
  ])('rejects %s for batachCancel with 400', async (_name, body, message) => {
    const res = await call('POST', '/p/user/collection/batachCancel', await shopper(), body, en);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(message);
  });

  it('tells an empty id list from one over 100, in both languages, for the footprint delete too', async () => {
    const token = await shopper();
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1);
    for (const [method, path] of [['POST', '/p/user/collection/batachCancel'], ['DELETE', '/p/prodBrowseLog']] as const) {
      expect((await call(method, path, token, tooMany)).body).toBe('一次最多选择 100 项');
      expect((await call(method, path, token, tooMany, en)).body).toBe('Select at most 100 items at a time');
      expect((await call(method, path, token, [])).body).toBe('请至少选择一项');
    }
  });

  it('rejects bad paging with 400', async () => {
    const token = await shopper();
    expect((await call('GET', '/p/user/collection/prods?current=-1', token)).statusCode).toBe(400);
    expect((await call('GET', '/p/user/collection/prods?size=1000', token)).statusCode).toBe(400);
    expect((await call('GET', '/p/user/collection/isCollection?prodId=x', token)).statusCode).toBe(400);
  });
});

describe('shop collections', () => {
  it('follows an open shop, lists it in the reader’s language, and unfollows', async () => {
    const token = await shopper();
    const shopId = await seededShopId(t, 1);
    expect((await call('GET', `/p/shop/collection/isCollection?shopId=${shopId}`, token)).json()).toBe(false);
    expect((await call('POST', '/p/shop/collection/addOrCancel', token, shopId)).json()).toBe(true);
    expect((await call('GET', `/p/shop/collection/isCollection?shopId=${shopId}`, token)).json()).toBe(true);
    const zh = pageOf(CollectedShopSchema).parse((await call('GET', '/p/shop/collection/page', token)).json());
    const enPage = pageOf(CollectedShopSchema).parse((await call('GET', '/p/shop/collection/page', token, undefined, en)).json());
    expect(zh.records[0]?.shopId).toBe(shopId);
    expect(zh.records[0]?.shopName).not.toBe(enPage.records[0]?.shopName);
    expect((await call('POST', '/p/shop/collection/addOrCancel', token, shopId)).json()).toBe(false);
    expect((await call('GET', '/p/shop/collection/page', token)).json().total).toBe(0);
  });

  it('refuses shops that are not open, and unknown shops', async () => {
    const token = await shopper();
    for (const status of [0, -1, 2]) {
      const res = await call('POST', '/p/shop/collection/addOrCancel', token, await seededShopId(t, status), en);
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe('The store does not exist or is not open');
    }
    expect((await call('POST', '/p/shop/collection/addOrCancel', token, 2_147_483_000)).statusCode).toBe(400);
  });

  it('batch-cancels only the caller’s follows and pins the page to two statements', async () => {
    const alice = await shopper();
    const bob = await shopper();
    const shopId = await seededShopId(t, 1);
    await call('POST', '/p/shop/collection/addOrCancel', alice, shopId);
    await call('POST', '/p/shop/collection/addOrCancel', bob, shopId);
    expect((await call('POST', '/p/shop/collection/batchCancel', bob, [shopId])).statusCode).toBe(200);
    expect((await call('GET', '/p/shop/collection/page', bob)).json().total).toBe(0);
    const { result, queries } = await countQueries(() => call('GET', '/p/shop/collection/page', alice));
    expect(result.json().total).toBe(1);
    expect(queries).toHaveLength(3);
    expect((await call('POST', '/p/shop/collection/batchCancel', alice, [])).statusCode).toBe(400);
  });
});

describe("the detail's follower count (cached per shop)", () => {
  /** An open shop of this test's own, with one product, so no other test's follows change its count. */
  async function shopWithProduct() {
    const [shop] = await t.ctx.db.insert(shops).values({ nameZh: `关注计数${Date.now()}${Math.random()}`.slice(0, 40), status: 1 }).returning({ id: shops.id });
    const product = await createTestProduct(t, { shopId: shop!.id });
    return { shopId: shop!.id, prodId: product.prodId };
  }
  /** The follower count the detail shows, past the detail's own 30 s cache (dropped here, as a product change would). */
  const followersShown = async (app: typeof t.app, ctx: typeof t.ctx, prodId: number) => {
    invalidateProductDetail(ctx, prodId);
    const res = await app.inject({ method: 'GET', url: `/prod/prodInfo?prodId=${prodId}` });
    expect(res.statusCode, res.body).toBe(200);
    return ProductDetailSchema.parse(res.json()).shop.followers;
  };

  it('a follow, an unfollow and a batch cancel show at once (each drops the cached count)', async () => {
    const { shopId, prodId } = await shopWithProduct();
    const [alice, bob] = [await shopper(), await shopper()];
    expect(await followersShown(t.app, t.ctx, prodId)).toBe(0);
    expect((await call('POST', '/p/shop/collection/addOrCancel', alice, shopId)).json()).toBe(true);
    expect(await followersShown(t.app, t.ctx, prodId)).toBe(1);
    expect((await call('POST', '/p/shop/collection/addOrCancel', bob, shopId)).json()).toBe(true);
    expect(await followersShown(t.app, t.ctx, prodId)).toBe(2);
    expect((await call('POST', '/p/shop/collection/addOrCancel', alice, shopId)).json()).toBe(false);
    expect(await followersShown(t.app, t.ctx, prodId)).toBe(1);
    expect((await call('POST', '/p/shop/collection/batchCancel', bob, [shopId])).statusCode).toBe(200);
    expect(await followersShown(t.app, t.ctx, prodId)).toBe(0);
  });

  it.skipIf(!SHARED_INFRASTRUCTURE)('a follow through one instance drops the count another instance cached (Redis pub/sub)', async () => {
    const { shopId, prodId } = await shopWithProduct();
    const other = await createTestInstance();
    try {
      expect(await followersShown(other.app, other.ctx, prodId)).toBe(0);
      expect((await call('POST', '/p/shop/collection/addOrCancel', await shopper(), shopId)).json()).toBe(true);
      let seen = await followersShown(other.app, other.ctx, prodId);
      for (let i = 0; i < 50 && seen === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen = await followersShown(other.app, other.ctx, prodId);
      }
      expect(seen).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe('footprint', () => {
  const browse = (token: string, prodId: unknown) => call('POST', '/p/prodBrowseLog', token, { prodId });

  it('records views, newest first and grouped by day (GMT+8), moving a product seen again to the front', async () => {
    const token = await shopper();
    const [a, b, c] = onShelf;
    expect((await browse(token, a)).statusCode).toBe(200);
    await browse(token, b);
    t.advanceClock(86_400_000);
    try {
      await browse(token, c);
      await browse(token, a);
    } finally {
      t.resetClock();
    }
    const page = FootprintPageSchema.parse((await call('GET', '/p/prodBrowseLog/page', token)).json());
    expect(page.total).toBe(3);
    expect(page.records).toHaveLength(2);
    expect(page.records[0]?.items.map((i) => i.prodId)).toEqual([a, c]);
    expect(page.records[1]?.items.map((i) => i.prodId)).toEqual([b]);
    expect(page.records[0]!.date > page.records[1]!.date).toBe(true);
    expect(page.records[0]?.items[0]?.browseTime.slice(0, 10)).toBe(page.records[0]?.date);
  });

  it('keeps only the latest 50 products', async () => {
    const token = await shopper();
    for (const prodId of onShelf.slice(0, 52)) await browse(token, prodId);
    const page = FootprintPageSchema.parse((await call('GET', '/p/prodBrowseLog/page', token)).json());
    expect(page.total).toBe(50);
    const ids = page.records.flatMap((d) => d.items.map((i) => i.prodId));
    expect(ids).toHaveLength(50);
    expect(ids).not.toContain(onShelf[0]);
    expect(ids).not.toContain(onShelf[1]);
    expect(ids[0]).toBe(onShelf[51]);
  });

  it('deletes one record and clears all, only for the caller', async () => {
    const alice = await shopper();
    const bob = await shopper();
    await browse(alice, onShelf[0]);
    await browse(alice, onShelf[1]);
    await browse(bob, onShelf[0]);
    const alicePage = FootprintPageSchema.parse((await call('GET', '/p/prodBrowseLog/page', alice)).json());
    const aliceIds = alicePage.records.flatMap((d) => d.items.map((i) => i.id));
    // Bob cannot delete Alice's records, nor see them.
    await call('DELETE', '/p/prodBrowseLog', bob, aliceIds);
    await call('DELETE', '/p/prodBrowseLog/all', bob);
    expect((await call('GET', '/p/prodBrowseLog/page', alice)).json().total).toBe(2);
    expect((await call('GET', '/p/prodBrowseLog/page', bob)).json().total).toBe(0);
    expect((await call('DELETE', '/p/prodBrowseLog', alice, [aliceIds[0]])).statusCode).toBe(200);
    expect((await call('GET', '/p/prodBrowseLog/page', alice)).json().total).toBe(1);
    expect((await call('DELETE', '/p/prodBrowseLog/all', alice)).statusCode).toBe(200);
    expect((await call('GET', '/p/prodBrowseLog/page', alice)).json()).toMatchObject({ total: 0, records: [] });
  });

  it('refuses unknown, off-shelf and malformed products with 400', async () => {
    const token = await shopper();
    const off = await createTestProduct(t, { status: 0 });
    expect((await browse(token, off.prodId)).statusCode).toBe(400);
    expect((await browse(token, 2_147_483_000)).body).toBe('商品不存在或已下架');
    for (const bad of ['x', 0, -5, 1.5, null, true]) expect((await browse(token, bad)).statusCode).toBe(400);
    expect((await call('DELETE', '/p/prodBrowseLog', token, [])).statusCode).toBe(400);
    expect((await call('GET', '/p/prodBrowseLog/page?size=51', token)).statusCode).toBe(400);
    expect((await call('GET', '/p/prodBrowseLog/page?current=0', token)).statusCode).toBe(400);
  });

  it('uses two statements for the page', async () => {
    const token = await shopper();
    for (const prodId of onShelf.slice(0, 20)) await browse(token, prodId);
    const { result, queries } = await countQueries(() => call('GET', '/p/prodBrowseLog/page', token));
    expect(result.json().total).toBe(20);
    expect(queries).toHaveLength(3);
  });
});
