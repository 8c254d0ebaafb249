import { z } from 'zod';
import { ProductLineSchema } from './product-line.ts';
import { CART_ITEM_MAX } from './cart.ts';
import { ChooseDiscountItemDtoSchema, DiscountLabelSchema } from './pricing.ts';
import { CartComboSchema } from './combo.ts';

/** Most basket ids one cart call takes; more than any real cart holds. */
export const CART_BATCH_MAX = 500;

const basketId = (message: string) =>
  z.preprocess(
    // Mall4j clients may send ids as strings of digits.
    (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
    z.number(message).int(message).min(1, message).max(2_147_483_647, message),
  );

/** One line of the cart as the cart page shows it. Money in fen, texts in the reader's language. */
export const CartItemSchema = ProductLineSchema.extend({
  basketId: z.number().int(),
  /** The SKU's stock; -1 = unlimited. */
  stocks: z.number().int(),
  /** 1 ticked for checkout, 0 not (Mall4j's 0/1). */
  isChecked: z.union([z.literal(0), z.literal(1)]),
  /** Every promotion the line qualifies for; with several the shopper may choose (changeItem discountId). */
  discountIds: z.array(z.number().int()),
  /** Fen the line's promotion takes off it (0 when unticked). */
  shareReduce: z.number().int(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

/**
 * A shop promotion group (the spec's shopCartItemDiscounts): its promotion, or null for the lines
 * under none; or a discount package unit (`combo`), whose lines (basketId 0) move together.
 */
export const CartDiscountGroupSchema = z.object({
  chooseDiscountItemDto: ChooseDiscountItemDtoSchema.nullable(),
  combo: CartComboSchema.nullable(),
  shopCartItems: z.array(CartItemSchema),
});
export type CartDiscountGroup = z.infer<typeof CartDiscountGroupSchema>;

/** POST /p/shopCart/info: the buyable lines, grouped by shop then by promotion. */
export const CartShopSchema = z.object({
  shopId: z.number().int(),
  shopName: z.string(),
  shopCartItemDiscounts: z.array(CartDiscountGroupSchema),
  /** The shop's promotions some line qualifies for, named for the shopper's choice. */
  discounts: z.array(DiscountLabelSchema),
});
export type CartShop = z.infer<typeof CartShopSchema>;
export const CartInfoSchema = z.array(CartShopSchema);

/** Why a line can no longer be bought, most decisive first. */
export const CART_EXPIRY_REASONS = ['offShelf', 'shopClosed', 'skuGone', 'cannotBuy', 'soldOut'] as const;
export type CartExpiryReason = (typeof CART_EXPIRY_REASONS)[number];

/** GET /p/shopCart/getShopCartExpiryProdList: the lines that became invalid, newest first. */
export const CartExpiryItemSchema = z.object({
  basketId: z.number().int(),
  prodId: z.number().int(),
  skuId: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  prodName: z.string(),
  skuName: z.string(),
  pic: z.string(),
  price: z.number().int(),
  prodCount: z.number().int(),
  isChecked: z.union([z.literal(0), z.literal(1)]),
  reason: z.enum(CART_EXPIRY_REASONS),
});
export type CartExpiryItem = z.infer<typeof CartExpiryItemSchema>;

/**
 * POST /p/shopCart/totalPay and DELETE /p/shopCart/deleteItem: [basketId]. An empty list totals
 * zero; deleting nothing is 'Please select at least one item' (from the service).
 */
export const BasketIdsBodySchema = z.array(basketId('validation.id'), 'validation.invalid').max(CART_BATCH_MAX, 'validation.invalid');

/** POST /p/shopCart/totalPay's answer, fen; count is the number of pieces. */
export const CartTotalSchema = z.object({
  totalMoney: z.number().int(),
  finalMoney: z.number().int(),
  subtractMoney: z.number().int(),
  count: z.number().int(),
});
export type CartTotal = z.infer<typeof CartTotalSchema>;

/**
 * GET /p/shopCart/view (Bazaar, beside Mall4j's three calls): the cart page's first paint, priced
 * once: info's groups, the lines that can no longer be bought, and the ticked lines' total.
 */
export const CartViewSchema = z.object({ shops: CartInfoSchema, expired: z.array(CartExpiryItemSchema), total: CartTotalSchema });
export type CartView = z.infer<typeof CartViewSchema>;

/** POST /p/shopCart/checkItems: tick or untick lines for checkout. */
export const CheckItemsBodySchema = z
  .array(
    z.object({
      basketId: basketId('validation.id'),
      isChecked: z.union([z.literal(0), z.literal(1), z.boolean()], 'validation.invalid').transform((v) => v === 1 || v === true),
    }),
    'validation.invalid',
  )
  .max(CART_BATCH_MAX, 'validation.invalid');
export type CheckItemsBody = z.infer<typeof CheckItemsBodySchema>;

/** The most pieces of a line the cart page lets a shopper choose. */
export function maxLineCount(stocks: number): number {
  return stocks === -1 ? CART_ITEM_MAX : Math.max(0, Math.min(stocks, CART_ITEM_MAX));
}
