// Factories for tests that need products of their own (reviews, collections, cart): rows
// written straight into the test database, with a unique name each.
import { and, asc, eq } from 'drizzle-orm';
import { categories, products, shops, skus } from '../db/schema.ts';
import type { TestApp } from './test-app.ts';

let counter = 0;

export interface TestProductOptions {
  /** The shop to sell in; otherwise the first seeded shop in shopStatus. */
  shopId?: number;
  status?: number;
  /** One SKU per entry; stocks -1 = unlimited. */
  skus?: { properties: string; nameZh?: string; nameEn?: string; price?: number; stocks: number; status?: number }[];
  shopStatus?: 1 | 0 | -1 | 2;
  nameEn?: string | null;
  contentZh?: string;
  contentEn?: string | null;
  prodType?: number;
  mold?: 0 | 1;
}

export interface TestProduct {
  prodId: number;
  shopId: number;
  nameZh: string;
  nameEn: string | null;
  skuIds: number[];
}

/** A shop of the seeded mall in the given status (the seed has one of each). */
export async function seededShopId(t: TestApp, status: number): Promise<number> {
  const [row] = await t.ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.status, status)).orderBy(asc(shops.id)).limit(1);
  if (!row) throw new Error(`no seeded shop in status ${status}`);
  return row.id;
}

export async function createTestProduct(t: TestApp, options: TestProductOptions = {}): Promise<TestProduct> {
  counter += 1;
  const tag = `${Date.now().toString(36)}${process.pid % 1000}n${counter}`;
  const shopId = options.shopId ?? (await seededShopId(t, options.shopStatus ?? 1));
  const [leaf] = await t.ctx.db.select({ id: categories.id }).from(categories).where(and(eq(categories.grade, 3), eq(categories.shopId, 0))).limit(1);
  const skuDefs = options.skus ?? [
    { properties: '颜色:黑色;尺码:M', nameZh: '黑色 M', nameEn: 'Black / M', price: 9_900, stocks: 5 },
    { properties: '颜色:黑色;尺码:L', nameZh: '黑色 L', nameEn: 'Black / L', price: 10_900, stocks: 0 },
    { properties: '颜色:白色;尺码:M', nameZh: '白色 M', nameEn: 'White / M', price: 9_900, stocks: -1 },
  ];
  const prices = skuDefs.map((s) => s.price ?? 9_900);
  const nameZh = `测试商品${tag}`;
  const nameEn = options.nameEn === undefined ? `Test product ${tag}` : options.nameEn;
  const [row] = await t.ctx.db
    .insert(products)
    .values({
      shopId,
      categoryId: leaf!.id,
      nameZh,
      nameEn,
      briefZh: '测试用的商品',
      briefEn: 'A product for tests',
      contentZh: options.contentZh ?? '<p>中文详情</p>',
      contentEn: options.contentEn === undefined ? '<p>English description</p>' : options.contentEn,
      pic: '/uploads/seed/test.svg',
      imgs: ['/uploads/seed/test.svg', '/uploads/seed/test-2.svg'],
      price: Math.min(...prices),
      oriPrice: Math.min(...prices) + 1_000,
      prodType: options.prodType ?? 0,
      mold: options.mold ?? 0,
      status: options.status ?? 1,
      totalStocks: skuDefs.some((s) => s.stocks === -1) ? -1 : skuDefs.reduce((sum, s) => sum + s.stocks, 0),
    })
    .returning({ id: products.id });
  const skuRows = await t.ctx.db
    .insert(skus)
    .values(
      skuDefs.map((s) => ({
        productId: row!.id,
        properties: s.properties,
        nameZh: s.nameZh ?? null,
        nameEn: s.nameEn ?? null,
        price: s.price ?? 9_900,
        oriPrice: (s.price ?? 9_900) + 1_000,
        stocks: s.stocks,
        status: s.status ?? 1,
      })),
    )
    .returning({ id: skus.id });
  return { prodId: row!.id, shopId, nameZh, nameEn, skuIds: skuRows.map((s) => s.id) };
}
