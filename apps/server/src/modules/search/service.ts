import type { Language } from '@bazaar/shared/constants/limits';
import type { SearchPage, SearchQuery } from '@bazaar/shared/schemas/catalog';
import type { HotSearch } from '@bazaar/shared/schemas/search';
import type { AppContext } from '../../context.ts';
import { invalid } from '../../lib/app-error.ts';
import { searchGeneration } from './product-search-index.ts';
import * as repo from './repository.ts';
import { parseKeyword } from './tokenizer.ts';

/** Deeper pages than this are never read (no one pages 50,000 products); they answer empty. */
const MAX_OFFSET = 50_000;
/** Totals this large change slowly and cost a scan each; they are kept briefly. */
const CACHED_TOTAL_FROM = 1_000;
const TOTAL_TTL_MS = 30_000;
const TOTAL_CACHE_SIZE = 500;
/**
 * Keyword pages are kept briefly: popular words make most of the traffic, and ranking a common word
 * visits thousands of rows. A renamed or new product (refreshProductSearch) drops them at once; price,
 * stock and sales shown may lag by this much.
 */
const PAGE_TTL_MS = 10_000;
const PAGE_CACHE_SIZE = 1_000;

export type SearchService = ReturnType<typeof createSearchService>;

export function createSearchService(ctx: AppContext) {
  const totals = new Map<string, { n: number; until: number; generation: number }>();
  const pages = new Map<string, { page: SearchPage; until: number; generation: number }>();

  async function countMatches(filter: repo.ProductFilter): Promise<number> {
    const key = JSON.stringify(filter);
    const now = Date.now();
    const hit = totals.get(key);
    if (hit && hit.until > now && hit.generation === searchGeneration()) return hit.n;
    const n = await repo.countProducts(ctx.db, filter);
    if (n >= CACHED_TOTAL_FROM) {
      if (totals.size >= TOTAL_CACHE_SIZE) totals.delete(totals.keys().next().value as string);
      totals.set(key, { n, until: now + TOTAL_TTL_MS, generation: searchGeneration() });
    }
    return n;
  }

  return {
    /** A page of on-shelf products of open shops: one statement, and a count only when the page is full. */
    async searchPage(query: SearchQuery, lang: Language): Promise<SearchPage> {
      if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
        throw invalid('listPage.errors.priceRange');
      }
      const keyword = query.keyword ?? '';
      const parsed = keyword ? parseKeyword(keyword) : { tsquery: null, keywords: [] };
      const { current, size } = query;
      const page = (records: SearchPage['records'], total: number): SearchPage => ({
        records,
        total,
        size,
        current,
        pages: Math.ceil(total / size),
        keywords: parsed.keywords,
      });
      // Only symbols or emoji: nothing can match, and browsing everything would mislead.
      if (keyword && !parsed.tsquery) return page([], 0);

      const filter: repo.ProductFilter = {
        tsquery: parsed.tsquery,
        categoryId: query.categoryId,
        shopId: query.shopId,
        shopCategoryId: query.shopCategoryId,
        minPrice: query.minPrice,
        maxPrice: query.maxPrice,
        hasStock: query.hasStock,
      };
      const cacheKey = filter.tsquery ? JSON.stringify([filter, query.sort, lang, current, size]) : null;
      const cached = cacheKey ? pages.get(cacheKey) : undefined;
      if (cached && cached.until > Date.now() && cached.generation === searchGeneration()) return { ...cached.page, keywords: parsed.keywords };

      const offset = (current - 1) * size;
      if (offset > MAX_OFFSET) return page([], await countMatches(filter));

      const rows = await repo.findProductPage(ctx.db, filter, query.sort, lang, size, offset);
      // A page that is not full tells the total; only a full one needs a count.
      const total = rows.length < size && (rows.length > 0 || offset === 0) ? offset + rows.length : await countMatches(filter);
      const result = page(rows, total);
      if (cacheKey) {
        if (pages.size >= PAGE_CACHE_SIZE) pages.delete(pages.keys().next().value as string);
        pages.set(cacheKey, { page: result, until: Date.now() + PAGE_TTL_MS, generation: searchGeneration() });
      }
      return result;
    },

    async hotSearches(shopId: number, number: number, lang: Language): Promise<HotSearch[]> {
      const rows = await repo.listHotSearches(ctx.db, shopId, number);
      return rows.map((r) => ({ hotSearchId: r.id, title: lang === 'en' && r.wordEn ? r.wordEn : r.wordZh }));
    },
  };
}
