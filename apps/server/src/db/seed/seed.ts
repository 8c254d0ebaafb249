import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { CONFIG_KEYS } from '../../modules/content/config-keys.ts';
import { prepareProductSearch } from '../../flows/product-search.ts';
import { productSearchVector } from '../../lib/search-tokenizer.ts';
import type { Db, Tx } from '../client.ts';
import { ensureSerialInstance } from '../../lib/serial-number.ts';
import {
  adminUsers,
  areas,
  balanceOptions,
  banners,
  categories,
  deliveryCompanies,
  hotSearches,
  merchantAccounts,
  notices,
  products,
  shopAudits,
  shopCategories,
  shops,
  siteConfig,
  skus,
  userAddresses,
  userWallets,
  users,
} from '../schema.ts';
import { backfillAreaNames, loadAreaRows, regionIdsOf } from './areas.ts';
import { bannerPicture, iconPicture, logoPicture, shopBannerPicture, siteLogo } from './art.ts';
import { CATEGORY_TREE, type Bi } from './catalog-data.ts';
import { drawPicture, seedImagePath, writePictures, type Picture } from './images.ts';
import { seedReviews } from './reviews.ts';
import { seedOrders } from './orders.ts';
import { PROMOTION_SHOPPER, seedPromotionShopper, seedPromotions } from './promotions.ts';
import { seedCoupons } from './coupons.ts';
import { seedCombos } from './combos.ts';
import { seedSeckills } from './seckills.ts';
import { seedGroups } from './groups.ts';
import { seedPointsMall } from './points-mall.ts';
import { seedPointsHistory } from './points.ts';
import { seedMembership } from './members.ts';
import { seedInvite } from './invite.ts';
import { seedFollowers } from './followers.ts';
import { builtInRoleIds, seedStaffQueues } from './staff-queues.ts';
import { demoFreightRule, selfRunFreightRule } from './freight.ts';
import { generateProduct, listLeaves, productPictures, shopSells, type GeneratedProduct, type Leaf } from './products.ts';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  OPERATOR_USERNAME,
  DAY_MS,
  DELIVERY_COMPANIES,
  DEMO_PASSWORD,
  DEMO_USERS,
  HOT_SEARCHES,
  MERCHANT_PASSWORD,
  PRIVACY,
  SEED_MARKER_KEY,
  SEED_VERSION,
  SHOPS,
  STAFF_ROLES,
  TERMS,
  beijingDate,
  campaignAt,
  platformNotices,
  webConfig,
} from './site-data.ts';

export interface SeedOptions {
  dataDir: string;
  log?: { info: (msg: string) => void };
  /** Catalogue size; the default demo has DEFAULT_PRODUCTS. A larger number tops an existing seed up. */
  products?: number;
  /** The time every seeded date is relative to (now by default). */
  now?: Date;
  /**
   * Write the pictures (default true). The server's tests seed into throwaway folders and leave
   * them out, which keeps the WebP rendering out of every test run; seed.test checks them.
   */
  pictures?: boolean;
  /** The merchant center's address the storefront links to (default http://localhost:3001/, MERCHANT_PORT's default). */
  merchantUrl?: string;
}

export const DEFAULT_PRODUCTS = 456;
/** Algorithm.Argon2id; the package's const enum cannot be imported under verbatimModuleSyntax. */
const ARGON2ID = 2;
const BATCH = 1000;


interface SeedMarker {
  version: number;
  productCount: number;
  /** When the demo was seeded (ISO): its dates, campaign and so its pictures follow from it. */
  seededAt?: string;
}

/** A stable 32-hex user id for a demo account. */
export const demoUserId = (userName: string) => createHash('md5').update(`bazaar-seed-user:${userName}`).digest('hex');

