// The platform console's queues and lists, so a visitor sees real work (issue 10): two more store
// applications waiting for review (with their documents), the reason the offline demo shop was
// taken offline, a shopper whose login staff disabled with a reason, the audit entries of those
// two decisions, and a small open silk shop with its own two products and merchant account (the
// shop the offline journey takes offline and reopens, so no other journey's shop moves). Written with a fresh seed only (no demo login
// ever appears in an existing database); the documents are drawn when missing.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { ADMIN_ROLE_KEYS, type AdminRoleKey } from '@bazaar/shared/constants/permissions';
import { SHOP_STATUS, SHOP_TYPE } from '@bazaar/shared/constants/shop-status';
import type { Db, Tx } from '../client.ts';
import { adminRoles, adminUsers, auditLogs, categories, merchantAccounts, products, shopAudits, shops, skus, userWallets, users } from '../schema.ts';
import { productSearchVector } from '../../lib/search-tokenizer.ts';
import { logoPicture } from './art.ts';
import { drawPicture, seedImagePath, writePictures, type Picture } from './images.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, DAY_MS, DEMO_PASSWORD, MERCHANT_PASSWORD, STAFF_ROLES } from './site-data.ts';
import { demoUserId } from './seed.ts';
import { demoFreightRule } from './freight.ts';

interface Applicant {
  key: string;
  userName: string;
  mobile: string;
  nickName: string;
  shop: { nameZh: string; tel: string; province: string; provinceId: number; city: string; cityId: number; area: string; areaId: number; address: string; lat: number; lng: number; introZh: string; emoji: string; hue: number };
  /** Hours before the seed the application arrived. */
  hoursAgo: number;
}

export const APPLICANTS: Applicant[] = [
  {
    key: 'teahill',
    userName: 'applicant03',
    mobile: '13800000007',
    nickName: '茶山阿梅',
    shop: {
      nameZh: '武夷山岩茶坊', tel: '0599-5231888', province: '福建省', provinceId: 350000, city: '南平市', cityId: 350700, area: '武夷山市', areaId: 350782,
      address: '星村镇燕子窠茶园 3 号', lat: 27.6563, lng: 117.9581, introZh: '自家茶园的大红袍与肉桂，传统炭焙，支持产地溯源。', emoji: 'herb', hue: 110,
    },
    hoursAgo: 20,
  },
  {
    key: 'pixel',
    userName: 'applicant04',
    mobile: '13800000008',
    nickName: 'Tom Wu',
    shop: {
      nameZh: '像素玩具研究所', tel: '13800000008', province: '广东省', provinceId: 440000, city: '深圳市', cityId: 440300, area: '南山区', areaId: 440305,
      address: '科技园南区高新南七道 12 号 4 楼', lat: 22.5333, lng: 113.9305, introZh: '原创拼搭积木与像素风桌面摆件，适合大朋友和小朋友一起玩。', emoji: 'teddy-bear', hue: 280,
    },
    hoursAgo: 5,
  },
];

/** A shopper staff disabled: a believable case, with the reason the login shows. */
const DISABLED = {
  userName: 'spam007',
  mobile: '13800000009',
  nickName: '秒杀达人007',
  reason: '短时间内批量下单后取消，涉嫌恶意占用库存，账号已禁用',
};
/**
 * More staff than the one admin: a platform has an operations and a customer service desk, and
 * staff keep one session each (decision 015), so two people (or two browser journeys) never log
 * each other out. Same demo password as admin.
 */
export const MORE_STAFF = ['ops01', 'cs01', 'goods01', 'mkt01', 'fin01', 'mkt02', 'cs02', 'fin02', 'fin03', 'fin04', 'site01', 'hr01', 'cs03', 'mkt03', 'cs04', 'cs05', 'mkt04', 'pts01'] as const;

