import type { Language } from '@bazaar/shared/constants/limits';
import type { Review, ReviewPageQuery, ReviewSummary } from '@bazaar/shared/schemas/review';
import type { AppContext } from '../../context.ts';
import { invalid } from '../../lib/app-error.ts';
import { formatApiTime } from '../../lib/api-time.ts';
import * as repo from './repository.ts';

/** '张小北' -> '张***北'; one character -> '*'. Anonymous reviewers are never named in full. */
export function maskNickName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length <= 1) return '*';
  return `${chars[0]}***${chars[chars.length - 1]}`;
}

/** The summary is read with every detail page, so it is kept in memory this long. */
export const REVIEW_SUMMARY_TTL_MS = 30_000;
const MAX_SUMMARIES = 20_000;

type SummaryEntry = { expires: number; summary: Promise<ReviewSummary | null> };
const summaryCaches = new WeakMap<AppContext, Map<number, SummaryEntry>>();

function summaryCacheFor(ctx: AppContext): Map<number, SummaryEntry> {
  let cache = summaryCaches.get(ctx);
  if (!cache) {
    cache = new Map();
    summaryCaches.set(ctx, cache);
  }
  return cache;
}

/** Forgets the cached summaries of these products (writing or hiding a review calls it). */
export function invalidateReviewSummary(ctx: AppContext, ...prodIds: number[]): void {
  const cache = summaryCacheFor(ctx);
  for (const prodId of prodIds) cache.delete(prodId);
}

async function loadSummary(ctx: AppContext, prodId: number): Promise<ReviewSummary | null> {
  const row = await repo.summarizeReviews(ctx.db, prodId);
  if (!row) return null;
  return { ...row, positiveRating: row.number ? Math.round((row.praiseNumber * 100) / row.number) : 0 };
}

export async function reviewSummary(ctx: AppContext, prodId: number): Promise<ReviewSummary> {
  const cache = summaryCacheFor(ctx);
  const now = ctx.now().getTime();
  let entry = cache.get(prodId);
  if (!entry || entry.expires <= now) {
    if (entry) cache.delete(prodId);
    else if (cache.size >= MAX_SUMMARIES) cache.delete(cache.keys().next().value as number);
    entry = { expires: now + REVIEW_SUMMARY_TTL_MS, summary: loadSummary(ctx, prodId) };
    cache.set(prodId, entry);
    entry.summary.catch(() => cache.delete(prodId));
  }
  const summary = await entry.summary;
  if (!summary) throw invalid('product.errors.notFound');
  return summary;
}

export async function reviewPage(ctx: AppContext, query: ReviewPageQuery, lang: Language) {
  const { prodId, evaluate, current, size } = query;
  const [total, rows] = await Promise.all([
    repo.countReviews(ctx.db, prodId, evaluate),
    repo.listReviews(ctx.db, prodId, evaluate, size, (current - 1) * size),
  ]);
  const records: Review[] = rows.map((r) => ({
    commId: r.id,
    score: r.score,
    evaluate: r.evaluate,
    content: r.content,
    pics: r.pics,
    isAnonymous: r.isAnonymous,
    nickName: r.isAnonymous ? maskNickName(r.nickName) : r.nickName,
    userAvatar: r.isAnonymous ? null : r.avatar,
    skuName: (lang === 'en' ? r.skuNameEn || r.skuNameZh : r.skuNameZh) ?? '',
    recTime: formatApiTime(r.createdAt),
    replyContent: r.replyContent,
    replyTime: r.replyTime ? formatApiTime(r.replyTime) : null,
  }));
  return { records, total, size, current, pages: Math.ceil(total / size) };
}