/**
 * Seeds the demo mall once (a marker row in site_config says it is there), then tops the
 * catalogue up to `products` in batches of BATCH, one transaction each. Returns true when
 * anything was written.
 */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  const log = options.log ?? { info: () => undefined };
  const target = Math.max(options.products ?? DEFAULT_PRODUCTS, 0);
  const started = Date.now();
  const drawing = options.pictures ?? true;
  const leaves = listLeaves();
  // The seed's orders and payments take serial numbers like any other writer.
  await ensureSerialInstance(db);
  let marker = await readMarker(db);
  let wrote = false;
  // A database seeded before the areas had English names gets them.
  if (marker) {
    const named = await backfillAreaNames(db);
    if (named > 0) log.info(`named ${named} areas in English`);
  }

  const fresh = !marker;
  if (!marker) {
    const now = options.now ?? new Date();
    const first = Math.min(target, DEFAULT_PRODUCTS);
    const pictures = await db.transaction(async (tx) => seedCore(tx, leaves, first, now, options.merchantUrl ?? 'http://localhost:3001/'));
    const written = Date.now();
    if (drawing) await writePictures(options.dataDir, pictures);
    marker = { version: SEED_VERSION, productCount: first, seededAt: now.toISOString() };
    wrote = true;
    log.info(`seeded the demo mall with ${first} products in ${Date.now() - started} ms (pictures ${Date.now() - written} ms)`);
  } else if (drawing && !existsSync(path.join(options.dataDir, 'uploads', 'seed', 'logo.svg'))) {
    // The database was seeded from another data directory: draw the pictures again.
    const now = seededAt(marker);
    await writePictures(options.dataDir, [...siteArt(leaves, now).pictures, ...catalogPictures(leaves, 1, marker.productCount, now)]);
  }

  if (marker.productCount < target) {
    const epoch = seededAt(marker);
    const shopIds = await shopIdsByKey(db);
    const shopCategoryIds = await shopCategoryIdsByShop(db);
    const leafIds = await leafCategoryIds(db, leaves);
    for (let from = marker.productCount + 1; from <= target; from += BATCH) {
      const to = Math.min(target, from + BATCH - 1);
      await db.transaction(async (tx) => {
        await insertProducts(tx, leaves, from, to, shopIds, shopCategoryIds, leafIds, epoch);
        await writeMarker(tx, { ...(marker as SeedMarker), productCount: to });
      });
      if (drawing) await writePictures(options.dataDir, catalogPictures(leaves, from, to, epoch));
      if (Math.floor(to / 10_000) > Math.floor((to - BATCH) / 10_000) || to === target) log.info(`seeded products up to ${to}`);
    }
    wrote = true;
  }
  await prepareProductSearch(db, wrote, log);
  await seedReviews(db, seededAt(marker));
  await seedOrders(db);
  await seedInvite(db);
  await seedPromotions(db, seededAt(marker));
  await seedCoupons(db, seededAt(marker));
  await seedCombos(db, seededAt(marker));
  await seedSeckills(db, seededAt(marker));
  await seedGroups(db, seededAt(marker));
  await seedPointsMall(db, seededAt(marker));
  // Demo accounts (followers, staff, a shop owner) only go into a database seeded just now: an
  // existing one may be in real use, and logins with published passwords must never appear in it.
  if (fresh) await seedFollowers(db, seededAt(marker));
  if (fresh) await seedPromotionShopper(db, seededAt(marker));
  await seedPointsHistory(db, [...DEMO_USERS.map((u) => demoUserId(u.userName)), demoUserId(PROMOTION_SHOPPER.userName)], seededAt(marker));
  await seedMembership(db, { seededAt: seededAt(marker), expiringMemberId: demoUserId('buyer02') });
  await seedStaffQueues(db, { dataDir: options.dataDir, drawing, seededAt: seededAt(marker), fresh });
  return wrote;
}

/** The seed time of a marker; markers written before it was kept count from now. */
const seededAt = (marker: SeedMarker) => (marker.seededAt ? new Date(marker.seededAt) : new Date());

async function readMarker(db: Db | Tx): Promise<SeedMarker | null> {
  const [row] = await db.select({ value: siteConfig.value }).from(siteConfig).where(eq(siteConfig.key, SEED_MARKER_KEY));
  return (row?.value as SeedMarker | undefined) ?? null;
}