/** The built-in roles' ids (the migration that added roles wrote them). */
export async function builtInRoleIds(db: Db | Tx): Promise<Record<AdminRoleKey, number>> {
  const rows = await db.select({ id: adminRoles.id, key: adminRoles.key }).from(adminRoles).where(isNotNull(adminRoles.key));
  const ids = Object.fromEntries(rows.map((r) => [r.key, r.id]));
  for (const key of ADMIN_ROLE_KEYS) if (!ids[key]) throw new Error(`built-in staff role ${key} is missing`);
  return ids as Record<AdminRoleKey, number>;
}
const OFFLINE_SHOP = '旧时光杂货';
const OFFLINE_FALLBACK_REASON = '店铺违反平台规则，已下线整改。';

/** An open shop of its own with two products (the offline journey's shop). */
export const SILK_SHOP = {
  key: 'silk',
  owner: { userName: 'silkowner', mobile: '13800000010', nickName: '丝语掌柜' },
  nameZh: '苏绣丝语',
  nameEn: 'Suzhou Silk Whisper',
  introZh: '苏州本地桑蚕丝床品与枕套，手工包边。',
  introEn: 'Mulberry silk bedding and pillowcases from Suzhou, hand-finished.',
  tel: '0512-65201314',
  province: '江苏省',
  provinceId: 320000,
  city: '苏州市',
  cityId: 320500,
  area: '姑苏区',
  areaId: 320508,
  address: '平江路 128 号',
  hue: 330,
  emoji: 'thread',
  products: [
    {
      nameZh: '桑蚕丝真丝枕套 22姆米',
      nameEn: 'Mulberry silk pillowcase, 22 momme',
      category: '枕头',
      price: 15_900,
      oriPrice: 19_900,
      skus: [
        { properties: '颜色:香槟金', nameZh: '香槟金', nameEn: 'Champagne', stocks: 120 },
        { properties: '颜色:雾霾蓝', nameZh: '雾霾蓝', nameEn: 'Haze blue', stocks: 80 },
      ],
    },
    {
      nameZh: '真丝床品四件套 1.8m',
      nameEn: 'Silk bedding set, 1.8 m',
      category: '床品四件套',
      price: 129_900,
      oriPrice: 159_900,
      skus: [{ properties: '颜色:月白', nameZh: '月白', nameEn: 'Moon white', stocks: 30 }],
    },
  ],
};

/** The logos are named after their drawing's hash (art.ts). */
const logoOf = (key: string, emoji: string, hue: number) => logoPicture(`shop-${key}-logo`, emoji, hue);

function silkPictures(): Picture[] {
  return [
    logoOf(SILK_SHOP.key, SILK_SHOP.emoji, SILK_SHOP.hue),
    ...SILK_SHOP.products.map((p, i) => drawPicture({ file: `shop-${SILK_SHOP.key}-product-${i + 1}.svg`, hue: SILK_SHOP.hue + i * 20, glyph: '丝', title: p.nameZh, subtitle: p.nameEn })),
  ];
}

function documents(a: Applicant): Picture[] {
  return [
    logoOf(a.key, a.shop.emoji, a.shop.hue),
    drawPicture({ file: `shop-${a.key}-licence.svg`, hue: 45, glyph: '营业执照', title: a.shop.nameZh, subtitle: 'Business licence (demo)', width: 600, height: 420 }),
    drawPicture({ file: `shop-${a.key}-id-front.svg`, hue: 200, glyph: '身份证', title: '人像面', subtitle: 'ID card front (demo)', width: 540, height: 340 }),
    drawPicture({ file: `shop-${a.key}-id-back.svg`, hue: 200, glyph: '身份证', title: '国徽面', subtitle: 'ID card back (demo)', width: 540, height: 340 }),
  ];
}

