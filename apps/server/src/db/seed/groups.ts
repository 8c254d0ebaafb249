// The demo's group buys (issue 29, decision 065), dated from the seed time: four running activities
// (bilingual) on best sellers of four shops that no other demo activity took, each product marked as
// a group product (prodType 1), and three teams paid for by demo accounts through the Alipay sandbox,
// as checkout and payment leave them (orders of type 1 grouping, their payments, stock taken, sold
// counted, seats, the teams' expiry jobs):
// - a team of 3 with one place left (瓷韵掌柜 and 手作阿宁), ending a day after the seed, that buyer01 can fill;
// - a team of 2 without robots that ends 10 minutes after the seed: the expiry job fails it and
//   refunds its leader through the after-sales path (the sandbox gateway);
// - a team of 3 with robots that ends 10 minutes after the seed: the expiry job fills it with robots.
// Written once, into a database that has no group activity.
import { and, asc, count, desc, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import { GROUP_IDENTITY, GROUP_ORDER_STATUS, GROUP_PROD_TYPE, GROUP_TEAM_STATUS } from '@bazaar/shared/constants/group';
import { DELIVERY_TYPE, ORDER_MOLD, ORDER_STATUS, ORDER_TYPE, PAY_TYPE } from '@bazaar/shared/constants/order-status';
import { PRODUCT_STATUS, SKU_STATUS } from '@bazaar/shared/constants/product-status';
import { GROUP_TEAM_EXPIRY_JOB } from '../../modules/group/repository.ts';
import { scheduleJob } from '../../lib/jobs.ts';
import { nextSerialNumber } from '../../lib/serial-number.ts';
import { buildOrderRows, insertOrderRows } from '../../modules/order/order-rows.ts';
import { addSold, takeStock } from '../../modules/product/stock.ts';
import { freightFee } from '../../modules/shop/freight.ts';
import type { Db } from '../client.ts';
import { combos, groupActivities, groupOrders, groupSkus, groupTeams, payments, products, seckills, shops, skus, users } from '../schema.ts';
import { demoUserId } from './seed.ts';
import { DAY_MS, SHOPS } from './site-data.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;

interface TeamDef {
  /** Demo accounts who paid, the leader first. */
  members: string[];
  /** When the team ends, from the seed time. */
  endsInMs: number;
}

interface GroupDef {
  shopKey: string;
  nameZh: string;
  nameEn: string;
  groupNumber: number;
  /** Hours a team stays open. */
  validHours: number;
  hasRobot: boolean;
  maxNum: number | null;
  /** The group price as a share of the usual price. */
  share: number;
  /** Which of the shop's best sellers (0 = the best) to start looking from. */
  rank: number;
  teams: TeamDef[];
}

const DEFS: GroupDef[] = [
  { shopKey: 'self', nameZh: '三人团 自营好物', nameEn: 'Team of three: official store pick', groupNumber: 3, validHours: 24, hasRobot: false, maxNum: 2, share: 0.7, rank: 6, teams: [{ members: ['shopowner', 'applicant01'], endsInMs: DAY_MS - HOUR }] },
  { shopKey: 'tea', nameZh: '两人成团 茶器', nameEn: 'Two to a team: tea ware', groupNumber: 2, validHours: 24, hasRobot: false, maxNum: null, share: 0.75, rank: 5, teams: [{ members: ['applicant02'], endsInMs: 10 * MINUTE }] },
  { shopKey: 'digital', nameZh: '数码拼团（机器人成团）', nameEn: 'Gadget group buy (robots fill)', groupNumber: 3, validHours: 24, hasRobot: true, maxNum: 1, share: 0.8, rank: 4, teams: [{ members: ['closedshop'], endsInMs: 10 * MINUTE }] },
  { shopKey: 'beauty', nameZh: '美妆两人团', nameEn: 'Beauty for two', groupNumber: 2, validHours: 12, hasRobot: true, maxNum: 3, share: 0.7, rank: 5, teams: [] },
];

/** Where the demo accounts' parcels go (the order keeps its copy). */
const ADDRESS = { receiver: '陈丽', mobile: '13800000002', provinceId: 330000, province: '浙江省', cityId: 330100, city: '杭州市', areaId: 330106, area: '西湖区', addr: '文三路 100 号' };

export async function seedGroups(db: Db, now: Date): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(groupActivities);
  if ((existing?.n ?? 0) > 0) return;
  const memberNames = [...new Set(DEFS.flatMap((d) => d.teams.flatMap((t) => t.members)))];
  const memberRows = await db.select({ id: users.id }).from(users).where(inArray(users.id, memberNames.map(demoUserId)));
  if (memberRows.length !== memberNames.length) return; // not the demo mall
  const names = SHOPS.map((s) => s.nameZh);
  const shopRows = await db.select({ id: shops.id, nameZh: shops.nameZh, freightRule: shops.freightRule }).from(shops).where(inArray(shops.nameZh, names));
  const shopOf = new Map(SHOPS.map((s) => [s.key, shopRows.find((r) => r.nameZh === s.nameZh)]));
  await db.transaction(async (tx) => {
    // Products of the demo's other activities stay theirs.
    const taken = [
      ...(await tx.select({ id: seckills.productId }).from(seckills)).map((r) => r.id),
      ...(await tx.select({ id: combos.mainProductId }).from(combos)).map((r) => r.id),
    ];
    for (const def of DEFS) {
      const shop = shopOf.get(def.shopKey);
      if (!shop) continue;
      const candidates = await tx
        .select({ id: products.id, nameZh: products.nameZh, nameEn: products.nameEn, pic: products.pic, mold: products.mold, isRefund: products.isRefund })
        .from(products)
        .where(and(eq(products.shopId, shop.id), eq(products.status, PRODUCT_STATUS.onShelf), eq(products.prodType, 0), eq(products.mold, ORDER_MOLD.physical), ...(taken.length ? [notInArray(products.id, taken)] : [])))
        .orderBy(desc(products.soldNum), products.id)
        .offset(def.rank)
        .limit(20);
      let product: (typeof candidates)[number] | undefined;
      let lines: Array<{ id: number; price: number; properties: string; nameZh: string | null; nameEn: string | null; pic: string | null }> = [];
      for (const c of candidates) {
        lines = await tx
          .select({ id: skus.id, price: skus.price, properties: skus.properties, nameZh: skus.nameZh, nameEn: skus.nameEn, pic: skus.pic })
          .from(skus)
          .where(and(eq(skus.productId, c.id), eq(skus.status, SKU_STATUS.enabled), gt(skus.stocks, 10), gt(skus.price, 500)))
          .orderBy(asc(skus.id))
          .limit(3);
        if (lines.length > 0) {
          product = c;
          break;
        }
      }
      if (!product) continue;
      taken.push(product.id);
      await tx.update(products).set({ prodType: GROUP_PROD_TYPE }).where(eq(products.id, product.id));
      const created = new Date(now.getTime() - 2 * DAY_MS);
      const [activity] = await tx
        .insert(groupActivities)
        .values({
          shopId: shop.id,
          productId: product.id,
          nameZh: def.nameZh,
          nameEn: def.nameEn,
          groupNumber: def.groupNumber,
          groupValidTime: def.validHours * 60,
          hasMaxNum: def.maxNum !== null,
          maxNum: def.maxNum,
          hasRobot: def.hasRobot,
          startTime: new Date(now.getTime() - DAY_MS),
          endTime: new Date(now.getTime() + 30 * DAY_MS),
          createdAt: created,
          updatedAt: created,
        })
        .returning({ id: groupActivities.id });
      const groupSkuRows = await tx
        .insert(groupSkus)
        .values(
          lines.map((l) => ({
            groupActivityId: activity!.id,
            skuId: l.id,
            // Whole yuan, below the usual price.
            actPrice: Math.max(100, Math.min(l.price - 100, Math.round((l.price * def.share) / 100) * 100)),
          })),
        )
        .returning({ id: groupSkus.id, skuId: groupSkus.skuId, actPrice: groupSkus.actPrice });
      const sku = lines[0]!;
      const groupSku = groupSkuRows.find((g) => g.skuId === sku.id)!;
      for (const team of def.teams) {
        const end = new Date(now.getTime() + team.endsInMs);
        const start = new Date(end.getTime() - def.validHours * HOUR);
        const [teamRow] = await tx
          .insert(groupTeams)
          .values({
            groupActivityId: activity!.id,
            shopId: shop.id,
            productId: product.id,
            groupNumber: def.groupNumber,
            joinNum: team.members.length,
            status: GROUP_TEAM_STATUS.grouping,
            shareUserId: demoUserId(team.members[0]!),
            startTime: start,
            endTime: end,
            createdAt: start,
            updatedAt: start,
          })
          .returning({ id: groupTeams.id });
        for (const [i, member] of team.members.entries()) {
          const userId = demoUserId(member);
          const placedAt = new Date(start.getTime() + i * 40 * MINUTE - 2 * MINUTE);
          const paidAt = new Date(placedAt.getTime() + 2 * MINUTE);
          const orderNumber = nextSerialNumber(placedAt.getTime());
          const payNo = nextSerialNumber(paidAt.getTime());
          const freight = freightFee(shop.freightRule, { pieces: 1, grams: 0, goods: groupSku.actPrice }, ADDRESS.provinceId);
          const rows = buildOrderRows({
            orderNumber,
            userId,
            shopId: shop.id,
            orderType: ORDER_TYPE.grouping,
            orderMold: ORDER_MOLD.physical,
            dvyType: DELIVERY_TYPE.express,
            status: ORDER_STATUS.grouping,
            freight,
            placedAt,
            updatedAt: paidAt,
            address: ADDRESS,
            lines: [{ productId: product.id, skuId: sku.id, prodNameZh: product.nameZh, prodNameEn: product.nameEn, skuNameZh: sku.nameZh ?? sku.properties, skuNameEn: sku.nameEn, pic: sku.pic ?? product.pic, price: groupSku.actPrice, count: 1, isRefund: product.isRefund }],
            extra: { payType: PAY_TYPE.alipay, payNo, isPayed: true, payTime: paidAt },
          });
          await insertOrderRows(tx, rows);
          await takeStock(tx, [{ skuId: sku.id, count: 1 }]);
          await addSold(tx, [{ productId: product.id, count: 1 }]);
          await tx.insert(payments).values({
            payNo,
            userId,
            payEntry: 0,
            payType: PAY_TYPE.alipay,
            orderNumbers: orderNumber,
            amount: rows.order.actualTotal!,
            status: 1,
            providerTradeNo: `2026${payNo.slice(-16)}`,
            expiresAt: new Date(placedAt.getTime() + 30 * MINUTE),
            paidAt,
            createdAt: placedAt,
            updatedAt: paidAt,
          });
          await tx.insert(groupOrders).values({
            groupTeamId: teamRow!.id,
            groupActivityId: activity!.id,
            userId,
            identityType: i === 0 ? GROUP_IDENTITY.leader : GROUP_IDENTITY.member,
            orderNumber,
            groupSkuId: groupSku.id,
            prodCount: 1,
            status: GROUP_ORDER_STATUS.paid,
            createdAt: placedAt,
            updatedAt: paidAt,
          });
        }
        await tx.update(groupSkus).set({ sellNum: sql`${groupSkus.sellNum} + ${team.members.length}` }).where(eq(groupSkus.id, groupSku.id));
        await scheduleJob(tx, { kind: GROUP_TEAM_EXPIRY_JOB, ref: String(teamRow!.id), runAt: end });
      }
    }
  });
}