async function writeMarker(tx: Tx, marker: SeedMarker) {
  await tx
    .insert(siteConfig)
    .values({ key: SEED_MARKER_KEY, value: marker })
    .onConflictDoUpdate({ target: siteConfig.key, set: { value: marker, updatedAt: sql`now()` } });
}

async function insertChunks(tx: Tx, table: PgTable, rows: object[]) {
  for (let i = 0; i < rows.length; i += BATCH) await tx.insert(table).values(rows.slice(i, i + BATCH) as never);
}

/** Everything except the catalogue top-up, in one transaction. Returns the pictures to write. */
async function seedCore(tx: Tx, leaves: Leaf[], productCount: number, now: Date, merchantUrl: string): Promise<Picture[]> {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
  await writeMarker(tx, { version: SEED_VERSION, productCount, seededAt: now.toISOString() });
  const art = siteArt(leaves, now);

  // Site configuration.
  const config: [string, unknown][] = [
    [CONFIG_KEYS.webConfig, webConfig(now, merchantUrl)],
    [CONFIG_KEYS.serviceSwitch, { serviceTermsSwitch: true, privacyPolicySwitch: true }],
    [CONFIG_KEYS.paySwitch, { aliPaySwitch: true, wxPaySwitch: true, balancePaySwitch: true }],
    [CONFIG_KEYS.serviceTerms, TERMS],
    [CONFIG_KEYS.privacyPolicy, PRIVACY],
  ];
  await tx.insert(siteConfig).values(config.map(([key, value]) => ({ key, value }))).onConflictDoNothing();

  const areaRows = loadAreaRows();
  await insertChunks(tx, areas, areaRows);

  // Shoppers. One password hash serves every demo account (argon2 salts it once).
  const [userHash, merchantHash, adminHash] = await Promise.all([
    hash(DEMO_PASSWORD, { algorithm: ARGON2ID }),
    hash(MERCHANT_PASSWORD, { algorithm: ARGON2ID }),
    hash(ADMIN_PASSWORD, { algorithm: ARGON2ID }),
  ]);
  const roles = await builtInRoleIds(tx);
  await tx.insert(adminUsers).values([
    { username: ADMIN_USERNAME, passwordHash: adminHash, roleId: roles[STAFF_ROLES.admin] },
    { username: OPERATOR_USERNAME, passwordHash: adminHash, roleId: roles[STAFF_ROLES.operator] },
  ]);
  await tx.insert(users).values(
    DEMO_USERS.map((u, i) => ({
      id: demoUserId(u.userName),
      userName: u.userName,
      mobile: u.mobile,
      nickName: u.nickName,
      passwordHash: userHash,
      createdAt: at(200 - i),
      updatedAt: at(200 - i),
    })),
  );
  await tx.insert(userWallets).values(
    DEMO_USERS.map((u) => ({ userId: demoUserId(u.userName), score: u.score, growth: u.score, balance: u.balance })),
  );

  // The demo buyers' saved addresses (their orders carry copies of the default one).
  const buyer01 = demoUserId('buyer01');
  const buyer02 = demoUserId('buyer02');
  await tx.insert(userAddresses).values([
    { userId: buyer01, receiver: '张小北', mobile: '13800000001', provinceId: 330000, province: '浙江省', cityId: 330100, city: '杭州市', areaId: 330106, area: '西湖区', addr: '文三路 90 号东部软件园 3 号楼 502 室', commonAddr: true, createdAt: at(180), updatedAt: at(180) },
    { userId: buyer01, receiver: '张小北', mobile: '13800000001', provinceId: 310000, province: '上海市', cityId: 310100, city: '上海市', areaId: 310104, area: '徐汇区', addr: '漕溪北路 88 号圣爱大厦 12 楼', commonAddr: false, createdAt: at(90), updatedAt: at(90) },
    { userId: buyer02, receiver: 'Lily Chen', mobile: '13800000002', provinceId: 310000, province: '上海市', cityId: 310100, city: '上海市', areaId: 310115, area: '浦东新区', addr: '世纪大道 100 号 15 楼', commonAddr: true, createdAt: at(170), updatedAt: at(170) },
  ]);

  // Shops, their audits, categories and merchant logins.
  const ownerByShop = new Map(DEMO_USERS.filter((u) => u.shopKey).map((u) => [u.shopKey, demoUserId(u.userName)]));
  const shopRows = await tx
    .insert(shops)
    .values(
      SHOPS.map((s, i) => ({
        userId: ownerByShop.get(s.key) ?? null,
        nameZh: s.nameZh,
        nameEn: s.nameEn,
        introZh: s.introZh,
        introEn: s.introEn,
        logo: seedImagePath(art.shopLogo.get(s.key) ?? ''),
        banner: seedImagePath(art.shopBanner.get(s.key) ?? ''),
        tel: s.tel,
        // Real region ids (not 0): the rejected application is resubmitted with its region as stored.
        ...regionIdsOf(areaRows, s.province, s.city, s.area),
        province: s.province,
        city: s.city,
        area: s.area,
        address: s.address,
        lat: 22 + ((i * 7) % 18),
        lng: 104 + ((i * 5) % 17),
        businessLicense: seedImagePath(`shop-${s.key}-licence.svg`),
        identityCardFront: seedImagePath(`shop-${s.key}-id-front.svg`),
        identityCardLater: seedImagePath(`shop-${s.key}-id-back.svg`),
        type: s.type,
        status: s.status,
        auditRemarks: s.auditRemarks ?? null,
        auditedAt: s.status === 0 ? null : at(150 - i),
        score: [4.9, 4.8, 4.9, 4.7, 4.8, 4.6, 4.9, 4.7, 4.5, 4.8, 4.6, 4.9, 4.4, 4.3][i % 14],
        freightRule: s.type === 1 ? selfRunFreightRule() : demoFreightRule(s.key),
        createdAt: at(160 - i),
        updatedAt: at(150 - i),
      })),
    )
    .returning({ id: shops.id });
  const shopIds = new Map(SHOPS.map((s, i) => [s.key, shopRows[i]?.id as number]));
  await tx.insert(shopAudits).values(
    SHOPS.flatMap((s, i) => {
      const shopId = shopIds.get(s.key) as number;
      const submitted = { shopId, status: 0, remarks: null, createdAt: at(160 - i) };
      if (s.status === 0) return [submitted];
      const decided = s.status === -1 ? -1 : 1;
      return [submitted, { shopId, status: decided, remarks: decided === -1 ? (s.auditRemarks ?? null) : null, createdAt: at(150 - i) }];
    }),
  );
  await tx.insert(shopCategories).values(
    SHOPS.flatMap((s) =>
      s.shopCategories.map(([zh, en], seq) => ({ shopId: shopIds.get(s.key) as number, nameZh: zh, nameEn: en, seq })),
    ),
  );
  await tx.insert(merchantAccounts).values(
    SHOPS.filter((s) => s.status === 1 || s.status === 2).map((s) => ({
      shopId: shopIds.get(s.key) as number,
      username: `shop${shopIds.get(s.key)}`,
      passwordHash: merchantHash,
      status: s.status === 1 ? 1 : 0,
    })),
  );
  // The self-run shop's staff (decision 057): customer service, warehouse and operations, same password.
  const selfShopId = shopIds.get('self') as number;
  await tx.insert(merchantAccounts).values(
    ([['cs', 'service', '客服 小林'], ['wh', 'warehouse', '仓库 老王'], ['ops', 'operations', '运营 阿杰']] as const).map(([suffix, role, displayName]) => ({
      shopId: selfShopId,
      username: `shop${selfShopId}-${suffix}`,
      passwordHash: merchantHash,
      role,
      displayName,
    })),
  );

  // The platform category tree.
  for (const [ti, top] of CATEGORY_TREE.entries()) {
    const [topRow] = await tx
      .insert(categories)
      .values({ grade: 1, nameZh: top.name.zh, nameEn: top.name.en, icon: seedImagePath(art.categoryIcon.get(`${ti}`) ?? ''), seq: ti + 1 })
      .returning({ id: categories.id });
    for (const [mi, mid] of top.children.entries()) {
      const [midRow] = await tx
        .insert(categories)
        .values({ grade: 2, parentId: topRow?.id, nameZh: mid.name.zh, nameEn: mid.name.en, seq: mi + 1 })
        .returning({ id: categories.id });
      await tx.insert(categories).values(
        mid.children.map((leaf, li) => ({
          grade: 3,
          parentId: midRow?.id,
          nameZh: leaf.name.zh,
          nameEn: leaf.name.en,
          icon: seedImagePath(art.categoryIcon.get(`${ti}-${mi}-${li}`) ?? ''),
          pic: seedImagePath(art.categoryIcon.get(`${ti}-${mi}-${li}`) ?? ''),
          seq: li + 1,
        })),
      );
    }
  }

  // Products and SKUs.
  const shopCategoryIds = await shopCategoryIdsByShop(tx);
  const leafIds = await leafCategoryIds(tx, leaves);
  await insertProducts(tx, leaves, 1, productCount, shopIds, shopCategoryIds, leafIds, now);

  // Notices: platform (shop 0) and a couple per open shop.
  await tx.insert(notices).values(
    platformNotices(now).map((n) => ({
      shopId: 0,
      titleZh: n.titleZh,
      titleEn: n.titleEn,
      contentZh: n.bodyZh.map((p) => `<p>${p}</p>`).join(''),
      contentEn: n.bodyEn.map((p) => `<p>${p}</p>`).join(''),
      isTop: n.isTop,
      publishTime: at(n.daysAgo),
    })),
  );
  await tx.insert(notices).values(
    SHOPS.filter((s) => s.status === 1).flatMap((s, i) => [
      {
        shopId: shopIds.get(s.key) as number,
        titleZh: `${s.nameZh}新品上架，关注店铺领取优惠`,
        titleEn: `New arrivals at ${s.nameEn}: follow the store for coupons`,
        contentZh: `<p>${s.introZh}</p><p>本周新品陆续上架，关注店铺即可领取专属优惠券。</p>`,
        contentEn: `<p>${s.introEn}</p><p>New products arrive all week. Follow the store to receive an exclusive coupon.</p>`,
        isTop: true,
        publishTime: at(2 + i),
      },
      {
        shopId: shopIds.get(s.key) as number,
        titleZh: `${s.nameZh}发货时间说明`,
        titleEn: `Shipping times at ${s.nameEn}`,
        contentZh: '<p>工作日 16:00 前付款的订单当天发货，其余次日发出。</p>',
        contentEn: '<p>Orders paid before 16:00 on working days ship the same day; others ship the next day.</p>',
        isTop: false,
        publishTime: at(20 + i),
      },
    ]),
  );

  // Banners: five on the home page (the running campaign first), two per open shop, each pointing
  // at a product of what it shows.
  const firstProducts = await tx
    .select({ id: products.id, shopId: products.shopId, categoryId: products.categoryId })
    .from(products)
    .where(eq(products.status, 1))
    .orderBy(products.id)
    .limit(DEFAULT_PRODUCTS);
  const homeBanners = art.banners.flatMap((b, i) => {
    const leafId = leafIds.get(b.leaf);
    const target =
      firstProducts.find((p) => p.categoryId === leafId && (b.shopKey === undefined || p.shopId === shopIds.get(b.shopKey))) ??
      firstProducts.find((p) => p.categoryId === leafId);
    return target ? [{ shopId: 0, img: seedImagePath(b.file), imgEn: seedImagePath(b.fileEn), productId: target.id, titleZh: b.title.zh, titleEn: b.title.en, seq: i + 1 }] : [];
  });
  await tx.insert(banners).values(homeBanners);
  const shopBannerRows = SHOPS.filter((s) => s.status === 1).flatMap((s) => {
    const shopId = shopIds.get(s.key) as number;
    return firstProducts
      .filter((p) => p.shopId === shopId)
      .slice(0, 2)
      .map((p, i) => ({ shopId, img: seedImagePath(art.shopBanner.get(s.key) ?? ''), productId: p.id, titleZh: s.nameZh, titleEn: s.nameEn, seq: i + 1 }));
  });
  if (shopBannerRows.length) await tx.insert(banners).values(shopBannerRows);

  // Reference data later modules use.
  await tx.insert(deliveryCompanies).values(DELIVERY_COMPANIES.map(([zh, en, code], seq) => ({ nameZh: zh, nameEn: en, code, seq })));
  await tx.insert(hotSearches).values(HOT_SEARCHES.map(([zh, en], seq) => ({ wordZh: zh, wordEn: en, seq })));
  await tx.insert(balanceOptions).values([
    { titleZh: '充 50 元', titleEn: 'Top up ¥50', rechargeAmount: 5_000, seq: 1 },
    { titleZh: '充 100 送 5 元', titleEn: 'Top up ¥100, get ¥5', rechargeAmount: 10_000, presAmount: 500, presScore: 50, seq: 2 },
    { titleZh: '充 200 送 15 元', titleEn: 'Top up ¥200, get ¥15', rechargeAmount: 20_000, presAmount: 1_500, presScore: 100, presGrowth: 50, seq: 3 },
    { titleZh: '充 500 送 50 元', titleEn: 'Top up ¥500, get ¥50', rechargeAmount: 50_000, presAmount: 5_000, presScore: 300, presGrowth: 150, seq: 4 },
  ]);
  // The member levels are seeded by members.ts (with their prices), for old databases too.

  return [...art.pictures, ...catalogPictures(leaves, 1, productCount, now)];
}

