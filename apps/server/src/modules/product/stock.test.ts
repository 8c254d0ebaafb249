import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products, shops, skus, categories } from '../../db/schema.ts';
import { countQueries } from '../../db/query-count.ts';
import { ensureSeeded } from '../../test/seeded.ts';
import type { TestApp } from '../../test/test-app.ts';
import { addSold, releaseStock, takeStock } from './stock.ts';

let t: TestApp;
let serial = 0;

async function productWith(stocks: number[]) {
  serial += 1;
  const db = t.ctx.db;
  const [shop] = await db.insert(shops).values({ nameZh: `库存店${serial}`, status: 1, type: 2 }).returning({ id: shops.id });
  // Hidden: a third-level category without a parent would show at the top of the mall's tree, which
  // other files of the run (sharing this database) read.
  const [category] = await db.insert(categories).values({ nameZh: `库存类${serial}`, nameEn: `Stock category ${serial}`, grade: 3, status: 0 }).returning({ id: categories.id });
  const total = stocks.includes(-1) ? -1 : stocks.reduce((a, b) => a + b, 0);
  const [product] = await db
    .insert(products)
    .values({ shopId: shop!.id, categoryId: category!.id, nameZh: `库存商品${serial}`, pic: '/x.png', price: 100, oriPrice: 100, totalStocks: total })
    .returning({ id: products.id });
  const rows = await db
    .insert(skus)
    .values(stocks.map((s, i) => ({ productId: product!.id, properties: `规格:${i}`, price: 100, oriPrice: 100, stocks: s })))
    .returning({ id: skus.id });
  return { productId: product!.id, skuIds: rows.map((r) => r.id) };
}

async function stockOf(skuId: number) {
  const [row] = await t.ctx.db.select({ stocks: skus.stocks }).from(skus).where(eq(skus.id, skuId));
  return row!.stocks;
}
async function productOf(productId: number) {
  const [row] = await t.ctx.db.select({ total: products.totalStocks, sold: products.soldNum }).from(products).where(eq(products.id, productId));
  return row!;
}

beforeAll(async () => {
  // Seeded first: the demo's orders are drawn from the open shops, so its shops must come before these.
  t = await ensureSeeded();
});

describe('takeStock / releaseStock', () => {
  it('takes and gives back pieces on the SKU and the product total', async () => {
    const p = await productWith([5, 3]);
    await t.ctx.db.transaction(async (tx) => expect(await takeStock(tx, [{ skuId: p.skuIds[0]!, count: 2 }, { skuId: p.skuIds[1]!, count: 3 }])).toBeNull());
    expect(await stockOf(p.skuIds[0]!)).toBe(3);
    expect(await stockOf(p.skuIds[1]!)).toBe(0);
    expect((await productOf(p.productId)).total).toBe(3);
    await t.ctx.db.transaction((tx) => releaseStock(tx, [{ skuId: p.skuIds[1]!, count: 3 }]));
    expect(await stockOf(p.skuIds[1]!)).toBe(3);
    expect((await productOf(p.productId)).total).toBe(6);
  });

  it('refuses more than there is and names the SKU; the caller’s rollback leaves everything as it was', async () => {
    const p = await productWith([1, 4]);
    const refused = new Error('short');
    let short: number | null = null;
    await expect(
      t.ctx.db.transaction(async (tx) => {
        short = await takeStock(tx, [{ skuId: p.skuIds[1]!, count: 4 }, { skuId: p.skuIds[0]!, count: 2 }]);
        if (short !== null) throw refused;
      }),
    ).rejects.toBe(refused);
    expect(short).toBe(p.skuIds[0]);
    expect([await stockOf(p.skuIds[0]!), await stockOf(p.skuIds[1]!)]).toEqual([1, 4]);
    expect((await productOf(p.productId)).total).toBe(5);
    expect(await t.ctx.db.transaction((tx) => takeStock(tx, [{ skuId: p.skuIds[0]!, count: 0 }]))).toBe(p.skuIds[0]);
  });

  it('merges lines of one SKU and moves several products in one statement', async () => {
    const a = await productWith([10, 10]);
    const b = await productWith([6]);
    const lines = [
      { skuId: b.skuIds[0]!, count: 2 },
      { skuId: a.skuIds[1]!, count: 1 },
      { skuId: a.skuIds[0]!, count: 3 },
      { skuId: a.skuIds[1]!, count: 2 },
    ];
    const { result, queries } = await countQueries(() => t.ctx.db.transaction((tx) => takeStock(tx, lines)));
    expect(result).toBeNull();
    expect(queries.filter((q) => /update/i.test(q))).toHaveLength(1);
    expect([await stockOf(a.skuIds[0]!), await stockOf(a.skuIds[1]!), await stockOf(b.skuIds[0]!)]).toEqual([7, 7, 4]);
    expect([(await productOf(a.productId)).total, (await productOf(b.productId)).total]).toEqual([14, 4]);
    await t.ctx.db.transaction((tx) => releaseStock(tx, lines));
    expect([await stockOf(a.skuIds[0]!), await stockOf(a.skuIds[1]!), await stockOf(b.skuIds[0]!)]).toEqual([10, 10, 6]);
    expect([(await productOf(a.productId)).total, (await productOf(b.productId)).total]).toEqual([20, 6]);
  });

  it('never changes unlimited stock', async () => {
    const p = await productWith([-1]);
    await t.ctx.db.transaction(async (tx) => expect(await takeStock(tx, [{ skuId: p.skuIds[0]!, count: 1000 }])).toBeNull());
    await t.ctx.db.transaction((tx) => releaseStock(tx, [{ skuId: p.skuIds[0]!, count: 5 }]));
    expect(await stockOf(p.skuIds[0]!)).toBe(-1);
    expect((await productOf(p.productId)).total).toBe(-1);
  });

  it('sells exactly the stock to many parallel buyers and never goes below zero', async () => {
    const start = 7;
    const p = await productWith([start]);
    const attempts = await Promise.all(
      Array.from({ length: start * 3 }, () => t.ctx.db.transaction((tx) => takeStock(tx, [{ skuId: p.skuIds[0]!, count: 1 }])).catch(() => 'error')),
    );
    const sold = attempts.filter((a) => a === null).length;
    expect(sold).toBe(start);
    expect(await stockOf(p.skuIds[0]!)).toBe(0);
    expect(sold + (await stockOf(p.skuIds[0]!))).toBe(start);
    expect((await productOf(p.productId)).total).toBe(0);
  });

  it('counts paid pieces as sold', async () => {
    const p = await productWith([9]);
    await t.ctx.db.transaction((tx) => addSold(tx, [{ productId: p.productId, count: 2 }, { productId: p.productId, count: 1 }]));
    expect((await productOf(p.productId)).sold).toBe(3);
  });
});
