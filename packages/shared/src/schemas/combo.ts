// Discount packages (套餐, issue 11 §4, decision 046): a set of one shop's SKUs sold together at a
// package price per set. The product page lists the packages containing the product; a package is
// bought at once (confirm's comboItem) or put in the cart as a unit; the merchant center writes them.
// Money in fen; times 'yyyy-MM-dd HH:mm:ss' in GMT+8. Messages are i18n keys (combo.* in ui-combo.ts).
import { z } from 'zod';
import { CART_ITEM_MAX, PAGE_SIZE_MAX, SEARCH_KEYWORD_MAX_LENGTH } from '../constants/limits.ts';
import { textInput } from './text.ts';
import { parseApiTime } from './shop-promotion.ts';

export const COMBO_NAME_MAX_LENGTH = 30;
export const COMBO_NAME_EN_MAX_LENGTH = 60;
/** A package has 2 to 6 lines, each 1 to 99 pieces a set. */
export const COMBO_LINES_MIN = 2;
export const COMBO_LINES_MAX = 6;
export const COMBO_LINE_COUNT_MAX = 99;
/** ¥1,000,000 a set at most. */
export const COMBO_AMOUNT_MAX = 100_000_000;
/** A package runs at most a year. */
export const COMBO_MAX_DAYS = 366;
/** The stored status: 1 on, 0 ended by the shop. */
export const COMBO_STATUS = { ended: 0, on: 1 } as const;
export const COMBO_STATES = ['upcoming', 'running', 'ended'] as const;
export type ComboState = (typeof COMBO_STATES)[number];
/** Why a package cannot be bought now (a line off the shelf or out of stock, the package ended). */
export const COMBO_UNAVAILABLE = ['notStarted', 'ended', 'offShelf', 'soldOut'] as const;
export type ComboUnavailable = (typeof COMBO_UNAVAILABLE)[number];

const INT_MAX = 2_147_483_647;
const id = (message: string) => z.coerce.number(message).int(message).min(1, message).max(INT_MAX, message);
const apiTime = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => parseApiTime(v) !== null, message)
    .transform((v) => parseApiTime(v)!);

// ---- storefront ----

/** One line of a package: `count` pieces of the SKU per set, at the SKU's price now. */
export const ComboLineSchema = z.object({
  prodId: z.number().int(),
  skuId: z.number().int(),
  prodName: z.string(),
  skuName: z.string(),
  pic: z.string(),
  /** The SKU's price now, fen. */
  price: z.number().int(),
  count: z.number().int(),
  /** The SKU's stock; -1 = unlimited. */
  stocks: z.number().int(),
  /** 1 for the package's main product. */
  isMain: z.number().int(),
});
export type ComboLine = z.infer<typeof ComboLineSchema>;

/** GET /combo/prodCombos and /combo/getComboByComboId: a package as the shopper sees it. */
export const ComboSchema = z.object({
  comboId: z.number().int(),
  shopId: z.number().int(),
  comboName: z.string(),
  /** The package price of one set. */
  comboAmount: z.number().int(),
  /** What one set's lines cost at their prices now, and the saving (never below 0). */
  originalAmount: z.number().int(),
  saveAmount: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  /** Null while every line can be bought. */
  unavailable: z.enum(COMBO_UNAVAILABLE).nullable(),
  /** The most sets the lines' stock allows now (capped at the cart's maximum). */
  maxSets: z.number().int(),
  /** The main product first, then the others. */
  lines: z.array(ComboLineSchema),
});
export type Combo = z.infer<typeof ComboSchema>;

export const ProdCombosQuerySchema = z.object({ prodId: id('validation.id') });
export const ComboIdQuerySchema = z.object({ comboId: id('combo.errors.notFound') });

const sets = (message: string) => z.number(message).int(message).min(-CART_ITEM_MAX, message).max(CART_ITEM_MAX, message);

/** POST /p/shopCart/changeCombo: add `count` sets of a package to the cart (negative takes some off; reaching 0 sets removes it; 0 is refused). */
export const ChangeComboSchema = z.object({
  comboId: id('combo.errors.notFound'),
  count: sets('combo.errors.count').refine((n) => n !== 0, 'combo.errors.count'),
});
export type ChangeCombo = z.infer<typeof ChangeComboSchema>;

/** DELETE /p/shopCart/deleteCombos: the packages to take out of the cart. */
export const ComboIdsBodySchema = z.array(id('validation.id'), 'validation.invalid').min(1, 'cartPage.errors.selectOne').max(100, 'validation.invalid');

/** POST /p/shopCart/checkCombos: tick or untick packages for checkout. */
export const CheckCombosBodySchema = z
  .array(
    z.object({
      comboId: id('validation.id'),
      isChecked: z.union([z.literal(0), z.literal(1), z.boolean()], 'validation.invalid').transform((v) => v === 1 || v === true),
    }),
    'validation.invalid',
  )
  .max(100, 'validation.invalid');
export type CheckCombosBody = z.infer<typeof CheckCombosBodySchema>;

/** Buy a package now from the product page: `prodCount` sets of it. */
export const ComboItemParamSchema = z.object({
  comboId: id('combo.errors.notFound'),
  prodCount: z.number('checkout.errors.count').int('checkout.errors.count').min(1, 'checkout.errors.count').max(CART_ITEM_MAX, 'checkout.errors.count'),
});
export type ComboItemParam = z.infer<typeof ComboItemParamSchema>;

