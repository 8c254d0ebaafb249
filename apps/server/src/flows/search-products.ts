// Product search: one page of product cards for a keyword and filters, cached briefly.
import { SEARCH_TOTAL_CAP, type Language } from '@bazaar/shared/constants/limits';
import { SEARCH_SORT, type ProductCard, type SearchPage, type SearchQuery } from '@bazaar/shared/schemas/catalog';
import { discountTierLabel } from '@bazaar/shared/schemas/shop-promotion';
import type { AppContext } from '../context.ts';
import { invalid } from '../lib/app-error.ts';
import { parseKeyword } from '../lib/search-tokenizer.ts';
import type { IndexQuery } from '../lib/search-index.ts';
import { listPlatformCategorySubtree, platformCategorySubtree } from '../modules/catalog/repository.ts';
import * as repo from '../modules/product/card-page.ts';
import { runningDiscountTag, runningDiscountTagAt, type DiscountTagJson } from '../modules/promotion/discount-pages.ts';
import { anyShopCard, listShopCategorySubtree, openShopIds, shopCategorySubtree } from '../modules/shop/repository.ts';
import { liveSearchIndex } from './product-search-index.ts';

/** Deeper pages than this are never read (no one pages 50,000 products); they answer empty. */
const MAX_OFFSET = 50_000;
/** Totals this large change slowly and cost a scan each; they are kept briefly. */
const CACHED_TOTAL_FROM = 1_000;
const TOTAL_TTL_MS = 30_000;
const TOTAL_CACHE_SIZE = 500;
/**
 * Keyword pages are kept briefly: popular words make most of the traffic, and a kept page costs no
 * statement at all. A renamed or new product drops them (dropSearchCaches); price, stock and sales
 * shown may lag by this much.
 */
const PAGE_TTL_MS = 10_000;
const PAGE_CACHE_SIZE = 1_000;

/** The shop and catalog modules' named parts the product module's page query is built from. */
const parts: Omit<repo.PageParts, 'discountTag'> = { openShopIds, categorySubtree: platformCategorySubtree, shopCategorySubtree, shopCard: anyShopCard };

/** The same for a keyword page's cards, one constant set (the statement is prepared once per handle). */
const cardParts: repo.CardParts = { openShopIds, shopCard: anyShopCard, discountTagAt: runningDiscountTagAt };

const PAGE_CACHE = 'search-pages';
const TOTAL_CACHE = 'search-totals';

/**
 * Drops every cached search page and total, here and (through Redis) in every other instance. Call
 * it once the transaction that changed search documents (refreshProductSearch) has committed.
 */
export async function dropSearchCaches(ctx: Pick<AppContext, 'caches'>): Promise<void> {
  await Promise.all([ctx.caches.invalidate(PAGE_CACHE), ctx.caches.invalidate(TOTAL_CACHE)]);
}

export type ProductSearch = ReturnType<typeof createProductSearch>;

