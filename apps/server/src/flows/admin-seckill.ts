// Flash sales in the platform console (issue 27, decision 062): the day's session times, the review
// of every activity before it goes live, taking one offline, and the reconciliation reports the
// close job writes. Each decision is a conditional update with its audit entry in one transaction;
// a rejection gives the activity's flash stock back to its SKUs in that transaction too.
import type { Language } from '@bazaar/shared/constants/limits';
import type { Page } from '@bazaar/shared/schemas/common';
import type {
  AdminSeckillQuery,
  SeckillOffline,
  SeckillReport,
  SeckillReportQuery,
  SeckillReview,
  SeckillRow,
  SeckillRowDetail,
  SeckillSessionTimes,
} from '@bazaar/shared/schemas/seckill';
import type { AppContext } from '../context.ts';
import { invalid } from '../lib/app-error.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { localized } from '../lib/localized.ts';
import { localizeSku } from '../lib/sku-text.ts';
import { getProfile } from '../modules/admin/service.ts';
import { recordChange } from '../modules/audit/service.ts';
import { dropHomeCache } from '../modules/catalog/service.ts';
import { skuTextsOf } from '../modules/product/seckill-console-reads.ts';
import { invalidateProductDetail } from '../modules/product/service.ts';
import * as seckills from '../modules/seckill/admin.ts';
import { findShopNames } from '../modules/shop/product-reads.ts';
import { giveBackStock, sessionTimes } from './merchant-seckill.ts';
import { detailOf, pageOfRows, productFilter } from './seckill-console-rows.ts';

/** GET /admin/seckill/sessions */
export const adminSessionTimes = sessionTimes;

/** PUT /admin/seckill/sessions: replaces the day's sessions (none may overlap another). Audited. */
export async function saveSessionTimes(ctx: AppContext, adminId: number, input: SeckillSessionTimes): Promise<void> {
  if (seckills.sessionsOverlap(input.sessions)) throw invalid('seckill.errors.sessionOverlap');
  const admin = await getProfile(ctx, adminId);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const before = await seckills.listSessionTimes(tx);
    await seckills.replaceSessionTimes(tx, input.sessions, now);
    await recordChange(
      tx,
      {
        admin: { id: admin.adminId, username: admin.username },
        action: 'seckill.sessions',
        targetType: 'seckill_sessions',
        targetId: 0,
        before: { sessions: before },
        after: { sessions: await seckills.listSessionTimes(tx) },
      },
      now,
    );
  });
}

/** GET /admin/seckills: every shop's activities (by state, product name and shop), newest first. */
export async function pageAllSeckills(ctx: AppContext, query: AdminSeckillQuery, lang: Language): Promise<Page<SeckillRow>> {
  const productIds = await productFilter(ctx, null, query.prodName);
  const filter = { shopId: query.shopId ?? null, state: query.state, productIds };
  const result = await seckills.pageSeckills(ctx.db, filter, ctx.now(), query.current, query.size);
  return pageOfRows(ctx, result, query.current, query.size, lang);
}

/** GET /admin/seckills/:id */
export async function anySeckill(ctx: AppContext, id: number, lang: Language): Promise<SeckillRowDetail> {
  const found = await seckills.findSeckill(ctx.db, null, id);
  if (!found) throw invalid('seckill.errors.notFound');
  return detailOf(ctx, found, lang);
}

/** POST /admin/seckills/:id/review: approve, or reject with the reason the shop sees (its flash stock goes back). Audited. */
export async function reviewSeckill(ctx: AppContext, adminId: number, id: number, input: SeckillReview): Promise<void> {
  const admin = await getProfile(ctx, adminId);
  const now = ctx.now();
  const before = await ctx.db.transaction(async (tx) => {
    const before = await seckills.reviewSeckill(tx, id, input.approve, input.reason, now);
    if (!before) {
      const found = await seckills.findSeckill(tx, null, id);
      throw invalid(found ? 'seckill.errors.notPending' : 'seckill.errors.notFound');
    }
    if (!input.approve) await giveBackStock(tx, id, now);
    await recordChange(
      tx,
      {
        admin: { id: admin.adminId, username: admin.username },
        action: input.approve ? 'seckill.approve' : 'seckill.reject',
        targetType: 'seckill',
        targetId: id,
        before: { shopId: before.shopId, auditStatus: before.auditStatus },
        after: { auditStatus: input.approve ? 1 : -1, reason: input.reason || null },
      },
      now,
    );
    return before;
  });
  if (input.approve) await dropHomeCache(ctx);
  // A rejection gave the flash stock back to the SKUs the product page shows.
  else invalidateProductDetail(ctx, before.productId);
}

/** POST /admin/seckills/:id/offline: an approved activity that has not ended stops now; the shop sees the reason. Audited. */
export async function takeSeckillOffline(ctx: AppContext, adminId: number, id: number, input: SeckillOffline): Promise<void> {
  const admin = await getProfile(ctx, adminId);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const before = await seckills.takeSeckillOffline(tx, id, input.reason, now);
    if (!before) {
      const found = await seckills.findSeckill(tx, null, id);
      throw invalid(found ? 'seckill.errors.cannotOffline' : 'seckill.errors.notFound');
    }
    await recordChange(
      tx,
      {
        admin: { id: admin.adminId, username: admin.username },
        action: 'seckill.offline',
        targetType: 'seckill',
        targetId: id,
        before: { shopId: before.shopId, status: before.status, endTime: formatApiTime(before.endTime) },
        after: { status: 0, offlineReason: input.reason },
      },
      now,
    );
  });
  await dropHomeCache(ctx);
}

/** GET /admin/seckill/reports: the close job's reconciliations, differences first. */
export async function pageSeckillReports(ctx: AppContext, query: SeckillReportQuery, lang: Language): Promise<Page<SeckillReport>> {
  const { rows, total } = await seckills.pageReports(ctx.db, { seckillId: query.seckillId, onlyMismatch: query.onlyMismatch }, query.current, query.size);
  const [names, texts] = await Promise.all([findShopNames(ctx.db, [...new Set(rows.map((r) => r.shopId))]), skuTextsOf(ctx.db, [...new Set(rows.map((r) => r.skuId))])]);
  const textBy = new Map(texts.map((s) => [s.id, s]));
  const records = rows.map((r): SeckillReport => {
    const shop = names.get(r.shopId);
    const text = textBy.get(r.skuId);
    return {
      id: r.id,
      seckillId: r.seckillId,
      seckillName: localized(lang, r.seckillNameZh, r.seckillNameEn),
      shopId: r.shopId,
      shopName: shop ? localized(lang, shop.nameZh, shop.nameEn) : '',
      seckillSkuId: r.seckillSkuId,
      skuName: text ? localizeSku(text, lang).skuName : '',
      totalStocks: r.totalStocks,
      gateStocks: r.gateStocks,
      dbStocks: r.dbStocks,
      acceptedNum: r.acceptedNum,
      orderedNum: r.orderedNum,
      cancelledNum: r.cancelledNum,
      difference: r.difference,
      matched: r.matched,
      createdAt: formatApiTime(r.createdAt),
    };
  });
  return { records, total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) };
}