/** A package unit in the cart or at checkout: the group that keeps its lines together. */
export const CartComboSchema = z.object({
  comboId: z.number().int(),
  comboName: z.string(),
  /** Package price of one set, and sets. */
  comboAmount: z.number().int(),
  prodCount: z.number().int(),
  isChecked: z.union([z.literal(0), z.literal(1)]),
  /** The lines' goods at their prices, and what the package takes off (0 while unticked). */
  originalAmount: z.number().int(),
  comboReduce: z.number().int(),
  /** The most sets the lines' stock allows. */
  maxSets: z.number().int(),
  /** Null while it can be bought; else why not (it then counts for nothing and only leaves the cart). */
  unavailable: z.enum(COMBO_UNAVAILABLE).nullable(),
});
export type CartCombo = z.infer<typeof CartComboSchema>;

// ---- merchant center ----

export const MerchantComboLineInputSchema = z.object({
  prodId: id('combo.errors.lines'),
  skuId: id('combo.errors.lines'),
  count: z.number('combo.errors.lineCount').int('combo.errors.lineCount').min(1, 'combo.errors.lineCount').max(COMBO_LINE_COUNT_MAX, 'combo.errors.lineCount').default(1),
});

/** POST /merchant/combos and PUT /merchant/combos/:id. The SKUs' shop is checked by the API; the first line is the main product. */
export const MerchantComboInputSchema = z
  .object({
    nameZh: textInput('combo.errors.nameRequired').trim().min(1, 'combo.errors.nameRequired').max(COMBO_NAME_MAX_LENGTH, 'combo.errors.nameTooLong'),
    nameEn: textInput('combo.errors.nameEnTooLong')
      .trim()
      .max(COMBO_NAME_EN_MAX_LENGTH, 'combo.errors.nameEnTooLong')
      .nullable()
      .default(null)
      .transform((v) => (v ? v : null)),
    comboAmount: z.number('combo.errors.amount').int('combo.errors.amount').min(1, 'combo.errors.amount').max(COMBO_AMOUNT_MAX, 'combo.errors.amount'),
    startTime: apiTime('combo.errors.startTime'),
    endTime: apiTime('combo.errors.endTime'),
    lines: z.array(MerchantComboLineInputSchema, { error: 'combo.errors.lines' }).min(COMBO_LINES_MIN, 'combo.errors.linesMin').max(COMBO_LINES_MAX, 'combo.errors.linesMax'),
  })
  .superRefine((v, ctx) => {
    const issue = (message: string, path: (string | number)[]) => ctx.addIssue({ code: 'custom', message, path });
    if (Array.isArray(v.lines) && v.lines.every((l) => typeof l === 'object' && l !== null)) {
      if (new Set(v.lines.map((l) => l.prodId)).size !== v.lines.length) issue('combo.errors.duplicateProduct', ['lines']);
    }
    if (!(v.startTime instanceof Date) || !(v.endTime instanceof Date)) return;
    if (v.endTime.getTime() <= v.startTime.getTime()) issue('combo.errors.endAfterStart', ['endTime']);
    else if (v.endTime.getTime() - v.startTime.getTime() > COMBO_MAX_DAYS * 86_400_000) issue('combo.errors.tooLong', ['endTime']);
  });
export type MerchantComboInput = z.output<typeof MerchantComboInputSchema>;

/** A package as the merchant center lists it, with its usage. */
export const ComboRowSchema = z.object({
  comboId: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  comboAmount: z.number().int(),
  /** One set's lines at their prices now. */
  originalAmount: z.number().int(),
  lineCount: z.number().int(),
  mainPic: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  state: z.enum(COMBO_STATES),
  /** Orders placed with it (not cancelled), the pieces they bought in it, and the fen its saving took off them. */
  orderCount: z.number().int(),
  piecesSold: z.number().int(),
  reduceAmount: z.number().int(),
});
export type ComboRow = z.infer<typeof ComboRowSchema>;

export const MerchantComboLineSchema = z.object({
  prodId: z.number().int(),
  skuId: z.number().int(),
  prodName: z.string(),
  skuName: z.string(),
  pic: z.string(),
  price: z.number().int(),
  count: z.number().int(),
  onShelf: z.boolean(),
});

/** GET /merchant/combos/:id: the row with its lines, for the edit form. */
export const MerchantComboDetailSchema = ComboRowSchema.extend({ lines: z.array(MerchantComboLineSchema) });
export type MerchantComboDetail = z.infer<typeof MerchantComboDetailSchema>;

/** GET /merchant/combos. */
export const MerchantComboQuerySchema = z.object({
  state: z.enum(['all', ...COMBO_STATES], { error: 'combo.errors.filter' }).default('all'),
  keyword: textInput().trim().max(SEARCH_KEYWORD_MAX_LENGTH, 'validation.keywordTooLong').optional(),
  current: z.coerce.number().int('validation.page').min(1, 'validation.page').default(1),
  size: z.coerce.number().int('validation.page').min(1, 'validation.page').max(PAGE_SIZE_MAX, 'validation.pageSize').default(10),
});
export type MerchantComboQuery = z.infer<typeof MerchantComboQuerySchema>;

export const ComboIdParamSchema = z.object({ id: id('combo.errors.notFound') });