/** The search list page: keyword parsing (lib), the product module's page query, and the caches. */
export function createProductSearch(ctx: AppContext, { totalCap = SEARCH_TOTAL_CAP }: { totalCap?: number } = {}) {
  const totals = ctx.caches.named<number>(TOTAL_CACHE, { ttlMs: TOTAL_TTL_MS, max: TOTAL_CACHE_SIZE });
  const pages = ctx.caches.named<Omit<SearchPage, 'keywords'>>(PAGE_CACHE, { ttlMs: PAGE_TTL_MS, max: PAGE_CACHE_SIZE });
  // Keyword pages are matched, ranked and counted in memory (decision 050); a dropped page cache means a product changed.
  const index = liveSearchIndex(ctx, PAGE_CACHE);

  /** A keyword page: the index chooses the page's ids and counts the matches; one statement reads those cards. */
  async function keywordPage(items: IndexQuery['items'], query: SearchQuery, lang: Language, offset: number) {
    const [live, categoryIds, shopCategoryIds] = await Promise.all([
      index.fresh(),
      query.categoryId === undefined ? undefined : listPlatformCategorySubtree(ctx.db, query.categoryId).then((ids) => new Set(ids)),
      query.shopCategoryId === undefined ? undefined : listShopCategorySubtree(ctx.db, query.shopCategoryId).then((ids) => new Set(ids)),
    ]);
    const { ids, matches } = live.search({
      items,
      categoryIds,
      shopId: query.shopId,
      shopCategoryIds,
      minPrice: query.minPrice,
      maxPrice: query.maxPrice,
      hasStock: query.hasStock,
      sort: sortOf(query.sort),
      offset,
      limit: offset > MAX_OFFSET ? 0 : query.size,
    });
    const rows = await repo.findProductCards(ctx.db, ids, lang, ctx.now(), cardParts);
    return { rows, matches };
  }

  /**
   * Parallel readers of one filter share one count; a small total is not kept (it is cheap and moves).
   * Counts no further than totalCap + 1 (past it shoppers are told "10,000+").
   */
  function countMatches(filter: repo.ProductFilter): Promise<number> {
    return totals.get(JSON.stringify([filter, totalCap]), async (ttl) => {
      const n = await repo.countProducts(ctx.db, filter, parts, totalCap);
      if (n < CACHED_TOTAL_FROM) ttl(1);
      return n;
    });
  }

  return {
    /** Loads the in-memory index now (at start), so the first keyword search does not wait for it. */
    async warm(): Promise<void> {
      await index.fresh();
    },
    /** Reads the index's changes and compacts it on a timer, so no search pays for either (decision 050); returns the stop. */
    keepWarm(onError: (error: unknown) => void): () => void {
      return index.keepWarm(onError);
    },
    /**
     * A page of on-shelf products of open shops. A keyword page: the in-memory index matches, ranks
     * and counts, one statement reads the page's cards, and the page is kept PAGE_TTL_MS. A browse:
     * one statement walks an index, and a capped count follows only when the page is full. A card in
     * a running shop promotion carries its label (a keyword page's may lag by PAGE_TTL_MS).
     */
    async searchPage(query: SearchQuery, lang: Language): Promise<SearchPage> {
      if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
        throw invalid('listPage.errors.priceRange');
      }
      const keyword = query.keyword ?? '';
      const parsed = keyword ? parseKeyword(keyword) : { tsquery: null, keywords: [], items: [] };
      const { current, size } = query;
      const page = (records: SearchPage['records'], matches: number): SearchPage => {
        const total = Math.min(matches, totalCap);
        return { records, total, totalCapped: matches > totalCap, size, current, pages: Math.ceil(total / size), keywords: parsed.keywords };
      };
      // Only symbols or emoji: nothing can match, and browsing everything would mislead.
      if (keyword && !parsed.tsquery) return page([], 0);

      const filter: repo.ProductFilter = {
        categoryId: query.categoryId,
        shopId: query.shopId,
        shopCategoryId: query.shopCategoryId,
        minPrice: query.minPrice,
        maxPrice: query.maxPrice,
        hasStock: query.hasStock,
      };
      const offset = (current - 1) * size;
      if (parsed.tsquery) {
        const cached = await pages.get(JSON.stringify([parsed.tsquery, filter, query.sort, lang, current, size, totalCap]), async () => {
          const { rows, matches } = await keywordPage(parsed.items, query, lang, offset);
          return page(
            rows.map((row) => toCard(row, lang)),
            matches,
          );
        });
        return { ...cached, keywords: parsed.keywords };
      }
      if (offset > MAX_OFFSET) return page([], await countMatches(filter));
      const { rows } = await repo.findProductPage(ctx.db, filter, query.sort, lang, size, offset, { ...parts, discountTag: runningDiscountTag(ctx.now()) });
      // A page that is not full tells the total; only a full page (or one past the end) needs a count.
      const total = rows.length < size && (rows.length > 0 || offset === 0) ? offset + rows.length : await countMatches(filter);
      return page(
        rows.map((row) => toCard(row, lang)),
        total,
      );
    },
  };
}

/** The index's order for a sort code: relevance (then sales, then id) when none. */
function sortOf(sort: number | undefined): IndexQuery['sort'] {
  switch (sort) {
    case SEARCH_SORT.createdAsc:
      return { key: 'created', desc: false };
    case SEARCH_SORT.createdDesc:
      return { key: 'created', desc: true };
    case SEARCH_SORT.salesDesc:
      return { key: 'sold', desc: true };
    case SEARCH_SORT.salesAsc:
      return { key: 'sold', desc: false };
    case SEARCH_SORT.priceDesc:
      return { key: 'price', desc: true };
    case SEARCH_SORT.priceAsc:
      return { key: 'price', desc: false };
    default:
      return { key: 'rank', desc: true };
  }
}

/** A card as answered: the promotion tag as its label in the reader's language, absent when none. */
function toCard({ discountTag, ...card }: repo.ProductCardRow, lang: Language): ProductCard {
  const tag = discountTag as DiscountTagJson | null;
  if (!tag) return card;
  const tier = { needAmount: tag.need, reduceAmount: tag.reduce, discount: tag.discount === null ? null : Number(tag.discount) };
  return { ...card, discountTag: discountTierLabel(tag.rule, tag.type, tier, lang) };
}
