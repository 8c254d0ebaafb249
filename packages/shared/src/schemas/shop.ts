import { z } from 'zod';
import { textInput } from './text.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, SEARCH_KEYWORD_MAX_LENGTH } from '../constants/limits.ts';
import { ShopCardSchema } from './catalog.ts';

const INT_MAX = 2_147_483_647;

/** A store id in a query (?shopId= or ?sid=): a positive 32-bit integer. */
export const ShopIdSchema = z.coerce.number('validation.id').int('validation.id').min(1, 'validation.id').max(INT_MAX, 'validation.id');
export const ShopIdQuerySchema = z.object({ shopId: ShopIdSchema });

/** Store names are at most 20 characters (section 9); a search term may be a little longer. */
export const SHOP_SEARCH_MAX_LENGTH = SEARCH_KEYWORD_MAX_LENGTH;

/** GET /shop/searchShops: open stores whose Chinese or English name contains shopName (blank = all). */
export const ShopSearchQuerySchema = z.object({
  shopName: textInput().trim().max(SHOP_SEARCH_MAX_LENGTH, 'validation.keywordTooLong').default(''),
  current: z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(INT_MAX, 'validation.page').default(1),
  size: z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(PAGE_SIZE_MAX, 'validation.pageSize').default(PAGE_SIZE_DEFAULT),
});
export type ShopSearchQuery = z.infer<typeof ShopSearchQuerySchema>;

/** A few of a store's best sellers, shown beside it in the store list. */
export const ShopProductThumbSchema = z.object({
  prodId: z.number().int(),
  prodName: z.string(),
  pic: z.string(),
  price: z.number().int(),
});
export type ShopProductThumb = z.infer<typeof ShopProductThumbSchema>;

/** A store search result: the shared store card plus what the list shows beside it. */
export const ShopSearchItemSchema = ShopCardSchema.extend({
  prodCount: z.number().int(),
  products: z.array(ShopProductThumbSchema),
});
export type ShopSearchItem = z.infer<typeof ShopSearchItemSchema>;

export const ShopSearchPageSchema = z.object({
  records: z.array(ShopSearchItemSchema),
  total: z.number().int(),
  size: z.number().int(),
  current: z.number().int(),
  pages: z.number().int(),
});
export type ShopSearchPage = z.infer<typeof ShopSearchPageSchema>;

/** How many best sellers a store search result carries. */
export const SHOP_SEARCH_THUMBS = 4;