async function insertProducts(
  tx: Tx,
  leaves: Leaf[],
  from: number,
  to: number,
  shopIds: Map<string, number>,
  shopCategoryIds: Map<number, number[]>,
  leafIds: Map<string, number>,
  epoch: Date,
) {
  for (let start = from; start <= to; start += BATCH) {
    const end = Math.min(to, start + BATCH - 1);
    const generated: GeneratedProduct[] = [];
    for (let n = start; n <= end; n++) generated.push(generateProduct(n, leaves, SHOPS, epoch));
    const rows = await tx
      .insert(products)
      .values(
        generated.map((p) => {
          const shopId = shopIds.get(SHOPS[p.shopIndex]?.key ?? '') as number;
          return {
            shopId,
            categoryId: leafIds.get(p.leaf.path) as number,
            shopCategoryId: shopCategoryIds.get(shopId)?.[p.shopCategoryIndex] ?? null,
            nameZh: p.nameZh,
            nameEn: p.nameEn,
            briefZh: p.briefZh,
            briefEn: p.briefEn,
            contentZh: p.contentZh,
            contentEn: p.contentEn,
            pic: p.pic,
            imgs: p.imgs,
            price: p.price,
            oriPrice: p.oriPrice,
            mold: p.mold,
            status: p.status,
            totalStocks: p.totalStocks,
            soldNum: p.soldNum,
            isRefund: p.mold === 1 ? 0 : 1,
            putawayTime: p.createdAt,
            searchVector: productSearchVector({ nameZh: p.nameZh, nameEn: p.nameEn, categoryZh: p.leaf.def.name.zh, categoryEn: p.leaf.def.name.en }),
            createdAt: p.createdAt,
            updatedAt: p.createdAt,
          };
        }),
      )
      .returning({ id: products.id });
    const skuRows = generated.flatMap((p, i) =>
      p.skus.map((s) => ({
        productId: rows[i]?.id as number,
        properties: s.properties,
        nameZh: s.nameZh,
        nameEn: s.nameEn,
        price: s.price,
        oriPrice: s.oriPrice,
        stocks: s.stocks,
        pic: p.pic,
        createdAt: p.createdAt,
      })),
    );
    await insertChunks(tx, skus, skuRows);
  }
}

