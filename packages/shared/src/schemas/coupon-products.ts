// The products a coupon applies to (reference 2.8 /coupon/prodListByCouponId; the list's coupon
// tab, st=5; decision 044): the coupon's card and a page of product cards.
import { z } from 'zod';
import { PAGE_SIZE_MAX, SEARCH_KEYWORD_MAX_LENGTH } from '../constants/limits.ts';
import { ProductCardSchema } from './catalog.ts';
import { pageOf } from './common.ts';
import { CouponCardSchema } from './coupon.ts';
import { textInput } from './text.ts';

const INT_MAX = 2_147_483_647;

export const CouponProductQuerySchema = z.object({
  couponId: z.coerce.number('coupon.errors.notFound').int('coupon.errors.notFound').min(1, 'coupon.errors.notFound').max(INT_MAX, 'coupon.errors.notFound'),
  keyword: textInput().trim().max(SEARCH_KEYWORD_MAX_LENGTH, 'validation.keywordTooLong').optional(),
  /** The list's sort codes: 1 newest, 2 best-selling (default), 4 dearest first, 5 cheapest first. */
  sort: z.coerce.number('validation.invalid').int('validation.invalid').refine((s) => [1, 2, 4, 5].includes(s), 'validation.invalid').default(2),
  current: z.coerce.number().int('validation.page').min(1, 'validation.page').default(1),
  size: z.coerce.number().int('validation.page').min(1, 'validation.page').max(PAGE_SIZE_MAX, 'validation.pageSize').default(20),
});
export type CouponProductQuery = z.infer<typeof CouponProductQuerySchema>;

export const CouponProductPageSchema = pageOf(ProductCardSchema).extend({ coupon: CouponCardSchema });
export type CouponProductPage = z.infer<typeof CouponProductPageSchema>;
