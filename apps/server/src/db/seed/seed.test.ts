import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { and, count, countDistinct, eq, gt, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginWithPassword } from '../../test/account-test-kit.ts';
import { ensureSeeded } from '../../test/seeded.ts';
import type { TestApp } from '../../test/test-app.ts';
import { areas, banners, categories, merchantAccounts, notices, products, shops, siteConfig, skus, users } from '../schema.ts';
import { generateProduct, listLeaves } from './products.ts';
import { DEFAULT_PRODUCTS, seedIfEmpty } from './seed.ts';
import { DEMO_USERS, SHOPS } from './site-data.ts';

let t: TestApp;
beforeAll(async () => {
  t = await ensureSeeded();
});

describe('the demo seed', () => {
  it('has at least 12 shops in every status, one self-run', async () => {
    const rows = await t.ctx.db.select({ status: shops.status, type: shops.type, n: count() }).from(shops).groupBy(shops.status, shops.type);
    const total = rows.reduce((sum, r) => sum + r.n, 0);
    expect(total).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set([-1, 0, 1, 2]));
    expect(rows.some((r) => r.type === 1 && r.status === 1)).toBe(true);
    const [self] = await t.ctx.db.select().from(shops).where(eq(shops.nameZh, 'Bazaar 自营旗舰店'));
    expect(self?.logo).toMatch(/^\/uploads\/seed\//);
  });

  it('has a 3-level bilingual platform category tree with products in every leaf', async () => {
    const grades = await t.ctx.db.select({ grade: categories.grade, n: count() }).from(categories).where(eq(categories.shopId, 0)).groupBy(categories.grade);
    expect(grades.map((g) => g.grade).sort()).toEqual([1, 2, 3]);
    const untranslated = await t.ctx.db.select({ n: count() }).from(categories).where(sql`${categories.nameEn} is null or ${categories.nameEn} = ''`);
    expect(untranslated[0]?.n).toBe(0);
    const leaves = grades.find((g) => g.grade === 3)?.n ?? 0;
    const [used] = await t.ctx.db.select({ n: countDistinct(products.categoryId) }).from(products);
    expect(used?.n).toBe(leaves);
  });

  it('has at least 400 bilingual products, each with priced SKUs, some out of stock', async () => {
    const [p] = await t.ctx.db.select({ n: count() }).from(products);
    expect(p?.n).toBeGreaterThanOrEqual(400);
    const [withoutSkus] = await t.ctx.db
      .select({ n: count() })
      .from(products)
      .where(sql`not exists (select 1 from ${skus} where ${skus.productId} = ${products.id})`);
    expect(withoutSkus?.n).toBe(0);
    const [sample] = await t.ctx.db.select().from(products).where(eq(products.status, 1)).limit(1);
    expect(sample?.nameEn).toMatch(/[A-Za-z]/);
    expect(sample?.contentZh).toContain('<table');
    expect(sample?.price).toBeGreaterThan(0);
    const sampleSkus = await t.ctx.db.select().from(skus).where(eq(skus.productId, sample?.id ?? 0));
    expect(sampleSkus.length).toBeGreaterThanOrEqual(2);
    expect(sampleSkus[0]?.properties).toMatch(/^[^:;]+:[^:;]+(;[^:;]+:[^:;]+)*$/);
    expect(Math.min(...sampleSkus.map((s) => s.price))).toBe(sample?.price);
    const [soldOut] = await t.ctx.db.select({ n: count() }).from(skus).where(eq(skus.stocks, 0));
    expect(soldOut?.n).toBeGreaterThan(0);
    const [virtual] = await t.ctx.db.select({ n: count() }).from(products).where(and(eq(products.mold, 1), eq(products.totalStocks, -1)));
    expect(virtual?.n).toBeGreaterThan(0);
  });

  it('has platform and shop notices, top ones included, and banners', async () => {
    const [platform] = await t.ctx.db.select({ n: count() }).from(notices).where(eq(notices.shopId, 0));
    expect(platform?.n).toBeGreaterThanOrEqual(6);
    const [top] = await t.ctx.db.select({ n: count() }).from(notices).where(and(eq(notices.shopId, 0), eq(notices.isTop, true)));
    expect(top?.n).toBeGreaterThan(0);
    const [shopNotices] = await t.ctx.db.select({ n: count() }).from(notices).where(gt(notices.shopId, 0));
    expect(shopNotices?.n).toBeGreaterThan(0);
    const [home] = await t.ctx.db.select({ n: count() }).from(banners).where(eq(banners.shopId, 0));
    expect(home?.n).toBe(5);
  });

  it('has every province, city and district of China', async () => {
    const levels = await t.ctx.db.select({ level: areas.level, n: count() }).from(areas).groupBy(areas.level);
    const byLevel = Object.fromEntries(levels.map((l) => [l.level, l.n]));
    expect(byLevel[1]).toBe(34);
    expect(byLevel[2]).toBeGreaterThan(330);
    expect(byLevel[3]).toBeGreaterThan(2800);
    const beijing = await t.ctx.db.select().from(areas).where(eq(areas.parentId, 110000));
    expect(beijing.map((a) => a.name)).toEqual(['北京市']);
    const [haidian] = await t.ctx.db.select().from(areas).where(eq(areas.name, '海淀区'));
    expect(haidian?.parentId).toBe(beijing[0]?.id);
  });

  it('has the demo shoppers, with the shop owners linked to their shops', async () => {
    const rows = await t.ctx.db.select().from(users).where(inArray(users.userName, DEMO_USERS.map((u) => u.userName)));
    expect(rows).toHaveLength(DEMO_USERS.length);
    const buyer = rows.find((u) => u.userName === 'buyer01');
    expect(buyer?.mobile).toBe('13800000001');
    expect(await verify(buyer?.passwordHash ?? '', 'bazaar123')).toBe(true);
    for (const u of DEMO_USERS.filter((d) => d.shopKey)) {
      const def = SHOPS.find((s) => s.key === u.shopKey);
      const owner = rows.find((r) => r.userName === u.userName);
      const [shop] = await t.ctx.db.select().from(shops).where(eq(shops.userId, owner?.id ?? ''));
      expect(shop?.status).toBe(def?.status);
    }
  });

  it('lets a demo shopper log in with the documented password', async () => {
    const res = await loginWithPassword(t, 'buyer01', 'bazaar123');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().accessToken).toBeTruthy();
  });

  it('has a merchant login for each open or offline shop', async () => {
    const rows = await t.ctx.db
      .select({ username: merchantAccounts.username, hash: merchantAccounts.passwordHash, status: shops.status })
      .from(merchantAccounts)
      .innerJoin(shops, eq(shops.id, merchantAccounts.shopId))
      // Other tests in this shared database add shops and store accounts of their own.
      .where(and(inArray(shops.nameZh, SHOPS.map((s) => s.nameZh)), eq(merchantAccounts.username, sql`'shop' || ${shops.id}`)));
    expect(rows.length).toBe(SHOPS.filter((s) => s.status === 1 || s.status === 2).length);
    expect(await verify(rows[0]?.hash ?? '', 'merchant123')).toBe(true);
  });

  it('is idempotent and writes its pictures', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-seed-again-'));
    const [before] = await t.ctx.db.select({ n: count() }).from(products);
    // Seeded already: nothing is written, but the pictures are drawn into the new data directory.
    expect(await seedIfEmpty(t.ctx.db, { dataDir, products: DEFAULT_PRODUCTS })).toBe(false);
    const [after] = await t.ctx.db.select({ n: count() }).from(products);
    expect(after?.n).toBe(before?.n);
    const [marker] = await t.ctx.db.select().from(siteConfig).where(eq(siteConfig.key, 'seed'));
    expect(marker?.value).toMatchObject({ productCount: DEFAULT_PRODUCTS });
    const [product] = await t.ctx.db.select({ pic: products.pic }).from(products).limit(1);
    const file = path.join(dataDir, product?.pic.replace(/^\//, '') ?? '');
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(/^<svg /);
  });

  it('generates the same product for the same number', () => {
    const leaves = listLeaves();
    const a = generateProduct(123, leaves, SHOPS);
    const b = generateProduct(123, leaves, SHOPS);
    expect(a).toEqual(b);
    expect(generateProduct(124, leaves, SHOPS).nameZh).not.toBe(a.nameZh);
  });
});
