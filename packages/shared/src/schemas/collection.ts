import { z } from 'zod';
import { PAGE_SIZE_MAX } from '../constants/limits.ts';
import { ProductCardSchema, ShopCardSchema } from './catalog.ts';
import { idParam } from './product.ts';

export const ShopIdQuerySchema = z.object({ shopId: idParam() });

/** An id in a JSON body: a number, or a string of digits; never a boolean or a fraction. */
const bodyId = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
    z.number(message).int(message).min(1, message).max(2_147_483_647, message),
  );

/** The raw id body of the addOrCancel calls (`123`, as Mall4j clients send it). */
export const RawIdBodySchema = bodyId('validation.id');

/** The batch-cancel and delete bodies: a list of 1-100 ids (an empty list and a long one each say what is wrong). */
export const IdListBodySchema = z.array(bodyId('validation.id'), 'collection.errors.idList').min(1, 'collection.errors.idList').max(PAGE_SIZE_MAX, 'collection.errors.idListTooLong');

/** A collected product; onShelf false when it has since gone off the shelf (it stays listed). */
export const CollectedProductSchema = ProductCardSchema.extend({ collectTime: z.string(), onShelf: z.boolean() });
export type CollectedProduct = z.infer<typeof CollectedProductSchema>;

export const CollectedShopSchema = ShopCardSchema.extend({ collectTime: z.string() });
export type CollectedShop = z.infer<typeof CollectedShopSchema>;

/** POST /p/prodBrowseLog. */
export const BrowseLogBodySchema = z.object({ prodId: bodyId('validation.id') });

/** The footprint keeps the latest 50 products per user (reference 5.11). */
export const FOOTPRINT_LIMIT = 50;

export const FootprintQuerySchema = z.object({
  current: z.coerce.number().int('validation.page').min(1, 'validation.page').default(1),
  size: z.coerce.number().int('validation.page').min(1, 'validation.page').max(FOOTPRINT_LIMIT, 'validation.pageSize').default(FOOTPRINT_LIMIT),
});

export const FootprintItemSchema = ProductCardSchema.extend({
  /** The browse-log id, for DELETE /p/prodBrowseLog. */
  id: z.number().int(),
  browseTime: z.string(),
  onShelf: z.boolean(),
});
export type FootprintItem = z.infer<typeof FootprintItemSchema>;

/** One day of the footprint (GMT+8 date 'yyyy-MM-dd'), newest first. */
export const FootprintDaySchema = z.object({ date: z.string(), items: z.array(FootprintItemSchema) });
export type FootprintDay = z.infer<typeof FootprintDaySchema>;

/** A page of footprint items, grouped by day; total counts items, not days. */
export const FootprintPageSchema = z.object({
  records: z.array(FootprintDaySchema),
  total: z.number().int(),
  size: z.number().int(),
  current: z.number().int(),
  pages: z.number().int(),
});
export type FootprintPage = z.infer<typeof FootprintPageSchema>;