export async function seedStaffQueues(db: Db, options: { dataDir: string; drawing: boolean; seededAt: Date; fresh: boolean }): Promise<void> {
  const pictures = [...APPLICANTS.flatMap(documents), ...silkPictures()];
  if (options.drawing && pictures.some((p) => !existsSync(path.join(options.dataDir, 'uploads', 'seed', p.file)))) await writePictures(options.dataDir, pictures);

  // The accounts (staff and shop logins with published passwords) go into a fresh seed only.
  if (!options.fresh) return;
  const [first] = await db.select({ id: users.id }).from(users).where(eq(users.userName, APPLICANTS[0]!.userName)).limit(1);
  if (first) return;
  const base = options.seededAt.getTime();
  const hoursAgo = (h: number) => new Date(base - h * 3_600_000);
  const [passwordHash, merchantHash, staffHash] = await Promise.all([hash(DEMO_PASSWORD), hash(MERCHANT_PASSWORD), hash(ADMIN_PASSWORD)]);

  await db.transaction(async (tx) => {
    const roles = await builtInRoleIds(tx);
    await tx.insert(adminUsers).values(MORE_STAFF.map((username) => ({ username, passwordHash: staffHash, roleId: roles[STAFF_ROLES[username]] }))).onConflictDoNothing();
    const people = [
      ...APPLICANTS.map((a, i) => ({ userName: a.userName, mobile: a.mobile, nickName: a.nickName, at: new Date(base - (30 + i) * DAY_MS), status: 1, disabledReason: null })),
      { userName: DISABLED.userName, mobile: DISABLED.mobile, nickName: DISABLED.nickName, at: new Date(base - 12 * DAY_MS), status: 0, disabledReason: DISABLED.reason },
      { ...SILK_SHOP.owner, at: new Date(base - 70 * DAY_MS), status: 1, disabledReason: null },
    ];
    await tx.insert(users).values(
      people.map((p) => ({
        id: demoUserId(p.userName),
        userName: p.userName,
        mobile: p.mobile,
        nickName: p.nickName,
        passwordHash,
        status: p.status,
        disabledReason: p.disabledReason,
        createdAt: p.at,
        updatedAt: p.at,
      })),
    );
    await tx.insert(userWallets).values(people.map((p) => ({ userId: demoUserId(p.userName) })));

    for (const a of APPLICANTS) {
      const at = hoursAgo(a.hoursAgo);
      const [row] = await tx
        .insert(shops)
        .values({
          userId: demoUserId(a.userName),
          nameZh: a.shop.nameZh,
          introZh: a.shop.introZh,
          logo: seedImagePath(logoOf(a.key, a.shop.emoji, a.shop.hue).file),
          tel: a.shop.tel,
          provinceId: a.shop.provinceId,
          province: a.shop.province,
          cityId: a.shop.cityId,
          city: a.shop.city,
          areaId: a.shop.areaId,
          area: a.shop.area,
          address: a.shop.address,
          lat: a.shop.lat,
          lng: a.shop.lng,
          businessLicense: seedImagePath(`shop-${a.key}-licence.svg`),
          identityCardFront: seedImagePath(`shop-${a.key}-id-front.svg`),
          identityCardLater: seedImagePath(`shop-${a.key}-id-back.svg`),
          type: SHOP_TYPE.ordinary,
          status: SHOP_STATUS.reviewing,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: shops.id });
      await tx.insert(shopAudits).values({ shopId: row!.id, status: 0, createdAt: at });
    }

    // The silk shop: open, ordinary, with its merchant account (shop<id> / merchant123) and two products.
    const opened = new Date(base - 60 * DAY_MS);
    const [silk] = await tx
      .insert(shops)
      .values({
        userId: demoUserId(SILK_SHOP.owner.userName),
        nameZh: SILK_SHOP.nameZh,
        nameEn: SILK_SHOP.nameEn,
        introZh: SILK_SHOP.introZh,
        introEn: SILK_SHOP.introEn,
        logo: seedImagePath(logoOf(SILK_SHOP.key, SILK_SHOP.emoji, SILK_SHOP.hue).file),
        tel: SILK_SHOP.tel,
        provinceId: SILK_SHOP.provinceId,
        province: SILK_SHOP.province,
        cityId: SILK_SHOP.cityId,
        city: SILK_SHOP.city,
        areaId: SILK_SHOP.areaId,
        area: SILK_SHOP.area,
        address: SILK_SHOP.address,
        type: SHOP_TYPE.ordinary,
        status: SHOP_STATUS.open,
        score: 4.8,
        freightRule: demoFreightRule(SILK_SHOP.key),
        auditedAt: opened,
        createdAt: opened,
        updatedAt: opened,
      })
      .returning({ id: shops.id });
    const silkId = silk!.id;
    await tx.insert(merchantAccounts).values({ shopId: silkId, username: `shop${silkId}`, passwordHash: merchantHash });
    const leafRows = await tx.select({ id: categories.id, nameZh: categories.nameZh, nameEn: categories.nameEn }).from(categories).where(and(eq(categories.grade, 3), eq(categories.shopId, 0)));
    for (const [i, p] of SILK_SHOP.products.entries()) {
      const leaf = leafRows.find((c) => c.nameZh === p.category) ?? leafRows[0];
      if (!leaf) break;
      const pic = seedImagePath(`shop-${SILK_SHOP.key}-product-${i + 1}.svg`);
      const [row] = await tx
        .insert(products)
        .values({
          shopId: silkId,
          categoryId: leaf.id,
          nameZh: p.nameZh,
          nameEn: p.nameEn,
          briefZh: SILK_SHOP.introZh,
          briefEn: SILK_SHOP.introEn,
          contentZh: `<p>${p.nameZh}：${SILK_SHOP.introZh}</p>`,
          contentEn: `<p>${p.nameEn}: ${SILK_SHOP.introEn}</p>`,
          pic,
          imgs: [pic],
          price: p.price,
          oriPrice: p.oriPrice,
          status: 1,
          totalStocks: p.skus.reduce((sum, sku) => sum + sku.stocks, 0),
          putawayTime: opened,
          searchVector: productSearchVector({ nameZh: p.nameZh, nameEn: p.nameEn, categoryZh: leaf.nameZh, categoryEn: leaf.nameEn ?? '' }),
          createdAt: opened,
          updatedAt: opened,
        })
        .returning({ id: products.id });
      await tx.insert(skus).values(p.skus.map((sku) => ({ productId: row!.id, ...sku, price: p.price, oriPrice: p.oriPrice, pic, createdAt: opened })));
    }

    // The offline demo shop's reason, and the two staff decisions in the audit log.
    const [offline] = await tx
      .update(shops)
      .set({ offlineReason: OFFLINE_FALLBACK_REASON })
      .where(and(eq(shops.nameZh, OFFLINE_SHOP), eq(shops.status, SHOP_STATUS.offline), isNull(shops.offlineReason)))
      .returning({ id: shops.id, type: shops.type, offlineReason: shops.offlineReason });
    const [admin] = await tx.select({ id: adminUsers.id, username: adminUsers.username }).from(adminUsers).where(eq(adminUsers.username, ADMIN_USERNAME)).limit(1);
    if (!admin) return;
    const entries: Array<typeof auditLogs.$inferInsert> = [
      {
        adminId: admin.id,
        adminName: admin.username,
        action: 'user.disable',
        targetType: 'user',
        targetId: demoUserId(DISABLED.userName),
        before: { status: 1, disabledReason: null },
        after: { status: 0, disabledReason: DISABLED.reason },
        createdAt: new Date(base - 3 * DAY_MS),
      },
    ];
    if (offline) {
      entries.unshift({
        adminId: admin.id,
        adminName: admin.username,
        action: 'shop.offline',
        targetType: 'shop',
        targetId: String(offline.id),
        before: { status: SHOP_STATUS.open, type: offline.type, offlineReason: null },
        after: { status: SHOP_STATUS.offline, type: offline.type, offlineReason: offline.offlineReason },
        createdAt: new Date(base - 20 * DAY_MS),
      });
    }
    await tx.insert(auditLogs).values(entries);
  });
}
