import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { and, count, countDistinct, eq, gt, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginWithPassword } from '../../test/account-test-kit.ts';
import { ensureSeeded } from '../../test/seeded.ts';
import type { TestApp } from '../../test/test-app.ts';
import { areas, banners, categories, merchantAccounts, notices, products, shops, siteConfig, skus, userAddresses, users } from '../schema.ts';
import { generateProduct, listLeaves, productPictures } from './products.ts';
import { DEFAULT_PRODUCTS, seedIfEmpty } from './seed.ts';
import { DEMO_USERS, SHOPS, campaignAt, platformNotices } from './site-data.ts';
import { APPLICANTS, SILK_SHOP } from './staff-queues.ts';

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
    // Every product has four gallery shots (vector SVGs of Fluent Emoji) and a detail picture with
    // its selling points drawn in (WebP rendered by sharp).
    const [product] = await t.ctx.db.select({ pic: products.pic, imgs: products.imgs, contentZh: products.contentZh }).from(products).limit(1);
    expect(product?.imgs).toHaveLength(4);
    for (const img of product?.imgs ?? []) {
      const file = path.join(dataDir, img.replace(/^\//, ''));
      expect(readFileSync(file, 'utf8')).toMatch(/^<svg [^>]*><.*<path /s);
    }
    const detail = /<img src="(\/uploads\/seed\/d-[^"]+\.webp)"/.exec(product?.contentZh ?? '')?.[1];
    expect(detail).toBeDefined();
    const meta = await sharp(path.join(dataDir, detail?.replace(/^\//, '') ?? '')).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 750 });
    // Each home banner has a picture per language (its headline is drawn in), both WebP.
    const homeBanners = await t.ctx.db.select({ img: banners.img, imgEn: banners.imgEn }).from(banners).where(eq(banners.shopId, 0));
    expect(homeBanners).toHaveLength(5);
    for (const b of homeBanners) {
      expect(b.img).toMatch(/^\/uploads\/seed\/banner-\d-zh-[0-9a-f]+\.webp$/);
      expect(b.imgEn).toMatch(/^\/uploads\/seed\/banner-\d-en-[0-9a-f]+\.webp$/);
      for (const img of [b.img, b.imgEn ?? '']) expect(existsSync(path.join(dataDir, img.replace(/^\//, '')))).toBe(true);
    }
  });

  it('generates the same product for the same number', () => {
    const leaves = listLeaves();
    const epoch = new Date('2026-03-01T00:00:00Z');
    const a = generateProduct(123, leaves, SHOPS, epoch);
    const b = generateProduct(123, leaves, SHOPS, epoch);
    expect(a).toEqual(b);
    expect(generateProduct(124, leaves, SHOPS, epoch).nameZh).not.toBe(a.nameZh);
  });

  it('sells each line under a brand that makes it, at its own prices, in shops that sell its kind', () => {
    const leaves = listLeaves();
    const demo = Array.from({ length: DEFAULT_PRODUCTS }, (_, i) => generateProduct(i + 1, leaves, SHOPS, new Date()));
    const names = demo.map((p) => p.nameZh);
    // Mate and Pura are Huawei's, Redmi is Xiaomi's.
    expect(names.filter((n) => /Mate|Pura/.test(n) && !n.startsWith('华为'))).toEqual([]);
    expect(names.filter((n) => /Redmi/.test(n) && !n.startsWith('小米'))).toEqual([]);
    expect(names.some((n) => n.startsWith('华为 Mate'))).toBe(true);
    // No line names its brand twice ("黄山 黄山毛峰").
    expect(names.filter((n) => { const [brand, ...rest] = n.split(' '); return rest.join(' ').startsWith(brand ?? ''); })).toEqual([]);
    // The tea house sells tea ware and tea only; no shop has the same line twice.
    const tea = demo.filter((p) => SHOPS[p.shopIndex]?.key === 'tea');
    expect(tea.length).toBeGreaterThan(15);
    expect(new Set(tea.map((p) => p.leaf.def.name.zh))).toEqual(new Set(['茶杯', '茶壶盖碗', '茶盘茶具套装', '绿茶', '乌龙茶']));
    const perShop = new Set(demo.map((p) => `${p.shopIndex}:${p.nameZh}`));
    expect(perShop.size).toBe(demo.length);
    // Every product's line price range holds its price (memberships: the month); phones cost what phones cost.
    for (const p of demo.filter((d) => d.mold === 0)) {
      const item = p.leaf.def.items.find((i) => p.nameZh.includes(i.zh));
      const [lo, hi] = item?.price ?? p.leaf.def.price;
      expect(p.price / 100, p.nameZh).toBeGreaterThanOrEqual(lo - 1);
      expect(p.price / 100, p.nameZh).toBeLessThanOrEqual(hi);
    }
    expect(demo.filter((p) => p.leaf.def.name.zh === '手机').every((p) => p.price >= 100_000)).toBe(true);
  });

  it('gives each brand line pictures of its own: the phones of a search are told apart', () => {
    const leaves = listLeaves();
    const demo = Array.from({ length: DEFAULT_PRODUCTS }, (_, i) => generateProduct(i + 1, leaves, SHOPS, new Date()));
    const phones = demo.filter((p) => p.leaf.def.name.zh === '手机');
    expect(phones.length).toBeGreaterThanOrEqual(8);
    const lines = new Set(phones.map((p) => p.nameZh));
    expect(new Set(phones.map((p) => p.pic)).size).toBe(lines.size);
    // A case line made by two brands is two pictures, each naming its maker.
    const cases = demo.filter((p) => p.leaf.def.name.zh === '手机壳');
    expect(new Set(cases.map((p) => p.pic)).size).toBe(new Set(cases.map((p) => p.nameZh)).size);
    // A case is drawn as a case (from the back), not as the phone's screen (the icon set's phone, #321b41).
    const screen = '#321b41';
    expect(productPictures(phones[0]!)[0]?.svg).toContain(screen);
    expect(cases.every((p) => !productPictures(p)[0]?.svg.includes(screen))).toBe(true);
    // The same line in two shops is one product line: the same pictures.
    const byName = new Map<string, string>();
    for (const p of demo) {
      const name = p.nameZh;
      if (byName.has(name)) expect(p.pic, name).toBe(byName.get(name));
      byName.set(name, p.pic);
    }
  });

  it('dates the demo from the seed: a running campaign heads the notices and banners, recent notices', async () => {
    const now = Date.now();
    const [headline] = await t.ctx.db
      .select()
      .from(notices)
      .where(and(eq(notices.shopId, 0), eq(notices.isTop, true)))
      .orderBy(sql`${notices.publishTime} desc`)
      .limit(1);
    expect(now - (headline?.publishTime.getTime() ?? 0)).toBeLessThan(14 * 86_400_000);
    // The seeded ones (other tests add notices of their own to this database).
    const platform = await t.ctx.db
      .select({ titleZh: notices.titleZh, publishTime: notices.publishTime })
      .from(notices)
      .where(and(eq(notices.shopId, 0), inArray(notices.titleZh, platformNotices(new Date()).map((n) => n.titleZh))));
    expect(platform.length).toBeGreaterThanOrEqual(6);
    expect(platform.every((n) => n.publishTime.getTime() <= now && now - n.publishTime.getTime() < 90 * 86_400_000)).toBe(true);
    const campaign = campaignAt(new Date());
    const [first] = await t.ctx.db.select({ titleZh: banners.titleZh }).from(banners).where(eq(banners.shopId, 0)).orderBy(banners.seq).limit(1);
    expect(first?.titleZh).toContain(campaign.name.zh);
    expect(platform.some((n) => n.titleZh.includes(campaign.name.zh))).toBe(true);
    expect(campaign.start.getTime()).toBeLessThan(now);
    expect(campaign.end.getTime()).toBeGreaterThan(now);
  });

  it('stores real region ids with every shop and address: the region pickers show them, a rejected application resubmits as it is', async () => {
    const rows = await t.ctx.db.select({ id: areas.id, parentId: areas.parentId, name: areas.name }).from(areas);
    const byId = new Map(rows.map((r) => [r.id, r]));
    // The seed's shops (the demo's, the offline journey's, the applications waiting for review) and the demo shoppers' addresses, not the tests'.
    const seedShops = [...SHOPS.map((s) => s.nameZh), SILK_SHOP.nameZh, ...APPLICANTS.map((a) => a.shop.nameZh)];
    const places = [
      ...(await t.ctx.db
        .select({ who: shops.nameZh, provinceId: shops.provinceId, province: shops.province, cityId: shops.cityId, city: shops.city, areaId: shops.areaId, area: shops.area })
        .from(shops)
        .where(inArray(shops.nameZh, seedShops))),
      ...(await t.ctx.db
        .select({ who: userAddresses.receiver, provinceId: userAddresses.provinceId, province: userAddresses.province, cityId: userAddresses.cityId, city: userAddresses.city, areaId: userAddresses.areaId, area: userAddresses.area })
        .from(userAddresses)
        .innerJoin(users, eq(users.id, userAddresses.userId))
        .where(inArray(users.userName, DEMO_USERS.map((u) => u.userName)))),
    ];
    expect(places.length).toBeGreaterThan(seedShops.length);
    const wrong = places.filter((p) => {
      const province = byId.get(p.provinceId ?? 0);
      const city = byId.get(p.cityId ?? 0);
      const area = byId.get(p.areaId ?? 0);
      return !(province?.name === p.province && city?.name === p.city && city.parentId === province.id && area?.name === p.area && area.parentId === city.id);
    });
    expect(wrong).toEqual([]);
    const [rejected] = await t.ctx.db.select({ cityId: shops.cityId, areaId: shops.areaId, status: shops.status }).from(shops).where(eq(shops.nameZh, '云端小铺'));
    expect(rejected).toMatchObject({ status: -1, cityId: 420100, areaId: 420111 });
  });

  it('names the campaign of the season: a January sale never runs in November', () => {
    expect(campaignAt(new Date('2026-11-24T10:00:00+08:00')).name.zh).toBe('冬季暖心购');
    expect(campaignAt(new Date('2026-01-10T10:00:00+08:00')).name.zh).toBe('年货节');
    expect(campaignAt(new Date('2026-06-10T10:00:00+08:00')).name.zh).toBe('618 年中大促');
  });
});
