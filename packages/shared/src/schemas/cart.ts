import { z } from 'zod';

/** The largest change or quantity of one cart line. */
import { CART_ITEM_MAX } from '../constants/limits.ts';

export { CART_ITEM_MAX };

const id = (min: number) => z.number('cart.errors.cannotBuy').int('cart.errors.cannotBuy').min(min, 'cart.errors.cannotBuy').max(2_147_483_647, 'cart.errors.cannotBuy');

/**
 * POST /p/shopCart/changeItem: basketId 0 adds a line (or tops up the line of the same SKU);
 * count is the change and may be negative. A line that reaches 0 is removed. With `discountId` on
 * an existing line (Mall4j's way), the shopper chooses the shop promotion the line counts in
 * (0 = the best one); count may then be 0.
 */
export const ChangeItemSchema = z
  .object({
    basketId: id(0).default(0),
    prodId: id(1),
    skuId: id(1),
    shopId: id(1),
    count: z.number('cart.errors.count').int('cart.errors.count').min(-CART_ITEM_MAX, 'cart.errors.count').max(CART_ITEM_MAX, 'cart.errors.count'),
    discountId: id(0).optional(),
  })
  .refine((c) => c.count !== 0 || (c.discountId !== undefined && c.basketId > 0), { message: 'cart.errors.count', path: ['count'] });
export type ChangeItem = z.infer<typeof ChangeItemSchema>;
