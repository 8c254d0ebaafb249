import { z } from 'zod';
import { textInput } from './text.ts';
import { SEARCH_KEYWORD_MAX_LENGTH } from '../constants/limits.ts';

/**
 * A product as a card in any list (search results, home floors, a store's goods, collections,
 * footprint). Money in fen; the name is already in the reader's language (zh fallback).
 */
export const ProductCardSchema = z.object({
  prodId: z.number().int(),
  prodName: z.string(),
  pic: z.string(),
  /** Lowest SKU price, fen. */
  price: z.number().int(),
  /** The crossed-out price, fen; equal to price when there is none. */
  oriPrice: z.number().int(),
  soldNum: z.number().int(),
  /** -1 = unlimited. */
  totalStocks: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  /** The label of a running shop promotion it is in ("满300减50"), on search pages; absent when none. */
  discountTag: z.string().optional(),
});
export type ProductCard = z.infer<typeof ProductCardSchema>;

/** A category of the platform tree (grade 1-3) or of a shop's own tree. Name in the reader's language. */
export const CategorySchema = z.object({
  categoryId: z.number().int(),
  categoryName: z.string(),
  parentId: z.number().int(),
  grade: z.number().int(),
  pic: z.string().nullable(),
});
export type Category = z.infer<typeof CategorySchema>;

export type CategoryNode = Category & { children: CategoryNode[] };
/** The whole platform tree in one answer (home menu, list filter): level 1 > 2 > 3. */
export const CategoryNodeSchema: z.ZodType<CategoryNode> = CategorySchema.extend({
  children: z.lazy(() => z.array(CategoryNodeSchema)),
});

const intParam = (min: number) => z.coerce.number('validation.id').int('validation.id').min(min, 'validation.id').max(2_147_483_647, 'validation.id');

/**
 * Product search and browse (GET /search/page): by keyword, category (any level), shop and shop
 * category, price range in fen, in-stock only, and sort. Without sort: relevance for a keyword,
 * otherwise sales. Sort codes follow Mall4j: 0/1 newest first... see SEARCH_SORT.
 */
export const SEARCH_SORT = {
  /** Oldest first. */
  createdAsc: 0,
  /** Newest first. */
  createdDesc: 1,
  salesDesc: 2,
  salesAsc: 3,
  priceDesc: 4,
  priceAsc: 5,
} as const;

export const SearchQuerySchema = z.object({
  keyword: textInput().trim().max(SEARCH_KEYWORD_MAX_LENGTH, 'validation.keywordTooLong').optional(),
  categoryId: intParam(1).optional(),
  shopId: intParam(1).optional(),
  shopCategoryId: intParam(1).optional(),
  /** Fen. */
  minPrice: intParam(0).optional(),
  /** Fen. */
  maxPrice: intParam(0).optional(),
  hasStock: z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
  sort: z.coerce.number('validation.sort').int('validation.sort').min(0, 'validation.sort').max(5, 'validation.sort').optional(),
  current: z.coerce.number().int('validation.page').min(1, 'validation.page').default(1),
  size: z.coerce.number().int('validation.page').min(1, 'validation.page').max(100, 'validation.pageSize').default(20),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** GET /search/searchProdPage (reference 2.2): a store page's search, the store required, the list page's other filters. */
export const StoreSearchQuerySchema = SearchQuerySchema.pick({ keyword: true, shopCategoryId: true, sort: true, current: true, size: true }).extend({
  shopId: intParam(1),
});
export type StoreSearchQuery = z.infer<typeof StoreSearchQuerySchema>;

export const SearchPageSchema = z.object({
  records: z.array(ProductCardSchema),
  /** How many products match, at most SEARCH_TOTAL_CAP. */
  total: z.number().int(),
  /** More than `total` match: show "10,000+" (counting further would cost a scan a shopper never reads). */
  totalCapped: z.boolean(),
  size: z.number().int(),
  current: z.number().int(),
  pages: z.number().int(),
  /** The words the keyword was understood as, for highlighting matches in names. */
  keywords: z.array(z.string()),
});
export type SearchPage = z.infer<typeof SearchPageSchema>;

/** A store as shown in lists (store search, collected stores). */
export const ShopCardSchema = z.object({
  shopId: z.number().int(),
  shopName: z.string(),
  shopLogo: z.string().nullable(),
  intro: z.string(),
  /** 1 self-run, 2 ordinary. */
  type: z.number().int(),
  shopScore: z.number(),
});
export type ShopCard = z.infer<typeof ShopCardSchema>;

/** The store header (GET /shop/headInfo?shopId=): only open stores answer. */
export const ShopHeadSchema = ShopCardSchema.extend({
  banner: z.string().nullable(),
  collectionNum: z.number().int(),
  prodCount: z.number().int(),
});
export type ShopHead = z.infer<typeof ShopHeadSchema>;