async function shopIdsByKey(db: Db | Tx): Promise<Map<string, number>> {
  const rows = await db.select({ id: shops.id, nameZh: shops.nameZh }).from(shops);
  const byName = new Map(rows.map((r) => [r.nameZh, r.id]));
  return new Map(SHOPS.map((s) => [s.key, byName.get(s.nameZh) as number]));
}

async function shopCategoryIdsByShop(db: Db | Tx): Promise<Map<number, number[]>> {
  const rows = await db.select({ id: shopCategories.id, shopId: shopCategories.shopId }).from(shopCategories).orderBy(shopCategories.seq, shopCategories.id);
  const map = new Map<number, number[]>();
  for (const r of rows) map.set(r.shopId, [...(map.get(r.shopId) ?? []), r.id]);
  return map;
}

/** Leaf path ("top-mid-leaf") -> category id, found by walking the platform tree by seq. */
async function leafCategoryIds(db: Db | Tx, leaves: Leaf[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: categories.id, parentId: categories.parentId, grade: categories.grade, seq: categories.seq })
    .from(categories)
    .where(eq(categories.shopId, 0));
  const child = (parentId: number, grade: number, seq: number) => rows.find((r) => r.parentId === parentId && r.grade === grade && r.seq === seq)?.id;
  const map = new Map<string, number>();
  for (const leaf of leaves) {
    const [t = 0, m = 0, l = 0] = leaf.path.split('-').map(Number);
    const top = child(0, 1, t + 1);
    const mid = top === undefined ? undefined : child(top, 2, m + 1);
    const id = mid === undefined ? undefined : child(mid, 3, l + 1);
    if (id !== undefined) map.set(leaf.path, id);
  }
  return map;
}

