import { z } from 'zod';

/**
 * A product and SKU with a count, as every line shows it (cart, checkout, order): names in the
 * reader's language, money in fen.
 */
export const ProductLineSchema = z.object({
  prodId: z.number().int(),
  skuId: z.number().int(),
  prodName: z.string(),
  skuName: z.string(),
  pic: z.string(),
  /** Unit price, fen. */
  price: z.number().int(),
  prodCount: z.number().int(),
  /** price x prodCount, fen. */
  productTotalAmount: z.number().int(),
});
export type ProductLine = z.infer<typeof ProductLineSchema>;
