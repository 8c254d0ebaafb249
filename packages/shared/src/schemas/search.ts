import { z } from 'zod';

/** GET /search/hotSearch: `number` words (default 10) of the platform, or of one shop. */
export const HotSearchQuerySchema = z.object({
  number: z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(100, 'validation.pageSize').default(10),
  shopId: z.coerce.number('validation.id').int('validation.id').min(0, 'validation.id').max(2_147_483_647, 'validation.id').default(0),
});
export type HotSearchQuery = z.infer<typeof HotSearchQuerySchema>;

/** A hot search word in the reader's language (Mall4j calls the word `title`). */
export const HotSearchSchema = z.object({
  hotSearchId: z.number().int(),
  title: z.string(),
});
export type HotSearch = z.infer<typeof HotSearchSchema>;