interface HomeBanner {
  /** The picture with the Chinese headline drawn in, and the one with the English. */
  file: string;
  fileEn: string;
  title: Bi;
  /** The leaf whose product it opens, preferably the given shop's. */
  leaf: string;
  shopKey?: string;
}

const SEASONS: Bi[] = [
  { zh: '冬季', en: 'winter' },
  { zh: '春季', en: 'spring' },
  { zh: '夏季', en: 'summer' },
  { zh: '秋季', en: 'autumn' },
];
const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthDay = (d: Date) => {
  const { month, day } = beijingDate(d);
  return { zh: `${month}月${day}日`, en: `${MONTHS_EN[month - 1]} ${day}` };
};

/**
 * The site's pictures: the running campaign and four evergreen home banners, shop logos and
 * banners, category icons (Fluent Emoji), the logo and the demo documents of shop applications.
 */
function siteArt(leaves: Leaf[], now: Date) {
  const campaign = campaignAt(now);
  const season = SEASONS[Math.floor((beijingDate(now).month % 12) / 3)] as Bi;
  const from = monthDay(campaign.start);
  const to = monthDay(campaign.end);
  const homeDefs: { title: Bi; subtitle: Bi; emojis: string[]; hue: number; leaf: string; shopKey?: string }[] = [
    { title: { zh: `${campaign.name.zh}`, en: campaign.name.en }, subtitle: { zh: `自营精选每满300减50 · ${from.zh}-${to.zh}`, en: `¥50 off every ¥300 on our picks, ${from.en} to ${to.en}` }, emojis: campaign.emojis, hue: 352, leaf: '0-0-0', shopKey: 'self' },
    { title: { zh: '家电焕新', en: 'Appliance upgrade' }, subtitle: { zh: '以旧换新 至高补贴20%', en: 'Trade in your old one, up to 20% back' }, emojis: ['cooked-rice', 'french-fries', 'broom'], hue: 200, leaf: '1-0-0', shopKey: 'appliance' },
    { title: { zh: '一杯好茶', en: 'A good cup of tea' }, subtitle: { zh: '景德镇手作茶器 新品上架', en: 'Handmade Jingdezhen tea ware' }, emojis: ['teapot', 'teacup-without-handle', 'herb'], hue: 170, leaf: '2-0-0', shopKey: 'tea' },
    { title: { zh: `${season.zh}新款`, en: `New ${season.en} styles` }, subtitle: { zh: '潮流上新 每周更新', en: 'Fresh arrivals every week' }, emojis: ['dress', 'coat', 'running-shoe'], hue: 290, leaf: '3-0-0', shopKey: 'fashion' },
    { title: { zh: '国货美妆', en: 'Chinese beauty brands' }, subtitle: { zh: '品牌授权 买即赠小样', en: 'Authorised, free samples with every order' }, emojis: ['lipstick', 'lotion-bottle', 'mirror'], hue: 330, leaf: '4-1-0', shopKey: 'beauty' },
  ];
  const pictures: Picture[] = [
    { file: 'logo.svg', svg: siteLogo().logo },
    { file: 'favicon.svg', svg: siteLogo().favicon },
  ];
  const banners: HomeBanner[] = homeDefs.map((b, i) => {
    // The home carousel is about 720 x 360: an 880 x 440 picture fits it whole. One per language.
    const [zh, en] = (['zh', 'en'] as const).map((lang) => bannerPicture(`banner-${i + 1}`, { lang, hue: b.hue, title: b.title, subtitle: b.subtitle, emojis: b.emojis, width: 880, height: 440 })) as [Picture, Picture];
    pictures.push(zh, en);
    return { file: zh.file, fileEn: en.file, title: { zh: `${b.title.zh} ${b.subtitle.zh}`, en: `${b.title.en}: ${b.subtitle.en}` }, leaf: b.leaf, shopKey: b.shopKey };
  });
  const categoryIcon = new Map<string, string>();
  CATEGORY_TREE.forEach((top, ti) => {
    const icon = iconPicture(`c-${ti}`, top.icon, 120);
    pictures.push(icon);
    categoryIcon.set(`${ti}`, icon.file);
  });
  for (const leaf of leaves) {
    const icon = iconPicture(`c-${leaf.path}`, leaf.def.emoji, 240);
    pictures.push(icon);
    categoryIcon.set(leaf.path, icon.file);
  }
  const shopLogo = new Map<string, string>();
  const shopBanner = new Map<string, string>();
  for (const s of SHOPS) {
    const sold = [...new Set(leaves.filter((l) => shopSells(s, l)).map((l) => l.def.emoji))].filter((e) => e !== s.emoji);
    const logo = logoPicture(`shop-${s.key}-logo`, s.emoji, s.hue);
    const banner = shopBannerPicture(`shop-${s.key}-banner`, { hue: s.hue, emojis: [s.emoji, ...sold.slice(0, 2)], width: 1200, height: 300 });
    shopLogo.set(s.key, logo.file);
    shopBanner.set(s.key, banner.file);
    pictures.push(
      logo,
      banner,
      drawPicture({ file: `shop-${s.key}-licence.svg`, hue: 45, glyph: '营业执照', title: s.nameZh, subtitle: 'Business licence (demo)', width: 600, height: 420 }),
      drawPicture({ file: `shop-${s.key}-id-front.svg`, hue: 200, glyph: '身份证', title: '人像面', subtitle: 'ID card front (demo)', width: 540, height: 340 }),
      drawPicture({ file: `shop-${s.key}-id-back.svg`, hue: 200, glyph: '身份证', title: '国徽面', subtitle: 'ID card back (demo)', width: 540, height: 340 }),
    );
  }
  return { pictures, banners, categoryIcon, shopLogo, shopBanner };
}

/** Pictures for products from..to, each brand + item drawn once. */
function catalogPictures(leaves: Leaf[], from: number, to: number, epoch: Date): Picture[] {
  const seen = new Set<string>();
  const pictures: Picture[] = [];
  // Products past the first rounds of lines reuse earlier pictures.
  const last = Math.min(to, from + leaves.length * 20);
  for (let n = from; n <= last; n++) {
    const p = generateProduct(n, leaves, SHOPS, epoch);
    if (seen.has(p.pictureKey)) continue;
    seen.add(p.pictureKey);
    pictures.push(...productPictures(p));
  }
  return pictures;
}
